/**
 * The French coherence rules (BR-FR-CO-nn) on UBL: what a global discount
 * credit note requires (CO-03), corrective invoices reference one preceding
 * invoice (CO-04), credit notes reference the preceding invoice (CO-05), due
 * dates (CO-07), billing framework and type (CO-08), already-paid invoices
 * (CO-09), identifier schemes (CO-10), invoices not in euros (CO-12),
 * members of a VAT group (CO-14, CO-15).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import type { RuleDocument } from '../../document/document.js';
import { definePattern, type DocumentRule } from '../../document/types.js';
import { anyEq, anyIn, attr, has, kids, one, path, stringValue, xpathNumber } from '../../document/xpath.js';
import { noteValue, roots } from './common.js';

const set = (...v: string[]) => new Set(v);
const typeCodes = (root: CiiElement) => [...kids(root, 'cbc:InvoiceTypeCode'), ...kids(root, 'cbc:CreditNoteTypeCode')];
const PAID = set('B2', 'S2', 'M2');

/** Pattern `BR-FR-CO-03`: BR-FR-CO-03_BT-3 (BT-3, BT-12, BT-73, BT-74). */
export const BR_FR_CO_03 = definePattern('BR-FR-CO-03', {
  context: 'cn:CreditNote',
  asserts: [
    {
      id: 'BR-FR-CO-03_BT-3',
      flag: 'fatal',
      terms: ['BT-3', 'BT-12', 'BT-73', 'BT-74'],
      message: 'A global discount credit note (BT-3 = 262) requires the contract reference (BT-12) and the invoicing period start and end dates (BT-73, BT-74).',
      test: (el) =>
        !anyEq(kids(el, 'cbc:CreditNoteTypeCode'), '262') ||
        (one(path(el, 'cac:ContractDocumentReference/cbc:ID')) !== '' && one(path(el, 'cac:InvoicePeriod/cbc:StartDate')) !== '' && one(path(el, 'cac:InvoicePeriod/cbc:EndDate')) !== ''),
    },
  ],
});

/** Pattern `BR-FR-CO-04`: BR-FR-CO-04_BT-3 (BT-3, BG-3, BT-25). */
export const BR_FR_CO_04 = definePattern('BR-FR-CO-04', {
  context: roots(),
  asserts: [
    {
      id: 'BR-FR-CO-04_BT-3',
      flag: 'fatal',
      terms: ['BT-3', 'BG-3', 'BT-25'],
      message: 'A corrective invoice (BT-3 = 384, 471, 472 or 473) must reference exactly one preceding invoice (BG-3, BT-25).',
      test: (el) => !anyIn(kids(el, 'cbc:InvoiceTypeCode'), set('384', '471', '472', '473')) || kids(el, 'cac:BillingReference').length === 1,
    },
  ],
});

/** A preceding-invoice reference with its number (BT-25) and date (BT-26). */
const complete = (ref: CiiElement) => has(ref, 'cbc:ID') && has(ref, 'cbc:IssueDate');

