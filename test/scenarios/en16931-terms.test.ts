/**
 * EN 16931 terms beyond the seed, written from JSON (issue 12): each fixture of
 * test/fixtures/terms/invoices.json goes JSON -> model -> CII XML -> our reader,
 * and the terms it carries come back as the model built from the JSON had
 * them. The official validator (CII D16B XSD and CEN EN 16931 1.3.16,
 * `en16931-check`, one call for every file) accepts every valid fixture and
 * gives the same rule ids as ours for the incomplete ones.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCii } from '../../lib/cii/reader/read.js';
import { toElementTree } from '../../lib/cii/reader/tree.js';
import { writeCii } from '../../lib/cii/writer.js';
import { InvoiceValidationError } from '../../lib/errors.js';
import { checkInvoiceInput, generateFacturXml } from '../../lib/generate.js';
import { parseInvoiceInput, type InvoiceInput } from '../../lib/input/schema.js';
import { invoiceFromInput } from '../../lib/input/to-model.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { requireShared } from '../shared-path.js';
import { byValue } from '../cii/by-value.js';

const fixtures = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'fixtures', 'terms', 'invoices.json'), 'utf8')) as Record<string, Record<string, unknown>>;

function input(body: unknown): InvoiceInput {
  const r = parseInvoiceInput(body);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

function readBack(xml: string): Invoice {
  return readCii(withXmlDocument(xml, (doc) => toElementTree(doc))).invoice;
}


function ruleIds(body: unknown): string[] {
  try {
    generateFacturXml(input(body), { rules: 'en16931' });
  } catch (err) {
    if (err instanceof InvoiceValidationError) return [...new Set((err.details as Array<{ rule: string }>).map((d) => d.rule))].sort();
    throw err;
  }
  return [];
}

interface Verdict {
  file: string;
  xsd: string;
  fatal: string[];
  sch_error?: string;
}

/**
 * Incomplete inputs: written anyway (writeCii of the model) so the official validator can judge them too.
 * `officialAlso`: what the official validator adds on the XML syntax (CII-SR) of an XML we never hand out.
 */
