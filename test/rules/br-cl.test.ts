/**
 * BR-CL code-list rules: a table of minimal passing and failing cases per rule
 * (rule id and path asserted, never the message), the registry against the
 * official catalogue, and the generated code lists against the official
 * verdicts of the shared conformance corpus.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notImplemented, rules } from '../../lib/rules/br-cl/index.js';
import * as codelists from '../../lib/rules/codelists/index.js';
import { dec } from '../../lib/model/decimal.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { runRules } from '../../lib/rules/engine.js';
import { validInvoice } from '../fixtures/model.js';
import { describeCaseCoverage, describeFamilyRegistry } from './registry-checks.js';
import { requireShared } from '../shared-path.js';

interface Case {
  name: string;
  change: (inv: Invoice) => void;
  expect: string[];
}

const none = (): void => {};

const CASES: Record<string, Case[]> = {
  'BR-CL-01': [
    { name: '380 commercial invoice', change: none, expect: [] },
    { name: '381 credit note', change: (inv) => (inv.typeCode = '381'), expect: [] },
    { name: 'surrounding blanks are ignored', change: (inv) => (inv.typeCode = ' 389 '), expect: [] },
    { name: 'blank counts as absent (BR-04 reports it)', change: (inv) => (inv.typeCode = ' '), expect: [] },
    { name: 'unknown code', change: (inv) => (inv.typeCode = '999'), expect: ['BR-CL-01@typeCode'] },
  ],
  'BR-CL-03': [
    { name: 'VAT total in EUR', change: none, expect: [] },
    { name: 'VAT total in an unknown currency', change: (inv) => (inv.currency = 'XYZ'), expect: ['BR-CL-03@totals.vatTotal'] },
    { name: 'no VAT total: no currencyID to check', change: (inv) => {
      inv.currency = 'XYZ';
      inv.totals.vatTotal = undefined;
    }, expect: [] },
    { name: 'VAT total in accounting currency with an unknown BT-6', change: (inv) => {
      inv.vatAccountingCurrency = 'ABC';
      inv.totals.vatTotalInAccountingCurrency = dec('21.00');
    }, expect: ['BR-CL-03@totals.vatTotalInAccountingCurrency'] },
    { name: 'VAT total in accounting currency in USD', change: (inv) => {
      inv.vatAccountingCurrency = 'USD';
      inv.totals.vatTotalInAccountingCurrency = dec('21.00');
    }, expect: [] },
  ],
  'BR-CL-04': [
    { name: 'EUR', change: none, expect: [] },
    { name: 'CHF', change: (inv) => (inv.currency = 'CHF'), expect: [] },
    { name: 'lower case is not a code', change: (inv) => (inv.currency = 'eur'), expect: ['BR-CL-04@currency'] },
    { name: 'unknown', change: (inv) => (inv.currency = 'XYZ'), expect: ['BR-CL-04@currency'] },
  ],
  'BR-CL-05': [
    { name: 'absent', change: none, expect: [] },
    { name: 'USD', change: (inv) => (inv.vatAccountingCurrency = 'USD'), expect: [] },
    { name: 'unknown', change: (inv) => (inv.vatAccountingCurrency = 'EURO'), expect: ['BR-CL-05@vatAccountingCurrency'] },
  ],
  'BR-CL-06': [
    { name: '5 (invoice date)', change: (inv) => (inv.taxPointDateCode = '5'), expect: [] },
    { name: '72 (paid to date)', change: (inv) => (inv.taxPointDateCode = '72'), expect: [] },
    { name: '3 is the UBL code, not the CII one', change: (inv) => (inv.taxPointDateCode = '3'), expect: ['BR-CL-06@taxPointDateCode'] },
  ],
  'BR-CL-07': [
    { name: 'invoiced object with scheme AAA', change: (inv) => (inv.invoicedObjectIdentifier = { id: 'OBJ-1', scheme: 'AAA' }), expect: [] },
    { name: 'invoiced object without scheme', change: (inv) => (inv.invoicedObjectIdentifier = { id: 'OBJ-1' }), expect: [] },
    { name: 'invoiced object with unknown scheme', change: (inv) => (inv.invoicedObjectIdentifier = { id: 'OBJ-1', scheme: 'ZZZZ' }), expect: ['BR-CL-07@invoicedObjectIdentifier.scheme'] },
    { name: 'line object with unknown scheme', change: (inv) => (inv.lines[0]!.objectIdentifier = { id: 'L-OBJ', scheme: 'Q9' }), expect: ['BR-CL-07@lines[0].objectIdentifier.scheme'] },
  ],
  'BR-CL-08': [
    { name: 'note subject AAI', change: (inv) => inv.notes.push({ subjectCode: 'AAI', text: 'General information' }), expect: [] },
    { name: 'note without subject', change: (inv) => inv.notes.push({ text: 'Hello' }), expect: [] },
    { name: 'unknown subject on the second note', change: (inv) => inv.notes.push({ subjectCode: 'REG', text: 'a' }, { subjectCode: 'XX1', text: 'b' }), expect: ['BR-CL-08@notes[1].subjectCode'] },
  ],
  'BR-CL-10': [
    { name: 'seller identifier with GLN scheme 0088', change: (inv) => inv.seller.identifiers.push({ id: '5412345000013', scheme: '0088' }), expect: [] },
    { name: 'seller identifier without scheme', change: (inv) => inv.seller.identifiers.push({ id: 'S-1' }), expect: [] },
    { name: 'seller identifier with an EAS-only code', change: (inv) => inv.seller.identifiers.push({ id: 'x', scheme: '9930' }), expect: ['BR-CL-10@seller.identifiers[0].scheme'] },
    { name: 'buyer identifier with 0248 (the last code of the release 1.3.16 list)', change: (inv) => (inv.buyer.identifier = { id: 'x', scheme: '0248' }), expect: [] },
    { name: 'buyer identifier with 0249 (not in it)', change: (inv) => (inv.buyer.identifier = { id: 'x', scheme: '0249' }), expect: ['BR-CL-10@buyer.identifier.scheme'] },
    { name: 'payee identifier with a non-code', change: (inv) => (inv.payee = { name: 'Factor', identifier: { id: 'x', scheme: 'SIRET' } }), expect: ['BR-CL-10@payee.identifier.scheme'] },
  ],
  'BR-CL-11': [
    { name: 'seller SIREN with 0002', change: none, expect: [] },
    { name: 'buyer with an EAS-only code', change: (inv) => (inv.buyer.legalRegistrationId = { id: 'x', scheme: '9930' }), expect: ['BR-CL-11@buyer.legalRegistrationId.scheme'] },
    { name: 'seller with 0001 (withdrawn from the list)', change: (inv) => (inv.seller.legalRegistrationId = { id: 'x', scheme: '0001' }), expect: ['BR-CL-11@seller.legalRegistrationId.scheme'] },
    { name: 'payee with a non-code', change: (inv) => (inv.payee = { name: 'Factor', legalRegistrationId: { id: 'x', scheme: 'FR' } }), expect: ['BR-CL-11@payee.legalRegistrationId.scheme'] },
  ],
  'BR-CL-13': [
    { name: 'classification STI', change: (inv) => inv.lines[0]!.item.classifications.push({ id: '123', scheme: 'STI' }), expect: [] },
    { name: 'unknown classification scheme', change: (inv) => inv.lines[0]!.item.classifications.push({ id: '123', scheme: 'CPV' }), expect: ['BR-CL-13@lines[0].item.classifications[0].scheme'] },
  ],
  'BR-CL-14': [
    { name: 'FR addresses', change: none, expect: [] },
    { name: 'XI (Northern Ireland) is accepted', change: (inv) => (inv.buyer.address.countryCode = 'XI'), expect: [] },
    { name: 'EL is a VAT prefix, not a country code', change: (inv) => (inv.buyer.address.countryCode = 'EL'), expect: ['BR-CL-14@buyer.address.countryCode'] },
    { name: 'unknown tax representative and deliver-to countries', change: (inv) => {
      inv.taxRepresentative = { name: 'Rep', vatId: 'FR40303265045', address: { countryCode: 'UK' } };
      inv.delivery = { address: { countryCode: 'XX' } };
    }, expect: ['BR-CL-14@taxRepresentative.address.countryCode', 'BR-CL-14@delivery.address.countryCode'] },
    { name: 'SS is missing from the CEN list (the official test rejects it)', change: (inv) => (inv.seller.address.countryCode = 'SS'), expect: ['BR-CL-14@seller.address.countryCode'] },
  ],
  'BR-CL-15': [
    { name: 'origin DE', change: (inv) => (inv.lines[0]!.item.originCountry = 'DE'), expect: [] },
    { name: 'origin UK', change: (inv) => (inv.lines[0]!.item.originCountry = 'UK'), expect: ['BR-CL-15@lines[0].item.originCountry'] },
  ],
  'BR-CL-16': [
    { name: '58 SEPA credit transfer', change: (inv) => (inv.paymentInstructions = { typeCode: '58', creditTransfers: [] }), expect: [] },
    { name: 'ZZZ', change: (inv) => (inv.paymentInstructions = { typeCode: 'ZZZ', creditTransfers: [] }), expect: [] },
    { name: '71 is not in the list', change: (inv) => (inv.paymentInstructions = { typeCode: '71', creditTransfers: [] }), expect: ['BR-CL-16@paymentInstructions.typeCode'] },
  ],
  'BR-CL-17': [
    { name: 'allowance S', change: (inv) => inv.allowances.push({ amount: dec('1'), vatCategory: 'S', vatRate: dec('20') }), expect: [] },
    { name: 'allowance Q and charge VAT', change: (inv) => {
      inv.allowances.push({ amount: dec('1'), vatCategory: 'Q' });
      inv.charges.push({ amount: dec('1'), vatCategory: 'VAT' });
    }, expect: ['BR-CL-17@allowances[0].vatCategory', 'BR-CL-17@charges[0].vatCategory'] },
  ],
  'BR-CL-18': [
    { name: 'S line and breakdown', change: none, expect: [] },
    { name: 'B (split payment) is in the list', change: (inv) => (inv.lines[0]!.vat.category = 'B'), expect: [] },
    { name: 'unknown breakdown and line categories', change: (inv) => {
      inv.vatBreakdown[0]!.category = 'A';
      inv.lines[0]!.vat.category = 'Q';
    }, expect: ['BR-CL-18@vatBreakdown[0].category', 'BR-CL-18@lines[0].vat.category'] },
  ],
  'BR-CL-19': [
    { name: 'allowance reason 95', change: (inv) => inv.allowances.push({ amount: dec('1'), vatCategory: 'S', reasonCode: '95' }), expect: [] },
    { name: 'document allowance with a charge code', change: (inv) => inv.allowances.push({ amount: dec('1'), vatCategory: 'S', reasonCode: 'ABK' }), expect: ['BR-CL-19@allowances[0].reasonCode'] },
    { name: 'line allowance with an unknown code', change: (inv) => inv.lines[0]!.allowances.push({ amount: dec('1'), reasonCode: '999' }), expect: ['BR-CL-19@lines[0].allowances[0].reasonCode'] },
  ],
  'BR-CL-20': [
    { name: 'charge reason FC', change: (inv) => inv.charges.push({ amount: dec('1'), vatCategory: 'S', reasonCode: 'FC' }), expect: [] },
    { name: 'document charge with an allowance code', change: (inv) => inv.charges.push({ amount: dec('1'), vatCategory: 'S', reasonCode: '95' }), expect: ['BR-CL-20@charges[0].reasonCode'] },
    { name: 'line charge with an unknown code', change: (inv) => inv.lines[0]!.charges.push({ amount: dec('1'), reasonCode: 'QQQ' }), expect: ['BR-CL-20@lines[0].charges[0].reasonCode'] },
  ],
  'BR-CL-21': [
    { name: 'GTIN with scheme 0160', change: (inv) => (inv.lines[0]!.item.standardId = { id: '4012345678901', scheme: '0160' }), expect: [] },
    { name: 'scheme written as a name', change: (inv) => (inv.lines[0]!.item.standardId = { id: '4012345678901', scheme: 'GTIN' }), expect: ['BR-CL-21@lines[0].item.standardId.scheme'] },
  ],
  'BR-CL-22': [
    { name: 'VATEX-EU-O', change: (inv) => (inv.vatBreakdown[0]!.exemptionReasonCode = 'VATEX-EU-O'), expect: [] },
    { name: 'lower case is accepted (the artefact upper-cases)', change: (inv) => (inv.vatBreakdown[0]!.exemptionReasonCode = 'vatex-eu-ae'), expect: [] },
    { name: 'unknown', change: (inv) => (inv.vatBreakdown[0]!.exemptionReasonCode = 'VATEX-EU-999'), expect: ['BR-CL-22@vatBreakdown[0].exemptionReasonCode'] },
  ],
  'BR-CL-23': [
    { name: 'C62', change: none, expect: [] },
    { name: 'base quantity in KGM', change: (inv) => (inv.lines[0]!.price.baseQuantityUnitCode = 'KGM'), expect: [] },
    { name: 'invented unit', change: (inv) => (inv.lines[0]!.unitCode = 'PIECES'), expect: ['BR-CL-23@lines[0].unitCode'] },
    { name: 'lower-case base quantity unit', change: (inv) => (inv.lines[0]!.price.baseQuantityUnitCode = 'kgm'), expect: ['BR-CL-23@lines[0].price.baseQuantityUnitCode'] },
  ],
  'BR-CL-24': [
    { name: 'PDF attachment', change: (inv) => inv.supportingDocuments.push({ reference: 'R1', attachment: { content: 'JVBERi0=', mimeCode: 'application/pdf' } }), expect: [] },
    { name: 'XML attachment', change: (inv) => inv.supportingDocuments.push({ reference: 'R1', attachment: { content: 'PHg+', mimeCode: 'application/xml' } }), expect: ['BR-CL-24@supportingDocuments[0].attachment.mimeCode'] },
    { name: 'surrounding blank (the artefact compares exactly)', change: (inv) => inv.supportingDocuments.push({ reference: 'R1', attachment: { content: 'JVBERi0=', mimeCode: ' image/png' } }), expect: ['BR-CL-24@supportingDocuments[0].attachment.mimeCode'] },
  ],
  'BR-CL-25': [
    { name: 'seller 0225 and buyer EM', change: (inv) => {
      inv.seller.electronicAddress = { id: '732829320', scheme: '0225' };
      inv.buyer.electronicAddress = { id: 'ap@example.com', scheme: 'EM' };
    }, expect: [] },
    { name: 'deprecated 9958', change: (inv) => (inv.buyer.electronicAddress = { id: 'x', scheme: '9958' }), expect: ['BR-CL-25@buyer.electronicAddress.scheme'] },
    { name: 'SMTP is not an EAS code', change: (inv) => (inv.seller.electronicAddress = { id: 'a@b.fr', scheme: 'SMTP' }), expect: ['BR-CL-25@seller.electronicAddress.scheme'] },
  ],
  'BR-CL-26': [
    { name: 'GLN location', change: (inv) => (inv.delivery = { locationId: { id: '5412345000013', scheme: '0088' } }), expect: [] },
    { name: 'scheme written as a name', change: (inv) => (inv.delivery = { locationId: { id: '5412345000013', scheme: 'GLN' } }), expect: ['BR-CL-26@delivery.locationId.scheme'] },
  ],
};

const byId = new Map(rules.map((r) => [r.id, r]));

describe('BR-CL rules: table of cases', () => {
  for (const [id, cases] of Object.entries(CASES)) {
    describe(id, () => {
      it.each(cases)('$name', ({ change, expect: expected }) => {
        const rule = byId.get(id);
        expect(rule, `${id} is in the index`).toBeDefined();
        const inv = validInvoice();
        change(inv);
        const report = runRules(inv, [rule!]);
        expect([...report.errors, ...report.warnings].map((f) => `${f.rule}@${f.path}`)).toEqual(expected);
      });
    });
  }
});

describeFamilyRegistry('BR-CL', { ids: /^BR-CL-\d+$/, rules, notImplemented, count: 23, folder: 'br-cl', everyTermNamed: true });

describeCaseCoverage('BR-CL', rules, CASES);

describe('generated code lists', () => {
  it.each([
    ['INVOICE_TYPE_CODES', ['380', '381', '384', '386', '389']],
    ['CURRENCY_CODES', ['EUR', 'USD', 'CHF', 'GBP']],
    ['COUNTRY_CODES', ['FR', 'DE', 'IT', '1A', 'XI']],
    ['ICD_CODES', ['0002', '0009', '0088', '0225']],
    ['EAS_CODES', ['0009', '0088', '0225', '9930', 'EM']],
    ['UNIT_CODES', ['C62', 'H87', 'KGM', 'HUR', 'DAY']],
    ['VAT_CATEGORY_CODES', ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M', 'B']],
    ['VATEX_CODES', ['VATEX-EU-AE', 'VATEX-EU-IC', 'VATEX-EU-G', 'VATEX-EU-O', 'VATEX-FR-FRANCHISE']],
    ['PAYMENT_MEANS_CODES', ['30', '42', '48', '49', '58', '59']],
    ['TAX_POINT_DATE_CODES', ['5', '29', '72']],
  ] as const)('%s holds the everyday codes', (name, codes) => {
    const list = codelists[name];
    for (const code of codes) expect(list.has(code), `${name} has ${code}`).toBe(true);
  });
});

/**
 * For every CII invoice of the shared corpus, a BR-CL rule fires officially
 * exactly when one of the document's codes (pulled from the XML text with the
 * rule's context) is missing from our list: the lists are the ones of 1.3.16.
 */
