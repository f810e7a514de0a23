/**
 * Syntax rules of the invoice line (BG-25) and its groups: CII-SR-035..221,
 * CII-SR-439..441, 445..447, 454, 463, 471..474.
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { absent, atMost, custom, exactly, rules, sr } from '../build.js';
import type { SyntaxContext } from '../types.js';
import { castBoolean, normalizedChild, select, stringValue } from '../xpath-values.js';
import { LINE } from './paths.js';

/** `/.../ram:IncludedSupplyChainTradeLineItem` (BG-25). */
export const INVOICE_LINE: SyntaxContext = {
  name: 'Invoice_line',
  xpath: LINE,
  match: { kind: 'path', paths: [LINE] },
  checks: absent('SR', 'warning', [
    [35, 'DescriptionCode'],
    [36, 'ParentLineID'],
    [37, 'LineStatusCode'],
    [38, 'LineStatusReasonCode'],
    [221, 'IncludedSubordinateTradeLineItem'],
  ]),
};

/** `/.../ram:IncludedSupplyChainTradeLineItem/ram:AssociatedDocumentLineDocument` (BT-126, BT-127). */
export const LINE_DOCUMENT: SyntaxContext = {
  name: 'AssociatedDocumentLineDocument',
  xpath: `${LINE}/ram:AssociatedDocumentLineDocument`,
  match: { kind: 'path', paths: [`${LINE}/ram:AssociatedDocumentLineDocument`] },
  checks: rules(
    atMost(sr(39), 'warning', 'IncludedNote', 1, 'An invoice line should have at most one line note (BT-127).'),
    atMost(sr(40), 'warning', 'IncludedNote/Content', 1, 'An invoice line should have at most one line note text (BT-127).'),
    absent('SR', 'warning', [
      [41, 'IncludedNote/SubjectCode'],
      [42, 'IncludedNote/ID'],
      [43, 'IncludedNote/Subject'],
      [44, 'IncludedNote/ContentCode'],
    ]),
  ),
};

/** `/.../ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct` (BG-31 item information). */
export const LINE_PRODUCT: SyntaxContext = {
  name: 'SpecifiedTradeProduct',
  xpath: `${LINE}/ram:SpecifiedTradeProduct`,
  match: { kind: 'path', paths: [`${LINE}/ram:SpecifiedTradeProduct`] },
  checks: rules(
    absent('SR', 'warning', [[45, 'ID']]),
    custom(
      sr(46),
      'fatal',
      'not(ram:GlobalID) or (ram:GlobalID/@schemeID)',
      'The item standard identifier (BT-157) must have a scheme identifier (BT-157-1).',
      (product) => {
        const ids = select(product, ['ram:GlobalID']);
        const first = ids[0];
        return first === undefined || ids.some((id) => 'schemeID' in id.attrs) ? undefined : { at: first };
      },
    ),
    absent('SR', 'warning', [
      [48, 'ManufacturerAssignedID'],
      [49, 'TradeName'],
      [50, 'TypeCode'],
      [51, 'NetWeightMeasure'],
      [52, 'GrossWeightMeasure'],
      [53, 'ProductGroupID'],
      [54, 'EndItemTypeCode'],
      [55, 'EndItemName'],
      [56, 'AreaDensityMeasure'],
      [57, 'UseDescription'],
      [58, 'BrandName'],
      [59, 'SubBrandName'],
      [60, 'DrainedNetWeightMeasure'],
      [61, 'VariableMeasureIndicator'],
      [62, 'ColourCode'],
      [63, 'ColourDescription'],
      [64, 'Designation'],
      [65, 'FormattedCancellationAnnouncedLaunchDateTime'],
      [66, 'FormattedLatestProductDataChangeDateTime'],
      [67, 'ApplicableProductCharacteristic/ID'],
      [68, 'ApplicableProductCharacteristic/TypeCode'],
      [70, 'ApplicableProductCharacteristic/ValueMeasure'],
      [71, 'ApplicableProductCharacteristic/MeasurementMethodCode'],
      [73, 'ApplicableProductCharacteristic/ValueCode'],
      [74, 'ApplicableProductCharacteristic/ValueDateTime'],
      [75, 'ApplicableProductCharacteristic/ValueIndicator'],
      [76, 'ApplicableProductCharacteristic/ContentTypeCode'],
      [77, 'ApplicableProductCharacteristic/ValueSpecifiedBinaryFile'],
      [78, 'ApplicableProductCharacteristic/ApplicableProductCharacteristicCondition'],
      [79, 'ApplicableProductCharacteristic/ApplicableReferencedStandard'],
      [80, 'ApplicableMaterialGoodsCharacteristic'],
      [81, 'DesignatedProductClassification/SystemID'],
      [82, 'DesignatedProductClassification/SystemName'],
      [83, 'DesignatedProductClassification/ClassName'],
      [84, 'DesignatedProductClassification/SubClassCode'],
      [85, 'DesignatedProductClassification/ClassProductCharacteristic'],
      [86, 'DesignatedProductClassification/ApplicableReferencedStandard'],
      [87, 'IndividualTradeProductInstance'],
      [88, 'CertificationEvidenceReferenceReferencedDocument'],
      [89, 'InspectionReferenceReferencedDocument'],
    ]),
    custom(
      sr(90),
      'fatal',
      'not (ram:OriginTradeCountry) or (count(ram:OriginTradeCountry/ram:ID) =1)',
      'An item country of origin group must contain exactly one country code (BT-159).',
      (product) => {
        const origins = select(product, ['ram:OriginTradeCountry']);
        const first = origins[0];
        if (first === undefined) return undefined;
        const ids = select(product, ['ram:OriginTradeCountry', 'ram:ID']);
        if (ids.length === 1) return undefined;
        return { at: ids[1] ?? first };
      },
    ),
    absent('SR', 'warning', [
      [91, 'OriginTradeCountry/Name'],
      [92, 'OriginTradeCountry/SubordinateTradeCountrySubDivision'],
      [93, 'LinearSpatialDimension'],
      [94, 'MinimumLinearSpatialDimension'],
      [95, 'MaximumLinearSpatialDimension'],
      [96, 'ManufacturerTradeParty'],
      [97, 'PresentationSpecifiedBinaryFile'],
      [98, 'MSDSReferenceReferencedDocument'],
      [99, 'AdditionalReferenceReferencedDocument'],
      [100, 'LegalRightsOwnerTradeParty'],
      [101, 'BrandOwnerTradeParty'],
      [102, 'IncludedReferencedProduct'],
      [103, 'InformationNote'],
    ]),
  ),
};

