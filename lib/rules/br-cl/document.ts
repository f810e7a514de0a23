/**
 * The BR-CL code-list rules on a CII document itself, element by element, as
 * the official pattern `EN16931-Codes` (cii/schematron/codelist/
 * EN16931-CII-codes.sch, release 1.3.16) evaluates them: each element is
 * checked by the first rule whose context it matches (schematron rule order),
 * wherever it sits, whether or not the semantic model has a term for it (the
 * parties of EXTENDED, a second party identifier, line notes...). The model
 * rules of the same ids (./BR-CL-*.ts) judge models built without a document
 * (the JSON input); for a document, lib/cii/reader/validate-cii.ts takes these
 * findings in their place.
 *
 * Every test is `not(contains(normalize-space(V), ' ')) and contains(' list ',
 * concat(' ', normalize-space(V), ' '))` over the element text or an
 * attribute (BR-CL-22 upper-cases; BR-CL-24 compares the MIME code exactly).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import {
  ALLOWANCE_REASON_CODES,
  CHARGE_REASON_CODES,
  COUNTRY_CODES,
  CURRENCY_CODES,
  EAS_CODES,
  ICD_CODES,
  INVOICE_TYPE_CODES,
  ITEM_CLASSIFICATION_CODES,
  MIME_CODES,
  PAYMENT_MEANS_CODES,
  REFERENCE_QUALIFIER_CODES,
  TAX_POINT_DATE_CODES,
  TEXT_SUBJECT_CODES,
  UNIT_CODES,
  VAT_CATEGORY_CODES,
  VATEX_CODES,
} from '../codelists/index.js';
import { CODE_LIST_RULES, inCodeList, type CodeTest } from './code-test.js';

/** A code that is not in its list: the rule, the element and, for an attribute code, its name. */
export interface DocumentCodeFailure {
  rule: string;
  element: CiiElement;
  attr?: string;
}

/** The ids this pass decides for a document. */
export const DOCUMENT_CODE_RULES: ReadonlySet<string> = CODE_LIST_RULES;

type Test = CodeTest;

/** Where an element sits, as the contexts with `ancestor::` ask. */
interface Ancestry {
  taxRegistration: boolean;
  product: boolean;
  shipTo: boolean;
}

/**
 * The value of an indicator as `ram:ChargeIndicator/udt:Indicator = true()`
 * casts it (existential over every indicator): `true`, `false`, or undefined
 * when none is a boolean (the official XSLT aborts on a non-boolean anyway).
 */
function indicators(ac: CiiElement): { isTrue: boolean; isFalse: boolean } {
  let isTrue = false;
  let isFalse = false;
  for (const ci of ac.children) {
    if (ci.name !== 'ram:ChargeIndicator') continue;
    for (const ind of ci.children) {
      if (ind.name !== 'udt:Indicator') continue;
      const t = ind.text.trim();
      if (t === 'true' || t === '1') isTrue = true;
      else if (t === 'false' || t === '0') isFalse = true;
    }
  }
  return { isTrue, isFalse };
}

/** The tests, one per rule (allocated once). */
const T = {
  BR_CL_01: { rule: 'BR-CL-01', list: INVOICE_TYPE_CODES } as Test,
  BR_CL_03: { rule: 'BR-CL-03', list: CURRENCY_CODES, attr: 'currencyID' } as Test,
  BR_CL_04: { rule: 'BR-CL-04', list: CURRENCY_CODES } as Test,
  BR_CL_05: { rule: 'BR-CL-05', list: CURRENCY_CODES } as Test,
  BR_CL_06: { rule: 'BR-CL-06', list: TAX_POINT_DATE_CODES } as Test,
  BR_CL_07: { rule: 'BR-CL-07', list: REFERENCE_QUALIFIER_CODES } as Test,
  BR_CL_08: { rule: 'BR-CL-08', list: TEXT_SUBJECT_CODES } as Test,
  BR_CL_10: { rule: 'BR-CL-10', list: ICD_CODES, attr: 'schemeID' } as Test,
  BR_CL_11: { rule: 'BR-CL-11', list: ICD_CODES, attr: 'schemeID' } as Test,
  BR_CL_13: { rule: 'BR-CL-13', list: ITEM_CLASSIFICATION_CODES, attr: 'listID' } as Test,
  BR_CL_14: { rule: 'BR-CL-14', list: COUNTRY_CODES } as Test,
  BR_CL_15: { rule: 'BR-CL-15', list: COUNTRY_CODES } as Test,
  BR_CL_16: { rule: 'BR-CL-16', list: PAYMENT_MEANS_CODES } as Test,
  BR_CL_17: { rule: 'BR-CL-17', list: VAT_CATEGORY_CODES } as Test,
  BR_CL_18: { rule: 'BR-CL-18', list: VAT_CATEGORY_CODES } as Test,
  BR_CL_19: { rule: 'BR-CL-19', list: ALLOWANCE_REASON_CODES } as Test,
  BR_CL_20: { rule: 'BR-CL-20', list: CHARGE_REASON_CODES } as Test,
  BR_CL_21: { rule: 'BR-CL-21', list: ICD_CODES, attr: 'schemeID' } as Test,
  BR_CL_22: { rule: 'BR-CL-22', list: VATEX_CODES, comparison: 'upper' } as Test,
  BR_CL_23: { rule: 'BR-CL-23', list: UNIT_CODES, attr: 'unitCode' } as Test,
  BR_CL_24: { rule: 'BR-CL-24', list: MIME_CODES, attr: 'mimeCode', comparison: 'exact' } as Test,
  BR_CL_25: { rule: 'BR-CL-25', list: EAS_CODES, attr: 'schemeID' } as Test,
  BR_CL_26: { rule: 'BR-CL-26', list: ICD_CODES, attr: 'schemeID' } as Test,
} as const;

