import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadInputFixture } from '../../test/fixtures/input/load.js';
import { validInvoice } from '../../test/fixtures/model.js';
import { dec, round2, sum, type Decimal } from '../model/decimal.js';
import { EN16931_SPECIFICATION_ID, type Invoice } from '../model/invoice.js';
import { parseInvoiceInput, type InvoiceInput } from './schema.js';
import { invoiceFromInput } from './to-model.js';

type Body = Record<string, any>;

function parseOk(body: unknown): InvoiceInput {
  const result = parseInvoiceInput(body);
  if (!result.ok) throw new Error(`expected valid input, got ${JSON.stringify(result.issues)}`);
  return result.value;
}

/** The model of the minimal fixture with one change applied to the JSON body. */
function modelOf(change: (body: Body) => void = () => {}, fixture = 'minimal'): Invoice {
  const body = loadInputFixture(fixture) as Body;
  change(body);
  return invoiceFromInput(parseOk(body));
}

/** The model of an invoice with these items (other fields from the minimal fixture). */
function modelWithItems(items: Body[]): Invoice {
  return modelOf((b) => (b.items = items));
}

/** An amount as text with 2 decimals, for readable comparisons. */
function amount(value: Decimal | undefined): string | undefined {
  return value?.toFixed(2);
}

function item(quantity: number | string, unitPrice: number | string, vatRate: number | string, extra: Body = {}): Body {
  return { description: 'Item', quantity, unitPrice, vatRate, ...extra };
}

describe('document level', () => {
  it('turns the minimal spec-only input into the shared valid model', () => {
    const expected = validInvoice();
    expected.seller.identifiers = [{ id: '73282932000074', scheme: '0009' }];
    expect(modelOf()).toStrictEqual(expected);
  });

  it('sets BT-24 to the EN 16931 specification identifier and BT-3 to 380 by default', () => {
    const invoice = modelOf();
    expect(invoice.process.specificationId).toBe(EN16931_SPECIFICATION_ID);
    expect(invoice.process.specificationId).toBe('urn:cen.eu:en16931:2017');
    expect(invoice.typeCode).toBe('380');
    expect(invoice.currency).toBe('EUR');
  });

  it('has no document-level allowances or charges (BG-20, BG-21, BT-107, BT-108)', () => {
    const invoice = modelOf();
    expect(invoice.allowances).toStrictEqual([]);
    expect(invoice.charges).toStrictEqual([]);
    expect(invoice.totals.allowanceTotal).toBeUndefined();
    expect(invoice.totals.chargeTotal).toBeUndefined();
  });

  it('copes with an empty item list (BR-16 is the rules\' business)', () => {
    const invoice = modelWithItems([]);
    expect(invoice.lines).toStrictEqual([]);
    expect(invoice.vatBreakdown).toStrictEqual([]);
    expect(amount(invoice.totals.amountDue!)).toBe('0.00');
  });
});

