/**
 * Datatype rules of the CII binding (CII-DT-001..104): attributes and children
 * of the UN/CEFACT data types that EN 16931 does not use, and the date format
 * 102 (CCYYMMDD) check.
 *
 * Their contexts overlap and the schematron order decides: the four
 * identifiers of `IDTypeNoAttributes` are claimed before the generic
 * `//ram:*[ends-with(name(), 'ID')]` rule, and `//ram:TypeCode` claims the
 * invoice type code (BT-3) before `NoAttributesTypeCodeType`, so CII-DT-010,
 * CII-DT-011 and CII-DT-012 can never fire in the official artefacts, nor here.
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { absent, custom, dt, rules } from '../build.js';
import type { SyntaxCheck, SyntaxContext } from '../types.js';
import { firstNamed, hasAncestor, select, stringValue } from '../xpath-values.js';
import { DOCUMENT_CONTEXT, EXCHANGED_DOCUMENT, LINE } from './paths.js';

const ID_NO_ATTRIBUTES = [
  `${DOCUMENT_CONTEXT}/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`,
  `${EXCHANGED_DOCUMENT}/ram:ID`,
  `${LINE}/ram:AssociatedDocumentLineDocument/ram:LineID`,
  `${LINE}/ram:SpecifiedTradeProduct/ram:SellerAssignedID`,
];

/** BT-24, BT-1, BT-126 and BT-155: identifiers that carry no attribute at all. */
export const ID_TYPE_NO_ATTRIBUTES: SyntaxContext = {
  name: 'IDTypeNoAttributes',
  xpath: ID_NO_ATTRIBUTES.join(' | '),
  match: { kind: 'path', paths: ID_NO_ATTRIBUTES },
  checks: absent('DT', 'fatal', [
    [1, '@schemeName'],
    [2, '@schemeAgencyName'],
    [3, '@schemeDataURI'],
    [4, '@schemeURI'],
    [5, '@schemeID'],
    [6, '@schemeAgencyID'],
    [7, '@schemeVersionID'],
  ]),
};

/** Every other identifier (`//ram:*[ends-with(name(), 'ID')]`). */
export const ID_TYPE: SyntaxContext = {
  name: 'IDType',
  xpath: "//ram:*[ends-with(name(), 'ID')]",
  match: { kind: 'suffix', suffix: 'ID' },
  checks: absent('DT', 'fatal', [
    [101, '@schemeName'],
    [102, '@schemeAgencyName'],
    [103, '@schemeDataURI'],
    [104, '@schemeURI'],
  ]),
};

/** Every type code (`//ram:TypeCode`). */
export const TYPE_CODE: SyntaxContext = {
  name: 'TypeCodeType',
  xpath: '//ram:TypeCode',
  match: { kind: 'name', name: 'ram:TypeCode' },
  checks: absent('DT', 'fatal', [
    [8, '@name'],
    [9, '@listURI'],
  ]),
};

/** The invoice type code (BT-3); shadowed by {@link TYPE_CODE}, see the module comment. */
export const TYPE_CODE_NO_ATTRIBUTES: SyntaxContext = {
  name: 'NoAttributesTypeCodeType',
  xpath: `${EXCHANGED_DOCUMENT}/ram:TypeCode`,
  match: { kind: 'path', paths: [`${EXCHANGED_DOCUMENT}/ram:TypeCode`] },
  checks: absent('DT', 'fatal', [
    [10, '@listID'],
    [11, '@listAgencyID'],
    [12, '@listVersionID'],
  ]),
};

/** The invoiced item VAT category code (BT-151). */
export const CATEGORY_CODE_NO_ATTRIBUTES: SyntaxContext = {
  name: 'CategoryCodeNoAttributes',
  xpath: `${LINE}/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode`,
  match: { kind: 'path', paths: [`${LINE}/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode`] },
  checks: absent('DT', 'warning', [
    [45, '@listID'],
    [46, '@listAgencyID'],
    [47, '@listVersionID'],
    [48, '@listURI'],
  ]),
};

/**
 * `not(ram:X) or (self::ram:AdditionalReferencedDocument and <typeCodeOk>)`:
 * child `X` is only allowed on an additional referenced document whose type
 * code passes (compared exactly, as XPath compares untyped values to strings).
 */
