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
 * `//` context naming the same element): distinct absolute paths never select
 * the same element, nor do contexts whose last steps name different elements.
 */
import { ElementLocator } from '../../cii/reader/locate.js';
import type { CiiElement, ElementIndex } from '../../cii/reader/tree.js';
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

/** The name of the elements a context selects: its last step (an element has one name, so contexts whose names differ select disjoint elements). */
function lastStep(c: string): string {
  return c.slice(c.lastIndexOf('/') + 1);
}

function compileContext(c: string): { select: (doc: FrDocument) => readonly CiiElement[]; sel: Selection | undefined; name: string } {
  if (!c.startsWith('//')) {
    const sel = selection(c);
    return { select: (doc) => doc.at(sel), sel, name: lastStep(c) };
  }
  const steps = c.slice(2).split('/');
  if (steps.length === 1) {
    const name = steps[0]!;
    indexName(name);
    return { select: (doc) => doc.named(name), sel: undefined, name };
  }
  if (steps.length !== 2) throw new Error(`BR-FR context not supported: ${c}`);
  const [parent, name] = steps as [string, string];
  indexName(name);
  return { select: (doc) => doc.namedUnder(parent, name, c), sel: undefined, name };
}

function compilePattern(pattern: BrFrPattern): CompiledPattern {
  const contexts = pattern.rules.map((r) => compileContext(r.context));
  const rules = pattern.rules.map((rule, i) => {
    const { sel, name } = contexts[i]!;
    // Two absolute paths select the same elements only when they are the same path; a `//` context may
    // select what another selects only when both name the same element.
    const claims = contexts.some((other, j) => j !== i && other.name === name && (sel === undefined || other.sel === undefined || other.sel === sel));
    return { rule, select: contexts[i]!.select, claims };
  });
  return { pattern, rules };
}

const compiled = new WeakMap<readonly BrFrPattern[], CompiledPattern[]>();

/** Compiles `patterns` once (see the module comment); compiling declares the names of the `//` contexts ({@link indexName}). */
export function compilePatterns(patterns: readonly BrFrPattern[]): void {
  if (!compiled.has(patterns)) compiled.set(patterns, patterns.map(compilePattern));
}

/**
 * Runs `patterns` over the document rooted at `root`; never throws because of a finding.
 * `index`: elements by name recorded by the tree's builder, if any (see {@link FrDocument}).
 */
export function runBrFrPatterns(patterns: readonly BrFrPattern[], root: CiiElement, index?: ElementIndex): Finding[] {
  let program = compiled.get(patterns);
  if (program === undefined) {
    compilePatterns(patterns);
    program = compiled.get(patterns)!;
  }
  const doc = new FrDocument(root, index);
  let failed: Array<[string, string, CiiElement]> | undefined;
  // Indexed loops: they allocate nothing even where V8 does not optimise the loop (for-of may allocate iterators).
  for (let p = 0; p < program.length; p++) {
    const { pattern, rules } = program[p]!;
    if (pattern.only !== undefined && !pattern.only(doc)) continue;
    let claimed: Set<CiiElement> | undefined;
    for (let r = 0; r < rules.length; r++) {
      const { rule, select, claims } = rules[r]!;
      const elements = select(doc);
      if (elements.length === 0) continue;
      const where = rule.where;
      const asserts = rule.asserts;
      for (let e = 0; e < elements.length; e++) {
        const el = elements[e]!;
        if (where !== undefined && !where(el, doc)) continue;
        if (claims) {
          claimed ??= new Set();
          if (claimed.has(el)) continue;
          claimed.add(el);
        }
        for (let a = 0; a < asserts.length; a++) {
          const assert = asserts[a]!;
          if (!assert.test(el, doc)) (failed ??= []).push([assert.id, assert.message, el]);
        }
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
