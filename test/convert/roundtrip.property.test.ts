/**
 * Issue 23, point 4, the property: random models written to CII, converted
 * to UBL and back to CII, give the same model, and neither conversion reports
 * anything lost. The conversions are the service's (lib/convert, without the
 * gate that refuses invalid documents: random models break EN 16931 rules).
 *
 * The models are those of the CII round-trip property
 * (test/fixtures/reader/arbitrary-invoice.ts: everything CII carries), with
 * what the UBL binding writes otherwise set as UBL writes it, each for its
 * reason (lib/ubl/writer.ts):
 * - a gross price (BT-148) comes with its discount (BT-147): UBL's price
 *   allowance needs the amount, which the writer would otherwise derive;
 * - BT-110 is present when there is a VAT breakdown: UBL's TaxTotal needs it
 *   (the writer would write the sum of BT-117, BR-CO-14);
 * - note subject codes (BT-21) are UNTDID 4451 codes, three capital letters:
 *   UBL carries the code as a `#CODE#` prefix of the note, which holds only those;
 *   and a note without subject does not itself start like such a prefix (`#ABC#...`: read back, those five
 *   characters are a subject code; the writer reports it, see the regression below);
 * - a credit note (BT-3 of the UBL CreditNote list) with a due date (BT-9) has
 *   payment instructions: a UBL CreditNote holds BT-9 in its payment means.
 * A second property runs on the CII models as they are: what does not come
 * back is exactly what the conversions reported.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCii } from '../../lib/cii/reader/read.js';
import { writeCii } from '../../lib/cii/writer.js';
import { translateInvoiceXml } from '../../lib/convert/convert.js';
import { modelDifferences } from '../../lib/convert/model-diff.js';
import { treeOf } from '../../lib/convert/syntaxes.js';
import { sum } from '../../lib/model/decimal.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { ublDocumentType } from '../../lib/ubl/document-type.js';
import { byValue as byValueOf } from '../cii/by-value.js';
import { invoiceModel } from '../fixtures/reader/arbitrary-invoice.js';

const byValue = (value: unknown): unknown => byValueOf(value, 'decimal ');
const SUBJECT_CODES = ['AAA', 'AAB', 'AAI', 'ABL', 'ADU', 'PMD', 'PMT', 'REG', 'SUR', 'TXD'];

/** The CII models, with what UBL writes otherwise set as it writes it (see the module comment). */
const ublCarriedModel: fc.Arbitrary<Invoice> = fc.tuple(invoiceModel, fc.infiniteStream(fc.constantFrom(...SUBJECT_CODES))).map(([inv, codes]) => {
  for (const line of inv.lines) {
    if (line.price.grossPrice !== undefined && line.price.discount === undefined) {
      line.price.discount = line.price.netPrice !== undefined ? line.price.grossPrice.minus(line.price.netPrice) : line.price.grossPrice;
    }
  }
  if (inv.totals.vatTotal === undefined && inv.vatBreakdown.length > 0) inv.totals = { ...inv.totals, vatTotal: sum(inv.vatBreakdown.map((b) => b.taxAmount)) };
  for (const note of inv.notes) {
    if (note.subjectCode !== undefined) note.subjectCode = codes.next().value;
    else if (/^#[^#]{3}#/.test(note.text)) note.text = note.text.slice(1);
  }
  if (ublDocumentType(inv.typeCode) === 'CreditNote' && inv.paymentInstructions === undefined) inv.dueDate = undefined;
  return inv;
});

function toUblAndBack(inv: Invoice) {
  const ubl = translateInvoiceXml(writeCii(inv), { to: 'ubl', rules: 'en16931' });
  const cii = translateInvoiceXml(ubl.xml, { to: 'cii', rules: 'en16931' });
  return { ubl, cii, back: readCii(treeOf(cii.xml)).invoice };
}

describe('CII -> UBL -> CII on random models', () => {
  it('gives back the same model, nothing reported lost', () => {
    fc.assert(
      fc.property(ublCarriedModel, (inv) => {
        const { ubl, cii, back } = toUblAndBack(inv);
        expect(ubl.unmapped).toEqual([]);
        expect(cii.unmapped).toEqual([]);
        expect(byValue(back)).toEqual(byValue(inv));
      }),
      { numRuns: 150 },
    );
  });

  it('on any model CII carries: every term that does not come back was reported', () => {
    fc.assert(
      fc.property(invoiceModel, (inv) => {
        const { ubl, cii, back } = toUblAndBack(inv);
        const reported = new Set([...ubl.unmapped, ...cii.unmapped].map((u) => u.path));
        // The writer may add what UBL needs (a derived BT-147, BT-110): only terms of the source count.
        const lost = modelDifferences(inv, back).filter((d) => !reported.has(d.path));
        expect(lost).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});

describe('notes whose text starts with #', () => {
  const base = (): Invoice => fc.sample(invoiceModel, { seed: 7, numRuns: 1 })[0]!;

  it('a note without subject written "## " comes back as that text (found by the property, seed 896742298)', () => {
    const inv = base();
    inv.notes = [{ text: '## ' }];
    const { ubl, cii, back } = toUblAndBack(inv);
    expect([...ubl.unmapped, ...cii.unmapped]).toEqual([]);
    expect(back.notes).toEqual([{ text: '## ' }]);
  });

  it('a note without subject written "#AAI#..." cannot be told from a subject code in UBL: the conversion says so', () => {
    const inv = base();
    inv.notes = [{ text: '#AAI#not a subject' }];
    const { ubl } = toUblAndBack(inv);
    expect(ubl.unmapped.map((u) => [u.term, u.path])).toEqual([['BT-22', 'notes[0].text']]);
  });
});
