/**
 * The BR-CL code-list rules on a UBL 2.1 document itself, element by
 * element, as the official pattern `Codesmodel` of the UBL binding
 * (ubl/schematron/codelist/EN16931-UBL-codes.sch, release 1.3.16) evaluates
 * them: each element is checked by the first rule whose context it matches,
 * wherever it sits. The lists are the UBL artefact's own
 * (lib/rules/codelists/ubl.ts), which differ from the CII ones of the same
 * release. BR-CL-08 (`/ubl:Invoice/cbc:Note`, the `#CODE#` subject code
 * written in a note) is in the UBL model pattern; it is decided here too.
 *
 * The tests are `not(contains(normalize-space(V), ' ')) and contains(' list
 * ', concat(' ', normalize-space(V), ' '))` over the element text or an
 * attribute, but: BR-CL-01 takes the invoice or the credit note list by the
 * element's name, BR-CL-03 tests the `@currencyID` of every amount (with or
 * without one), BR-CL-10 also accepts `SEPA` under the seller or the payee,
 * BR-CL-22 upper-cases, BR-CL-24 compares the MIME code exactly, BR-CL-08
 * looks for the code anywhere in the quoted list.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import {
  ALLOWANCE_REASON_CODES,
  CHARGE_REASON_CODES,
  ITEM_CLASSIFICATION_CODES,
  MIME_CODES,
  PAYMENT_MEANS_CODES,
  REFERENCE_QUALIFIER_CODES,
  UBL_COUNTRY_CODES,
  UBL_CREDIT_NOTE_TYPE_CODES,
  UBL_CURRENCY_CODES,
  UBL_EAS_CODES,
  UBL_ICD_CODES,
  UBL_INVOICE_TYPE_CODES,
  UBL_NOTE_SUBJECT_LIST,
  UBL_TAX_POINT_DATE_CODES,
  UNIT_CODES,
  VAT_CATEGORY_CODES,
  VATEX_CODES,
} from '../codelists/ubl.js';
import type { DocumentCodeFailure } from './document.js';
import { CODE_LIST_RULES, inCodeList, type CodeTest } from './code-test.js';
import { normalizeSpace, stringValue } from '../syntax/xpath-values.js';

/** The ids this pass decides for a UBL document: the same as for CII. */
export const UBL_DOCUMENT_CODE_RULES: ReadonlySet<string> = CODE_LIST_RULES;

type Test = CodeTest;

/** The elements whose text is a price or an amount (`cbc:Amount | cbc:BaseAmount | ...`): BR-CL-03 tests their `@currencyID`. */
const AMOUNTS: ReadonlySet<string> = new Set([
  'cbc:Amount', 'cbc:BaseAmount', 'cbc:PriceAmount', 'cbc:TaxAmount', 'cbc:TaxableAmount', 'cbc:LineExtensionAmount', 'cbc:TaxExclusiveAmount',
  'cbc:TaxInclusiveAmount', 'cbc:AllowanceTotalAmount', 'cbc:ChargeTotalAmount', 'cbc:PrepaidAmount', 'cbc:PayableRoundingAmount', 'cbc:PayableAmount',
]);