function onlyOnAdditionalDocument(
  n: number,
  child: string,
  codes: readonly string[],
  xpath: string,
  message: string,
): SyntaxCheck {
  const name = `ram:${child}`;
  return custom(dt(n), 'fatal', xpath, message, (document) => {
    const found = firstNamed(document, name);
    if (found === undefined) return undefined;
    const allowed =
      document.name === 'ram:AdditionalReferencedDocument' &&
      select(document, ['ram:TypeCode']).some((t) => codes.includes(stringValue(t)));
    return allowed ? undefined : { at: found };
  });
}

/** Every document reference (`//ram:*[ends-with(name(), 'ReferencedDocument')]`; BG-3, BG-24, BT-11..BT-18, BT-128). */
export const REFERENCED_DOCUMENT: SyntaxContext = {
  name: 'ReferencedDocumentType',
  xpath: "//ram:*[ends-with(name(), 'ReferencedDocument')]",
  match: { kind: 'suffix', suffix: 'ReferencedDocument' },
  checks: rules(
    onlyOnAdditionalDocument(
      15,
      'URIID',
      ['916'],
      "not(ram:URIID) or (self::ram:AdditionalReferencedDocument and ram:TypeCode='916')",
      'Only a supporting document (BG-24, type code 916) may have an external document location (BT-124).',
    ),
    absent('DT', 'fatal', [
      [16, 'StatusCode'],
      [17, 'CopyIndicator'],
    ]),
    onlyOnAdditionalDocument(
      18,
      'TypeCode',
      ['50', '130', '916'],
      "not(ram:TypeCode) or (self::ram:AdditionalReferencedDocument) and (ram:TypeCode='50' or ram:TypeCode='130' or ram:TypeCode='916')",
      'A document type code is only allowed on an additional referenced document, with value 50 (BT-17), 130 (BT-18) or 916 (BG-24).',
    ),
    absent('DT', 'fatal', [
      [19, 'GlobalID'],
      [20, 'RevisionID'],
    ]),
    onlyOnAdditionalDocument(
      21,
      'Name',
      ['916'],
      "not(ram:Name) or (self::ram:AdditionalReferencedDocument and ram:TypeCode='916')",
      'Only a supporting document (BG-24, type code 916) may have a description (BT-123).',
    ),
    onlyOnAdditionalDocument(
      22,
      'AttachmentBinaryObject',
      ['916'],
      "not(ram:AttachmentBinaryObject) or (self::ram:AdditionalReferencedDocument and ram:TypeCode='916')",
      'Only a supporting document (BG-24, type code 916) may have an attached document (BT-125).',
    ),
    absent('DT', 'fatal', [[23, 'Information']]),
    onlyOnAdditionalDocument(
      24,
      'ReferenceTypeCode',
      ['130'],
      "not(ram:ReferenceTypeCode) or (self::ram:AdditionalReferencedDocument and ram:TypeCode='130')",
      'Only an invoiced object identifier (BT-18, type code 130) may have a scheme identifier (BT-18-1).',
    ),
    absent('DT', 'fatal', [
      [25, 'SectionName'],
      [26, 'PreviousRevisionID'],
    ]),
    custom(
      dt(27),
      'fatal',
      'not(ram:FormattedIssueDateTime) or self::ram:InvoiceReferencedDocument',
      'Only a preceding invoice reference (BG-3) may have an issue date (BT-26).',
      (document) => {
        const found = firstNamed(document, 'ram:FormattedIssueDateTime');
        return found === undefined || document.name === 'ram:InvoiceReferencedDocument' ? undefined : { at: found };
      },
    ),
    absent('DT', 'fatal', [
      [28, 'EffectiveSpecifiedPeriod'],
      [29, 'IssuerTradeParty'],
      [30, 'AttachedSpecifiedBinaryFile'],
    ]),
  ),
};

/** Every amount except the VAT totals (`//ram:*[ends-with(name(), 'Amount') and not(self::ram:TaxTotalAmount)]`). */
export const AMOUNT_TYPE: SyntaxContext = {
  name: 'AmountType',
  xpath: "//ram:*[ends-with(name(), 'Amount') and not (self::ram:TaxTotalAmount)]",
  match: { kind: 'suffix', suffix: 'Amount', except: ['ram:TaxTotalAmount'] },
  checks: absent('DT', 'fatal', [
    [31, '@currencyID'],
    [32, '@currencyCodeListVersionID'],
  ]),
};

