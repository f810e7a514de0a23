/**
 * The third family of the synthetic corpus (test/fixtures/synthetic/erp.ts): text-PDF invoices laid out as European
 * ERP and billing tools print them. The generator is deterministic, its ground truth consistent and printed, its
 * held-out seed apart from the tuned-on one, and the extractor meets floors on a seeded subset of the tuned-on seed
 * (a little under what it achieves: regressions fail here).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalExtractor } from '../../lib/extract/local/index.js';
import { readPdfText } from '../../lib/extract/local/pdf-text.js';
import { dec } from '../../lib/model/decimal.js';
import { ERP_STYLES, generateErpInvoice } from '../fixtures/synthetic/erp.js';
import { renderErpPdf } from '../fixtures/synthetic/render-erp.js';
import { ERP, fieldRates, runErp, subsetIndexes, type Field } from '../fixtures/synthetic/score.js';

const SUBSET = 32;
/** Floors a little under the figures of the branch that added the family (docs/BENCHMARKS.md, "third family"). */
const FLOORS: Partial<Record<Field, number>> = { invoiceNumber: 0.95, invoiceDate: 0.95, sellerName: 0.93, buyerName: 0.93, currency: 0.95, totalHT: 0.95, totalVAT: 0.95, totalTTC: 0.95, lineCount: 0.93 };

const extractor = createLocalExtractor({ pdftoppm: false });
afterAll(async () => {
  await extractor.dispose();
});

describe('the third family (layouts of European ERP and billing tools)', () => {
  it('is deterministic, covers every style, and its held-out seed is not the tuned-on one', async () => {
    expect(JSON.stringify(generateErpInvoice(ERP.seed, 9))).toBe(JSON.stringify(generateErpInvoice(ERP.seed, 9)));
    expect(await renderErpPdf(generateErpInvoice(ERP.seed, 9))).toEqual(await renderErpPdf(generateErpInvoice(ERP.seed, 9)));
    expect(ERP.heldOutSeed).not.toBe(ERP.seed);
    const styles = new Set(Array.from({ length: ERP.size }, (_, i) => generateErpInvoice(ERP.seed, i).style));
    expect(styles).toEqual(new Set(ERP_STYLES));
  });

  it('has consistent ground truth: total incl. VAT = net + VAT, net = the sum of the rows', () => {
    for (let i = 0; i < ERP.size; i++) {
      const inv = generateErpInvoice(ERP.seed, i);
      const t = inv.truth;
      expect(dec(t.totalHT).plus(t.totalVAT).eq(t.totalTTC), inv.id).toBe(true);
      const sum = inv.content.rows.reduce((s, r) => s + r.cents, 0);
      expect(dec(sum).div(100).eq(t.totalHT), inv.id).toBe(true);
      expect(inv.content.rows).toHaveLength(t.lineCount);
    }
  });

  it('prints its ground truth in the text layer: the number, and the buyer name without its salutation', async () => {
    for (const index of [0, 1, 2, 3, 4, 5, 6, 7]) {
      const inv = generateErpInvoice(ERP.seed, index);
      const text = (await readPdfText(await renderErpPdf(inv))).doc.lines.map((l) => l.text).join('\n').replace(/\s+/g, ' ');
      expect(text, inv.id).toContain(inv.truth.invoiceNumber);
      expect(text, inv.id).toContain(inv.truth.buyerName);
    }
  });

  it(`meets its floors on a seeded subset of ${SUBSET} text PDFs`, async () => {
    const docs = await runErp(extractor, { seed: ERP.seed, textIndexes: subsetIndexes(ERP.seed, ERP.size, SUBSET) });
    const rates = fieldRates(docs);
    for (const [field, floor] of Object.entries(FLOORS) as Array<[Field, number]>) expect(rates[field]!.rate, field).toBeGreaterThanOrEqual(floor);
  }, 10 * 60_000);
});