/** The first rule context (pattern order) `el` matches, with its test; undefined when none. */
function contextOf(el: CiiElement, parent: CiiElement | undefined, at: Ancestry): Test | undefined {
  const attrs = el.attrs;
  const parentName = parent?.name;
  switch (el.name) {
    case 'ram:TypeCode':
      if (parentName === 'rsm:ExchangedDocument') return T.BR_CL_01;
      if (parentName === 'ram:SpecifiedTradeSettlementPaymentMeans') return T.BR_CL_16;
      return undefined;
    case 'ram:TaxTotalAmount':
      return attrs.currencyID !== undefined ? T.BR_CL_03 : undefined;
    case 'ram:InvoiceCurrencyCode':
      return T.BR_CL_04;
    case 'ram:TaxCurrencyCode':
      return T.BR_CL_05;
    case 'ram:DueDateTypeCode':
      return T.BR_CL_06;
    case 'ram:ReferenceTypeCode':
      return T.BR_CL_07;
    case 'ram:SubjectCode':
      return T.BR_CL_08;
    case 'ram:GlobalID':
      if (attrs.schemeID === undefined) return undefined;
      if (!at.product && !at.shipTo) return T.BR_CL_10;
      if (parentName === 'ram:SpecifiedTradeProduct') return T.BR_CL_21;
      if (parentName === 'ram:ShipToTradeParty' && parent?.parent?.name === 'ram:ApplicableHeaderTradeDelivery') return T.BR_CL_26;
      return undefined;
    case 'ram:ID':
      if (attrs.schemeID !== undefined && !at.taxRegistration) return T.BR_CL_11;
      if (parentName === 'ram:OriginTradeCountry') return T.BR_CL_15;
      return undefined;
    case 'ram:ClassCode':
      return attrs.listID !== undefined ? T.BR_CL_13 : undefined;
    case 'ram:CountryID':
      return T.BR_CL_14;
    case 'ram:CategoryCode':
      if (parentName === 'ram:CategoryTradeTax') return T.BR_CL_17;
      if (parentName === 'ram:ApplicableTradeTax') return T.BR_CL_18;
      return undefined;
    case 'ram:ReasonCode': {
      if (parentName !== 'ram:SpecifiedTradeAllowanceCharge') return undefined;
      // Two contexts, in this order: an indicator that is both (two indicators) is an allowance here.
      const { isTrue, isFalse } = indicators(parent!);
      if (isFalse) return T.BR_CL_19;
      if (isTrue) return T.BR_CL_20;
      return undefined;
    }
    case 'ram:ExemptionReasonCode':
      return T.BR_CL_22;
    case 'ram:BasisQuantity':
    case 'ram:BilledQuantity':
      return attrs.unitCode !== undefined ? T.BR_CL_23 : undefined;
    case 'ram:AttachmentBinaryObject':
      return attrs.mimeCode !== undefined ? T.BR_CL_24 : undefined;
    case 'ram:URIID':
      return attrs.schemeID !== undefined && parentName === 'ram:URIUniversalCommunication' ? T.BR_CL_25 : undefined;
    default:
      return undefined;
  }
}

/** The official code-list failures of a CII document, in document order. */
export function checkDocumentCodes(root: CiiElement): DocumentCodeFailure[] {
  const out: DocumentCodeFailure[] = [];
  const visit = (el: CiiElement, parent: CiiElement | undefined, at: Ancestry): void => {
    const test = contextOf(el, parent, at);
    if (test !== undefined) {
      const value = test.attr === undefined ? el.text : el.attrs[test.attr]!;
      if (!inCodeList(value, test)) out.push(test.attr === undefined ? { rule: test.rule, element: el } : { rule: test.rule, element: el, attr: test.attr });
    }
    if (el.children.length === 0) return;
    const inner: Ancestry =
      el.name === 'ram:SpecifiedTaxRegistration' || el.name === 'ram:SpecifiedTradeProduct' || el.name === 'ram:ShipToTradeParty'
        ? {
            taxRegistration: at.taxRegistration || el.name === 'ram:SpecifiedTaxRegistration',
            product: at.product || el.name === 'ram:SpecifiedTradeProduct',
            shipTo: at.shipTo || el.name === 'ram:ShipToTradeParty',
          }
        : at;
    for (const c of el.children) visit(c, el, inner);
  };
  visit(root, undefined, { taxRegistration: false, product: false, shipTo: false });
  return out;
}