/** Every quantity (`//ram:*[ends-with(name(), 'Quantity')]`; BT-129, BT-149). */
export const QUANTITY_TYPE: SyntaxContext = {
  name: 'QuantityType',
  xpath: "//ram:*[ends-with(name(), 'Quantity')]",
  match: { kind: 'suffix', suffix: 'Quantity' },
  checks: rules(
    custom(
      dt(33),
      'fatal',
      'not(@unitCode) or (/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitCode)',
      'A quantity may only have a unit code when the invoiced quantity (BT-129) has its unit of measure code (BT-130).',
      (quantity, facts) => ('unitCode' in quantity.attrs && !facts.billedQuantityHasUnit ? { at: quantity, attr: 'unitCode' } : undefined),
    ),
    absent('DT', 'fatal', [
      [34, '@unitCodeListID'],
      [35, '@unitCodeListAgencyID'],
      [36, '@unitCodeListAgencyName'],
    ]),
  ),
};

/** `not(ram:X) or (ancestor::ram:ApplicableHeaderTradeSettlement)` / `or self::ram:ApplicableTradeTax`. */
function allowedWhere(n: number, child: string, where: 'header' | 'applicableTradeTax', xpath: string, message: string): SyntaxCheck {
  const name = `ram:${child}`;
  return custom(dt(n), 'warning', xpath, message, (tax: CiiElement) => {
    const found = firstNamed(tax, name);
    if (found === undefined) return undefined;
    const allowed =
      where === 'header' ? hasAncestor(tax, 'ram:ApplicableHeaderTradeSettlement') : tax.name === 'ram:ApplicableTradeTax';
    return allowed ? undefined : { at: found };
  });
}

/** Every tax group (`//ram:*[ends-with(name(), 'TradeTax')]`; BG-23, BG-30, BT-95/96, BT-102/103). */
export const TRADE_TAX: SyntaxContext = {
  name: 'TradeTaxType',
  xpath: "//ram:*[ends-with(name(), 'TradeTax')]",
  match: { kind: 'suffix', suffix: 'TradeTax' },
  checks: rules(
    custom(
      dt(37),
      'fatal',
      "not(ram:TypeCode) or (ram:TypeCode = 'VAT')",
      "The tax type code must be 'VAT'.",
      (tax) => {
        const codes = select(tax, ['ram:TypeCode']);
        const first = codes[0];
        return first === undefined || codes.some((c) => stringValue(c) === 'VAT') ? undefined : { at: first };
      },
    ),
    absent('DT', 'warning', [
      [38, 'CalculatedRate'],
      [39, 'CalculationSequenceNumeric'],
      [40, 'BasisQuantity'],
    ]),
    allowedWhere(
      41,
      'BasisAmount',
      'header',
      'not(ram:BasisAmount) or (ancestor::ram:ApplicableHeaderTradeSettlement)',
      'A VAT category taxable amount (BT-116) is only used in the VAT breakdown (BG-23).',
    ),
    absent('DT', 'warning', [
      [42, 'UnitBasisAmount'],
      [43, 'LineTotalBasisAmount'],
      [44, 'AllowanceChargeBasisAmount'],
      [49, 'CurrencyCode'],
      [50, 'Jurisdiction'],
      [51, 'CustomsDutyIndicator'],
    ]),
    allowedWhere(
      52,
      'ExemptionReasonCode',
      'applicableTradeTax',
      'not(ram:ExemptionReasonCode) or self::ram:ApplicableTradeTax',
      'A VAT exemption reason code (BT-121) is only used in the VAT breakdown (BG-23).',
    ),
    allowedWhere(
      98,
      'ExemptionReason',
      'applicableTradeTax',
      'not(ram:ExemptionReason) or self::ram:ApplicableTradeTax',
      'A VAT exemption reason text (BT-120) is only used in the VAT breakdown (BG-23).',
    ),
    absent('DT', 'warning', [[53, 'TaxBasisAllowanceRate']]),
    allowedWhere(
      54,
      'TaxPointDate',
      'header',
      'not(ram:TaxPointDate) or (ancestor::ram:ApplicableHeaderTradeSettlement)',
      'The value added tax point date (BT-7) is only used at document level.',
    ),
    absent('DT', 'warning', [
      [55, 'Type'],
      [56, 'InformationAmount'],
      [57, 'CategoryName'],
    ]),
    allowedWhere(
      58,
      'DueDateTypeCode',
      'header',
      'not(ram:DueDateTypeCode) or (ancestor::ram:ApplicableHeaderTradeSettlement)',
      'The value added tax point date code (BT-8) is only used at document level.',
    ),
    absent('DT', 'warning', [
      [59, 'RateApplicablePercent/@format'],
      [60, 'SpecifiedTradeAccountingAccount'],
      [61, 'ServiceSupplyTradeCountry'],
      [62, 'BuyerRepayableTaxSpecifiedTradeAccountingAccount'],
      [63, 'SellerPayableTaxSpecifiedTradeAccountingAccount'],
      [64, 'SellerRefundableTaxSpecifiedTradeAccountingAccount'],
      [65, 'BuyerDeductibleTaxSpecifiedTradeAccountingAccount'],
      [66, 'BuyerNonDeductibleTaxSpecifiedTradeAccountingAccount'],
      [67, 'PlaceApplicableTradeLocation'],
    ]),
  ),
};

