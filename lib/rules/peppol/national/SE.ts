/**
 * Peppol BIS Billing 3.0.21 national rules of Sweden (SE-R-*): a Swedish
 * seller's VAT number (14 characters, SE + 12 digits), organisation number
 * (10 digits, Luhn check digit), F-tax approval, VAT rates (25, 12, 6) and
 * Bankgiro / Plusgiro accounts.
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import type { RuleDocument } from '../../document/document.js';
import { definePattern, type DocumentAssert } from '../../document/types.js';
import { anyEq, has, kids, normalizeSpace, normalized, one, path, stringLength, stringValue, xpathNumber } from '../../document/xpath.js';
import { checkSEOrgnr } from '../common.js';

const assert = (id: string, flag: 'fatal' | 'warning', terms: string[], message: string, test: DocumentAssert['test']): DocumentAssert => ({ id, flag, terms, message, test });
const substr = (s: string, start: number, len: number) => Array.from(s).slice(start - 1, start - 1 + len).join('');
const isSwedish = (party: CiiElement) => anyEq(path(party, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode'), 'SE');
const vatSchemes = (party: CiiElement) => kids(party, 'cac:PartyTaxScheme').filter((s) => anyEq(path(s, 'cac:TaxScheme/cbc:ID'), 'VAT'));
/** A Swedish seller party with a VAT identifier beginning SE (the context of SE-R-001 / 002 and the condition of SE-R-006). */
const swedishVatSeller = (party: CiiElement) => isSwedish(party) && vatSchemes(party).some((s) => substr(one(kids(s, 'cbc:CompanyID')), 1, 2) === 'SE');
const sellers = (doc: RuleDocument) => doc.named('cac:Party').filter((p) => p.parent?.name === 'cac:AccountingSupplierParty');
const buyers = (doc: RuleDocument) => doc.named('cac:Party').filter((p) => p.parent?.name === 'cac:AccountingCustomerParty');
const notNaN = (s: string) => !Number.isNaN(xpathNumber(s));