/** `/.../ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic` (BG-32 item attributes). */
export const PRODUCT_CHARACTERISTIC: SyntaxContext = {
  name: 'ApplicableProductCharacteristic',
  xpath: `${LINE}/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic`,
  match: { kind: 'path', paths: [`${LINE}/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic`] },
  checks: [
    exactly(sr(69), 'fatal', 'Description', 1, 'An item attribute (BG-32) must have exactly one attribute name (BT-160).'),
    exactly(sr(72), 'fatal', 'Value', 1, 'An item attribute (BG-32) must have exactly one attribute value (BT-161).'),
  ],
};

const GROSS_ALLOWANCE = ['ram:GrossPriceProductTradePrice', 'ram:AppliedTradeAllowanceCharge'] as const;

/**
 * CII-SR-119: the item price discount (BT-147) is an allowance with an amount,
 * never a charge. `udt:Indicator=false()` casts the indicator to xs:boolean.
 */
function priceAllowanceOnly(agreement: CiiElement): CiiElement | undefined {
  const charges = select(agreement, GROSS_ALLOWANCE);
  const indicators = charges.flatMap((c) => select(c, ['ram:ChargeIndicator']));
  const amounts = charges.flatMap((c) => select(c, ['ram:ActualAmount']));
  const allowanceIndicator = indicators.some((i) => select(i, ['udt:Indicator']).some((v) => castBoolean(stringValue(v)) === false));
  if ((allowanceIndicator && amounts.length > 0) || (indicators.length === 0 && amounts.length === 0)) return undefined;
  return indicators[0] ?? charges[0] ?? agreement;
}

