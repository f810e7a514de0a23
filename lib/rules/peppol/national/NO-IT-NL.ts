/**
 * Peppol BIS Billing 3.0.21 national rules of Norway (NO-R-*), Italy
 * (IT-R-*) and the Netherlands (NL-R-*), each applying where the official
 * rule file says: a Norwegian seller (its VAT prefix or country NO), an
 * Italian seller, a Dutch seller (and, for some rules, a Dutch buyer or tax
 * representative).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import type { RuleDocument } from '../../document/document.js';
import { definePattern, type DocumentAssert } from '../../document/types.js';
import { UBL_CREDIT_NOTE } from '../../document/ubl-view.js';
import { attr, decimalOf, has, kids, matches, normalizeSpace, normalized, one, path, stringValue, XPathDynamicError } from '../../document/xpath.js';
import { mod11, partyCountryIs, supplierCountry } from '../common.js';

const assert = (id: string, flag: 'fatal' | 'warning', terms: string[], message: string, test: DocumentAssert['test']): DocumentAssert => ({ id, flag, terms, message, test });
const taxSchemes = (party: CiiElement, scheme: string) => kids(party, 'cac:PartyTaxScheme').filter((s) => normalized(path(s, 'cac:TaxScheme/cbc:ID')) === scheme);
const substr = (s: string, start: number, len?: number) => Array.from(s).slice(start - 1, len === undefined ? undefined : start - 1 + len).join('');

/** `cac:PartyTaxScheme[VAT]/substring(cbc:CompanyID, from, len)` of a party: one string per VAT scheme. */
const vatSubstrings = (party: CiiElement, from: number, len?: number) => taxSchemes(party, 'VAT').map((s) => substr(one(kids(s, 'cbc:CompanyID')), from, len));

/** Pattern `NO`: NO-R-002, NO-R-001 (BT-32, BT-31). */
export const NO_RULES = definePattern('NO', {
  context: 'cac:AccountingSupplierParty/cac:Party',
  where: (_el, doc) => supplierCountry(doc) === 'NO',
  asserts: [
    assert('NO-R-002', 'warning', ['BT-32'], "A Norwegian seller should state 'Foretaksregisteret' as its tax registration (BT-32, scheme TAX).", (el) => normalized(taxSchemes(el, 'TAX').flatMap((s) => kids(s, 'cbc:CompanyID'))) === 'Foretaksregisteret'),
    assert('NO-R-001', 'fatal', ['BT-31'], 'A Norwegian seller VAT identifier (BT-31) must read NO, 9 digits with a valid check digit, and MVA.', (el) => {
      const prefixes = vatSubstrings(el, 1, 2);
      const isNo = prefixes.includes('NO');
      if (!isNo) return true;
      // `matches(seq, ...)` and `substring(seq, ...)` of several VAT schemes are XPath errors.
      const rest = vatSubstrings(el, 3);
      if (rest.length > 1) throw new XPathDynamicError('Several VAT tax schemes.');
      return matches(rest[0] ?? '', '^[0-9]{9}MVA$') && mod11(substr(one(taxSchemes(el, 'VAT').flatMap((s) => kids(s, 'cbc:CompanyID'))), 3, 9));
    }),
  ],
});

const italian = (_el: CiiElement, doc: RuleDocument) => supplierCountry(doc) === 'IT';

/** Pattern `IT`: IT-R-001, IT-R-002, IT-R-003, IT-R-004 (BT-32, BT-35, BT-37, BT-38). */
export const IT_RULES = definePattern(
  'IT',
  {
    context: 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme',
    where: (el, doc) => italian(el, doc) && normalized(path(el, 'cac:TaxScheme/cbc:ID')) !== 'VAT',
    asserts: [assert('IT-R-001', 'fatal', ['BT-32'], 'An Italian seller tax registration identifier (BT-32) must be 11 to 16 letters or digits.', (el) => matches(normalized(kids(el, 'cbc:CompanyID')), '^[A-Z0-9]{11,16}$'))],
  },
  {
    context: 'cac:AccountingSupplierParty/cac:Party',
    where: italian,
    asserts: [
      assert('IT-R-002', 'fatal', ['BT-35'], 'An Italian seller must give its address line (BT-35).', (el) => has(el, 'cac:PostalAddress/cbc:StreetName')),
      assert('IT-R-003', 'fatal', ['BT-37'], 'An Italian seller must give its city (BT-37).', (el) => has(el, 'cac:PostalAddress/cbc:CityName')),
      assert('IT-R-004', 'fatal', ['BT-38'], 'An Italian seller must give its post code (BT-38).', (el) => has(el, 'cac:PostalAddress/cbc:PostalZone')),
    ],
  },
);