const T = {
  BR_CL_01_INVOICE: { rule: 'BR-CL-01', list: UBL_INVOICE_TYPE_CODES } as Test,
  BR_CL_01_CREDIT: { rule: 'BR-CL-01', list: UBL_CREDIT_NOTE_TYPE_CODES } as Test,
  BR_CL_03: { rule: 'BR-CL-03', list: UBL_CURRENCY_CODES, attr: 'currencyID' } as Test,
  BR_CL_04: { rule: 'BR-CL-04', list: UBL_CURRENCY_CODES } as Test,
  BR_CL_05: { rule: 'BR-CL-05', list: UBL_CURRENCY_CODES } as Test,
  BR_CL_06: { rule: 'BR-CL-06', list: UBL_TAX_POINT_DATE_CODES } as Test,
  BR_CL_07: { rule: 'BR-CL-07', list: REFERENCE_QUALIFIER_CODES, attr: 'schemeID' } as Test,
  BR_CL_10: { rule: 'BR-CL-10', list: UBL_ICD_CODES, attr: 'schemeID' } as Test,
  BR_CL_11: { rule: 'BR-CL-11', list: UBL_ICD_CODES, attr: 'schemeID' } as Test,
  BR_CL_13: { rule: 'BR-CL-13', list: ITEM_CLASSIFICATION_CODES, attr: 'listID' } as Test,
  BR_CL_14: { rule: 'BR-CL-14', list: UBL_COUNTRY_CODES } as Test,
  BR_CL_15: { rule: 'BR-CL-15', list: UBL_COUNTRY_CODES } as Test,
  BR_CL_16: { rule: 'BR-CL-16', list: PAYMENT_MEANS_CODES } as Test,
  BR_CL_17: { rule: 'BR-CL-17', list: VAT_CATEGORY_CODES } as Test,
  BR_CL_18: { rule: 'BR-CL-18', list: VAT_CATEGORY_CODES } as Test,
  BR_CL_19: { rule: 'BR-CL-19', list: ALLOWANCE_REASON_CODES } as Test,
  BR_CL_20: { rule: 'BR-CL-20', list: CHARGE_REASON_CODES } as Test,
  BR_CL_21: { rule: 'BR-CL-21', list: UBL_ICD_CODES, attr: 'schemeID' } as Test,
  BR_CL_22: { rule: 'BR-CL-22', list: VATEX_CODES, comparison: 'upper' } as Test,
  BR_CL_23: { rule: 'BR-CL-23', list: UNIT_CODES, attr: 'unitCode' } as Test,
  BR_CL_24: { rule: 'BR-CL-24', list: MIME_CODES, attr: 'mimeCode', comparison: 'exact' } as Test,
  BR_CL_25: { rule: 'BR-CL-25', list: UBL_EAS_CODES, attr: 'schemeID' } as Test,
  BR_CL_26: { rule: 'BR-CL-26', list: UBL_ICD_CODES, attr: 'schemeID' } as Test,
} as const;

/** `[cbc:ChargeIndicator = false()]` / `= true()` on the parent allowance or charge: any indicator casting to that boolean. */
function indicators(ac: CiiElement): { isTrue: boolean; isFalse: boolean } {
  let isTrue = false;
  let isFalse = false;
  for (const c of ac.children) {
    if (c.name !== 'cbc:ChargeIndicator') continue;
    const t = normalizeSpace(stringValue(c));
    if (t === 'true' || t === '1') isTrue = true;
    else if (t === 'false' || t === '0') isFalse = true;
  }
  return { isTrue, isFalse };
}

/** `cac:X[cbc:DocumentTypeCode = '130']`: any type code child, compared exactly. */
function invoicedObjectReference(doc: CiiElement | undefined): boolean {
  return doc !== undefined && doc.children.some((c) => c.name === 'cbc:DocumentTypeCode' && stringValue(c) === '130');
}

/** Where an element sits, as BR-CL-10's `ancestor::` asks. */
interface Ancestry {
  supplierOrPayee: boolean;
}