/** A PaymentMeans of a Swedish seller with code 30 and branch `branch`: its account identifiers are the context. */
function giroContext(branch: string) {
  return (el: CiiElement, doc: RuleDocument) => {
    const means = el.parent?.parent;
    if (means?.name !== 'cac:PaymentMeans') return false;
    return sellers(doc).some(isSwedish) && normalized(kids(means, 'cbc:PaymentMeansCode')) === '30' && normalized(path(means, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID')) === branch;
  };
}

/** Pattern `SE`: SE-R-001, SE-R-002, SE-R-003, SE-R-004, SE-R-013, SE-R-005, SE-R-006, SE-R-007, SE-R-010, SE-R-008, SE-R-009, SE-R-011, SE-R-012 (BT-31, BT-30, BT-32, BT-119, BT-152, BT-84). */
export const SE_RULES = definePattern(
  'SE',
  {
    context: 'cac:AccountingSupplierParty/cac:Party',
    where: swedishVatSeller,
    asserts: [
      assert('SE-R-001', 'fatal', ['BT-31'], 'A Swedish seller VAT identifier (BT-31) must be 14 characters.', (el) => stringLength(normalized(vatSchemes(el).flatMap((s) => kids(s, 'cbc:CompanyID')))) === 14),
      assert('SE-R-002', 'fatal', ['BT-31'], 'A Swedish seller VAT identifier (BT-31) must end with 12 digits.', (el) => notNaN(substr(one(vatSchemes(el).flatMap((s) => kids(s, 'cbc:CompanyID'))), 3, 12))),
    ],
  },
  {
    context: 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity',
    where: (el) => isSwedish(el.parent!) && has(el, 'cbc:CompanyID'),
    asserts: [
      assert('SE-R-003', 'fatal', ['BT-30'], 'A Swedish organisation number (BT-30) must be numeric.', (el) => notNaN(one(kids(el, 'cbc:CompanyID')))),
      assert('SE-R-004', 'fatal', ['BT-30'], 'A Swedish organisation number (BT-30) must be 10 characters.', (el) => stringLength(normalized(kids(el, 'cbc:CompanyID'))) === 10),
      assert('SE-R-013', 'fatal', ['BT-30'], 'A Swedish organisation number (BT-30) must end with a valid Luhn check digit.', (el) => checkSEOrgnr(normalized(kids(el, 'cbc:CompanyID')))),
    ],
  },
  {
    context: 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID',
    where: (el) => {
      const party = el.parent!.parent!;
      return isSwedish(party) && has(party, 'cac:PartyLegalEntity/cbc:CompanyID') && normalizeSpace(normalized(path(el.parent, 'cac:TaxScheme/cbc:ID')).toUpperCase()) !== 'VAT';
    },
    asserts: [assert('SE-R-005', 'fatal', ['BT-32'], "A Swedish seller's tax registration (BT-32) must read 'Godkänd för F-skatt'.", (el) => normalizeSpace(stringValue(el).toUpperCase()) === 'GODKÄND FÖR F-SKATT')],
  },
  {
    context: ['cac:TaxCategory', 'cac:ClassifiedTaxCategory'],
    where: (el, doc) => sellers(doc).some(swedishVatSeller) && anyEq(kids(el, 'cbc:ID'), 'S'),
    asserts: [
      assert('SE-R-006', 'fatal', ['BT-119', 'BT-152'], 'A Swedish seller may only use the VAT rates 25, 12 and 6 for category S (BT-119, BT-152).', (el) => {
        const rate = xpathNumber(one(kids(el, 'cbc:Percent')));
        return rate === 25 || rate === 12 || rate === 6;
      }),
    ],
  },
  {
    context: 'cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID',
    where: giroContext('SE:PLUSGIRO'),
    asserts: [
      assert('SE-R-007', 'warning', ['BT-84'], 'A Swedish Plusgiro account (BT-84) should be numeric.', (el) => notNaN(normalizeSpace(stringValue(el)))),
      assert('SE-R-010', 'warning', ['BT-84'], 'A Swedish Plusgiro account (BT-84) should have 2 to 8 characters.', (el) => {
        const n = stringLength(normalizeSpace(stringValue(el)));
        return n >= 2 && n <= 8;
      }),
    ],
  },
  {
    context: 'cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID',
    where: giroContext('SE:BANKGIRO'),
    asserts: [
      assert('SE-R-008', 'warning', ['BT-84'], 'A Swedish Bankgiro account (BT-84) should be numeric.', (el) => notNaN(normalizeSpace(stringValue(el)))),
      assert('SE-R-009', 'warning', ['BT-84'], 'A Swedish Bankgiro account (BT-84) should have 7 or 8 characters.', (el) => [7, 8].includes(stringLength(normalizeSpace(stringValue(el))))),
    ],
  },
  {
    context: 'cac:PaymentMeans',
    where: (el, doc) => sellers(doc).some(isSwedish) && (anyEq(kids(el, 'cbc:PaymentMeansCode'), '50') || anyEq(kids(el, 'cbc:PaymentMeansCode'), '56')),
    asserts: [assert('SE-R-011', 'warning', ['BT-81'], 'A Swedish seller should indicate Bankgiro or Plusgiro with payment means 30 (BT-81) and the branch SE:BANKGIRO or SE:PLUSGIRO.', () => false)],
  },
  {
    context: 'cac:PaymentMeans',
    where: (el, doc) => sellers(doc).some(isSwedish) && buyers(doc).some(isSwedish) && anyEq(kids(el, 'cbc:PaymentMeansCode'), '31'),
    asserts: [assert('SE-R-012', 'warning', ['BT-81'], 'Between Swedish parties, a credit transfer should use payment means 30 (BT-81).', () => false)],
  },
);
