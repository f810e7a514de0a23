/**
 * Runs BR-FR patterns over a CII element tree with the schematron's semantics:
 * every pattern sees the whole document; within a pattern each element is
 * checked by the first rule whose context selects it. Findings carry the
 * official id, our message, and the XPath-like location of the context element
 * (the `location` the official validator reports), as the CII-SR findings do.
 */
import { ElementLocator } from '../../cii/reader/locate.js';
import type { CiiElement } from '../../cii/reader/tree.js';
import type { Finding } from '../types.js';
import { FrDocument } from './document.js';
import type { BrFrPattern, BrFrRule } from './types.js';

function contextElements(rule: BrFrRule, doc: FrDocument): CiiElement[] {
  const c = rule.context;
  if (!c.startsWith('//')) return doc.at(c);
  const steps = c.slice(2).split('/');
  if (steps.length === 1) return doc.named(steps[0]!);
  if (steps.length !== 2) throw new Error(`BR-FR context not supported: ${c}`);
  const [parent, name] = steps as [string, string];
  return doc.named(name).filter((el) => el.parent?.name === parent);
}

/** Runs `patterns` over the document rooted at `root`; never throws because of a finding. */
export function runBrFrPatterns(patterns: readonly BrFrPattern[], root: CiiElement): Finding[] {
  const doc = new FrDocument(root);
  const failed: Array<[string, string, CiiElement]> = [];
  for (const pattern of patterns) {
    const claimed = pattern.rules.length > 1 ? new Set<CiiElement>() : undefined;
    for (const rule of pattern.rules) {
      for (const el of contextElements(rule, doc)) {
        if (rule.where !== undefined && !rule.where(el, doc)) continue;
        if (claimed !== undefined) {
          if (claimed.has(el)) continue;
          claimed.add(el);
        }
        for (const a of rule.asserts) if (!a.test(el, doc)) failed.push([a.id, a.message, el]);
      }
    }
  }
  if (failed.length === 0) return [];
  const locator = new ElementLocator();
  return failed.map(([rule, message, el]) => {
    const location = locator.of(el);
    return { rule, severity: 'fatal' as const, message, path: location, location };
  });
}