/** `/.../ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeAgreement` (BG-29 price details, BT-132). */
export const LINE_AGREEMENT: SyntaxContext = {
  name: 'SpecifiedLineTradeAgreement',
  xpath: `${LINE}/ram:SpecifiedLineTradeAgreement`,
  match: { kind: 'path', paths: [`${LINE}/ram:SpecifiedLineTradeAgreement`] },
  checks: rules(
    absent('SR', 'warning', [
      [104, 'BuyerReference'],
      [105, 'BuyerRequisitionerTradeParty'],
      [106, 'ApplicableTradeDeliveryTerms'],
      [107, 'SellerOrderReferencedDocument'],
      [108, 'BuyerOrderReferencedDocument/IssuerAssignedID'],
      [109, 'QuotationReferencedDocument'],
      [110, 'ContractReferencedDocument'],
      [111, 'DemandForecastReferencedDocument'],
      [112, 'PromotionalDealReferencedDocument'],
      [113, 'AdditionalReferencedDocument'],
      [114, 'GrossPriceProductTradePrice/TypeCode'],
      [115, 'GrossPriceProductTradePrice/MinimumQuantity'],
      [116, 'GrossPriceProductTradePrice/MaximumQuantity'],
      [117, 'GrossPriceProductTradePrice/ChangeReason'],
      [118, 'GrossPriceProductTradePrice/OrderUnitConversionFactorNumeric'],
    ]),
    exactly(sr(439), 'fatal', 'NetPriceProductTradePrice/ChargeAmount', 1, 'An invoice line must have exactly one item net price (BT-146).'),
    custom(
      sr(119),
      'warning',
      '(ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ChargeIndicator[udt:Indicator=false()] and ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ActualAmount) or (not (ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ChargeIndicator) and not (ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ActualAmount))',
      'Only an allowance (charge indicator false) with an amount should be given on the item gross price: the item price discount (BT-147).',
      (agreement) => {
        const at = priceAllowanceOnly(agreement);
        return at === undefined ? undefined : { at };
      },
    ),
    absent('SR', 'warning', [
      [120, 'GrossPriceProductTradePrice/AppliedTradeAllowanceCharge/ID'],
      [121, 'GrossPriceProductTradePrice/AppliedTradeAllowanceCharge/SequenceNumeric'],
      [122, 'GrossPriceProductTradePrice/AppliedTradeAllowanceCharge/CalculationPercent'],
      [123, 'GrossPriceProductTradePrice/AppliedTradeAllowanceCharge/BasisAmount'],
      [124, 'GrossPriceProductTradePrice/AppliedTradeAllowanceCharge/BasisQuantity'],
      [125, 'GrossPriceProductTradePrice/AppliedTradeAllowanceCharge/PrepaidIndicator'],
      [126, 'GrossPriceProductTradePrice/AppliedTradeAllowanceCharge/UnitBasisAmount'],
      [127, 'GrossPriceProductTradePrice/AppliedTradeAllowanceCharge/ReasonCode'],
      [128, 'GrossPriceProductTradePrice/AppliedTradeAllowanceCharge/Reason'],
      [129, 'GrossPriceProductTradePrice/AppliedTradeAllowanceCharge/TypeCode'],
      [130, 'GrossPriceProductTradePrice/AppliedTradeAllowanceCharge/CategoryTradeTax'],
      [131, 'GrossPriceProductTradePrice/AppliedTradeAllowanceCharge/ActualTradeCurrencyExchange'],
      [445, 'GrossPriceProductTradePrice/IncludedTradeTax'],
      [132, 'GrossPriceProductTradePrice/ValiditySpecifiedPeriod'],
      [133, 'GrossPriceProductTradePrice/DeliveryTradeLocation'],
      [134, 'GrossPriceProductTradePrice/TradeComparisonReferencePrice'],
      [135, 'GrossPriceProductTradePrice/AssociatedReferencedDocument'],
      [136, 'NetPriceProductTradePrice/TypeCode'],
      [138, 'NetPriceProductTradePrice/MinimumQuantity'],
      [139, 'NetPriceProductTradePrice/MaximumQuantity'],
      [140, 'NetPriceProductTradePrice/ChangeReason'],
      [141, 'NetPriceProductTradePrice/OrderUnitConversionFactorNumeric'],
      [142, 'NetPriceProductTradePrice/AppliedTradeAllowanceCharge'],
      [446, 'NetPriceProductTradePrice/IncludedTradeTax'],
      [143, 'NetPriceProductTradePrice/ValiditySpecifiedPeriod'],
      [144, 'NetPriceProductTradePrice/DeliveryTradeLocation'],
      [145, 'NetPriceProductTradePrice/TradeComparisonReferencePrice'],
      [146, 'NetPriceProductTradePrice/AssociatedReferencedDocument'],
    ]),
    atMost(sr(441), 'fatal', 'NetPriceProductTradePrice/ChargeAmount', 1, 'The item net price (BT-146) must occur at most once per invoice line.'),
    absent('SR', 'warning', [
      [147, 'RequisitionerReferencedDocument'],
      [148, 'ItemSellerTradeParty'],
      [149, 'ItemBuyerTradeParty'],
      [150, 'IncludedSpecifiedMarketplace'],
      [447, 'UltimateCustomerOrderReferencedDocument'],
    ]),
  ),
};

