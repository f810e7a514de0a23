/**
 * writeCiiTree: the element tree the writer builds beside its XML must be the
 * tree our parser reads back from that XML (lib/cii/reader/tree.ts), element
 * for element: names, attributes, text (the indentation between children
 * included), order and parent links. The BR-FR rules of the v2 path run on it
 * instead of a re-parse, so any difference would be a rule judging something
 * other than the XML handed out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCii } from '../../lib/cii/reader/read.js';
import type { CiiElement } from '../../lib/cii/reader/tree.js';
import { writeCii, writeCiiTree } from '../../lib/cii/writer.js';
import { applyFrenchDefaults } from '../../lib/input/french.js';
import { parseInvoiceInput } from '../../lib/input/schema.js';
import { invoiceFromInput } from '../../lib/input/to-model.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { BR_FR_INDEX_PLAN, checkBrFr } from '../../lib/rules/br-fr/index.js';
import { FrDocument, type Selection } from '../../lib/rules/br-fr/document.js';
import type { PathStep } from '../../lib/cii/reader/tree.js';
import { fullInvoice } from '../fixtures/cii/full-invoice.js';
import { validInvoice } from '../fixtures/model.js';
import { invoiceModel } from '../fixtures/reader/arbitrary-invoice.js';
import { readCorpusTree } from '../conformance/corpus.js';
import { requireShared } from '../shared-path.js';
import { invoiceWithEscapes, parsed, plain } from '../fixtures/element-tree.js';


/** The elements of a tree named `name`, document order, by a walk. */
function walkNamed(root: CiiElement, name: string): CiiElement[] {
  const out: CiiElement[] = [];
  const visit = (el: CiiElement): void => {
    if (el.name === name) out.push(el);
    el.children.forEach(visit);
  };
  visit(root);
  return out;
}

/** Every step of the BR-FR plan's path trie. */
function planSteps(): PathStep[] {
  const out: PathStep[] = [];
  const visit = (step: PathStep): void => {
    out.push(step);
    step.next.forEach(visit);
  };
  BR_FR_INDEX_PLAN.roots.forEach(visit);
  return out;
}

function expectSame(listed: readonly CiiElement[] | undefined, found: readonly CiiElement[], what: string): void {
  expect(listed?.length ?? 0, what).toBe(found.length);
  found.forEach((el, i) => expect(listed![i], what).toBe(el));
}

function expectMirror(inv: Invoice): void {
  const { xml, tree, index } = writeCiiTree(inv, {}, BR_FR_INDEX_PLAN);
  expect(xml).toBe(writeCii(inv));
  expect(plain(tree)).toEqual(plain(parsed(xml)));
  // What the writer records as it creates the elements is what walks of its tree find, the very elements, in order:
  // the elements of each name, and those at each path of the plan (as BR-FR selects them without the index).
  expect([...index.byName.keys()]).toEqual([...BR_FR_INDEX_PLAN.names]);
  for (const name of BR_FR_INDEX_PLAN.names) expectSame(index.byName.get(name), walkNamed(tree, name), name);
  expect(index.byPath.length).toBe(BR_FR_INDEX_PLAN.size);
  const walking = new FrDocument(tree);
  for (const step of planSteps()) {
    if (step.id < BR_FR_INDEX_PLAN.size) expectSame(index.byPath[step.id], walking.at(step as Selection), (step as Selection).absolute);
  }
}

describe('writeCiiTree: the tree is what a parser reads from the XML', () => {
  it('for the minimal and the full invoice', () => {
    expectMirror(validInvoice());
    expectMirror(fullInvoice());
    // The index comparison must bite: the full invoice has elements of every indexed name, and at many of the paths.
    const { index } = writeCiiTree(fullInvoice(), {}, BR_FR_INDEX_PLAN);
    for (const name of BR_FR_INDEX_PLAN.names) expect(index.byName.get(name)!.length, name).toBeGreaterThan(0);
    expect(index.byPath.filter((l) => l !== undefined && l.length > 0).length).toBeGreaterThan(40);
  });

  it('with characters the writer escapes or drops, in text and in attributes', () => {
    expectMirror(invoiceWithEscapes());
  });

  it('for random models (fast-check)', () => {
    fc.assert(
      fc.property(invoiceModel, (inv) => {
        expectMirror(inv);
      }),
      { numRuns: 100 },
    );
  });

  const dir = requireShared('conformance', 'cii', 'valid');
  const files = readdirSync(dir).filter((f) => f.endsWith('.xml')).sort();
  it(`for the models read from the ${files.length} valid corpus documents`, () => {
    expect(files.length).toBeGreaterThanOrEqual(70);
    for (const file of files) expectMirror(readCii(readCorpusTree(`cii/valid/${file}`)).invoice);
  });
});

describe('BR-FR on the mirrored tree = BR-FR on the parsed XML', () => {
  const cases = JSON.parse(readFileSync(new URL('../fixtures/french/invoices.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  it.each(Object.keys(cases))('%s', (name) => {
    const input = parseInvoiceInput(cases[name]);
    if (!input.ok) throw new Error(JSON.stringify(input.issues));
    const inv = invoiceFromInput(input.value);
    applyFrenchDefaults(inv);
    const { xml, tree, index } = writeCiiTree(inv, {}, BR_FR_INDEX_PLAN);
    expect(checkBrFr(tree, index)).toEqual(checkBrFr(parsed(xml)));
  });

  // The official BR-FR cases, most of them failing some rule: read, rewritten, judged both ways.
  const frDir = requireShared('conformance', 'fr', 'invalid');
  const frFiles = readdirSync(frDir).filter((f) => f.endsWith('.xml')).sort();
  it(`the ${frFiles.length} invalid BR-FR cases, rewritten, give the same findings both ways`, () => {
    let withFindings = 0;
    for (const file of frFiles) {
      const inv = readCii(readCorpusTree(`fr/invalid/${file}`)).invoice;
      const { xml, tree, index } = writeCiiTree(inv, {}, BR_FR_INDEX_PLAN);
      const findings = checkBrFr(tree, index);
      expect(findings, file).toEqual(checkBrFr(parsed(xml)));
      if (findings.length > 0) withFindings++;
    }
    // The comparison must bite: most rewritten cases still break a BR-FR rule.
    expect(withFindings).toBeGreaterThan(frFiles.length / 2);
  });
});