/** The first rule context (pattern order) `el` matches, with its test; undefined when none. */
function contextOf(el: CiiElement, parent: CiiElement | undefined): Test | undefined {
  const attrs = el.attrs;
  const parentName = parent?.name;
  if (AMOUNTS.has(el.name)) return T.BR_CL_03;
  switch (el.name) {
    case 'cbc:InvoiceTypeCode':
      return T.BR_CL_01_INVOICE;
    case 'cbc:CreditNoteTypeCode':
      return T.BR_CL_01_CREDIT;
    case 'cbc:DocumentCurrencyCode':
      return T.BR_CL_04;
    case 'cbc:TaxCurrencyCode':
      return T.BR_CL_05;
    case 'cbc:DescriptionCode':
      return parentName === 'cac:InvoicePeriod' ? T.BR_CL_06 : undefined;
    case 'cbc:ID':
      if (attrs.schemeID !== undefined && (parentName === 'cac:AdditionalDocumentReference' || parentName === 'cac:DocumentReference') && invoicedObjectReference(parent)) return T.BR_CL_07;
      if (attrs.schemeID !== undefined && parentName === 'cac:PartyIdentification') return T.BR_CL_10;
      if (parentName === 'cac:TaxCategory') return T.BR_CL_17;
      if (parentName === 'cac:ClassifiedTaxCategory') return T.BR_CL_18;
      if (attrs.schemeID !== undefined && parentName === 'cac:StandardItemIdentification') return T.BR_CL_21;
      if (attrs.schemeID !== undefined && parentName === 'cac:DeliveryLocation') return T.BR_CL_26;
      return undefined;
    case 'cbc:CompanyID':
      return attrs.schemeID !== undefined && parentName === 'cac:PartyLegalEntity' ? T.BR_CL_11 : undefined;
    case 'cbc:ItemClassificationCode':
      return attrs.listID !== undefined && parentName === 'cac:CommodityClassification' ? T.BR_CL_13 : undefined;
    case 'cbc:IdentificationCode':
      if (parentName === 'cac:Country') return T.BR_CL_14;
      if (parentName === 'cac:OriginCountry') return T.BR_CL_15;
      return undefined;
    case 'cbc:PaymentMeansCode':
      return parentName === 'cac:PaymentMeans' ? T.BR_CL_16 : undefined;
    case 'cbc:AllowanceChargeReasonCode': {
      if (parentName !== 'cac:AllowanceCharge') return undefined;
      // Two contexts, in this order: an indicator that is both (repeated) is an allowance here.
      const { isTrue, isFalse } = indicators(parent!);
      if (isFalse) return T.BR_CL_19;
      if (isTrue) return T.BR_CL_20;
      return undefined;
    }
    case 'cbc:TaxExemptionReasonCode':
      return T.BR_CL_22;
    case 'cbc:InvoicedQuantity':
    case 'cbc:BaseQuantity':
    case 'cbc:CreditedQuantity':
      return attrs.unitCode !== undefined ? T.BR_CL_23 : undefined;
    case 'cbc:EmbeddedDocumentBinaryObject':
      return attrs.mimeCode !== undefined ? T.BR_CL_24 : undefined;
    case 'cbc:EndpointID':
      return attrs.schemeID !== undefined ? T.BR_CL_25 : undefined;
    default:
      return undefined;
  }
}

/**
 * BR-CL-08 on a root `cbc:Note`: `(contains(., '#') and string-length(code)
 * = 3 and contains(list, code)) or not(contains(., '#')) or
 * not(string-length(code) = 3)`, code being the text between the first two
 * `#` (`substring-before(substring-after(., '#'), '#')`).
 */
function noteSubjectPasses(text: string): boolean {
  const hash = text.indexOf('#');
  if (hash < 0) return true;
  const after = text.slice(hash + 1);
  const end = after.indexOf('#');
  const code = end < 0 ? '' : after.slice(0, end);
  // XPath string-length counts characters (code points), not UTF-16 units.
  if ([...code].length !== 3) return true;
  return UBL_NOTE_SUBJECT_LIST.includes(code);
}

/** The official code-list failures of a UBL document, in document order. */
export function checkUblDocumentCodes(root: CiiElement): DocumentCodeFailure[] {
  const out: DocumentCodeFailure[] = [];
  for (const note of root.children) {
    if (note.name === 'cbc:Note' && !noteSubjectPasses(stringValue(note))) out.push({ rule: 'BR-CL-08', element: note });
  }
  const visit = (el: CiiElement, parent: CiiElement | undefined, at: Ancestry): void => {
    const test = contextOf(el, parent);
    if (test !== undefined) {
      const value = test.attr === undefined ? stringValue(el) : (el.attrs[test.attr] ?? '');
      let pass = inCodeList(value, test);
      if (!pass && test === T.BR_CL_10 && at.supplierOrPayee && normalizeSpace(value) === 'SEPA') pass = true;
      if (!pass) out.push(test.attr === undefined ? { rule: test.rule, element: el } : { rule: test.rule, element: el, attr: test.attr });
    }
    if (el.children.length === 0) return;
    const inner: Ancestry = at.supplierOrPayee || el.name === 'cac:AccountingSupplierParty' || el.name === 'cac:PayeeParty' ? { supplierOrPayee: true } : at;
    for (const c of el.children) visit(c, el, inner);
  };
  visit(root, undefined, { supplierOrPayee: false });
  return out;
}
