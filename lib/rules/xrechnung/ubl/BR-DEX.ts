/**
 * XRechnung 3.0.2 (UBL), the extension scenario only (BT-24 is
 * `$XR-EXTENSION-ID`): attachment MIME codes (BR-DEX-01), sub-invoice lines
 * (BG-DEX-01: net amounts add up, BR-DEX-02 warning; one VAT category each,
 * BR-DEX-03), the amount due with third-party payments (BR-DEX-09),
 * identifier and endpoint schemes (BR-DEX-04..08) and third-party payments
 * (BG-DEX-09: BR-DEX-10..14).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { Decimal } from '../../../model/decimal.js';
import type { RuleDocument } from '../../document/document.js';
import type { DocumentAssert, DocumentRule } from '../../document/types.js';
import { UBL_CREDIT_NOTE, UBL_INVOICE } from '../../document/ubl-view.js';
import { attr, decimalOf, has, kids, one, path, round2, someNonBlank, stringLength, stringValue } from '../../document/xpath.js';
import { CEF_EAS_EXT_CODES, inCodeString, ISO_6523_ICD_EXT_CODES, XR_EXTENSION_ID } from '../common.js';
import { XR_EXTENSION_MIME_CODES } from '../cii/BR-DEX.js';

/** `$isExtension`: a text node of the root's BT-24 reads exactly the extension identifier. */
export function isUblExtension(doc: RuleDocument): boolean {
  return doc.value('xr:isExtension', (d) => (d.root.name === UBL_INVOICE || d.root.name === UBL_CREDIT_NOTE) && kids(d.root, 'cbc:CustomizationID').some((id) => id.text === XR_EXTENSION_ID));
}

const ancestorNamed = (el: CiiElement, name: string): boolean => {
  for (let p = el.parent; p !== undefined; p = p.parent) if (p.name === name) return true;
  return false;
};
const extension = (_el: CiiElement, doc: RuleDocument) => isUblExtension(doc);
const withScheme = (el: CiiElement, doc: RuleDocument) => attr(el, 'schemeID') !== undefined && isUblExtension(doc);

function schemeAssert(id: string, terms: string[], what: string, codes: string, list: string, alsoSepa = false): DocumentAssert {
  return {
    id,
    flag: 'fatal',
    terms,
    message: `In the XRechnung extension, the scheme of ${what} (${terms.join(', ')}) must be a code of the ${list}.`,
    test: (el) =>
      inCodeString(attr(el, 'schemeID'), codes) ||
      (alsoSepa && inCodeString(attr(el, 'schemeID'), ' SEPA ') && (ancestorNamed(el, 'cac:AccountingSupplierParty') || ancestorNamed(el, 'cac:PayeeParty'))),
  };
}

/** `xs:decimal(x) = sum(subs/xs:decimal(y))` for a line and its sub-invoice lines; false when the line has no net amount. */
function sumsMatch(line: CiiElement): boolean {
  const own = decimalOf(kids(line, 'cbc:LineExtensionAmount'));
  let total = new Decimal(0);
  for (const sub of kids(line, 'cac:SubInvoiceLine')) {
    const v = decimalOf(kids(sub, 'cbc:LineExtensionAmount'));
    if (v !== undefined) total = total.plus(v);
  }
  return own !== undefined && own.eq(total);
}