/** Pattern `BR-FR-CO-05`: BR-FR-CO-05_BT-3 (BT-3, BT-25, BT-26). */
export const BR_FR_CO_05 = definePattern('BR-FR-CO-05', {
  context: 'cn:CreditNote',
  asserts: [
    {
      id: 'BR-FR-CO-05_BT-3',
      flag: 'fatal',
      terms: ['BT-3', 'BT-25', 'BT-26'],
      message: 'A credit note (BT-3 = 261, 381, 396, 502 or 503) must reference the preceding invoice with its number (BT-25) and issue date (BT-26), in the header or on every line.',
      test: (el) => {
        if (!anyIn(kids(el, 'cbc:CreditNoteTypeCode'), set('261', '381', '396', '502', '503'))) return true;
        if (path(el, 'cac:BillingReference/cac:InvoiceDocumentReference').filter(complete).length >= 1) return true;
        const own = kids(el, 'cbc:ID').map(stringValue);
        const eqOwn = (els: readonly CiiElement[]) => els.some((x) => own.includes(stringValue(x)));
        const neOwn = (els: readonly CiiElement[]) => els.some((x) => own.some((id) => id !== stringValue(x)));
        const counted = kids(el, 'cac:CreditNoteLine').filter(
          (line) =>
            !eqOwn(path(line, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')) ||
            anyEq(path(kids(line, 'cac:BillingReference').filter((b) => eqOwn(path(b, 'cac:InvoiceDocumentReference/cbc:ID'))), 'cac:InvoiceDocumentReference/cbc:DocumentStatusCode'), 'DETAIL'),
        );
        const referenced = counted.filter((line) =>
          kids(line, 'cac:BillingReference')
            .filter((b) => neOwn(path(b, 'cac:InvoiceDocumentReference/cbc:ID')))
            .some((b) => kids(b, 'cac:InvoiceDocumentReference').some(complete)),
        );
        return referenced.length === counted.length;
      },
    },
  ],
});

/** Pattern `BR-FR-CO-07`: BR-FR-CO-07_BT-9 (BT-9, BT-2). */
export const BR_FR_CO_07 = definePattern('BR-FR-CO-07', {
  context: roots(),
  asserts: [
    {
      id: 'BR-FR-CO-07_BT-9',
      flag: 'fatal',
      terms: ['BT-9', 'BT-2'],
      message: 'The payment due date (BT-9) must not be before the invoice issue date (BT-2), except for prepayment invoices (386, 500, 503) and already-paid invoices (BT-23 = B2, S2, M2).',
      test: (el) => {
        const due = kids(el, 'cbc:DueDate');
        if (due.length === 0) return true;
        if (anyIn(typeCodes(el), set('386', '500', '503')) || anyIn(kids(el, 'cbc:ProfileID'), PAID)) return true;
        // `$dueDate < $issueDate` on untyped values: a string comparison, true when some pair compares so.
        const issues = kids(el, 'cbc:IssueDate').map(stringValue);
        return !due.some((d) => issues.some((i) => stringValue(d) < i));
      },
    },
  ],
});

/** Pattern `BR-FR-CO-08`: BR-FR-CO-08_BT-23 (BT-23, BT-3). */
export const BR_FR_CO_08 = definePattern('BR-FR-CO-08', {
  context: roots(),
  asserts: [
    {
      id: 'BR-FR-CO-08_BT-23',
      flag: 'fatal',
      terms: ['BT-23', 'BT-3'],
      message: 'A prepayment invoice (BT-3 = 386, 500 or 503) cannot be issued under the billing frameworks B4, S4 or M4 (BT-23).',
      test: (el) => !anyIn(kids(el, 'cbc:ProfileID'), set('B4', 'S4', 'M4')) || !anyIn(typeCodes(el), set('386', '500', '503')),
    },
  ],
});

/** XPath `number(x)` of at most one element: NaN for none. */
const number = (els: readonly CiiElement[]) => (els.length === 0 ? Number.NaN : xpathNumber(one(els)));
const paid = (el: CiiElement) => anyIn(kids(el, 'cbc:ProfileID'), PAID);

/** Pattern `BR-FR-CO-09`: BR-FR-CO-09_BT-23-1, BR-FR-CO-09_BT-23-2, BR-FR-CO-09_BT-23-3 (BT-23, BT-113, BT-112, BT-115, BT-9). */
export const BR_FR_CO_09 = definePattern('BR-FR-CO-09', {
  context: roots(),
  asserts: [
    {
      id: 'BR-FR-CO-09_BT-23-1',
      flag: 'fatal',
      terms: ['BT-23', 'BT-113', 'BT-112'],
      message: 'An already-paid invoice (BT-23 = B2, S2 or M2) must have the paid amount (BT-113) equal to the total with VAT (BT-112).',
      test: (el) => !paid(el) || number(path(el, 'cac:LegalMonetaryTotal/cbc:PrepaidAmount')) === number(path(el, 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')),
    },
    {
      id: 'BR-FR-CO-09_BT-23-2',
      flag: 'fatal',
      terms: ['BT-23', 'BT-115'],
      message: 'An already-paid invoice (BT-23 = B2, S2 or M2) must have an amount due for payment (BT-115) of zero.',
      test: (el) => !paid(el) || number(path(el, 'cac:LegalMonetaryTotal/cbc:PayableAmount')) === 0,
    },
    {
      id: 'BR-FR-CO-09_BT-23-3',
      flag: 'fatal',
      terms: ['BT-23', 'BT-9'],
      message: 'An already-paid invoice (BT-23 = B2, S2 or M2) must give the payment date as due date (BT-9).',
      test: (el, doc: RuleDocument) => {
        if (!paid(el)) return true;
        const dates = [...kids(el, 'cbc:DueDate'), ...path(el, 'cac:PaymentMeans/cbc:PaymentDueDate')].sort((a, b) => doc.position(a) - doc.position(b));
        return one(dates) !== '';
      },
    },
  ],
});

interface Holder {
  term: string;
  what: string;
  context: string | string[];
  ids: string;
}

const HOLDERS: readonly Holder[] = [
  { term: 'BT-29', what: 'seller', context: 'cac:AccountingSupplierParty/cac:Party', ids: 'cac:PartyIdentification/cbc:ID' },
  { term: 'BT-46', what: 'buyer', context: 'cac:AccountingCustomerParty/cac:Party', ids: 'cac:PartyIdentification/cbc:ID' },
  { term: 'BT-60', what: 'payee', context: 'cac:PayeeParty', ids: 'cac:PartyIdentification/cbc:ID' },
  { term: 'EXT-FR-FE-06', what: "buyer's agent", context: 'cac:AccountingCustomerParty/cac:Party/cac:AgentParty', ids: 'cac:PartyIdentification/cbc:ID' },
  { term: 'EXT-FR-FE-46', what: 'payer', context: 'cac:PaymentMeans/cac:PaymentMandate/cac:PayerParty', ids: 'cac:PartyIdentification/cbc:ID' },
  { term: 'EXT-FR-FE-69', what: "seller's agent", context: 'cac:AccountingSupplierParty/cac:Party/cac:AgentParty', ids: 'cac:PartyIdentification/cbc:ID' },
  { term: 'EXT-FR-FE-92', what: 'invoicee', context: 'cac:AccountingCustomerParty/cac:Party/cac:ServiceProviderParty/cac:Party', ids: 'cac:PartyIdentification/cbc:ID' },
  { term: 'EXT-FR-FE-115', what: 'invoicer', context: 'cac:AccountingSupplierParty/cac:Party/cac:ServiceProviderParty/cac:Party', ids: 'cac:PartyIdentification/cbc:ID' },
  { term: 'BT-71', what: 'deliver-to location', context: roots('cac:Delivery/cac:DeliveryLocation'), ids: 'cbc:ID' },
  { term: 'EXT-FR-FE-146', what: 'line deliver-to location', context: ['ubl:Invoice/cac:InvoiceLine/cac:Delivery/cac:DeliveryLocation', 'cn:CreditNote/cac:CreditNoteLine/cac:Delivery/cac:DeliveryLocation'], ids: 'cbc:ID' },
];

function schemeRule(h: Holder): DocumentRule {
  const t = h.term;
  return {
    context: h.context,
    asserts: [
      {
        id: `BR-FR-CO-10_${t}-1`,
        flag: 'fatal',
        terms: [t],
        message: `Every identifier of the ${h.what} (${t}) must have a scheme identifier (${t}-1).`,
        test: (el) => path(el, h.ids).every((id) => attr(id, 'schemeID') !== undefined),
      },
      {
        id: `BR-FR-CO-10_${t}-2`,
        flag: 'fatal',
        terms: [t],
        message: `The ${h.what} may have at most one identifier (${t}) per scheme (${t}-1).`,
        test: (el) => {
          const schemes = path(el, h.ids).map((id) => attr(id, 'schemeID')).filter((s): s is string => s !== undefined);
          return new Set(schemes).size === schemes.length;
        },
      },
    ],
  };
}

/** Pattern `BR-FR-CO-10`: BR-FR-CO-10_BT-29-1, BR-FR-CO-10_BT-29-2, BR-FR-CO-10_BT-46-1, BR-FR-CO-10_BT-46-2, BR-FR-CO-10_BT-60-1, BR-FR-CO-10_BT-60-2, BR-FR-CO-10_EXT-FR-FE-06-1, BR-FR-CO-10_EXT-FR-FE-06-2, BR-FR-CO-10_EXT-FR-FE-46-1, BR-FR-CO-10_EXT-FR-FE-46-2, BR-FR-CO-10_EXT-FR-FE-69-1, BR-FR-CO-10_EXT-FR-FE-69-2, BR-FR-CO-10_EXT-FR-FE-92-1, BR-FR-CO-10_EXT-FR-FE-92-2, BR-FR-CO-10_EXT-FR-FE-115-1, BR-FR-CO-10_EXT-FR-FE-115-2, BR-FR-CO-10_BT-71-1, BR-FR-CO-10_BT-71-2, BR-FR-CO-10_EXT-FR-FE-146-1, BR-FR-CO-10_EXT-FR-FE-146-2 (BT-29, BT-46, BT-60, EXT-FR-FE-06, EXT-FR-FE-46, EXT-FR-FE-69). */
export const BR_FR_CO_10 = definePattern('BR-FR-CO-10', ...HOLDERS.map(schemeRule));

/** Pattern `BR-FR-CO-12`: BR-FR-CO-12_BT-5 (BT-5, BT-6, BT-111). */
export const BR_FR_CO_12 = definePattern('BR-FR-CO-12', {
  context: roots(),
  asserts: [
    {
      id: 'BR-FR-CO-12_BT-5',
      flag: 'fatal',
      terms: ['BT-5', 'BT-6', 'BT-111'],
      message: 'An invoice not in euros (BT-5) must give EUR as VAT accounting currency (BT-6) and the total VAT amount in euros (BT-111).',
      test: (el) =>
        !kids(el, 'cbc:DocumentCurrencyCode').some((c) => stringValue(c) !== 'EUR') ||
        (anyEq(kids(el, 'cbc:TaxCurrencyCode'), 'EUR') && one(path(el, 'cac:TaxTotal/cbc:TaxAmount').filter((a) => attr(a, 'currencyID') === 'EUR')) !== ''),
    },
  ],
});

const isVatGroupMember = (el: CiiElement) => path(el, 'cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID').some((id) => attr(id, 'schemeID') === '0231');

/** Pattern `BR-FR-CO-14`: BR-FR-CO-14_BT-29-1 (BT-29, BT-29-1, BT-22). */
export const BR_FR_CO_14 = definePattern('BR-FR-CO-14', {
  context: roots(),
  asserts: [
    {
      id: 'BR-FR-CO-14_BT-29-1',
      flag: 'fatal',
      terms: ['BT-29', 'BT-29-1', 'BT-22'],
      message: 'A seller that is a member of a VAT group (identifier with scheme 0231, BT-29-1) must carry a note with subject TXD reading MEMBRE_ASSUJETTI_UNIQUE (BT-22).',
      test: (el) => !isVatGroupMember(el) || noteValue(el, 'TXD') === 'MEMBRE_ASSUJETTI_UNIQUE',
    },
  ],
});

/** Pattern `BR-FR-CO-15`: BR-FR-CO-15_BT-29-1 (BT-29-1, BG-11, BT-63). */
export const BR_FR_CO_15 = definePattern('BR-FR-CO-15', {
  context: roots(),
  asserts: [
    {
      id: 'BR-FR-CO-15_BT-29-1',
      flag: 'fatal',
      terms: ['BT-29-1', 'BG-11', 'BT-63'],
      message: "A seller that is a member of a VAT group (scheme 0231, BT-29-1) must name its tax representative (BG-11) with the representative's VAT identifier (BT-63).",
      test: (el) => {
        if (!isVatGroupMember(el)) return true;
        const schemes = path(el, 'cac:TaxRepresentativeParty/cac:PartyTaxScheme');
        return schemes.length > 0 && one(path(schemes, 'cbc:CompanyID')) !== '';
      },
    },
  ],
});