/**
 * `//ram:SpecifiedTradeAllowanceCharge`: document level (BG-20, BG-21) and line
 * level (BG-27, BG-28) allowances and charges. Release 1.3.16 titles
 * CII-SR-471 "shall contain a VAT category code (BT-95)" and CII-SR-472
 * "should contain a VAT rate (BT-96)", but tests `count(ram:RateApplicablePercent) <= 1`
 * (an element the schema never puts there, so the rule cannot fail) and
 * `count(ram:CategoryTradeTax) <= 1`; we follow the tests.
 */
export const ALLOWANCE_CHARGE: SyntaxContext = {
  name: 'SpecifiedTradeAllowanceCharge',
  xpath: '//ram:SpecifiedTradeAllowanceCharge',
  match: { kind: 'name', name: 'ram:SpecifiedTradeAllowanceCharge' },
  checks: [
    custom(sr(463), 'fatal', '(ram:ChargeIndicator)', 'Each allowance or charge (BG-20, BG-21, BG-27, BG-28) must contain a charge indicator.', (charge) =>
      select(charge, ['ram:ChargeIndicator']).length > 0 ? undefined : { at: charge },
    ),
    atMost(sr(471), 'fatal', 'RateApplicablePercent', 1, 'An allowance or charge must not repeat its VAT rate (BT-96, BT-103).'),
    atMost(sr(472), 'fatal', 'CategoryTradeTax', 1, 'An allowance or charge must have at most one VAT category group (BT-95/BT-96, BT-102/BT-103).'),
    atMost(sr(473), 'fatal', 'ActualAmount', 1, 'An allowance or charge must have at most one amount (BT-92, BT-99, BT-136, BT-141).'),
  ],
};

/** `//ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge` (BT-147). */
export const PRICE_ALLOWANCE: SyntaxContext = {
  name: 'AppliedTradeAllowanceCharge',
  xpath: '//ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge',
  match: { kind: 'parentName', parent: 'ram:GrossPriceProductTradePrice', name: 'ram:AppliedTradeAllowanceCharge' },
  checks: [atMost(sr(440), 'fatal', 'ActualAmount', 1, 'The item price discount (BT-147) must occur at most once.')],
};

/** `/.../ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeDelivery` (BT-129, BT-130). */
export const LINE_DELIVERY: SyntaxContext = {
  name: 'SpecifiedLineTradeDelivery',
  xpath: `${LINE}/ram:SpecifiedLineTradeDelivery`,
  match: { kind: 'path', paths: [`${LINE}/ram:SpecifiedLineTradeDelivery`] },
  checks: absent('SR', 'warning', [
    [151, 'RequestedQuantity'],
    [152, 'ReceivedQuantity'],
    [153, 'ChargeFreeQuantity'],
    [154, 'PackageQuantity'],
    [155, 'ProductUnitQuantity'],
    [156, 'PerPackageUnitQuantity'],
    [157, 'NetWeightMeasure'],
    [158, 'GrossWeightMeasure'],
    [159, 'TheoreticalWeightMeasure'],
    [160, 'DespatchedQuantity'],
    [161, 'SpecifiedDeliveryAdjustment'],
    [162, 'IncludedSupplyChainPackaging'],
    [163, 'RelatedSupplyChainConsignment'],
    [164, 'ShipToTradeParty'],
    [165, 'UltimateShipToTradeParty'],
    [166, 'ShipFromTradeParty'],
    [167, 'ActualDespatchSupplyChainEvent'],
    [168, 'ActualPickUpSupplyChainEvent'],
    [169, 'RequestedDeliverySupplyChainEvent'],
    [170, 'ActualDeliverySupplyChainEvent'],
    [171, 'ActualReceiptSupplyChainEvent'],
    [172, 'AdditionalReferencedDocument'],
    [173, 'DespatchAdviceReferencedDocument'],
    [174, 'ReceivingAdviceReferencedDocument'],
    [175, 'DeliveryNoteReferencedDocument'],
    [176, 'ConsumptionReportReferencedDocument'],
    [177, 'PackingListReferencedDocument'],
  ]),
};

