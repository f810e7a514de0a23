/**
 * Round trips between the CII writer and reader.
 *
 * - Our own models: readCii(tree(writeCii(m))) gives m back (decimals
 *   compared by value), for the writer's fixtures and for random models.
 * - Other people's documents: for every valid corpus file x,
 *   writeCii(readCii(x).invoice) is valid against the CII D16B XSD and gives
 *   the same business-rule findings as x.
 */
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCii } from '../../lib/cii/reader/read.js';
import { toElementTree, type CiiElement } from '../../lib/cii/reader/tree.js';
import { writeCii } from '../../lib/cii/writer.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { validateInvoice } from '../../lib/rules/index.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { loadXsdValidator } from '../../lib/xml/xsd.js';
import { fullInvoice } from '../fixtures/cii/full-invoice.js';
import { validInvoice } from '../fixtures/model.js';
import { invoiceModel } from '../fixtures/reader/arbitrary-invoice.js';
import { readCorpusTree } from '../conformance/corpus.js';
import { requireShared } from '../shared-path.js';
import { byValue as byValueOf } from './by-value.js';

const byValue = (value: unknown): unknown => byValueOf(value, 'decimal ');

const ciiXsd = loadXsdValidator(requireShared('schemas', 'cii-d16b-uncoupled', 'CII', 'uncefact', 'data', 'standard', 'CrossIndustryInvoice_100pD16B.xsd'));

function tree(xml: string): CiiElement {
  return withXmlDocument(xml, (doc) => toElementTree(doc));
}


function roundTrip(inv: Invoice): Invoice {
  return readCii(tree(writeCii(inv))).invoice;
}

/** Sorted rule ids of all findings (fatal and warnings, official and ours). */
function findingIds(inv: Invoice): { fatal: string[]; warning: string[] } {
  const report = validateInvoice(inv);
  return { fatal: report.errors.map((f) => f.rule).sort(), warning: report.warnings.map((f) => f.rule).sort() };
}

describe('readCii(writeCii(m)) = m for our models', () => {
  it('gives back the minimal valid invoice', () => {
    const inv = validInvoice();
    expect(byValue(roundTrip(inv))).toEqual(byValue(inv));
  });

  it('gives back the full invoice, every business term of the model', () => {
    const inv = fullInvoice();
    // CII D16B holds one InvoiceReferencedDocument: the writer keeps the first preceding invoice (BG-3) only.
    const expected = { ...inv, precedingInvoices: inv.precedingInvoices.slice(0, 1) };
    expect(byValue(roundTrip(inv))).toEqual(byValue(expected));
  });

  it('gives back the tax point date code (BT-8) variant of the full invoice', () => {
    const inv = fullInvoice();
    inv.taxPointDate = undefined;
    inv.taxPointDateCode = '5';
    inv.precedingInvoices = inv.precedingInvoices.slice(0, 1);
    expect(byValue(roundTrip(inv))).toEqual(byValue(inv));
  });

  it('gives back random models (fast-check)', () => {
    fc.assert(
      fc.property(invoiceModel, (inv) => {
        expect(byValue(roundTrip(inv))).toEqual(byValue(inv));
      }),
      { numRuns: 150 },
    );
  });
});

describe('writeCii(readCii(x)) for the valid corpus files', () => {
  const dir = requireShared('conformance', 'cii', 'valid');
  const files = readdirSync(dir).filter((f) => f.endsWith('.xml')).sort();

  it('covers the whole valid corpus', () => {
    expect(files.length).toBeGreaterThanOrEqual(70);
  });

  it.each(files)('%s: rewritten XML is CII D16B valid with the same findings', (file) => {
    const original = readCii(readCorpusTree(`cii/valid/${file}`)).invoice;
    const xml = writeCii(original);
    expect(ciiXsd.validate(xml).errors).toEqual([]);
    const reread = readCii(tree(xml)).invoice;
    expect(findingIds(reread)).toEqual(findingIds(original));
  });
});
