/**
 * Runs document-level rule patterns (lib/rules/document/types.ts) over an
 * element tree with the semantics of the compiled schematron: every pattern
 * sees the whole document; within a pattern each element is checked by the
 * first rule whose context (and predicate) selects it. Findings carry the
 * official id and flag, our message, and the XPath-like location of the
 * context element, in document order per pattern as the official report
 * lists them.
 */
import { ElementLocator } from '../../cii/reader/locate.js';
import type { CiiElement } from '../../cii/reader/tree.js';
import { RuleDocument } from './document.js';
import type { DocumentFinding, DocumentPattern, DocumentRule } from './types.js';

/** Thrown by a test where the official XPath raises a dynamic error (e.g. a cast of `abc` to `xs:decimal`). */
export class XPathDynamicError extends Error {}

function selectOne(context: string, doc: RuleDocument): readonly CiiElement[] {
  if (context === '*') return doc.all();
  if (context.startsWith('/') && !context.startsWith('//')) return doc.at(context);
  const steps = (context.startsWith('//') ? context.slice(2) : context).split('/');
  const last = steps[steps.length - 1]!;
  const candidates = doc.named(last);
  if (steps.length === 1) return candidates;
  return candidates.filter((el) => {
    let p = el.parent;
    for (let i = steps.length - 2; i >= 0; i--) {
      if (p === undefined || p.name !== steps[i]) return false;
      p = p.parent;
    }
    return true;
  });
}

/** The elements a rule's context selects (before its predicate), document order. */
export function contextElements(rule: DocumentRule, doc: RuleDocument): readonly CiiElement[] {
  if (typeof rule.context === 'string') return selectOne(rule.context, doc);
  if (rule.context.length === 1) return selectOne(rule.context[0]!, doc);
  const seen = new Set<CiiElement>();
  for (const c of rule.context) for (const el of selectOne(c, doc)) seen.add(el);
  return [...seen].sort((a, b) => doc.position(a) - doc.position(b));
}

/**
 * Runs `patterns` over the document rooted at `root`; never throws because of
 * a finding. An assert whose test meets a value the official XPath cannot
 * evaluate (an {@link XPathDynamicError}: there the official validator stops
 * and gives no verdict, so the document is rejected) is reported as failed
 * and fatal whatever its flag, with that said in the message, so the document
 * is never accepted on a value the official rules could not judge.
 */
export function runDocumentPatterns(patterns: readonly DocumentPattern[], root: CiiElement, doc: RuleDocument = new RuleDocument(root)): DocumentFinding[] {
  const failed: Array<{ pattern: number; position: number; order: number; id: string; flag: DocumentFinding['severity']; message: string; el: CiiElement }> = [];
  let order = 0;
  patterns.forEach((pattern, p) => {
    const claimed = pattern.rules.length > 1 ? new Set<CiiElement>() : undefined;
    for (const rule of pattern.rules) {
      for (const el of contextElements(rule, doc)) {
        if (claimed !== undefined && claimed.has(el)) continue;
        if (rule.where !== undefined && !safe(() => rule.where!(el, doc), false)) continue;
        claimed?.add(el);
        for (const a of rule.asserts) {
          const outcome = evaluate(() => a.test(el, doc));
          if (outcome === true) continue;
          const unjudged = outcome === 'error';
          failed.push({
            pattern: p,
            position: doc.position(el),
            order: order++,
            id: a.id,
            flag: unjudged ? 'fatal' : a.flag,
            message: unjudged ? `${a.message} ${UNJUDGED}` : a.message,
            el,
          });
        }
      }
    }
  });
  if (failed.length === 0) return [];
  failed.sort((a, b) => a.pattern - b.pattern || a.position - b.position || a.order - b.order);
  const locator = new ElementLocator();
  return failed.map(({ id, flag, message, el }) => {
    const location = locator.of(el);
    return { rule: id, severity: flag, message, path: location, location };
  });
}

/** What a finding says when the official rule could not evaluate the document. */
export const UNJUDGED = '(The official rule cannot evaluate this document: a value it must read is repeated or is not of the type it needs, and the official validator then rejects the document.)';

function evaluate(f: () => boolean): boolean | 'error' {
  try {
    return f();
  } catch (e) {
    if (e instanceof XPathDynamicError) return 'error';
    throw e;
  }
}

function safe(f: () => boolean, onError: boolean): boolean {
  try {
    return f();
  } catch (e) {
    if (e instanceof XPathDynamicError) return onError;
    throw e;
  }
}