/** Every invoicing period (`//ram:BillingSpecifiedPeriod`; BG-14, BG-26). */
export const BILLING_PERIOD: SyntaxContext = {
  name: 'BillingSpecifiedPeriodType',
  xpath: '//ram:BillingSpecifiedPeriod',
  match: { kind: 'name', name: 'ram:BillingSpecifiedPeriod' },
  checks: absent('DT', 'fatal', [
    [68, 'StartDateTime/udt:DateTime'],
    [69, 'DurationMeasure'],
    [70, 'InclusiveIndicator'],
    [71, 'Description'],
    [72, 'EndDateTime/udt:DateTime'],
    [73, 'CompleteDateTime'],
    [74, 'OpenIndicator'],
    [75, 'SeasonCode'],
    [76, 'ID'],
    [77, 'Name'],
    [78, 'SequenceNumeric'],
    [79, 'StartDateFlexibilityCode'],
    [80, 'ContinuousIndicator'],
    [81, 'PurposeCode'],
  ]),
};

/** Every postal address (`//ram:PostalTradeAddress`; BG-5, BG-8, BG-12, BG-15). */
export const POSTAL_ADDRESS: SyntaxContext = {
  name: 'PostalTradeAddressType',
  xpath: '//ram:PostalTradeAddress',
  match: { kind: 'name', name: 'ram:PostalTradeAddress' },
  checks: absent('DT', 'fatal', [
    [82, 'ID'],
    [83, 'PostOfficeBox'],
    [84, 'BuildingName'],
    [86, 'LineFour'],
    [87, 'LineFive'],
    [88, 'StreetName'],
    [89, 'CitySubDivisionName'],
    [90, 'CountryName'],
    [91, 'CountrySubDivisionID'],
    [92, 'AttentionOf'],
    [93, 'CareOf'],
    [94, 'BuildingNumber'],
    [95, 'DepartmentName'],
    [96, 'AdditionalStreetName'],
  ]),
};

// XPath `\s` is [ \t\n\r] and `\d` any Unicode decimal digit (\p{Nd}).
const DATE_102 = /^[ \t\n\r]*(\p{Nd}{4})(1[0-2]|0[1-9])(3[01]|[12][0-9]|0[1-9])[ \t\n\r]*$/u;

/** Every date in format 102 (`//udt:DateTimeString[@format = '102']`; BT-2, BT-7, BT-9, BT-26, BT-72, BT-73, BT-74, BT-134, BT-135). */
export const DATE_TIME_STRING: SyntaxContext = {
  name: 'DateTimeString',
  xpath: "//udt:DateTimeString[@format = '102']",
  match: { kind: 'nameAttr', name: 'udt:DateTimeString', attr: 'format', value: '102' },
  checks: [
    custom(
      dt(97),
      'fatal',
      "matches(.,'^\\s*(\\d{4})(1[0-2]|0[1-9]){1}(3[01]|[12][0-9]|0[1-9]){1}\\s*$')",
      'A date with format 102 must be written YYYYMMDD with a valid month and day number.',
      (date) => (DATE_102.test(stringValue(date)) ? undefined : { at: date }),
    ),
  ],
};