describe('every optional field reaches its business term', () => {
  const invoice = modelOf(undefined, 'full');

  it('document: BT-1 trimmed, BT-3, BT-9, BT-10, BT-13, BT-20, BG-1 without blank notes', () => {
    expect(invoice.number).toBe('CN-2026-042');
    expect(invoice.typeCode).toBe('381');
    expect(invoice.issueDate).toBe('2026-03-15');
    expect(invoice.dueDate).toBe('2026-04-14');
    expect(invoice.buyerReference).toBe('SERVICE-ACHATS-12');
    expect(invoice.purchaseOrderReference).toBe('PO-7781');
    expect(invoice.paymentTerms).toBe('30 jours fin de mois');
    expect(invoice.notes).toStrictEqual([{ text: 'Merci pour votre confiance.' }, { text: "Pénalités de retard : 3 fois le taux d'intérêt légal." }]);
  });

  it('delivery: BT-72 and BT-80', () => {
    expect(invoice.delivery).toStrictEqual({ actualDate: '2026-03-10', address: { countryCode: 'BE' } });
  });

  it('payment: BT-81 58 for a French IBAN, BT-83, BT-84, BT-85, BT-86', () => {
    expect(invoice.paymentInstructions).toStrictEqual({
      typeCode: '58',
      remittanceInformation: 'CN-2026-042',
      creditTransfers: [{ accountId: 'FR7630006000011234567890189', accountName: 'Atelier Dupont SARL', serviceProviderId: 'AGRIFRPP' }],
    });
  });

  it('seller: BT-27, BT-29 SIRET/0009, BT-30 SIREN/0002, BT-31 normalised, BT-34 email/EM, BG-5 parsed, BG-6', () => {
    expect(invoice.seller).toStrictEqual({
      name: 'Atelier Dupont SARL',
      identifiers: [{ id: '73282932000074', scheme: '0009' }],
      legalRegistrationId: { id: '732829320', scheme: '0002' },
      vatId: 'FR44732829320',
      electronicAddress: { id: 'factures@atelier-dupont.fr', scheme: 'EM' },
      address: { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris', countryCode: 'FR' },
      contact: { name: 'Marie Dupont', phone: '+33 1 23 45 67 89', email: 'contact@atelier-dupont.fr' },
    });
  });

  it('buyer: BT-44, BT-46 SIRET/0009, BT-47 from the SIRET, BT-48, BT-49 {id, scheme}, BG-8 structured', () => {
    expect(invoice.buyer).toStrictEqual({
      name: 'Brasserie Lambic SPRL',
      identifier: { id: '40303265000015', scheme: '0009' },
      legalRegistrationId: { id: '403032650', scheme: '0002' },
      vatId: 'BE0123456749',
      electronicAddress: { id: '0123456749', scheme: '0208' },
      address: { line1: 'Rue Neuve 12', line2: 'Bâtiment B', postcode: '1000', city: 'Bruxelles', countryCode: 'BE' },
    });
  });

  it('lines: BT-155 reference, BT-130 unit code, BT-120/BT-121 from the first line of the group', () => {
    const [first, second] = invoice.lines;
    expect(first?.item.sellerId).toBe('FUT-30');
    expect(first?.unitCode).toBe('XKG');
    expect(second?.item.sellerId).toBeUndefined();
    expect(second?.unitCode).toBe('C62');
    expect(invoice.vatBreakdown).toHaveLength(1);
    expect(invoice.vatBreakdown[0]).toMatchObject({
      category: 'K',
      exemptionReason: 'Livraison intracommunautaire exonérée, article 262 ter I du CGI',
      exemptionReasonCode: 'VATEX-EU-IC',
    });
  });

  it('totals: client totals and prepaid amount', () => {
    expect(amount(invoice.totals.lineNetTotal!)).toBe('296.50');
    expect(amount(invoice.totals.taxExclusiveAmount!)).toBe('296.50');
    expect(amount(invoice.totals.vatTotal)).toBe('0.00');
    expect(amount(invoice.totals.taxInclusiveAmount!)).toBe('296.50');
    expect(amount(invoice.totals.prepaidAmount)).toBe('100.00');
    expect(amount(invoice.totals.amountDue!)).toBe('196.50');
  });
});

describe('lines (BG-25)', () => {
  it('numbers lines 1, 2, 3 in order and maps description, price, quantity, category and rate', () => {
    const invoice = modelWithItems([item(1, 10, 20, { description: 'Alpha' }), item(2, 5, 10, { description: 'Beta' }), item(3, 1, 0, { description: 'Gamma', vatCategory: 'Z' })]);
    expect(invoice.lines.map((line) => line.id)).toStrictEqual(['1', '2', '3']);
    expect(invoice.lines.map((line) => line.item.name)).toStrictEqual(['Alpha', 'Beta', 'Gamma']);
    expect(invoice.lines.map((line) => line.vat.category)).toStrictEqual(['S', 'S', 'Z']);
    expect(invoice.lines.map((line) => line.vat.rate?.toString())).toStrictEqual(['20', '10', '0']);
    expect(invoice.lines.map((line) => line.price.netPrice!.toString())).toStrictEqual(['10', '5', '1']);
    expect(invoice.lines.map((line) => line.quantity!.toString())).toStrictEqual(['1', '2', '3']);
  });

  it.each([
    ['3 x 0.335 = 1.005 rounds half up', 3, 0.335, '1.01'],
    ['1 x 1.005 (a float would give 1.00)', 1, 1.005, '1.01'],
    ['7 x 19.99', 7, '19.99', '139.93'],
    ['1.2345 x 10 (4-decimal quantity)', '1.2345', 10, '12.35'],
    ['0.3333 x 3', '0.3333', 3, '1.00'],
    ['2.5 x 0.1 (float trap)', 2.5, 0.1, '0.25'],
    ['0.0001 x 0.01 rounds to zero', '0.0001', '0.01', '0.00'],
    ['1.5 x 0.0333 (unit price with 4 decimals)', 1.5, '0.0333', '0.05'],
    ['12 x -2.50 (negative price kept for BR-27)', 12, '-2.50', '-30.00'],
  ])('BT-131: %s', (_label, quantity, unitPrice, expected) => {
    const invoice = modelWithItems([item(quantity, unitPrice, 20)]);
    expect(amount(invoice.lines[0]?.netAmount!)).toBe(expected);
    expect(invoice.lines[0]?.netAmount!.decimalPlaces()).toBeLessThanOrEqual(2);
  });

  it('keeps the unit price as given (BT-146), unrounded', () => {
    expect(modelWithItems([item(3, '0.3333', 20)]).lines[0]?.price.netPrice!.toString()).toBe('0.3333');
  });

  it('gives category O no rate at all, even when the client sends one', () => {
    const [line] = modelWithItems([item(1, 100, 20, { vatCategory: 'O' })]).lines;
    expect(line?.vat).toStrictEqual({ category: 'O' });
  });

  it('keeps a rate that does not fit the category, for the rules to report', () => {
    const invoice = modelWithItems([item(1, 100, 20, { vatCategory: 'Z' }), item(1, 100, 0, { vatCategory: 'S' }), item(1, 100, 7, { vatCategory: 'E' })]);
    expect(invoice.lines.map((line) => line.vat.rate?.toString())).toStrictEqual(['20', '0', '7']);
    expect(invoice.vatBreakdown.map((entry) => [entry.category, entry.rate?.toString()])).toStrictEqual([
      ['Z', '20'],
      ['S', '0'],
      ['E', '7'],
    ]);
  });
});

describe('VAT breakdown (BG-23)', () => {
  it('has one entry per (category, rate) in order of first appearance', () => {
    const invoice = modelWithItems([
      item(1, 100, 20),
      item(1, 50, 10),
      item(1, 30, '20.00'),
      item(1, 40, 0, { vatCategory: 'Z' }),
      item(1, 10, 5.5),
      item(1, 20, '20'),
    ]);
    expect(invoice.vatBreakdown.map((entry) => [entry.category, entry.rate?.toString(), amount(entry.taxableAmount!), amount(entry.taxAmount!)])).toStrictEqual([
      ['S', '20', '150.00', '30.00'],
      ['S', '10', '50.00', '5.00'],
      ['Z', '0', '40.00', '0.00'],
      ['S', '5.5', '10.00', '0.55'],
    ]);
  });

  it('rounds the VAT of a group once, on its taxable base (not line by line)', () => {
    // Line by line: 3 x round2(0.10 x 5.5 %) = 3 x 0.01 = 0.03. On the base: round2(0.30 x 5.5 %) = round2(0.0165) = 0.02.
    const invoice = modelWithItems([item(1, '0.10', 5.5), item(1, '0.10', 5.5), item(1, '0.10', 5.5)]);
    expect(amount(invoice.vatBreakdown[0]?.taxAmount!)).toBe('0.02');
    expect(amount(invoice.totals.vatTotal)).toBe('0.02');
  });

  it('computes 7 x 19.99 at 5.5 %: base 139.93, VAT 7.70 (7.69615 rounded half up)', () => {
    const invoice = modelWithItems([item(7, '19.99', 5.5)]);
    expect(amount(invoice.vatBreakdown[0]?.taxableAmount!)).toBe('139.93');
    expect(amount(invoice.vatBreakdown[0]?.taxAmount!)).toBe('7.70');
    expect(amount(invoice.totals.taxInclusiveAmount!)).toBe('147.63');
  });

  it('gives category O one group without rate and a tax amount of 0', () => {
    const invoice = modelWithItems([item(1, 100, 20, { vatCategory: 'O' }), item(2, 10, 0, { vatCategory: 'O' })]);
    expect(invoice.vatBreakdown).toHaveLength(1);
    const [entry] = invoice.vatBreakdown;
    expect(entry?.rate).toBeUndefined();
    expect(amount(entry?.taxableAmount!)).toBe('120.00');
    expect(amount(entry?.taxAmount!)).toBe('0.00');
  });

  it.each([
    ['AE', 'VATEX-EU-AE', 'Reverse charge'],
    ['K', 'VATEX-EU-IC', 'Intra-Community supply'],
    ['G', 'VATEX-EU-G', 'Export outside the EU'],
    ['O', 'VATEX-EU-O', 'Not subject to VAT'],
  ])('defaults the exemption of category %s to %s "%s"', (category, code, reason) => {
    const [entry] = modelWithItems([item(1, 100, 0, { vatCategory: category })]).vatBreakdown;
    expect(entry?.exemptionReasonCode).toBe(code);
    expect(entry?.exemptionReason).toBe(reason);
  });

  it('gives category E no default reason (BR-E-10 reports it)', () => {
    const [entry] = modelWithItems([item(1, 100, 0, { vatCategory: 'E' })]).vatBreakdown;
    expect(entry?.exemptionReason).toBeUndefined();
    expect(entry?.exemptionReasonCode).toBeUndefined();
    expect(entry && 'exemptionReason' in entry).toBe(false);
  });

  it('takes the reason and the code from the first line of the group that gives each', () => {
    const invoice = modelWithItems([
      item(1, 10, 0, { vatCategory: 'E' }),
      item(1, 10, 0, { vatCategory: 'E', vatExemptionReasonCode: 'VATEX-EU-132-1I' }),
      item(1, 10, 0, { vatCategory: 'E', vatExemptionReason: 'Exonération art. 261-4-4° du CGI', vatExemptionReasonCode: 'VATEX-EU-132-1J' }),
    ]);
    expect(invoice.vatBreakdown).toHaveLength(1);
    expect(invoice.vatBreakdown[0]).toMatchObject({ exemptionReason: 'Exonération art. 261-4-4° du CGI', exemptionReasonCode: 'VATEX-EU-132-1I' });
  });

  it('completes a client reason with the code its category implies, and keeps a client code', () => {
    const [reverse] = modelWithItems([item(1, 10, 0, { vatCategory: 'AE', vatExemptionReason: 'Autoliquidation' })]).vatBreakdown;
    expect(reverse).toMatchObject({ exemptionReason: 'Autoliquidation', exemptionReasonCode: 'VATEX-EU-AE' });
    const [exportEntry] = modelWithItems([item(1, 10, 0, { vatCategory: 'G', vatExemptionReasonCode: 'VATEX-EU-148' })]).vatBreakdown;
    expect(exportEntry).toMatchObject({ exemptionReason: 'Export outside the EU', exemptionReasonCode: 'VATEX-EU-148' });
  });

  it.each(['S', 'Z', 'L', 'M'])('never puts an exemption reason on category %s (BR-%s-10)', (category) => {
    const [entry] = modelWithItems([item(1, 10, category === 'Z' ? 0 : 7, { vatCategory: category, vatExemptionReason: 'Why not', vatExemptionReasonCode: 'VATEX-EU-79-C' })]).vatBreakdown;
    expect(entry?.category).toBe(category);
    expect(entry && 'exemptionReason' in entry).toBe(false);
    expect(entry && 'exemptionReasonCode' in entry).toBe(false);
  });
});

describe('totals (BG-22)', () => {
  it('computes BT-106, BT-109, BT-110, BT-112 and BT-115 from the lines', () => {
    const { totals } = modelWithItems([item(3, '0.335', 20), item(7, '19.99', 5.5), item(1, 100, 0, { vatCategory: 'E', vatExemptionReason: 'x' })]);
    // 1.01 + 139.93 + 100.00 = 240.94; VAT round2(1.01 x 20 %) = 0.20, round2(139.93 x 5.5 %) = 7.70, 0.
    expect(amount(totals.lineNetTotal!)).toBe('240.94');
    expect(amount(totals.taxExclusiveAmount!)).toBe('240.94');
    expect(amount(totals.vatTotal)).toBe('7.90');
    expect(amount(totals.taxInclusiveAmount!)).toBe('248.84');
    expect(totals.prepaidAmount).toBeUndefined();
    expect(amount(totals.amountDue!)).toBe('248.84');
  });

  it('keeps the client totalHT as given, even when it does not match (BR-CO-13 reports it)', () => {
    const { totals } = modelOf((b) => (b.totals = { totalHT: '99.99' }));
    expect(amount(totals.lineNetTotal!)).toBe('100.00');
    expect(amount(totals.taxExclusiveAmount!)).toBe('99.99');
    expect(amount(totals.taxInclusiveAmount!)).toBe('119.99');
  });

  it('keeps the client totalTTC as given (BR-CO-15 checks it)', () => {
    const { totals } = modelOf((b) => (b.totals = { totalHT: 100, totalTTC: '121.00' }));
    expect(amount(totals.taxExclusiveAmount!)).toBe('100.00');
    expect(amount(totals.vatTotal)).toBe('20.00');
    expect(amount(totals.taxInclusiveAmount!)).toBe('121.00');
    expect(amount(totals.amountDue!)).toBe('121.00');
  });

  it('keeps client totals with more decimals than allowed as given (BR-DEC-* report them)', () => {
    const { totals } = modelOf((b) => (b.totals = { totalHT: '100.004' }));
    expect(totals.taxExclusiveAmount!.toString()).toBe('100.004');
  });

  it('deducts the prepaid amount (BT-113) from the amount due (BT-115)', () => {
    const { totals } = modelOf((b) => (b.totals = { prepaidAmount: '20.50' }));
    expect(amount(totals.prepaidAmount)).toBe('20.50');
    expect(amount(totals.taxInclusiveAmount!)).toBe('120.00');
    expect(amount(totals.amountDue!)).toBe('99.50');
  });

  it('holds the EN 16931 sums for any lines (property)', () => {
    const jsonItem = fc.record({
      description: fc.constant('Item'),
      quantity: fc.integer({ min: 1, max: 1_000_000 }).chain((n) => fc.constantFrom(String(n), (n / 10_000).toFixed(4), n / 100)),
      unitPrice: fc.integer({ min: 0, max: 10_000_000 }).chain((n) => fc.constantFrom((n / 100).toFixed(2), (n / 10_000).toFixed(4), n / 1000)),
      vatRate: fc.constantFrom(0, 2.1, 5.5, 10, '20', 20, '20.0'),
      vatCategory: fc.constantFrom('S', 'S', 'Z', 'E', 'AE', 'K', 'O'),
    });
    fc.assert(
      fc.property(fc.array(jsonItem, { minLength: 1, maxLength: 12 }), fc.option(fc.integer({ min: 0, max: 100_000 })), (items, prepaid) => {
        const body = loadInputFixture('minimal') as Body;
        body.items = items;
        if (prepaid !== null) body.totals = { prepaidAmount: (prepaid / 100).toFixed(2) };
        const input = parseOk(body);
        const { lines, vatBreakdown, totals } = invoiceFromInput(input);

        expect(lines.map((line) => line.id)).toStrictEqual(items.map((_, index) => String(index + 1)));
        lines.forEach((line, index) => {
          const source = input.items[index];
          expect(source).toBeDefined();
          if (source) expect(line.netAmount!.equals(round2(source.quantity!.times(source.unitPrice)))).toBe(true);
        });
        expect(totals.lineNetTotal!.equals(sum(lines.map((line) => line.netAmount!)))).toBe(true);
        expect(sum(vatBreakdown.map((entry) => entry.taxableAmount!)).equals(totals.lineNetTotal!)).toBe(true);
        expect(totals.vatTotal?.equals(sum(vatBreakdown.map((entry) => entry.taxAmount!)))).toBe(true);
        for (const entry of vatBreakdown) {
          const expectedTax = entry.rate === undefined ? dec(0) : round2(entry.taxableAmount!.times(entry.rate).dividedBy(100));
          expect(entry.taxAmount!.equals(expectedTax)).toBe(true);
        }
        const groups = new Set(input.items.map((source) => (source.vatCategory === 'O' ? 'O' : `${source.vatCategory}|${source.vatRate.toString()}`)));
        expect(vatBreakdown).toHaveLength(groups.size);
        expect(totals.taxInclusiveAmount!.equals(totals.taxExclusiveAmount!.plus(totals.vatTotal ?? dec(0)))).toBe(true);
        expect(totals.amountDue!.equals(totals.taxInclusiveAmount!.minus(totals.prepaidAmount ?? dec(0)))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('parties', () => {
  it('SIRET only: BT-29 with scheme 0009 and BT-30 = its first 9 digits with scheme 0002', () => {
    const { seller } = modelOf((b) => (b.seller.siret = '732 829 320 00074'));
    expect(seller.identifiers).toStrictEqual([{ id: '73282932000074', scheme: '0009' }]);
    expect(seller.legalRegistrationId).toStrictEqual({ id: '732829320', scheme: '0002' });
  });

  it('SIREN given: BT-30 is the SIREN, whatever the SIRET says', () => {
    const { seller } = modelOf((b) => ((b.seller.siret = '73282932000074'), (b.seller.siren = '552081317')));
    expect(seller.identifiers).toStrictEqual([{ id: '73282932000074', scheme: '0009' }]);
    expect(seller.legalRegistrationId).toStrictEqual({ id: '552081317', scheme: '0002' });
  });

  it('SIREN only: no BT-29, BT-30 with scheme 0002', () => {
    const { seller } = modelOf((b) => (delete b.seller.siret, (b.seller.siren = '732829320')));
    expect(seller.identifiers).toStrictEqual([]);
    expect(seller.legalRegistrationId).toStrictEqual({ id: '732829320', scheme: '0002' });
  });

  it('buyer SIRET: BT-46 with scheme 0009 and BT-47 with scheme 0002', () => {
    const { buyer } = modelOf((b) => (b.buyer.siret = '40303265000015'));
    expect(buyer.identifier).toStrictEqual({ id: '40303265000015', scheme: '0009' });
    expect(buyer.legalRegistrationId).toStrictEqual({ id: '403032650', scheme: '0002' });
  });

  it('buyer SIREN: BT-47 only', () => {
    const { buyer } = modelOf((b) => (b.buyer.siren = '403032650'));
    expect(buyer.identifier).toBeUndefined();
    expect(buyer.legalRegistrationId).toStrictEqual({ id: '403032650', scheme: '0002' });
  });

  it('normalises VAT numbers: upper case, no spaces, dots or dashes (BT-31, BT-48)', () => {
    const invoice = modelOf((b) => ((b.seller.vatNumber = 'fr 44.732-829 320'), (b.buyer.vatNumber = 'de 123 456 789')));
    expect(invoice.seller.vatId).toBe('FR44732829320');
    expect(invoice.buyer.vatId).toBe('DE123456789');
  });

  it('leaves BT-31, contact and electronic address out when not given', () => {
    const { seller } = modelOf((b) => delete b.seller.vatNumber);
    expect('vatId' in seller).toBe(false);
    expect('contact' in seller).toBe(false);
    expect('electronicAddress' in seller).toBe(false);
  });

  it('fills the contact (BG-6) with only what is given', () => {
    expect(modelOf((b) => (b.seller.email = 'a@b.fr')).seller.contact).toStrictEqual({ email: 'a@b.fr' });
  });

  it('maps electronic addresses (BT-34, BT-49): email -> EM, object as given, other string without scheme', () => {
    expect(modelOf((b) => (b.seller.electronicAddress = 'billing@acme.fr')).seller.electronicAddress).toStrictEqual({ id: 'billing@acme.fr', scheme: 'EM' });
    expect(modelOf((b) => (b.buyer.electronicAddress = { id: '73282932000074', scheme: '0009' })).buyer.electronicAddress).toStrictEqual({ id: '73282932000074', scheme: '0009' });
    expect(modelOf((b) => (b.buyer.electronicAddress = '73282932000074')).buyer.electronicAddress).toStrictEqual({ id: '73282932000074' });
  });
});

describe('country detection in the model (BT-40, BT-55)', () => {
  it('explicit country wins over VAT prefix and address', () => {
    const { seller } = modelOf((b) => ((b.seller.country = 'be'), (b.seller.address = 'Rue Neuve 12, 1000 Bruxelles, Deutschland')));
    expect(seller.address.countryCode).toBe('BE');
  });

  it('VAT prefix wins over the country the address names', () => {
    const { buyer } = modelOf((b) => ((b.buyer.vatNumber = 'EL094014201'), (b.buyer.address = 'Odos 1, 10557 Athina, Italia')));
    expect(buyer.address.countryCode).toBe('GR');
  });

  it('VAT prefix wins over a structured address countryCode', () => {
    const { buyer } = modelOf((b) => (b.buyer.address = { line1: 'Rue Neuve 12', postcode: '1000', city: 'Bruxelles', countryCode: 'BE' }));
    expect(buyer.address).toStrictEqual({ line1: 'Rue Neuve 12', postcode: '1000', city: 'Bruxelles', countryCode: 'FR' });
  });

  it('without VAT number, the address decides (name, prefix, structured code, UK postcode)', () => {
    const withAddress = (address: unknown) =>
      modelOf((b) => (delete b.buyer.vatNumber, (b.buyer.address = address))).buyer.address.countryCode;
    expect(withAddress('Damrak 1, 1012 LG Amsterdam, Nederland')).toBe('NL');
    expect(withAddress('Bahnhofstrasse 1, CH-8001 Zürich')).toBe('CH');
    expect(withAddress({ line1: 'Via Roma 1', postcode: '00184', city: 'Roma', countryCode: 'it' })).toBe('IT');
    expect(withAddress('10 Downing Street, London SW1A 2AA')).toBe('GB');
  });

  it('without VAT number or named country, a SIRET implies FR', () => {
    const { seller } = modelOf((b) => delete b.seller.vatNumber);
    expect(seller.address).toStrictEqual({ line1: '12 rue de la Paix', postcode: '75002', city: 'Paris', countryCode: 'FR' });
  });

  it('with no evidence at all, BT-55 stays absent (BR-11 reports it)', () => {
    const { buyer } = modelOf((b) => (delete b.buyer.vatNumber, (b.buyer.address = 'Rue Neuve 12, 1000 Bruxelles')));
    expect(buyer.address).toStrictEqual({ line1: 'Rue Neuve 12', postcode: '1000', city: 'Bruxelles' });
  });

  it('uses the detected country to read the address (a Belgian city that looks like a Dutch postcode)', () => {
    const { buyer } = modelOf((b) => ((b.buyer.vatNumber = 'BE0123456749'), (b.buyer.address = 'Rue X 1, 1310 LA HULPE')));
    expect(buyer.address).toStrictEqual({ line1: 'Rue X 1', postcode: '1310', city: 'LA HULPE', countryCode: 'BE' });
  });
});

describe('payment instructions (BG-16)', () => {
  it.each([
    ['a SEPA IBAN (DE)', { iban: 'DE89370400440532013000' }, '58'],
    ['a SEPA IBAN outside the EU (CH)', { iban: 'CH9300762011623852957' }, '58'],
    ['a non-SEPA IBAN (TR)', { iban: 'TR330006100519786457841326' }, '30'],
    ['no IBAN', { accountName: 'ACME' }, '30'],
    ['an explicit type code', { iban: 'DE89370400440532013000', typeCode: '30' }, '30'],
  ])('BT-81 for %s is %s', (_label, means, code) => {
    expect(modelOf((b) => (b.paymentMeans = means)).paymentInstructions?.typeCode).toBe(code);
  });

  it('has no credit transfer without account data', () => {
    expect(modelOf((b) => (b.paymentMeans = { typeCode: '49', remittanceInformation: 'INV-1' })).paymentInstructions).toStrictEqual({
      typeCode: '49',
      remittanceInformation: 'INV-1',
      creditTransfers: [],
    });
  });

  it('is absent when payment means hold nothing', () => {
    expect(modelOf((b) => (b.paymentMeans = { iban: ' ', bic: null })).paymentInstructions).toBeUndefined();
    expect(modelOf().paymentInstructions).toBeUndefined();
  });
});

describe('delivery (BG-13)', () => {
  it('maps the delivery date alone', () => {
    expect(modelOf((b) => (b.deliveryDate = '2026-10-30')).delivery).toStrictEqual({ actualDate: '2026-10-30' });
  });

  it('maps the deliver-to country alone', () => {
    expect(modelOf((b) => (b.deliveryCountry = 'lu')).delivery).toStrictEqual({ address: { countryCode: 'LU' } });
  });

  it('is absent when neither is given', () => {
    expect(modelOf().delivery).toBeUndefined();
  });
});

describe('purity', () => {
  it('gives the same invoice for the same input and does not change the input', () => {
    const input = parseOk(loadInputFixture('full'));
    const snapshot = JSON.stringify(input);
    const first = invoiceFromInput(input);
    const second = invoiceFromInput(input);
    expect(second).toStrictEqual(first);
    expect(JSON.stringify(input)).toBe(snapshot);
    expect(second.lines[0]).not.toBe(first.lines[0]);
  });
});