const incomplete: Record<string, { body: Record<string, unknown>; rules: string[]; officialAlso?: string[] }> = {
  'allowance-without-reason': {
    body: { ...fixtures['discount-and-shipping'], allowances: [{ amount: 3, vatCategory: 'S', vatRate: 20 }] },
    rules: ['BR-33', 'BR-CO-21'],
  },
  'invoicing-period-ending-before-it-starts': {
    body: { ...fixtures['period-invoice'], invoicingPeriod: { start: '2026-11-30', end: '2026-11-01' } },
    rules: ['BR-29'],
  },
  'line-period-ending-before-it-starts': {
    body: { ...fixtures['period-invoice'], items: [{ description: 'Rental', quantity: 1, unitPrice: 10, vatRate: 19, period: { start: '2026-11-02', end: '2026-11-01' } }] },
    rules: ['BR-30'],
  },
  'line-allowance-without-reason': {
    body: { ...fixtures['period-invoice'], items: [{ description: 'Rental', quantity: 1, unitPrice: 10, vatRate: 19, allowances: [{ amount: 1 }] }] },
    rules: ['BR-42', 'BR-CO-23'],
  },
  'charge-without-category-on-mixed-rates': {
    body: { ...fixtures['discount-and-shipping'], charges: [{ amount: 3, reason: 'Transport' }] },
    rules: ['BR-37'],
  },
  'payee-without-name': {
    body: { ...fixtures['delivery-payee-representative'], payee: { identifier: { id: '55210055400013', scheme: '0009' } } },
    rules: ['BR-17'],
  },
  'payee-named-as-the-seller': {
    body: { ...fixtures['delivery-payee-representative'], payee: { name: 'Holzbau Weber GmbH' } },
    rules: ['BR-17'],
  },
  'tax-representative-without-vat-identifier': {
    body: { ...fixtures['delivery-payee-representative'], taxRepresentative: { name: 'Fiscal Représentation SARL', address: "20 avenue de l'Opéra, 75001 Paris, France" } },
    rules: ['BR-56'],
  },
  'tax-representative-without-address': {
    body: { ...fixtures['delivery-payee-representative'], taxRepresentative: { name: 'Fiscal Représentation SARL', vatNumber: 'FR61954506077' } },
    rules: ['BR-19', 'BR-20'],
  },
  'supporting-document-without-reference': {
    body: { ...fixtures['supporting-documents'], supportingDocuments: [{ description: 'Timesheet' }] },
    rules: ['BR-52'],
  },
  'attachment-of-a-type-not-in-the-list': {
    body: { ...fixtures['supporting-documents'], supportingDocuments: [{ reference: 'ARCHIVE-1', attachment: { content: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==', mimeCode: 'application/zip', filename: 'archive.zip' } }] },
    rules: ['BR-CL-24'],
  },
  'item-attribute-without-value': {
    body: { ...fixtures['item-details'], items: [{ description: 'Screws', quantity: 1, unitPrice: 1, vatRate: 19, attributes: [{ name: 'Colour' }] }] },
    rules: ['BR-54'],
    officialAlso: ['CII-SR-072'],
  },
  'item-classification-without-scheme': {
    body: { ...fixtures['item-details'], items: [{ description: 'Screws', quantity: 1, unitPrice: 1, vatRate: 19, classifications: [{ code: '44531000' }] }] },
    rules: ['BR-65'],
  },
  'item-classification-scheme-not-in-the-list': {
    body: { ...fixtures['item-details'], items: [{ description: 'Screws', quantity: 1, unitPrice: 1, vatRate: 19, classifications: [{ code: '44531000', scheme: 'QQ' }] }] },
    rules: ['BR-CL-13'],
  },
  'vat-point-date-and-code-together': {
    body: { ...fixtures['vat-point-date'], taxPointDateCode: '29' },
    rules: ['BR-CO-03'],
  },
  'vat-point-date-code-not-in-the-list': {
    body: { ...fixtures['vat-point-date'], taxPointDate: null, taxPointDateCode: '3' },
    rules: ['BR-CL-06'],
  },
  'rounding-amount-with-three-decimals': {
    body: { ...fixtures['vat-point-code-rounding-card'], totals: { roundingAmount: '0.005' } },
    rules: ['BR-DEC-17', 'BR-DEC-18'],
  },
};

describe('EN 16931 terms from JSON', () => {
  const dir = mkdtempSync(join(tmpdir(), 'en16931-terms-'));
  const files = new Map<string, string>();
  let verdicts: Map<string, Verdict>;

  beforeAll(() => {
    for (const [name, body] of Object.entries(fixtures)) {
      const file = join(dir, `${name}.xml`);
      writeFileSync(file, generateFacturXml(input(body), { rules: 'en16931' }).xml);
      files.set(name, file);
    }
    for (const [name, { body }] of Object.entries(incomplete)) {
      const file = join(dir, `${name}.xml`);
      writeFileSync(file, writeCii(invoiceFromInput(input(body))));
      files.set(name, file);
    }
    const out = execFileSync(requireShared('official-validator', 'en16931-check'), [...files.values()], { encoding: 'utf8', maxBuffer: 1 << 24 });
    verdicts = new Map(out.trim().split('\n').map((l) => JSON.parse(l) as Verdict).map((v) => [v.file, v]));
  }, 120_000);

  it('every valid fixture is valid for the official validator (XSD and EN 16931)', () => {
    for (const name of Object.keys(fixtures)) {
      const v = verdicts.get(files.get(name)!);
      expect({ name, xsd: v?.xsd, fatal: v?.fatal, sch_error: v?.sch_error }).toEqual({ name, xsd: 'ok', fatal: [], sch_error: undefined });
    }
  });

  it('incomplete or inconsistent terms are findings with the official ids (ours and the official validator\'s), not 400s', () => {
    for (const [name, { body, rules }] of Object.entries(incomplete)) {
      expect(parseInvoiceInput(body).ok, name).toBe(true);
      expect(ruleIds(body), name).toEqual(rules);
      const validation = checkInvoiceInput(input(body), { rules: 'en16931' });
      expect(validation.valid, name).toBe(false);
      expect(verdicts.get(files.get(name)!)?.fatal, name).toEqual([...rules, ...(incomplete[name]!.officialAlso ?? [])].sort());
    }
  });

  it('every fixture goes JSON -> model -> XML -> our reader and comes back as the whole model built from the JSON', () => {
    for (const [name, body] of Object.entries(fixtures)) {
      const model = invoiceFromInput(input(body));
      expect(byValue(readBack(writeCii(model))), name).toEqual(byValue(model));
    }
  });

  describe('document level allowances (BG-20) and charges (BG-21)', () => {
    it('are written and read back as the model has them, totals included', () => {
      for (const name of ['discount-and-shipping', 'single-rate-vat-from-lines', 'charge-in-its-own-category']) {
        const { xml, invoice } = generateFacturXml(input(fixtures[name]), { rules: 'en16931' });
        const back = readBack(xml);
        expect(byValue(back.allowances), name).toEqual(byValue(invoice.allowances));
        expect(byValue(back.charges), name).toEqual(byValue(invoice.charges));
        expect(byValue(back.totals), name).toEqual(byValue(invoice.totals));
        expect(byValue(back.vatBreakdown), name).toEqual(byValue(invoice.vatBreakdown));
      }
    });

    it('a percentage allowance and a freight charge: amounts, VAT bases and totals in decimals', () => {
      const { invoice } = generateFacturXml(input(fixtures['discount-and-shipping']), { rules: 'en16931' });
      expect(byValue(invoice.allowances)).toEqual([
        { amount: '12', baseAmount: '120', percentage: '10', vatCategory: 'S', vatRate: '20', reason: 'Remise fidélité', reasonCode: '95' },
      ]);
      expect(byValue(invoice.charges)).toEqual([{ amount: '12.5', vatCategory: 'S', vatRate: '20', reason: 'Transport', reasonCode: 'FC' }]);
      // S 20: 120.00 - 12.00 + 12.50 = 120.50, VAT 24.10; S 5.5: 21.10, VAT 1.1605 -> 1.16.
      expect(byValue(invoice.vatBreakdown)).toEqual([
        { category: 'S', rate: '20', taxableAmount: '120.5', taxAmount: '24.1' },
        { category: 'S', rate: '5.5', taxableAmount: '21.1', taxAmount: '1.16' },
      ]);
      expect(byValue(invoice.totals)).toMatchObject({
        lineNetTotal: '141.1', allowanceTotal: '12', chargeTotal: '12.5', taxExclusiveAmount: '141.6', vatTotal: '25.26', taxInclusiveAmount: '166.86', amountDue: '166.86',
      });
    });

    it('take the VAT of the lines when all share one, and round computed amounts half up', () => {
      const { invoice } = generateFacturXml(input(fixtures['single-rate-vat-from-lines']), { rules: 'en16931' });
      // 99.98 x 2.5 % = 2.4995 -> 2.50; 114.95 x 3 % = 3.4485 -> 3.45.
      expect(invoice.allowances.map((a) => [a.amount?.toFixed(2), a.vatCategory, a.vatRate?.toString()])).toEqual([['5.00', 'S', '19'], ['2.50', 'S', '19']]);
      expect(invoice.charges.map((c) => [c.amount?.toFixed(2), c.vatCategory, c.vatRate?.toString()])).toEqual([['3.45', 'S', '19']]);
      // 114.95 - 7.50 + 3.45 = 110.90; VAT 19 % = 21.071 -> 21.07.
      expect(byValue(invoice.totals)).toMatchObject({ allowanceTotal: '7.5', chargeTotal: '3.45', taxExclusiveAmount: '110.9', vatTotal: '21.07', taxInclusiveAmount: '131.97' });
    });

    it('a charge in a VAT category no line has gets its own VAT breakdown', () => {
      const { invoice } = generateFacturXml(input(fixtures['charge-in-its-own-category']), { rules: 'en16931' });
      expect(byValue(invoice.vatBreakdown)).toEqual([
        { category: 'S', rate: '20', taxableAmount: '100', taxAmount: '20' },
        { category: 'Z', rate: '0', taxableAmount: '8', taxAmount: '0' },
      ]);
      expect(invoice.totals.taxInclusiveAmount?.toFixed(2)).toBe('128.00');
      expect(invoice.totals.allowanceTotal).toBeUndefined();
    });

    it('reject what cannot be read: a reason code that is no code, a percentage that is no number', () => {
      const base = fixtures['discount-and-shipping'];
      const r = parseInvoiceInput({ ...base, allowances: [{ amount: 1, reason: 'x', reasonCode: 'not a code' }], charges: [{ amount: 1, reason: 'y', percentage: 'ten' }] });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues.map((i) => i.path).sort()).toEqual(['allowances[0].reasonCode', 'charges[0].percentage']);
    });
  });

  describe('invoicing period (BG-14) and line periods (BG-26)', () => {
    it('are written and read back: both dates, only the end, only the start', () => {
      const { xml, invoice } = generateFacturXml(input(fixtures['period-invoice']), { rules: 'en16931' });
      expect(invoice.invoicingPeriod).toEqual({ start: '2026-11-01', end: '2026-11-30' });
      expect(invoice.lines.map((l) => l.period)).toEqual([{ start: '2026-11-01', end: '2026-11-30' }, { end: '2026-11-15' }, { start: '2026-11-20' }]);
      const back = readBack(xml);
      expect(back.invoicingPeriod).toEqual(invoice.invoicingPeriod);
      expect(back.lines.map((l) => l.period)).toEqual(invoice.lines.map((l) => l.period));
    });

    it('an empty period object is no period; a date that is not a date is a 400', () => {
      const body = fixtures['period-invoice']!;
      const empty = invoiceFromInput(input({ ...body, invoicingPeriod: {}, items: [{ description: 'x', quantity: 1, unitPrice: 1, vatRate: 19, period: { start: null } }] }));
      expect(empty.invoicingPeriod).toBeUndefined();
      expect(empty.lines[0]!.period).toBeUndefined();
      const r = parseInvoiceInput({ ...body, invoicingPeriod: { start: '2026-02-30' }, items: [{ description: 'x', quantity: 1, unitPrice: 1, vatRate: 19, period: { end: 'November' } }] });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues.map((i) => i.path).sort()).toEqual(['invoicingPeriod.start', 'items[0].period.end']);
    });
  });

  describe('line allowances (BG-27) and charges (BG-28), gross price (BT-148) and price discount (BT-147)', () => {
    it('lower and raise the line net amount, in decimals, and flow into the totals', () => {
      const { invoice } = generateFacturXml(input(fixtures['line-discounts-and-gross-prices']), { rules: 'en16931' });
      // 100.00 - 10 % of 100.00; 200.00 + 15.00; 2 x 45.00; 25.50 - 1.00 - 0.50 (2.5 % of 20.00) + 0.26 (1 % of 25.50 = 0.255, half up).
      expect(invoice.lines.map((l) => l.netAmount?.toFixed(2))).toEqual(['90.00', '215.00', '90.00', '24.26']);
      expect(byValue(invoice.lines[0]!.allowances)).toEqual([{ amount: '10', baseAmount: '100', percentage: '10', reason: 'Volume discount', reasonCode: '95' }]);
      expect(invoice.lines[3]!.allowances.map((a) => a.amount?.toFixed(2))).toEqual(['1.00', '0.50']);
      expect(invoice.lines[3]!.charges.map((c) => c.amount?.toFixed(2))).toEqual(['0.26']);
      expect(byValue(invoice.totals)).toMatchObject({ lineNetTotal: '419.26', taxExclusiveAmount: '419.26', vatTotal: '83.85', taxInclusiveAmount: '503.11' });
    });

    it('are written and read back; a discount without gross price is read back with gross = net + discount', () => {
      const { xml, invoice } = generateFacturXml(input(fixtures['line-discounts-and-gross-prices']), { rules: 'en16931' });
      const back = readBack(xml);
      expect(byValue(back.lines.map((l) => [l.allowances, l.charges, l.netAmount]))).toEqual(byValue(invoice.lines.map((l) => [l.allowances, l.charges, l.netAmount])));
      expect(byValue(back.lines.map((l) => l.price))).toEqual([
        { netPrice: '25' },
        { netPrice: '200' },
        { netPrice: '45', grossPrice: '50', discount: '5' },
        { netPrice: '8.5', grossPrice: '10', discount: '1.5' },
      ]);
    });
  });

  describe('references (BT-11, BT-12, BT-15..BT-19), line object identifier (BT-128), seller legal information (BT-33)', () => {
    it('are written and read back as the JSON gave them', () => {
      const { xml, invoice } = generateFacturXml(input(fixtures['references']), { rules: 'en16931' });
      const terms = (inv: Invoice) => ({
        projectReference: inv.projectReference,
        contractReference: inv.contractReference,
        receivingAdviceReference: inv.receivingAdviceReference,
        despatchAdviceReference: inv.despatchAdviceReference,
        tenderOrLotReference: inv.tenderOrLotReference,
        invoicedObjectIdentifier: inv.invoicedObjectIdentifier,
        buyerAccountingReference: inv.buyerAccountingReference,
        additionalLegalInfo: inv.seller.additionalLegalInfo,
        lineObjects: inv.lines.map((l) => l.objectIdentifier),
      });
      expect(terms(invoice)).toEqual({
        projectReference: 'PRJ-2026-LYON',
        contractReference: 'CTR-2024-015',
        receivingAdviceReference: 'RA-5541',
        despatchAdviceReference: 'BL-2026-3310',
        tenderOrLotReference: 'LOT-3',
        invoicedObjectIdentifier: { id: 'METER-0045-77', scheme: 'AAA' },
        buyerAccountingReference: '6063-FOURNITURES',
        additionalLegalInfo: 'SARL au capital de 10 000 EUR - RCS Paris 732 829 320',
        lineObjects: [{ id: 'PDL-14521478963258' }, { id: 'CPT-77', scheme: 'ABZ' }, undefined],
      });
      expect(terms(readBack(xml))).toEqual(terms(invoice));
    });

    it('blank references are absent; an identifier object without id is a 400', () => {
      const body = fixtures['references']!;
      const blank = invoiceFromInput(input({ ...body, projectReference: '  ', invoicedObjectIdentifier: '', seller: { ...(body['seller'] as object), additionalLegalInfo: null } }));
      expect([blank.projectReference, blank.invoicedObjectIdentifier, blank.seller.additionalLegalInfo]).toEqual([undefined, undefined, undefined]);
      const r = parseInvoiceInput({ ...body, invoicedObjectIdentifier: { scheme: 'AAA' } });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues.map((i) => i.path)).toEqual(['invoicedObjectIdentifier.id']);
    });
  });
  describe('price base quantity (BT-149, BT-150)', () => {
    it('divides the line net amount, defaults BT-150 to the line unit, and is read back', () => {
      const { xml, invoice } = generateFacturXml(input(fixtures['item-details']), { rules: 'en16931' });
      // 2500 x 3.90 / 100; 12.5 x 18.40 / 1 (BT-150 alone: base 1); 3 x 21.00 / 0.75.
      expect(invoice.lines.map((l) => l.netAmount?.toFixed(2))).toEqual(['97.50', '230.00', '84.00']);
      expect(byValue(invoice.lines.map((l) => l.price))).toEqual([
        { netPrice: '3.9', baseQuantity: '100', baseQuantityUnitCode: 'C62' },
        { netPrice: '18.4', baseQuantity: '1', baseQuantityUnitCode: 'MTK' },
        { netPrice: '21', baseQuantity: '0.75', baseQuantityUnitCode: 'LTR' },
      ]);
      expect(byValue(invoice.totals)).toMatchObject({ lineNetTotal: '411.5', vatTotal: '78.19', taxInclusiveAmount: '489.69' });
      expect(xml).toContain('<ram:BasisQuantity unitCode="C62">100</ram:BasisQuantity>');
      expect(byValue(readBack(xml).lines.map((l) => l.price))).toEqual(byValue(invoice.lines.map((l) => l.price)));
    });

    it('a base quantity of zero or below is a 400 at its path', () => {
      const r = parseInvoiceInput({ ...fixtures['item-details'], items: [{ description: 'x', quantity: 1, unitPrice: 1, vatRate: 19, baseQuantity: 0 }] });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues.map((i) => i.path)).toEqual(['items[0].baseQuantity']);
    });
  });

  describe('item attributes (BG-32), classifications (BT-158) and country of origin (BT-159)', () => {
    it('are written and read back as the JSON gave them', () => {
      const { xml, invoice } = generateFacturXml(input(fixtures['item-details']), { rules: 'en16931' });
      const items = (inv: Invoice) => inv.lines.map((l) => ({ attributes: l.item.attributes, classifications: l.item.classifications, originCountry: l.item.originCountry }));
      expect(items(invoice)).toEqual([
        { attributes: [], classifications: [{ id: '44531000', scheme: 'STI', version: '2008' }, { id: '731814', scheme: 'HS' }], originCountry: 'DE' },
        { attributes: [{ name: 'Species', value: 'Quercus robur' }, { name: 'Thickness', value: '0.6 mm' }], classifications: [], originCountry: 'FR' },
        { attributes: [], classifications: [], originCountry: undefined },
      ]);
      expect(xml).toContain('<ram:ClassCode listID="STI" listVersionID="2008">44531000</ram:ClassCode>');
      expect(items(readBack(xml))).toEqual(items(invoice));
    });

    it('a classification without code or a country that is no ISO code is a 400 at its path', () => {
      const r = parseInvoiceInput({ ...fixtures['item-details'], items: [{ description: 'x', quantity: 1, unitPrice: 1, vatRate: 19, classifications: [{ scheme: 'STI' }], originCountry: 'XX' }] });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues.map((i) => i.path).sort()).toEqual(['items[0].classifications[0].code', 'items[0].originCountry']);
    });
  });

  describe('delivery (BG-13), payee (BG-10) and seller tax representative (BG-11)', () => {
    it('are written and read back as the JSON gave them', () => {
      const { xml, invoice } = generateFacturXml(input(fixtures['delivery-payee-representative']), { rules: 'en16931' });
      const parties = (inv: Invoice) => ({ delivery: inv.delivery, payee: inv.payee, taxRepresentative: inv.taxRepresentative });
      expect(parties(invoice)).toEqual({
        delivery: {
          name: 'Boulangerie Martin, atelier de Villeurbanne',
          locationId: { id: '3025418000012', scheme: '0088' },
          actualDate: '2026-11-10',
          address: { line1: '8 rue Léon Blum', line2: 'Bâtiment B', postcode: '69100', city: 'Villeurbanne', countryCode: 'FR' },
        },
        payee: { name: 'Factor Finance SA', identifier: { id: '55210055400013', scheme: '0009' }, legalRegistrationId: { id: '552100554', scheme: '0002' } },
        taxRepresentative: {
          name: 'Fiscal Représentation SARL',
          vatId: 'FR61954506077',
          address: { line1: "20 avenue de l'Opéra", postcode: '75001', city: 'Paris', countryCode: 'FR' },
        },
      });
      expect(parties(readBack(xml))).toEqual(parties(invoice));
    });

    it('deliveryCountry is the country of the deliver-to address (BT-80), as a party\'s country wins over its address', () => {
      const body = fixtures['delivery-payee-representative']!;
      const inv = invoiceFromInput(input({ ...body, deliveryCountry: 'be', deliverTo: { address: 'Rue Neuve 1, 1000 Bruxelles' } }));
      expect(inv.delivery?.address?.countryCode).toBe('BE');
      expect(inv.delivery?.address?.city).toBe('Bruxelles');
      expect(invoiceFromInput(input({ ...body, deliverTo: { name: 'Dock 4' } })).delivery).toEqual({ name: 'Dock 4', actualDate: '2026-11-10' });
    });

    it('a deliver-to address whose country cannot be told is a finding (BR-57), not a 400', () => {
      // The writer leaves out an address CII cannot hold without ram:CountryID, so this finding is ours alone: no XML is handed out.
      const body = { ...fixtures['vat-point-date'], deliverTo: { address: 'Dock 4, Hafenstraße 12' } };
      expect(parseInvoiceInput(body).ok).toBe(true);
      expect(ruleIds(body)).toEqual(['BR-57']);
    });
  });

  describe('additional supporting documents (BG-24)', () => {
    it('with an attached file, with a link, or a reference alone: written and read back, the file byte for byte', () => {
      const body = fixtures['supporting-documents']!;
      const { xml, invoice } = generateFacturXml(input(body), { rules: 'en16931' });
      const sent = (body['supportingDocuments'] as Array<{ attachment?: { content: string } }>)[0]!.attachment!.content;
      expect(invoice.supportingDocuments).toEqual([
        { reference: 'TS-2026-11', description: 'Timesheet, November', attachment: { content: sent, mimeCode: 'text/csv', filename: 'timesheet-2026-11.csv' } },
        { reference: 'DN-4471', description: 'Signed delivery note', uri: 'https://docs.example.com/dn/4471.pdf' },
        { reference: 'QUOTE-88' },
      ]);
      expect(Buffer.from(invoice.supportingDocuments[0]!.attachment!.content, 'base64').toString('utf8')).toContain('2026-11-03,7.5,Assembly');
      expect(readBack(xml).supportingDocuments).toEqual(invoice.supportingDocuments);
    });

    it('base64 with line breaks is accepted and written without them', () => {
      const body = fixtures['supporting-documents']!;
      const content = 'ZGF0ZSxob3VycwoyMDI2LTExLTAz\nLDcuNQo=';
      const inv = invoiceFromInput(input({ ...body, supportingDocuments: [{ reference: 'TS', attachment: { content, mimeCode: 'text/csv', filename: 'ts.csv' } }] }));
      expect(inv.supportingDocuments[0]!.attachment!.content).toBe('ZGF0ZSxob3VycwoyMDI2LTExLTAzLDcuNQo=');
    });

    it('an attachment that is not base64, or without MIME code or file name (mandatory in CII), is a 400 at its path', () => {
      const body = fixtures['supporting-documents']!;
      const r = parseInvoiceInput({
        ...body,
        supportingDocuments: [
          { reference: 'A', attachment: { content: 'not base64!', mimeCode: 'text/csv', filename: 'a.csv' } },
          { reference: 'B', attachment: { content: 'QUJD' } },
          { reference: 'C', attachment: { content: 'QUJDRA', mimeCode: 'pdf', filename: 'c.pdf' } },
        ],
      });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.issues.map((i) => i.path).sort()).toEqual([
          'supportingDocuments[0].attachment.content',
          'supportingDocuments[1].attachment.filename',
          'supportingDocuments[1].attachment.mimeCode',
          'supportingDocuments[2].attachment.content',
          'supportingDocuments[2].attachment.mimeCode',
        ]);
      }
    });
  });

  describe('VAT point date (BT-7) and VAT point date code (BT-8)', () => {
    it('each is written once, in the first VAT breakdown where CII carries it, and read back', () => {
      const dated = generateFacturXml(input(fixtures['vat-point-date']), { rules: 'en16931' });
      expect(dated.invoice.taxPointDate).toBe('2026-11-10');
      expect(dated.xml.match(/<ram:TaxPointDate>\s*<udt:DateString format="102">20261110<\/udt:DateString>/g)).toHaveLength(1);
      expect(dated.xml).not.toContain('DueDateTypeCode');
      expect(readBack(dated.xml).taxPointDate).toBe('2026-11-10');

      const coded = generateFacturXml(input(fixtures['vat-point-code-rounding-card']), { rules: 'en16931' });
      expect(coded.invoice.taxPointDateCode).toBe('5');
      expect(coded.xml.match(/<ram:DueDateTypeCode>5<\/ram:DueDateTypeCode>/g)).toHaveLength(1);
      expect(coded.xml).not.toContain('TaxPointDate');
      expect(readBack(coded.xml).taxPointDateCode).toBe('5');
    });
  });

  describe('rounding amount (BT-114)', () => {
    it('is added to the amount due (BR-CO-16), in decimals, and read back', () => {
      const { xml, invoice } = generateFacturXml(input(fixtures['vat-point-code-rounding-card']), { rules: 'en16931' });
      // 3 x 24.99 = 74.97; VAT 21 % = 15.7437 -> 15.74; 90.71 - 20.00 paid - 0.01 = 70.70.
      expect(byValue(invoice.totals)).toMatchObject({ taxInclusiveAmount: '90.71', prepaidAmount: '20', roundingAmount: '-0.01', amountDue: '70.7' });
      expect(xml).toContain('<ram:RoundingAmount>-0.01</ram:RoundingAmount>');
      expect(byValue(readBack(xml).totals)).toEqual(byValue(invoice.totals));
    });
  });

  describe('payment card (BG-18) and direct debit (BG-19)', () => {
    it('are written and read back, with their default payment means codes (48 card, 59 SEPA direct debit)', () => {
      const card = generateFacturXml(input(fixtures['vat-point-code-rounding-card']), { rules: 'en16931' });
      expect(card.invoice.paymentInstructions).toEqual({ typeCode: '48', creditTransfers: [], card: { accountNumber: '4242', holderName: 'J. JANSEN' } });
      expect(readBack(card.xml).paymentInstructions).toEqual(card.invoice.paymentInstructions);

      const debit = generateFacturXml(input(fixtures['direct-debit']), { rules: 'en16931' });
      expect(debit.invoice.paymentInstructions).toEqual({
        typeCode: '59',
        creditTransfers: [],
        directDebit: { mandateReference: 'MANDAT-2024-0042', creditorId: 'FR12ZZZ123456', debitedAccountId: 'FR7610278060410002048520175' },
      });
      expect(readBack(debit.xml).paymentInstructions).toEqual(debit.invoice.paymentInstructions);
    });

    it('a direct debit from an account outside SEPA gets 49; an explicit type code wins', () => {
      const body = fixtures['direct-debit']!;
      expect(invoiceFromInput(input({ ...body, paymentMeans: { directDebit: { mandateReference: 'M-1', debitedAccount: '123456789' } } })).paymentInstructions?.typeCode).toBe('49');
      expect(invoiceFromInput(input({ ...body, paymentMeans: { typeCode: '49', directDebit: { mandateReference: 'M-1' } } })).paymentInstructions?.typeCode).toBe('49');
    });

    it('a full card number is a 400 that does not repeat it (only the last 4 to 6 digits may be given, BR-51)', () => {
      const body = fixtures['vat-point-code-rounding-card']!;
      const r = parseInvoiceInput({ ...body, paymentMeans: { card: { lastDigits: '4111 1111 1111 1111' } } });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.issues.map((i) => i.path)).toEqual(['paymentMeans.card.lastDigits']);
        expect(JSON.stringify(r.issues)).not.toContain('4111');
      }
    });
  });

  it("the input examples of docs/API.md are these fixtures: a discounted invoice with shipping, a credit note, a period invoice", () => {
    const readme = readFileSync(resolve(import.meta.dirname, '..', '..', 'docs', 'API.md'), 'utf8');
    for (const name of ['discount-and-shipping', 'credit-note', 'period-invoice']) {
      const at = readme.indexOf(`the \`${name}\` fixture`);
      expect(at, name).toBeGreaterThan(0);
      const block = /```json\n([\s\S]*?)\n```/.exec(readme.slice(at))![1]!;
      expect(byValue(invoiceFromInput(input(JSON.parse(block)))), name).toEqual(byValue(invoiceFromInput(input(fixtures[name]))));
    }
  });

  describe('credit note (BT-3 381)', () => {
    it('is written with its preceding invoice (BG-3) and read back', () => {
      const { xml, invoice } = generateFacturXml(input(fixtures['credit-note']), { rules: 'en16931' });
      expect(invoice.typeCode).toBe('381');
      expect(invoice.precedingInvoices).toEqual([{ reference: 'T-2026-101', issueDate: '2026-11-02' }]);
      // 40.00 - 4.00 (10 %) = 36.00; VAT 7.20; 43.20.
      expect(byValue(invoice.totals)).toMatchObject({ lineNetTotal: '40', allowanceTotal: '4', taxExclusiveAmount: '36', vatTotal: '7.2', amountDue: '43.2' });
      const back = readBack(xml);
      expect([back.typeCode, back.precedingInvoices]).toEqual([invoice.typeCode, invoice.precedingInvoices]);
    });

    it('as docs/API.md shows it, passes the French rules too (rules auto, a French seller)', () => {
      const validation = checkInvoiceInput(input(fixtures['credit-note']));
      expect(validation.ruleSets).toEqual(['EN 16931 CII 1.3.16', 'BR-FR 1.4.0.02']);
      expect(validation.errors).toEqual([]);
    });
  });
});
