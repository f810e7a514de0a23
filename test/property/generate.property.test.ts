/**
 * Property: for random valid v2 inputs (1 to 200 lines, mixed VAT rates and
 * categories, random Unicode text), the generated XML is valid against the
 * CII D16B XSD and the Factur-X EN 16931 XSD, our rules find no fatal
 * finding, and the EN 16931 totals invariants hold exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateFacturXml } from '../../lib/generate.js';
import { parseInvoiceInput } from '../../lib/input/schema.js';
import { dec, round2, sum, ZERO } from '../../lib/model/decimal.js';
import { loadXsdValidator } from '../../lib/xml/xsd.js';
import { requireShared } from '../shared-path.js';

const ciiXsd = loadXsdValidator(requireShared('schemas', 'cii-d16b-uncoupled', 'CII', 'uncefact', 'data', 'standard', 'CrossIndustryInvoice_100pD16B.xsd'));
const fxXsd = loadXsdValidator(requireShared('schemas', 'facturx-1.09', 'en16931', 'Factur-X_EN16931.xsd'));

// Text a person could type, in any script, with XML-special characters and emoji.
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/gu;
const text = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
    fc.constantFrom('<&>"\'', 'Café crème « spécial » €', '😀 Größe 𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'Ω ≈ ç √ ∫', '東京都 千代田区', ']]> <!-- -->'),
  )
  .map((s) => s.replace(XML_INVALID, '').trim())
  .filter((s) => s.length > 0);

const amount = (maxInt: number, places: number) =>
  fc.tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: 10 ** places - 1 })).map(([i, f]) => `${i}.${String(f).padStart(places, '0')}`);
const positiveQty = amount(1000, 4).filter((q) => dec(q).gt(0));

const standardRates = [20, 10, 5.5, 2.1, 19, 7, 21, 6, 0.9, 8.5];
const mixedLine = fc.record({
  description: text,
  quantity: positiveQty,
  unitPrice: amount(20000, 4),
  category: fc.constantFrom('S', 'S', 'S', 'Z', 'E', 'AE', 'K', 'G'),
  rate: fc.constantFrom(...standardRates),
  reference: fc.option(text, { nil: undefined }),
});

const invoiceArb = fc.record({
  // Line counts spread uniformly over 1..200 (fc.array alone favours short arrays).
  lines: fc.integer({ min: 1, max: 200 }).chain((n) => fc.array(mixedLine, { minLength: n, maxLength: n })),
  outsideScope: fc.boolean(),
  sellerName: text,
  buyerName: text,
  note: fc.option(text, { nil: undefined }),
  currency: fc.constantFrom('EUR', 'EUR', 'USD', 'CHF', 'GBP'),
  prepaidCents: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function toInput(a: any) {
  const items = a.lines.map((l: any) => {
    const category = a.outsideScope ? 'O' : l.category;
    const item: Record<string, unknown> = {
      description: l.description,
      quantity: l.quantity!,
      unitPrice: l.unitPrice,
      vatRate: category === 'S' ? l.rate : 0,
      vatCategory: category,
    };
    if (l.reference) item.reference = l.reference;
    if (category === 'E') item.vatExemptionReason = 'Exonération de TVA, article 261 du CGI';
    return item;
  });
  const hasK = items.some((i: any) => i.vatCategory === 'K');
  return {
    invoiceNumber: 'P-2026-000001',
    invoiceDate: '2026-11-22',
    dueDate: '2026-12-22',
    currency: a.currency,
    seller: a.outsideScope
      ? { name: a.sellerName, address: '12 rue de la Paix, 75002 Paris', siret: '73282932000074' }
      : { name: a.sellerName, address: '12 rue de la Paix, 75002 Paris', vatNumber: 'FR44732829320' },
    buyer: a.outsideScope
      ? { name: a.buyerName, address: 'Musterstraße 1, 10115 Berlin, Deutschland' }
      : { name: a.buyerName, address: 'Musterstraße 1, 10115 Berlin, Deutschland', vatNumber: 'DE136695976' },
    items,
    ...(a.note ? { notes: [a.note] } : {}),
    ...(hasK ? { deliveryDate: '2026-11-20', deliveryCountry: 'DE' } : {}),
    ...(a.prepaidCents !== undefined ? { totals: { prepaidAmount: (a.prepaidCents / 100).toFixed(2) } } : {}),
  };
}

describe('generateFacturXml on random valid inputs', () => {
  it('gives XSD-valid XML, no fatal finding, and exact totals', () => {
    fc.assert(
      fc.property(invoiceArb, (a) => {
        const parsed = parseInvoiceInput(toInput(a));
        if (!parsed.ok) throw new Error(`input rejected: ${JSON.stringify(parsed.issues)}`);
        // The EN 16931 oracle: the French reform's rules are proved on French invoices in test/scenarios/french-invoices.test.ts.
        const { xml, invoice, validation } = generateFacturXml(parsed.value, { rules: 'en16931' });
        expect(validation.errors).toEqual([]);

        const cii = ciiXsd.validate(xml);
        expect(cii.errors).toEqual([]);
        const fx = fxXsd.validate(xml);
        expect(fx.errors).toEqual([]);

        // Totals invariants, recomputed independently from the input.
        const nets = parsed.value.items.map((i) => round2(dec(i.quantity!).times(dec(i.unitPrice))));
        const lineTotal = sum(nets);
        expect(invoice.totals.lineNetTotal!.eq(lineTotal)).toBe(true);
        expect(sum(invoice.lines.map((l) => l.netAmount!)).eq(invoice.totals.lineNetTotal!)).toBe(true);
        expect(sum(invoice.vatBreakdown.map((b) => b.taxableAmount!)).eq(invoice.totals.taxExclusiveAmount!)).toBe(true);
        for (const b of invoice.vatBreakdown) {
          expect(b.taxAmount!.eq(round2(b.taxableAmount!.times(b.rate ?? ZERO).div(100)))).toBe(true);
        }
        const vat = sum(invoice.vatBreakdown.map((b) => b.taxAmount!));
        expect(invoice.totals.vatTotal?.eq(vat)).toBe(true);
        expect(invoice.totals.taxInclusiveAmount!.eq(lineTotal.plus(vat))).toBe(true);
        const prepaid = invoice.totals.prepaidAmount ?? ZERO;
        expect(invoice.totals.amountDue!.eq(invoice.totals.taxInclusiveAmount!.minus(prepaid))).toBe(true);
        expect(xml).toContain(`<ram:GrandTotalAmount>${invoice.totals.taxInclusiveAmount!.toFixed(2)}</ram:GrandTotalAmount>`);
      }),
      { numRuns: 60 },
    );
  });
});
