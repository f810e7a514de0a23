/**
 * Peppol BIS Billing 3.0.21 national rules of Denmark (DK-R-*: a Danish
 * seller, most rules also a Danish buyer) and Iceland (IS-R-*: an Icelandic
 * seller, two rules also an Icelandic buyer), as the official rule file
 * writes them (country codes BT-40 / BT-55 as written).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import type { RuleDocument } from '../../document/document.js';
import { definePattern, type DocumentAssert } from '../../document/types.js';
import { UBL_CREDIT_NOTE, UBL_INVOICE } from '../../document/ubl-view.js';
import { anyEq, attr, has, kids, matches, normalizeSpace, normalized, one, path, single, stringLength, stringValue, textItem, xpathNumber, xsDate, XPathDynamicError } from '../../document/xpath.js';
import { writtenCountry } from '../common.js';

const assert = (id: string, flag: 'fatal' | 'warning', terms: string[], message: string, test: DocumentAssert['test']): DocumentAssert => ({ id, flag, terms, message, test });
const SELLER = 'cac:AccountingSupplierParty/cac:Party';
const BUYER = 'cac:AccountingCustomerParty/cac:Party';
const substr = (s: string, start: number, len: number) => Array.from(s).slice(start - 1, start - 1 + len).join('');
/** `normalize-space(x/text())`. */
const textOf = (els: readonly CiiElement[]) => normalizeSpace(textItem(els));

const dkSeller = (doc: RuleDocument) => writtenCountry(doc, SELLER) === 'DK';
const dkBoth = (doc: RuleDocument) => dkSeller(doc) && writtenCountry(doc, BUYER) === 'DK';
const both = (rel: string) => [`${UBL_CREDIT_NOTE}/${rel}`, `${UBL_INVOICE}/${rel}`];
/** `not(boolean(x/cbc:CompanyID) and normalize-space(x/cbc:CompanyID/@schemeID) != '0184')`: a legal registration id, if any, has scheme 0184. */
const cvrScheme = (party: CiiElement) => {
  const ids = path(party, 'cac:PartyLegalEntity/cbc:CompanyID');
  if (ids.length === 0) return true;
  const schemes = ids.map((i) => attr(i, 'schemeID')).filter((s): s is string => s !== undefined);
  if (schemes.length > 1) throw new XPathDynamicError('Several schemes.');
  return normalizeSpace(schemes[0] ?? '') === '0184';
};

/** Pattern `DK`: DK-R-002, DK-R-014, DK-R-016, DK-R-013, DK-R-005, DK-R-006, DK-R-007, DK-R-008, DK-R-009, DK-R-010, DK-R-011, DK-R-017, DK-R-003, DK-R-004 (BT-30, BT-30-1, BT-115, BT-29-1, BT-46-1, BT-81). */
export const DK_RULES = definePattern(
  'DK',
  {
    context: [UBL_CREDIT_NOTE, UBL_INVOICE],
    where: (_el, doc) => dkSeller(doc),
    asserts: [
      assert('DK-R-002', 'fatal', ['BT-30'], "A Danish seller must give its legal registration identifier (BT-30).", (el) => textOf(path(el, `${SELLER}/cac:PartyLegalEntity/cbc:CompanyID`)) !== ''),
      assert('DK-R-014', 'fatal', ['BT-30-1'], "A Danish seller's legal registration identifier must have scheme 0184 (BT-30-1).", (el) => cvrScheme(path(el, SELLER)[0] ?? el) || path(el, SELLER).length === 0),
      assert('DK-R-016', 'fatal', ['BT-115'], 'A credit note between Danish parties must not have a negative amount due (BT-115).', (el, doc) =>
        !(doc.root.name === UBL_CREDIT_NOTE && writtenCountry(doc, BUYER) === 'DK' && xpathNumber(textItem(path(el, 'cac:LegalMonetaryTotal/cbc:PayableAmount'))) < 0)),
    ],
  },
  {
    context: [...both(`${SELLER}/cac:PartyIdentification`), ...both(`${BUYER}/cac:PartyIdentification`)],
    where: (_el, doc) => dkBoth(doc),
    asserts: [assert('DK-R-013', 'fatal', ['BT-29-1', 'BT-46-1'], 'Between Danish parties, a party identifier (BT-29, BT-46) must have a scheme.', (el) => !has(el, 'cbc:ID') || normalizeSpace(attr(single(kids(el, 'cbc:ID'))!, 'schemeID') ?? '') !== '')],
  },
  {
    context: `${UBL_INVOICE}/cac:PaymentMeans`,
    where: (_el, doc) => dkBoth(doc),
    asserts: dkPaymentAsserts(),
  },
  {
    context: both(BUYER),
    where: (_el, doc) => dkBoth(doc),
    asserts: [assert('DK-R-017', 'fatal', ['BT-47-1'], "Between Danish parties, the buyer's legal registration identifier must have scheme 0184 (BT-47-1).", cvrScheme)],
  },
  {
    context: [`${UBL_CREDIT_NOTE}/cac:CreditNoteLine`, `${UBL_INVOICE}/cac:InvoiceLine`],
    where: (_el, doc) => dkBoth(doc),
    asserts: [
      assert('DK-R-003', 'fatal', ['BT-158'], 'Between Danish parties, an item classification of scheme TST (BT-158) must give version 19.05.01 or 26.08.01.', (el) => {
        const codes = path(el, 'cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode');
        const tst = codes.some((c) => attr(c, 'listID') === 'TST');
        return !tst || codes.some((c) => ['19.05.01', '19.0501', '26.08.01', '26.0801'].includes(attr(c, 'listVersionID') as string));
      }),
    ],
  },
  {
    context: 'cac:AllowanceCharge',
    where: (_el, doc) => dkBoth(doc),
    asserts: [
      assert('DK-R-004', 'fatal', ['BT-97', 'BT-98'], 'Between Danish parties, an allowance or charge with reason code ZZZ must give a reason (BT-97) of 4 digits, or text#text.', (el) => {
        if (!anyEq(kids(el, 'cbc:AllowanceChargeReasonCode'), 'ZZZ')) return true;
        const reasons = kids(el, 'cbc:AllowanceChargeReason');
        const r = one(reasons);
        const n = xpathNumber(r);
        const fourDigits = stringLength(textOf(reasons)) === 4 && n >= 0 && n <= 9999;
        const hashed = reasons.length > 0 && r.includes('#') && !r.startsWith('#') && !r.endsWith('#');
        return fourDigits || hashed;
      }),
    ],
  },
);

