/**
 * writeUblTree: the element tree the UBL writer builds beside its XML must be
 * the tree our parser reads back from that XML (lib/cii/reader/tree.ts),
 * element for element: names (the root `ubl:Invoice` or `cn:CreditNote`),
 * attributes (namespace declarations left out), text (the indentation between
 * children included), order and parent links. The document-level families of
 * the v2 path (BR-FR, XRechnung, Peppol) run on it instead of a re-parse, so
 * any difference would be a rule judging something other than the XML handed
 * out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFrenchDefaults } from '../../lib/input/french.js';
import { parseInvoiceInput } from '../../lib/input/schema.js';
import { invoiceFromInput } from '../../lib/input/to-model.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { checkFamilies } from '../../lib/rules/document-families.js';
import { readUbl } from '../../lib/ubl/read.js';
import { writeUbl, writeUblTree, writeUblWithReport } from '../../lib/ubl/writer.js';
import { readCorpusTree } from '../conformance/corpus.js';
import { fullInvoice } from '../fixtures/cii/full-invoice.js';
import { validInvoice } from '../fixtures/model.js';
import { invoiceModel } from '../fixtures/reader/arbitrary-invoice.js';
import { requireShared } from '../shared-path.js';
import { invoiceWithEscapes, parsed, plain } from '../fixtures/element-tree.js';


function expectMirror(inv: Invoice): void {
  const written = writeUblTree(inv);
  const report = writeUblWithReport(inv);
  expect(written.xml).toBe(writeUbl(inv));
  expect(written.documentType).toBe(report.documentType);
  expect(written.unmapped).toEqual(report.unmapped);
  expect(plain(written.tree)).toEqual(plain(parsed(written.xml)));
}

const ALL_FAMILIES = { brFr: true, xrechnung: true, peppol: true };

/** The findings of every UBL family on the tree built while writing, and on the tree parsed from the XML. */
function familiesBothWays(inv: Invoice): { mirrored: unknown; reparsed: unknown; count: number } {
  const { xml, tree } = writeUblTree(inv);
  const mirrored = checkFamilies(tree, 'ubl', ALL_FAMILIES);
  const reparsed = checkFamilies(parsed(xml), 'ubl', ALL_FAMILIES);
  return { mirrored, reparsed, count: mirrored.errors.length + mirrored.warnings.length + mirrored.xrechnung.errors.length + mirrored.xrechnung.warnings.length };
}

function modelOf(body: unknown): Invoice {
  const r = parseInvoiceInput(body);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return invoiceFromInput(r.value);
}

describe('writeUblTree: the tree is what a parser reads from the XML', () => {
  it('for the minimal and the full invoice, as Invoice and as CreditNote', () => {
    expectMirror(validInvoice());
    expectMirror(fullInvoice());
    const credit = fullInvoice();
    credit.typeCode = '381';
    expect(writeUblTree(credit).tree.name).toBe('cn:CreditNote');
    expect(writeUblTree(fullInvoice()).tree.name).toBe('ubl:Invoice');
    expectMirror(credit);
  });

  it('with characters the writer escapes or drops, in text and in attributes', () => {
    expectMirror(invoiceWithEscapes());
  });

  it('for every term fixture', () => {
    const terms = JSON.parse(readFileSync(new URL('../fixtures/terms/invoices.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    for (const name of Object.keys(terms)) expectMirror(modelOf(terms[name]));
  });

  it('for random models (fast-check), invoices and credit notes', () => {
    fc.assert(
      fc.property(invoiceModel, fc.boolean(), (inv, credit) => {
        if (credit) inv.typeCode = '381';
        expectMirror(inv);
      }),
      { numRuns: 100 },
    );
  });

  const dir = requireShared('conformance', 'ubl', 'valid');
  const files = readdirSync(dir).filter((f) => f.endsWith('.xml')).sort();
  it(`for the models read from the ${files.length} valid UBL corpus documents`, () => {
    expect(files.length).toBeGreaterThanOrEqual(50);
    for (const file of files) expectMirror(readUbl(readCorpusTree(`ubl/valid/${file}`)).invoice);
  });
});

describe('BR-FR, XRechnung and Peppol on the mirrored tree = on the parsed XML', () => {
  const cases = JSON.parse(readFileSync(new URL('../fixtures/french/invoices.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  it.each(Object.keys(cases))('French fixture %s', (name) => {
    const inv = modelOf(cases[name]);
    applyFrenchDefaults(inv);
    const { mirrored, reparsed } = familiesBothWays(inv);
    expect(mirrored).toEqual(reparsed);
  });

  const dir = requireShared('conformance', 'ubl', 'valid');
  const files = readdirSync(dir).filter((f) => f.endsWith('.xml')).sort();
  it(`the models of the ${files.length} valid UBL corpus documents, rewritten, give the same findings both ways`, () => {
    let withFindings = 0;
    for (const file of files) {
      const { mirrored, reparsed, count } = familiesBothWays(readUbl(readCorpusTree(`ubl/valid/${file}`)).invoice);
      expect(mirrored, file).toEqual(reparsed);
      if (count > 0) withFindings++;
    }
    // The comparison must bite: BR-FR, XRechnung and Peppol together find something in most of these documents.
    expect(withFindings).toBeGreaterThan(files.length / 2);
  });
});