/** `/.../ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement` (BG-26, BG-27, BG-28, BG-30, BT-128, BT-131). */
export const LINE_SETTLEMENT: SyntaxContext = {
  name: 'SpecifiedLineTradeSettlement',
  xpath: `${LINE}/ram:SpecifiedLineTradeSettlement`,
  match: { kind: 'path', paths: [`${LINE}/ram:SpecifiedLineTradeSettlement`] },
  checks: rules(
    absent('SR', 'warning', [
      [178, 'PaymentReference'],
      [179, 'InvoiceIssuerReference'],
      [180, 'TotalAdjustmentAmount'],
      [181, 'DiscountIndicator'],
      [182, 'ApplicableTradeTax/CalculatedAmount'],
      [183, 'SpecifiedTradeAllowanceCharge/ChargeIndicator/udt:IndicatorString'],
      [184, 'SpecifiedTradeAllowanceCharge/ID'],
      [185, 'SpecifiedTradeAllowanceCharge/SequenceNumeric'],
      [186, 'SpecifiedTradeAllowanceCharge/CalculationPercent/@format'],
      [187, 'SpecifiedTradeAllowanceCharge/BasisQuantity'],
      [188, 'SpecifiedTradeAllowanceCharge/PrepaidIndicator'],
      [189, 'SpecifiedTradeAllowanceCharge/UnitBasisAmount'],
      [190, 'SpecifiedTradeAllowanceCharge/TypeCode'],
      [191, 'SpecifiedTradeAllowanceCharge/CategoryTradeTax'],
      [192, 'SpecifiedTradeAllowanceCharge/ActualTradeCurrencyExchange'],
      [193, 'SpecifiedTradeAllowanceCharge/ID'],
      [194, 'SubtotalCalculatedTradeTax'],
      [195, 'SpecifiedLogisticsServiceCharge'],
      [196, 'SpecifiedTradePaymentTerms'],
      [197, 'SpecifiedTradeSettlementLineMonetarySummation/ChargeTotalAmount'],
      [198, 'SpecifiedTradeSettlementLineMonetarySummation/AllowanceTotalAmount'],
      [199, 'SpecifiedTradeSettlementLineMonetarySummation/TaxBasisTotalAmount'],
      [200, 'SpecifiedTradeSettlementLineMonetarySummation/TaxTotalAmount'],
      [201, 'SpecifiedTradeSettlementLineMonetarySummation/GrandTotalAmount'],
      [202, 'SpecifiedTradeSettlementLineMonetarySummation/InformationAmount'],
      [203, 'SpecifiedTradeSettlementLineMonetarySummation/TotalAllowanceChargeAmount'],
      [204, 'SpecifiedTradeSettlementLineMonetarySummation/TotalRetailValueInformationAmount'],
      [205, 'SpecifiedTradeSettlementLineMonetarySummation/GrossLineTotalAmount'],
      [206, 'SpecifiedTradeSettlementLineMonetarySummation/NetLineTotalAmount'],
      [207, 'SpecifiedTradeSettlementLineMonetarySummation/NetIncludingTaxesLineTotalAmount'],
      [208, 'SpecifiedTradeSettlementLineMonetarySummation/ProductWeightLossInformationAmount'],
      [209, 'SpecifiedFinancialAdjustment'],
      [210, 'InvoiceReferencedDocument'],
      [212, 'PayableSpecifiedTradeAccountingAccount'],
      [213, 'ReceivableSpecifiedTradeAccountingAccount/SetTriggerCode'],
      [214, 'ReceivableSpecifiedTradeAccountingAccount/TypeCode'],
      [215, 'ReceivableSpecifiedTradeAccountingAccount/AmountTypeCode'],
      [216, 'ReceivableSpecifiedTradeAccountingAccount/Name'],
      [217, 'ReceivableSpecifiedTradeAccountingAccount/CostReferenceDimensionPattern'],
      [218, 'PurchaseSpecifiedTradeAccountingAccount'],
      [219, 'SalesSpecifiedTradeAccountingAccount'],
      [220, 'SpecifiedTradeSettlementFinancialCard'],
    ]),
    exactly(sr(454), 'warning', 'ApplicableTradeTax', 1, 'An invoice line should have exactly one line VAT information group (BG-30).'),
    custom(
      sr(474),
      'warning',
      "count(ram:AdditionalReferencedDocument[normalize-space(ram:TypeCode) = '130']) <= 1",
      'An invoice line should not have more than one invoiced object identifier (BT-128, type code 130).',
      (settlement) => {
        const objects = select(settlement, ['ram:AdditionalReferencedDocument']).filter((d) => normalizedChild(d, 'ram:TypeCode') === '130');
        const at = objects[1];
        return at === undefined ? undefined : { at };
      },
    ),
  ),
};