/** Rules: BR-DEX-01, BR-DEX-02, BR-DEX-03, BR-DEX-09, BR-DEX-04, BR-DEX-05, BR-DEX-06, BR-DEX-07, BR-DEX-08, BR-DEX-10, BR-DEX-11, BR-DEX-12, BR-DEX-13, BR-DEX-14 (BT-125, BT-131, BG-DEX-01, BG-DEX-06, BT-115, BT-112). */
export const EXTENSION_RULES: readonly DocumentRule[] = [
  {
    context: 'cbc:EmbeddedDocumentBinaryObject',
    where: extension,
    asserts: [
      {
        id: 'BR-DEX-01',
        flag: 'fatal',
        terms: ['BT-125'],
        message: `In the XRechnung extension, an attached document (BT-125) must have one of the MIME codes ${[...XR_EXTENSION_MIME_CODES].join(', ')}.`,
        test: (el) => XR_EXTENSION_MIME_CODES.has(attr(el, 'mimeCode') ?? ''),
      },
    ],
  },
  {
    context: `/${UBL_INVOICE}`,
    where: extension,
    asserts: [
      {
        id: 'BR-DEX-02',
        flag: 'warning',
        terms: ['BT-131', 'BG-DEX-01'],
        message: 'The net amount (BT-131) of an invoice line or sub-invoice line (BG-DEX-01) should equal the sum of the net amounts of the sub-invoice lines directly below it.',
        test: (el, doc) =>
          kids(el, 'cac:InvoiceLine').filter((l) => has(l, 'cac:SubInvoiceLine')).every(sumsMatch) &&
          doc.named('cac:SubInvoiceLine').filter((s) => has(s, 'cac:SubInvoiceLine')).every(sumsMatch),
      },
      {
        id: 'BR-DEX-03',
        flag: 'fatal',
        terms: ['BG-DEX-01', 'BG-DEX-06'],
        message: 'A sub-invoice line (BG-DEX-01) must have exactly one VAT information group (BG-DEX-06).',
        test: (_el, doc) => doc.named('cac:SubInvoiceLine').every((s) => kids(s, 'cac:Item').every((item) => kids(item, 'cac:ClassifiedTaxCategory').length === 1)),
      },
    ],
  },
  {
    context: 'cac:LegalMonetaryTotal',
    where: extension,
    asserts: [
      {
        id: 'BR-DEX-09',
        flag: 'fatal',
        terms: ['BT-115', 'BT-112', 'BT-113', 'BT-114', 'BT-DEX-002'],
        message: 'The amount due for payment (BT-115) must equal the total with VAT (BT-112) - the paid amount (BT-113) + the rounding amount (BT-114) + the third-party payment amounts (BT-DEX-002).',
        test: (el) => {
          const prepaid = decimalOf(kids(el, 'cbc:PrepaidAmount')) ?? new Decimal(0);
          const rounding = decimalOf(kids(el, 'cbc:PayableRoundingAmount')) ?? new Decimal(0);
          const payments = path(el.parent, 'cac:PrepaidPayment');
          let thirdParty = new Decimal(0);
          if (someNonBlank(path(payments, 'cbc:PaidAmount'))) {
            for (const p of payments) {
              const v = decimalOf(kids(p, 'cbc:PaidAmount'));
              if (v !== undefined) thirdParty = thirdParty.plus(v);
            }
          }
          const payable = decimalOf(kids(el, 'cbc:PayableAmount'));
          const total = decimalOf(kids(el, 'cbc:TaxInclusiveAmount'));
          if (payable === undefined || total === undefined) return false;
          return round2(payable.minus(rounding)).eq(round2(total.minus(prepaid).plus(thirdParty)));
        },
      },
    ],
  },
  {
    context: 'cac:PartyIdentification/cbc:ID',
    where: withScheme,
    asserts: [schemeAssert('BR-DEX-04', ['BT-29', 'BT-46', 'BT-60'], 'a party identifier', ISO_6523_ICD_EXT_CODES, 'ISO 6523 ICD list (or XR01..XR03; SEPA for the seller and payee)', true)],
  },
  {
    context: 'cac:PartyLegalEntity/cbc:CompanyID',
    where: withScheme,
    asserts: [schemeAssert('BR-DEX-05', ['BT-30', 'BT-47', 'BT-61'], 'a legal registration identifier', ISO_6523_ICD_EXT_CODES, 'ISO 6523 ICD list (or XR01..XR03)')],
  },
  {
    context: 'cac:StandardItemIdentification/cbc:ID',
    where: withScheme,
    asserts: [schemeAssert('BR-DEX-06', ['BT-157'], 'an item standard identifier', ISO_6523_ICD_EXT_CODES, 'ISO 6523 ICD list (or XR01..XR03)')],
  },
  {
    context: 'cbc:EndpointID',
    where: withScheme,
    asserts: [schemeAssert('BR-DEX-07', ['BT-34', 'BT-49'], 'an electronic address', CEF_EAS_EXT_CODES, 'EAS code list (or XR01..XR03)')],
  },
  {
    context: 'cac:DeliveryLocation/cbc:ID',
    where: withScheme,
    asserts: [schemeAssert('BR-DEX-08', ['BT-71'], 'the deliver-to location identifier', ISO_6523_ICD_EXT_CODES, 'ISO 6523 ICD list (or XR01..XR03)')],
  },
  {
    context: `/${UBL_INVOICE}/cac:PrepaidPayment`,
    where: extension,
    asserts: [
      {
        id: 'BR-DEX-10',
        flag: 'fatal',
        terms: ['BT-DEX-001', 'BG-DEX-09'],
        message: 'A third-party payment (BG-DEX-09) must give its type (BT-DEX-001).',
        test: (el) => someNonBlank(kids(el, 'cbc:ID')),
      },
      {
        id: 'BR-DEX-11',
        flag: 'fatal',
        terms: ['BT-DEX-002', 'BG-DEX-09'],
        message: 'A third-party payment (BG-DEX-09) must give its amount (BT-DEX-002).',
        test: (el) => someNonBlank(kids(el, 'cbc:PaidAmount')),
      },
      {
        id: 'BR-DEX-12',
        flag: 'fatal',
        terms: ['BT-DEX-003', 'BG-DEX-09'],
        message: 'A third-party payment (BG-DEX-09) must give its description (BT-DEX-003).',
        test: (el) => someNonBlank(kids(el, 'cbc:InstructionID')),
      },
      {
        id: 'BR-DEX-13',
        flag: 'fatal',
        terms: ['BT-DEX-002'],
        message: 'The third-party payment amount (BT-DEX-002) may have at most 2 decimals.',
        test: (el) => {
          const s = one(kids(el, 'cbc:PaidAmount'));
          const dot = s.indexOf('.');
          return (dot < 0 ? 0 : stringLength(s.slice(dot + 1))) <= 2;
        },
      },
      {
        id: 'BR-DEX-14',
        flag: 'fatal',
        terms: ['BT-DEX-002', 'BT-5'],
        message: 'The currency of the third-party payment amount (BT-DEX-002) must be the invoice currency (BT-5).',
        test: (el) => {
          const currencies = kids(el.parent!, 'cbc:DocumentCurrencyCode').map(stringValue);
          return kids(el, 'cbc:PaidAmount').some((a) => { const c = attr(a, 'currencyID'); return c !== undefined && currencies.includes(c); });
        },
      },
    ],
  },
];