/** DK-R-005..DK-R-011 on the payment means of an invoice between Danish parties. */
function dkPaymentAsserts(): DocumentAssert[] {
  const code = (el: CiiElement, c: string) => anyEq(kids(el, 'cbc:PaymentMeansCode'), c);
  const paymentId = (el: CiiElement) => one(kids(el, 'cbc:PaymentID'));
  const prefix = (el: CiiElement, ...p: string[]) => p.includes(substr(paymentId(el), 1, 3));
  return [
    assert('DK-R-005', 'fatal', ['BT-81'], 'Between Danish parties, the payment means type code (BT-81) must be 1, 10, 31, 42, 48, 49, 50, 58, 59, 93 or 97.', (el) => ' 1 10 31 42 48 49 50 58 59 93 97 '.includes(` ${one(kids(el, 'cbc:PaymentMeansCode'))} `)),
    assert('DK-R-006', 'fatal', ['BT-84', 'BT-86'], 'Between Danish parties, a bank transfer (BT-81 = 31 or 42) must give the account (BT-84) and the bank (BT-86).', (el) =>
      !((code(el, '31') || code(el, '42')) && !(textOf(path(el, 'cac:PayeeFinancialAccount/cbc:ID')) !== '' && textOf(path(el, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID')) !== ''))),
    assert('DK-R-007', 'fatal', ['BT-89', 'BT-91'], 'Between Danish parties, a direct debit (BT-81 = 49) must give the mandate reference (BT-89) and the debited account (BT-91).', (el) =>
      !(code(el, '49') && !(textOf(path(el, 'cac:PaymentMandate/cbc:ID')) !== '' && textOf(path(el, 'cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID')) !== ''))),
    assert('DK-R-008', 'fatal', ['BT-83', 'BT-84'], 'Between Danish parties, a payment slip (BT-81 = 50) must give a remittance information (BT-83) starting 01#, 04# or 15# and an account (BT-84) of 7 or 8 digits.', (el) =>
      !(code(el, '50') && !(prefix(el, '01#', '04#', '15#') && matches(one(path(el, 'cac:PayeeFinancialAccount/cbc:ID')), '^[0-9]{7,8}$')))),
    assert('DK-R-009', 'fatal', ['BT-83'], 'Between Danish parties, a payment slip 04# or 15# (BT-81 = 50) must give a remittance information (BT-83) of 19 characters.', (el) =>
      !(code(el, '50') && prefix(el, '04#', '15#') && stringLength(paymentId(el)) !== 19)),
    assert('DK-R-010', 'fatal', ['BT-83', 'BT-84'], 'Between Danish parties, an FIK payment (BT-81 = 93) must give a remittance information (BT-83) starting 71#, 73# or 75# and an account (BT-84) of 8 characters.', (el) =>
      !(code(el, '93') && !(prefix(el, '71#', '73#', '75#') && stringLength(textItem(path(el, 'cac:PayeeFinancialAccount/cbc:ID'))) === 8))),
    assert('DK-R-011', 'fatal', ['BT-83'], 'Between Danish parties, an FIK payment 71# or 75# (BT-81 = 93) must give a remittance information (BT-83) of 18 or 19 characters.', (el) =>
      !(code(el, '93') && prefix(el, '71#', '75#') && ![18, 19].includes(stringLength(paymentId(el))))),
  ];
}

const isSeller = (doc: RuleDocument) => writtenCountry(doc, SELLER) === 'IS';
const EINDAGI = (el: CiiElement) => kids(el, 'cac:AdditionalDocumentReference').filter((d) => anyEq(kids(d, 'cbc:DocumentDescription'), 'EINDAGI'));
/** The `exists(x[code]/cac:PayeeFinancialAccount/cbc:ID) and string-length(normalize-space(...)) = 12 or not(exists(x[code]))` of IS-R-006 / 007. */
const account12 = (el: CiiElement, c: string) => {
  const means = kids(el, 'cac:PaymentMeans').filter((m) => anyEq(kids(m, 'cbc:PaymentMeansCode'), c));
  const ids = path(means, 'cac:PayeeFinancialAccount/cbc:ID');
  return (ids.length > 0 && stringLength(normalized(ids)) === 12) || means.length === 0;
};
const dateCastable = (s: string) => {
  try {
    xsDate(s);
    return true;
  } catch (e) {
    if (e instanceof XPathDynamicError) return false;
    throw e;
  }
};

/** Pattern `IS`: IS-R-001, IS-R-002, IS-R-003, IS-R-006, IS-R-007, IS-R-008, IS-R-009, IS-R-010, IS-R-004, IS-R-005 (BT-3, BT-30, BT-35, BT-38, BT-84, BT-122). */
export const IS_RULES = definePattern(
  'IS',
  {
    context: [UBL_CREDIT_NOTE, UBL_INVOICE],
    where: (_el, doc) => isSeller(doc),
    asserts: [
      assert('IS-R-001', 'warning', ['BT-3'], 'An Icelandic seller should use the document type codes 380 or 381 (BT-3).', (el) =>
        ['cbc:InvoiceTypeCode', 'cbc:CreditNoteTypeCode'].some((n) => {
          const v = normalized(kids(el, n));
          return !v.includes(' ') && ' 380 381 '.includes(` ${v} `);
        })),
      assert('IS-R-002', 'fatal', ['BT-30'], "An Icelandic seller must give its legal registration identifier (BT-30) with scheme 0196 (kennitala).", (el) => {
        const ids = path(el, `${SELLER}/cac:PartyLegalEntity/cbc:CompanyID`);
        return ids.length > 0 && ids.some((i) => attr(i, 'schemeID') === '0196');
      }),
      assert('IS-R-003', 'fatal', ['BT-35', 'BT-38'], 'An Icelandic seller must give its address line (BT-35) and post code (BT-38).', (el) => has(el, `${SELLER}/cac:PostalAddress/cbc:StreetName`) && has(el, `${SELLER}/cac:PostalAddress/cbc:PostalZone`)),
      assert('IS-R-006', 'fatal', ['BT-84'], 'An Icelandic payment of type 9 (BT-81) must give a 12-character account (BT-84).', (el) => account12(el, '9')),
      assert('IS-R-007', 'fatal', ['BT-84'], 'An Icelandic payment of type 42 (BT-81) must give a 12-character account (BT-84).', (el) => account12(el, '42')),
      assert('IS-R-008', 'fatal', ['BT-122'], 'An EINDAGI supporting document (BT-122) must be a date YYYY-MM-DD.', (el) => {
        const refs = EINDAGI(el);
        if (refs.length === 0) return true;
        const ids = path(refs, 'cbc:ID');
        return stringLength(one(ids)) === 10 && dateCastable(one(ids));
      }),
      assert('IS-R-009', 'fatal', ['BT-9', 'BT-122'], 'An invoice with an EINDAGI supporting document (BT-122) must give a due date (BT-9).', (el) => EINDAGI(el).length === 0 || has(el, 'cbc:DueDate')),
      assert('IS-R-010', 'fatal', ['BT-9', 'BT-122'], 'The due date (BT-9) must not be after the EINDAGI date (BT-122).', (el) => {
        const refs = EINDAGI(el);
        if (refs.length === 0) return true;
        const ids = path(refs, 'cbc:ID').map(stringValue);
        return kids(el, 'cbc:DueDate').some((d) => ids.some((i) => stringValue(d) <= i));
      }),
    ],
  },
  {
    context: [`${UBL_CREDIT_NOTE}/cac:AccountingCustomerParty`, `${UBL_INVOICE}/cac:AccountingCustomerParty`],
    where: (_el, doc) => isSeller(doc) && writtenCountry(doc, BUYER) === 'IS',
    asserts: [
      assert('IS-R-004', 'fatal', ['BT-47'], "Between Icelandic parties, the buyer must give its legal registration identifier (BT-47) with scheme 0196.", (el) => {
        const ids = path(el, 'cac:Party/cac:PartyLegalEntity/cbc:CompanyID');
        return ids.length > 0 && ids.some((i) => attr(i, 'schemeID') === '0196');
      }),
      assert('IS-R-005', 'fatal', ['BT-50', 'BT-53'], 'Between Icelandic parties, the buyer must give its address line (BT-50) and post code (BT-53).', (el) => has(el, 'cac:Party/cac:PostalAddress/cbc:StreetName') && has(el, 'cac:Party/cac:PostalAddress/cbc:PostalZone')),
    ],
  },
);