const SELLER = 'cac:AccountingSupplierParty/cac:Party';
const BUYER = 'cac:AccountingCustomerParty/cac:Party';
const nlSeller = (doc: RuleDocument) => partyCountryIs(doc, SELLER, 'NL');
const nlBuyer = (doc: RuleDocument) => partyCountryIs(doc, BUYER, 'NL');
const nlRepresentative = (doc: RuleDocument) => partyCountryIs(doc, 'cac:TaxRepresentativeParty', 'NL');
const fullAddress = (el: CiiElement) => has(el, 'cbc:StreetName') && has(el, 'cbc:CityName') && has(el, 'cbc:PostalZone');
/** `contains(concat(' ', string-join(@schemeID, ' '), ' '), ' 0106 ') or (... ' 0190 ')` and a value. */
const kvkOrOin = (el: CiiElement) => {
  const schemes = ` ${attr(el, 'schemeID') ?? ''} `;
  return (schemes.includes(' 0106 ') || schemes.includes(' 0190 ')) && normalizeSpace(stringValue(el)) !== '';
};
const NL_MEANS = new Set(['30', '48', '49', '57', '58', '59']);

/** Pattern `NL`: NL-R-001, NL-R-002, NL-R-003, NL-R-004, NL-R-005, NL-R-006, NL-R-007, NL-R-008, NL-R-009 (BT-25, BT-35, BT-37, BT-38, BT-30, BT-50). */
export const NL_RULES = definePattern(
  'NL',
  {
    context: 'cbc:CreditNoteTypeCode',
    where: (_el, doc) => nlSeller(doc),
    asserts: [assert('NL-R-001', 'fatal', ['BT-25'], 'A Dutch seller credit note must reference the preceding invoice (BT-25).', (_el, doc) => has(doc.root, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID'))],
  },
  {
    context: `${SELLER}/cac:PostalAddress`,
    where: (_el, doc) => nlSeller(doc),
    asserts: [assert('NL-R-002', 'fatal', ['BT-35', 'BT-37', 'BT-38'], 'A Dutch seller must give its address line, city and post code (BT-35, BT-37, BT-38).', fullAddress)],
  },
  {
    context: `${SELLER}/cac:PartyLegalEntity/cbc:CompanyID`,
    where: (_el, doc) => nlSeller(doc),
    asserts: [assert('NL-R-003', 'fatal', ['BT-30'], "A Dutch seller's legal registration identifier (BT-30) must be a KvK (0106) or OIN (0190) number.", kvkOrOin)],
  },
  {
    context: `${BUYER}/cac:PostalAddress`,
    where: (_el, doc) => nlSeller(doc) && nlBuyer(doc),
    asserts: [assert('NL-R-004', 'fatal', ['BT-50', 'BT-52', 'BT-53'], 'Between Dutch parties, the buyer must give its address line, city and post code (BT-50, BT-52, BT-53).', fullAddress)],
  },
  {
    context: `${BUYER}/cac:PartyLegalEntity/cbc:CompanyID`,
    where: (_el, doc) => nlSeller(doc) && nlBuyer(doc),
    asserts: [assert('NL-R-005', 'fatal', ['BT-47'], "Between Dutch parties, the buyer's legal registration identifier (BT-47) must be a KvK (0106) or OIN (0190) number.", kvkOrOin)],
  },
  {
    context: 'cac:TaxRepresentativeParty/cac:PostalAddress',
    where: (_el, doc) => nlSeller(doc) && nlRepresentative(doc),
    asserts: [assert('NL-R-006', 'fatal', ['BT-64', 'BT-66', 'BT-67'], 'A Dutch seller tax representative must give its address line, city and post code (BT-64, BT-66, BT-67).', fullAddress)],
  },
  {
    context: 'cac:LegalMonetaryTotal',
    where: (_el, doc) => nlSeller(doc),
    asserts: [
      assert('NL-R-007', 'fatal', ['BG-16', 'BT-115'], 'A Dutch seller must give payment instructions (BG-16) when an amount is due (BT-115).', (el, doc) => {
        const payable = decimalOf(kids(el, 'cbc:PayableAmount'));
        const credit = doc.root.name === UBL_CREDIT_NOTE;
        return (payable !== undefined && (credit ? payable.gte(0) : payable.lte(0))) || doc.named('cac:PaymentMeans').length > 0;
      }),
    ],
  },
  {
    context: 'cac:PaymentMeans',
    where: (_el, doc) => nlSeller(doc) && nlBuyer(doc),
    asserts: [assert('NL-R-008', 'fatal', ['BT-81'], 'Between Dutch parties, the payment means type code (BT-81) must be 30, 48, 49, 57, 58 or 59.', (el) => NL_MEANS.has(normalized(kids(el, 'cbc:PaymentMeansCode'))))],
  },
  {
    context: 'cac:OrderLineReference/cbc:LineID',
    where: (_el, doc) => nlSeller(doc),
    asserts: [assert('NL-R-009', 'fatal', ['BT-132', 'BT-13'], 'A Dutch seller invoice with purchase order line references (BT-132) must give the purchase order reference (BT-13).', (_el, doc) => has(doc.root, 'cac:OrderReference/cbc:ID'))],
  },
);