describe('code lists agree with the official verdicts of the conformance corpus', () => {
  const base = requireShared('conformance');
  const expected = JSON.parse(readFileSync(join(base, 'expected.json'), 'utf8')) as Record<string, { fatal: string[] }>;
  const open = (tag: string): string => `<(?:\\w+:)?${tag}\\b[^>]*>`;
  const blocks = (xml: string, tag: string): string[] =>
    [...xml.matchAll(new RegExp(`${open(tag)}([\\s\\S]*?)</(?:\\w+:)?${tag}>`, 'g'))].map((m) => m[1] ?? '');
  const texts = (xml: string, tag: string): string[] => [...xml.matchAll(new RegExp(`${open(tag)}([^<]*)<`, 'g'))].map((m) => (m[1] ?? '').trim());
  const attrs = (xml: string, re: RegExp): string[] => [...xml.matchAll(re)].map((m) => (m[1] ?? '').trim());

  const extractors: Array<[string, ReadonlySet<string>, (xml: string) => string[]]> = [
    ['BR-CL-01', codelists.INVOICE_TYPE_CODES, (x) => blocks(x, 'ExchangedDocument').flatMap((b) => texts(b, 'TypeCode'))],
    ['BR-CL-03', codelists.CURRENCY_CODES, (x) => attrs(x, /<(?:\w+:)?TaxTotalAmount\b[^>]*\bcurrencyID="([^"]*)"/g)],
    ['BR-CL-04', codelists.CURRENCY_CODES, (x) => texts(x, 'InvoiceCurrencyCode')],
    ['BR-CL-05', codelists.CURRENCY_CODES, (x) => texts(x, 'TaxCurrencyCode')],
    ['BR-CL-06', codelists.TAX_POINT_DATE_CODES, (x) => texts(x, 'DueDateTypeCode')],
    ['BR-CL-08', codelists.TEXT_SUBJECT_CODES, (x) => texts(x, 'SubjectCode')],
    ['BR-CL-11', codelists.ICD_CODES, (x) => [...x.matchAll(/(<(?:\w+:)?SpecifiedTaxRegistration>\s*)?<(?:\w+:)?ID\b[^>]*\bschemeID="([^"]*)"/g)].filter((m) => !m[1]).map((m) => (m[2] ?? '').trim())],
    ['BR-CL-13', codelists.ITEM_CLASSIFICATION_CODES, (x) => attrs(x, /<(?:\w+:)?ClassCode\b[^>]*\blistID="([^"]*)"/g)],
    ['BR-CL-14', codelists.COUNTRY_CODES, (x) => texts(x, 'CountryID')],
    ['BR-CL-16', codelists.PAYMENT_MEANS_CODES, (x) => blocks(x, 'SpecifiedTradeSettlementPaymentMeans').flatMap((b) => texts(b, 'TypeCode').slice(0, 1))],
    ['BR-CL-17', codelists.VAT_CATEGORY_CODES, (x) => blocks(x, 'CategoryTradeTax').flatMap((b) => texts(b, 'CategoryCode'))],
    ['BR-CL-18', codelists.VAT_CATEGORY_CODES, (x) => blocks(x, 'ApplicableTradeTax').flatMap((b) => texts(b, 'CategoryCode'))],
    ['BR-CL-19', codelists.ALLOWANCE_REASON_CODES, (x) => blocks(x, 'SpecifiedTradeAllowanceCharge').filter((b) => /Indicator>\s*false/.test(b)).flatMap((b) => texts(b, 'ReasonCode'))],
    ['BR-CL-20', codelists.CHARGE_REASON_CODES, (x) => blocks(x, 'SpecifiedTradeAllowanceCharge').filter((b) => /Indicator>\s*true/.test(b)).flatMap((b) => texts(b, 'ReasonCode'))],
    ['BR-CL-22', codelists.VATEX_CODES, (x) => texts(x, 'ExemptionReasonCode').map((c) => c.toUpperCase())],
    ['BR-CL-23', codelists.UNIT_CODES, (x) => attrs(x, /<(?:\w+:)?(?:BilledQuantity|BasisQuantity)\b[^>]*\bunitCode="([^"]*)"/g)],
    ['BR-CL-25', codelists.EAS_CODES, (x) => blocks(x, 'URIUniversalCommunication').flatMap((b) => attrs(b, /schemeID="([^"]*)"/g))],
  ];

  const files = Object.keys(expected)
    .map((file) => ({ file, xml: readFileSync(join(base, file), 'utf8').replace(/<!--[\s\S]*?-->/g, '') }))
    .filter(({ xml }) => /<(?:\w+:)?CrossIndustryInvoice\b/.test(xml));

  it('covers a real corpus', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it.each(extractors.map(([rule, list, extract]) => ({ rule, list, extract })))('$rule', ({ rule, list, extract }) => {
    const disagreements: string[] = [];
    for (const { file, xml } of files) {
      const unknown = extract(xml).filter((code) => !list.has(code));
      const official = expected[file]!.fatal.includes(rule);
      if ((unknown.length > 0) !== official) disagreements.push(`${file}: ours [${unknown.join(',')}], official ${official}`);
    }
    expect(disagreements).toEqual([]);
  });
});
