/**
 * Runs BR-FR patterns over a CII element tree with the schematron's semantics:
 * every pattern sees the whole document; within a pattern each element is
 * checked by the first rule whose context selects it. Findings carry the
 * official id, our message, and the XPath-like location of the context element
 * (the `location` the official validator reports), as the CII-SR findings do.
 *
 * The contexts are compiled once per pattern list: absolute paths into
 * {@link selection}s, `//` contexts into name look-ups in the document index,
 * and "first rule wins" bookkeeping is kept only for the rules of a pattern
 * that can select the same element as another rule of it (same path, or a
 * `//` context): distinct absolute paths never select the same element.
 */
import { ElementLocator } from '../../cii/reader/locate.js';
import type { CiiElement } from '../../cii/reader/tree.js';
import type { Finding } from '../types.js';
import { FrDocument, indexName, selection, type Selection } from './document.js';
import type { BrFrPattern, BrFrRule } from './types.js';

interface CompiledRule {
  rule: BrFrRule;
  select: (doc: FrDocument) => readonly CiiElement[];
  /** True when another rule of the pattern may select the same elements: this one then claims them. */
  claims: boolean;
}

interface CompiledPattern {
  pattern: BrFrPattern;
  rules: CompiledRule[];
}

function compileContext(c: string): { select: (doc: FrDocument) => readonly CiiElement[]; sel: Selection | undefined } {
  if (!c.startsWith('//')) {
    const sel = selection(c);
    return { select: (doc) => doc.at(sel), sel };
  }
  const steps = c.slice(2).split('/');
  if (steps.length === 1) {
    const name = steps[0]!;
    indexName(name);
    return { select: (doc) => doc.named(name), sel: undefined };
  }
  if (steps.length !== 2) throw new Error(`BR-FR context not supported: ${c}`);
  const [parent, name] = steps as [string, string];
  indexName(name);
  return { select: (doc) => doc.namedUnder(parent, name, c), sel: undefined };
}

function compilePattern(pattern: BrFrPattern): CompiledPattern {
  const contexts = pattern.rules.map((r) => compileContext(r.context));
  const rules = pattern.rules.map((rule, i) => {
    const sel = contexts[i]!.sel;
    const claims = contexts.some((other, j) => j !== i && (sel === undefined || other.sel === undefined || other.sel === sel));
    return { rule, select: contexts[i]!.select, claims };
  });
  return { pattern, rules };
}

const compiled = new WeakMap<readonly BrFrPattern[], CompiledPattern[]>();

/** Runs `patterns` over the document rooted at `root`; never throws because of a finding. */
export function runBrFrPatterns(patterns: readonly BrFrPattern[], root: CiiElement): Finding[] {
  let program = compiled.get(patterns);
  if (program === undefined) {
    program = patterns.map(compilePattern);
    compiled.set(patterns, program);
  }
  const doc = new FrDocument(root);
  let failed: Array<[string, string, CiiElement]> | undefined;
  for (const { pattern, rules } of program) {
    if (pattern.only !== undefined && !pattern.only(doc)) continue;
    let claimed: Set<CiiElement> | undefined;
    for (const { rule, select, claims } of rules) {
      const where = rule.where;
      const asserts = rule.asserts;
      for (const el of select(doc)) {
        if (where !== undefined && !where(el, doc)) continue;
        if (claims) {
          claimed ??= new Set();
          if (claimed.has(el)) continue;
          claimed.add(el);
        }
        for (const a of asserts) if (!a.test(el, doc)) (failed ??= []).push([a.id, a.message, el]);
      }
    }
  }
  if (failed === undefined) return [];
  const locator = new ElementLocator();
  return failed.map(([rule, message, el]) => {
    const location = locator.of(el);
    return { rule, severity: 'fatal' as const, message, path: location, location };
  });
}
