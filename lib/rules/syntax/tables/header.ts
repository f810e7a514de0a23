/**
 * Syntax rules of the header agreement (seller BG-4, buyer BG-7, tax
 * representative BG-11, references), delivery (BG-13, BG-15), settlement
 * (payment BG-16, allowances/charges BG-20/21, VAT breakdown BG-23) and
 * document totals (BG-22): CII-SR-222..437, 442..444, 448..453, 455..462,
 * 465, 466, 470, 475..494.
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { absent, atMost, custom, rules, sr } from '../build.js';
import type { SyntaxCheck, SyntaxContext } from '../types.js';
import { normalizedChild, select, stringValue } from '../xpath-values.js';
import { HEADER_AGREEMENT, HEADER_DELIVERY, HEADER_SETTLEMENT, MONETARY_SUMMATION } from './paths.js';

/**
 * CII-SR-449/450/451: `(not(P/ID) and P/GlobalID) or (P/ID and not(P/GlobalID)) or
 * (not(P/ID) and not(P/GlobalID))`, i.e. not both an identifier and a global
 * identifier for party `P`.
 */
function oneIdentifier(id: number, party: string, terms: string): SyntaxCheck {
  const p = `ram:${party}`;
  return custom(
    sr(id),
    'warning',
    `(not(${p}/ram:ID) and ${p}/ram:GlobalID) or (${p}/ram:ID and not(${p}/ram:GlobalID)) or (not(${p}/ram:ID) and not(${p}/ram:GlobalID))`,
    `Only one ${terms} should be present: either the ID or the global ID.`,
    (context) => {
      const ids = select(context, [p, 'ram:ID']);
      const globals = select(context, [p, 'ram:GlobalID']);
      return ids.length > 0 && globals[0] !== undefined ? { at: globals[0] } : undefined;
    },
  );
}

/** CII-SR-465/466: `not(P/DefinedTradeContact/PersonName and P/DefinedTradeContact/DepartmentName)`. */
function onePointOfContact(id: number, party: string, term: string): SyntaxCheck {
  const p = `ram:${party}/ram:DefinedTradeContact`;
  return custom(
    sr(id),
    'warning',
    `not(${p}/ram:PersonName and ${p}/ram:DepartmentName)`,
    `Only one contact point (${term}) is allowed: a person name or a department name, not both.`,
    (agreement) => {
      const persons = select(agreement, [`ram:${party}`, 'ram:DefinedTradeContact', 'ram:PersonName']);
      const departments = select(agreement, [`ram:${party}`, 'ram:DefinedTradeContact', 'ram:DepartmentName']);
      return persons.length > 0 && departments[0] !== undefined ? { at: departments[0] } : undefined;
    },
  );
}

/** `count(ram:AdditionalReferencedDocument[<typeCodeTest>]/<child>) <= 1`, reported at the first excess element. */
function atMostOneReferenced(
  context: CiiElement,
  typeCodeMatches: (document: CiiElement) => boolean,
  child?: string,
): CiiElement | undefined {
  const documents = select(context, ['ram:AdditionalReferencedDocument']).filter(typeCodeMatches);
  const counted = child === undefined ? documents : documents.flatMap((d) => select(d, [child]));
  return counted[1];
}

/** `ram:TypeCode = 'value'`: an exact comparison of any type code child (no trimming). */
const typeCodeIs = (value: string) => (document: CiiElement) =>
  select(document, ['ram:TypeCode']).some((t) => stringValue(t) === value);

/** `normalize-space(ram:TypeCode) = 'value'`. */
const normalizedTypeCodeIs = (value: string) => (document: CiiElement) => normalizedChild(document, 'ram:TypeCode') === value;

/** `/.../ram:ApplicableHeaderTradeAgreement` (BT-10, BT-11..BT-14, BT-17, BT-18, BG-4, BG-7, BG-11, BG-24). */
export const HEADER_AGREEMENT_RULES: SyntaxContext = {
  name: 'ApplicableHeaderTradeAgreement',
  xpath: HEADER_AGREEMENT,
  match: { kind: 'path', paths: [HEADER_AGREEMENT] },
  checks: rules(
    absent('SR', 'warning', [
      [442, 'Reference'],
      [222, 'SellerTradeParty/RoleCode'],
      [223, 'SellerTradeParty/SpecifiedLegalOrganization/LegalClassificationCode'],
      [224, 'SellerTradeParty/SpecifiedLegalOrganization/Name'],
      [225, 'SellerTradeParty/SpecifiedLegalOrganization/PostalTradeAddress'],
      [226, 'SellerTradeParty/SpecifiedLegalOrganization/AuthorizedLegalRegistration'],
      [227, 'SellerTradeParty/DefinedTradeContact/ID'],
      [228, 'SellerTradeParty/DefinedTradeContact/TypeCode'],
      [229, 'SellerTradeParty/DefinedTradeContact/JobTitle'],
      [230, 'SellerTradeParty/DefinedTradeContact/Responsibility'],
      [231, 'SellerTradeParty/DefinedTradeContact/PersonID'],
      [232, 'SellerTradeParty/DefinedTradeContact/TelephoneUniversalCommunication/URIID'],
      [233, 'SellerTradeParty/DefinedTradeContact/TelephoneUniversalCommunication/ChannelCode'],
      [234, 'SellerTradeParty/DefinedTradeContact/DirectTelephoneUniversalCommunication'],
      [235, 'SellerTradeParty/DefinedTradeContact/MobileTelephoneUniversalCommunication'],
      [236, 'SellerTradeParty/DefinedTradeContact/FaxUniversalCommunication'],
      [237, 'SellerTradeParty/DefinedTradeContact/EmailURIUniversalCommunication/ChannelCode'],
      [238, 'SellerTradeParty/DefinedTradeContact/EmailURIUniversalCommunication/CompleteNumber'],
      [239, 'SellerTradeParty/DefinedTradeContact/TelexUniversalCommunication'],
      [240, 'SellerTradeParty/DefinedTradeContact/VOIPUniversalCommunication'],
      [241, 'SellerTradeParty/DefinedTradeContact/InstantMessagingUniversalCommunication'],
      [242, 'SellerTradeParty/DefinedTradeContact/SpecifiedNote'],
      [243, 'SellerTradeParty/DefinedTradeContact/SpecifiedContactPerson'],
      [244, 'SellerTradeParty/URIUniversalCommunication/ChannelCode'],
      [245, 'SellerTradeParty/URIUniversalCommunication/CompleteNumber'],
      [246, 'SellerTradeParty/SpecifiedTaxRegistration/AssociatedRegisteredTax'],
      [247, 'SellerTradeParty/EndPointURIUniversalCommunication'],
      [248, 'SellerTradeParty/LogoAssociatedSpecifiedBinaryFile'],
      [249, 'BuyerTradeParty/RoleCode'],
      [250, 'BuyerTradeParty/Description'],
      [251, 'BuyerTradeParty/SpecifiedLegalOrganization/LegalClassificationCode'],
      [252, 'BuyerTradeParty/SpecifiedLegalOrganization/Name'],
      [254, 'BuyerTradeParty/SpecifiedLegalOrganization/PostalTradeAddress'],
      [255, 'BuyerTradeParty/SpecifiedLegalOrganization/AuthorizedLegalRegistration'],
      [256, 'BuyerTradeParty/DefinedTradeContact/ID'],
      [257, 'BuyerTradeParty/DefinedTradeContact/TypeCode'],
      [258, 'BuyerTradeParty/DefinedTradeContact/JobTitle'],
      [259, 'BuyerTradeParty/DefinedTradeContact/Responsibility'],
      [260, 'BuyerTradeParty/DefinedTradeContact/PersonID'],
      [261, 'BuyerTradeParty/DefinedTradeContact/TelephoneUniversalCommunication/URIID'],
      [262, 'BuyerTradeParty/DefinedTradeContact/TelephoneUniversalCommunication/ChannelCode'],
      [263, 'BuyerTradeParty/DefinedTradeContact/DirectTelephoneUniversalCommunication'],
      [264, 'BuyerTradeParty/DefinedTradeContact/MobileTelephoneUniversalCommunication'],
      [265, 'BuyerTradeParty/DefinedTradeContact/FaxUniversalCommunication'],
      [266, 'BuyerTradeParty/DefinedTradeContact/EmailURIUniversalCommunication/ChannelCode'],
      [267, 'BuyerTradeParty/DefinedTradeContact/EmailURIUniversalCommunication/CompleteNumber'],
      [268, 'BuyerTradeParty/DefinedTradeContact/TelexUniversalCommunication'],
      [269, 'BuyerTradeParty/DefinedTradeContact/VOIPUniversalCommunication'],
      [270, 'BuyerTradeParty/DefinedTradeContact/InstantMessagingUniversalCommunication'],
      [271, 'BuyerTradeParty/DefinedTradeContact/SpecifiedNote'],
      [272, 'BuyerTradeParty/DefinedTradeContact/SpecifiedContactPerson'],
      [273, 'BuyerTradeParty/URIUniversalCommunication/ChannelCode'],
      [274, 'BuyerTradeParty/URIUniversalCommunication/CompleteNumber'],
      [275, 'BuyerTradeParty/SpecifiedTaxRegistration/AssociatedRegisteredTax'],
      [276, 'BuyerTradeParty/EndPointURIUniversalCommunication'],
      [277, 'BuyerTradeParty/LogoAssociatedSpecifiedBinaryFile'],
      [278, 'SalesAgentTradeParty'],
      [279, 'BuyerRequisitionerTradeParty'],
      [280, 'BuyerAssignedAccountantTradeParty'],
      [281, 'SellerAssignedAccountantTradeParty'],
      // The binding declares CII-SR-282 twice; the schematron expansion keeps
      // the later declaration (the tax representative's ID), as the compiled
      // 1.3.x artefacts show. ram:BuyerTaxRepresentativeTradeParty is unchecked.
      [282, 'SellerTaxRepresentativeTradeParty/ID'],
      [283, 'SellerTaxRepresentativeTradeParty/GlobalID'],
      [284, 'SellerTaxRepresentativeTradeParty/RoleCode'],
      [285, 'SellerTaxRepresentativeTradeParty/Description'],
      [286, 'SellerTaxRepresentativeTradeParty/SpecifiedLegalOrganization'],
      [287, 'SellerTaxRepresentativeTradeParty/DefinedTradeContact'],
      [288, 'SellerTaxRepresentativeTradeParty/URIUniversalCommunication'],
      [289, 'SellerTaxRepresentativeTradeParty/SpecifiedTaxRegistration/AssociatedRegisteredTax'],
      [290, 'SellerTaxRepresentativeTradeParty/EndPointURIUniversalCommunication'],
      [291, 'SellerTaxRepresentativeTradeParty/LogoAssociatedSpecifiedBinaryFile'],
      [292, 'ProductEndUserTradeParty'],
      [293, 'ApplicableTradeDeliveryTerms'],
      [294, 'SellerOrderReferencedDocument/LineID'],
      [295, 'BuyerOrderReferencedDocument/LineID'],
      [296, 'QuotationReferencedDocument'],
      [297, 'OrderResponseReferencedDocument'],
      [298, 'ContractReferencedDocument/LineID'],
      [299, 'DemandForecastReferencedDocument'],
      [300, 'SupplyInstructionReferencedDocument'],
      [301, 'PromotionalDealReferencedDocument'],
      [302, 'PriceListReferencedDocument'],
      [303, 'AdditionalReferencedDocument/LineID'],
      [304, 'RequisitionerReferencedDocument'],
      [305, 'BuyerAgentTradeParty'],
      [306, 'PurchaseConditionsReferencedDocument'],
      [307, 'SpecifiedProcuringProject/Description'],
      [448, 'UltimateCustomerOrderReferencedDocument'],
    ]),
    oneIdentifier(450, 'BuyerTradeParty', 'buyer identifier (BT-46)'),
    atMost(sr(455), 'fatal', 'SellerTradeParty/DefinedTradeContact', 1, 'The seller contact (BG-6) must occur at most once.'),
    atMost(sr(456), 'fatal', 'BuyerTradeParty/DefinedTradeContact', 1, 'The buyer contact (BG-9) must occur at most once.'),
    custom(
      sr(457),
      'warning',
      "count(ram:AdditionalReferencedDocument[ram:TypeCode='50']) <= 1",
      'The tender or lot reference (BT-17, type code 50) should occur at most once.',
      (agreement) => {
        const at = atMostOneReferenced(agreement, typeCodeIs('50'));
        return at === undefined ? undefined : { at };
      },
    ),
    custom(
      sr(458),
      'warning',
      "count(ram:AdditionalReferencedDocument[ram:TypeCode='130']) <= 1",
      'The invoiced object identifier (BT-18, type code 130) should occur at most once.',
      (agreement) => {
        const at = atMostOneReferenced(agreement, typeCodeIs('130'));
        return at === undefined ? undefined : { at };
      },
    ),
    atMost(sr(459), 'fatal', 'SellerTradeParty/URIUniversalCommunication', 1, 'The seller electronic address (BT-34) must occur at most once.'),
    atMost(sr(460), 'fatal', 'BuyerTradeParty/URIUniversalCommunication', 1, 'The buyer electronic address (BT-49) must occur at most once.'),
    onePointOfContact(465, 'SellerTradeParty', 'BT-41'),
    onePointOfContact(466, 'BuyerTradeParty', 'BT-56'),
    custom(
      sr(475),
      'warning',
      "count(ram:AdditionalReferencedDocument[normalize-space(ram:TypeCode) = '916']/ram:Name) <= 1",
      'Only one supporting document description (BT-123) is allowed among the additional supporting documents (BG-24, type code 916).',
      (agreement) => {
        const at = atMostOneReferenced(agreement, normalizedTypeCodeIs('916'), 'ram:Name');
        return at === undefined ? undefined : { at };
      },
    ),
    custom(
      sr(476),
      'warning',
      "count(ram:AdditionalReferencedDocument[normalize-space(ram:TypeCode) = '916']/ram:AttachmentBinaryObject) <= 1",
      'Only one attached document (BT-125) is allowed among the additional supporting documents (BG-24, type code 916).',
      (agreement) => {
        const at = atMostOneReferenced(agreement, normalizedTypeCodeIs('916'), 'ram:AttachmentBinaryObject');
        return at === undefined ? undefined : { at };
      },
    ),
  ),
};

/** `/.../ram:ApplicableHeaderTradeDelivery` (BG-13 delivery information, BG-15 deliver to address). */
export const HEADER_DELIVERY_RULES: SyntaxContext = {
  name: 'ApplicableHeaderTradeDelivery',
  xpath: HEADER_DELIVERY,
  match: { kind: 'path', paths: [HEADER_DELIVERY] },
  checks: rules(
    absent('SR', 'warning', [
      [308, 'RelatedSupplyChainConsignment'],
      [309, 'ShipToTradeParty/RoleCode'],
      [310, 'ShipToTradeParty/Description'],
      [311, 'ShipToTradeParty/SpecifiedLegalOrganization'],
      [312, 'ShipToTradeParty/DefinedTradeContact'],
      [313, 'ShipToTradeParty/URIUniversalCommunication'],
      [314, 'ShipToTradeParty/SpecifiedTaxRegistration'],
      [315, 'ShipToTradeParty/EndPointURIUniversalCommunication'],
      [316, 'ShipToTradeParty/LogoAssociatedSpecifiedBinaryFile'],
      [317, 'UltimateShipToTradeParty'],
      [318, 'ShipFromTradeParty'],
      [319, 'ActualDespatchSupplyChainEvent'],
      [320, 'ActualPickUpSupplyChainEvent'],
      [321, 'ActualDeliverySupplyChainEvent/ID'],
      [322, 'ActualDeliverySupplyChainEvent/OccurrenceDateTime/udt:DateTime'],
      [323, 'ActualDeliverySupplyChainEvent/TypeCode'],
      [324, 'ActualDeliverySupplyChainEvent/Description'],
      [325, 'ActualDeliverySupplyChainEvent/DescriptionBinaryObject'],
      [326, 'ActualDeliverySupplyChainEvent/UnitQuantity'],
      [327, 'ActualDeliverySupplyChainEvent/LatestOccurrenceDateTime'],
      [328, 'ActualDeliverySupplyChainEvent/EarliestOccurrenceDateTime'],
      [329, 'ActualDeliverySupplyChainEvent/OccurrenceSpecifiedPeriod'],
      [330, 'ActualDeliverySupplyChainEvent/OccurrenceLogisticsLocation'],
      [331, 'ActualReceiptSupplyChainEvent'],
      [332, 'AdditionalReferencedDocument'],
      [333, 'DespatchAdviceReferencedDocument/LineID'],
      // The official binding tests the despatch advice line again here.
      [334, 'DespatchAdviceReferencedDocument/LineID'],
      [335, 'DeliveryNoteReferencedDocument'],
      [336, 'ConsumptionReportReferencedDocument'],
      [337, 'PreviousDeliverySupplyChainEvent'],
      [338, 'PackingListReferencedDocument'],
    ]),
    oneIdentifier(449, 'ShipToTradeParty', 'deliver to location identifier (BT-71)'),
  ),
};

/**
 * CII-SR-462: `count(//ram:ApplicableTradeTax/ram:DueDateTypeCode) = 0 or
 * count(distinct-values(//ram:ApplicableTradeTax/ram:DueDateTypeCode)) = 1`;
 * distinct-values compares the untyped values as strings.
 */
function firstDifferentDueDateCode(codes: readonly CiiElement[]): CiiElement | undefined {
  const first = codes[0];
  if (first === undefined) return undefined;
  const value = stringValue(first);
  return codes.find((c) => stringValue(c) !== value);
}

/** CII-SR-470: a credit transfer (BT-81 = 30 or 58) without IBAN or proprietary account identifier (BT-84). */
function creditTransferWithoutAccount(settlement: CiiElement): CiiElement | undefined {
  return select(settlement, ['ram:SpecifiedTradeSettlementPaymentMeans']).find((means) => {
    const code = normalizedChild(means, 'ram:TypeCode');
    if (code !== '30' && code !== '58') return false;
    const accounts = select(means, ['ram:PayeePartyCreditorFinancialAccount']);
    return !accounts.some((a) => a.children.some((c) => c.name === 'ram:IBANID' || c.name === 'ram:ProprietaryID'));
  });
}

/** `/.../ram:ApplicableHeaderTradeSettlement` (BT-5, BT-6, BT-7, BT-8, BT-20, BT-83, BG-10, BG-16, BG-20, BG-21, BG-23). */
export const HEADER_SETTLEMENT_RULES: SyntaxContext = {
  name: 'ApplicableHeaderTradeSettlement',
  xpath: HEADER_SETTLEMENT,
  match: { kind: 'path', paths: [HEADER_SETTLEMENT] },
  checks: rules(
    absent('SR', 'warning', [
      [339, 'DuePayableAmount'],
      [340, 'CreditorReferenceTypeCode'],
      [341, 'CreditorReferenceType'],
      [342, 'CreditorReferenceIssuerID'],
      [344, 'PaymentCurrencyCode'],
      [345, 'InvoiceIssuerReference'],
      [346, 'InvoiceDateTime'],
      [347, 'NextInvoiceDateTime'],
      [348, 'CreditReasonCode'],
      [349, 'CreditReason'],
      [350, 'InvoicerTradeParty'],
      [351, 'InvoiceeTradeParty'],
      [352, 'PayeeTradeParty/RoleCode'],
      [353, 'PayeeTradeParty/Description'],
      [354, 'PayeeTradeParty/SpecifiedLegalOrganization/LegalClassificationCode'],
      [355, 'PayeeTradeParty/SpecifiedLegalOrganization/Name'],
      [356, 'PayeeTradeParty/SpecifiedLegalOrganization/TradingBusinessName'],
      [357, 'PayeeTradeParty/SpecifiedLegalOrganization/PostalTradeAddress'],
      [358, 'PayeeTradeParty/SpecifiedLegalOrganization/AuthorizedLegalRegistration'],
      [359, 'PayeeTradeParty/DefinedTradeContact'],
      [360, 'PayeeTradeParty/PostalTradeAddress'],
      [361, 'PayeeTradeParty/URIUniversalCommunication'],
      [362, 'PayeeTradeParty/SpecifiedTaxRegistration'],
      [363, 'PayeeTradeParty/EndPointURIUniversalCommunication'],
      [364, 'PayeeTradeParty/LogoAssociatedSpecifiedBinaryFile'],
    ]),
    oneIdentifier(451, 'PayeeTradeParty', 'payee identifier (BT-60)'),
    absent('SR', 'warning', [
      [365, 'PayerTradeParty'],
      [366, 'TaxApplicableTradeCurrencyExchange'],
      [367, 'InvoiceApplicableTradeCurrencyExchange'],
      [368, 'PaymentApplicableTradeCurrencyExchange'],
      [369, 'SpecifiedTradeSettlementPaymentMeans/PaymentChannelCode'],
      [370, 'SpecifiedTradeSettlementPaymentMeans/GuaranteeMethodCode'],
      [371, 'SpecifiedTradeSettlementPaymentMeans/PaymentMethodCode'],
      [443, 'SpecifiedTradeSettlementPaymentMeans/ID'],
      [372, 'SpecifiedTradeSettlementPaymentMeans/ApplicableTradeSettlementFinancialCard/MicrochipIndicator'],
      [373, 'SpecifiedTradeSettlementPaymentMeans/ApplicableTradeSettlementFinancialCard/TypeCode'],
      [375, 'SpecifiedTradeSettlementPaymentMeans/ApplicableTradeSettlementFinancialCard/ExpiryDate'],
      [376, 'SpecifiedTradeSettlementPaymentMeans/ApplicableTradeSettlementFinancialCard/VerificationNumeric'],
      [377, 'SpecifiedTradeSettlementPaymentMeans/ApplicableTradeSettlementFinancialCard/ValidFromDateTime'],
      [378, 'SpecifiedTradeSettlementPaymentMeans/ApplicableTradeSettlementFinancialCard/CreditLimitAmount'],
      [379, 'SpecifiedTradeSettlementPaymentMeans/ApplicableTradeSettlementFinancialCard/CreditAvailableAmount'],
      [380, 'SpecifiedTradeSettlementPaymentMeans/ApplicableTradeSettlementFinancialCard/InterestRatePercent'],
      [381, 'SpecifiedTradeSettlementPaymentMeans/ApplicableTradeSettlementFinancialCard/Description'],
      [382, 'SpecifiedTradeSettlementPaymentMeans/PayerPartyDebtorFinancialAccount/AccountName'],
      [444, 'SpecifiedTradeSettlementPaymentMeans/PayerPartyDebtorFinancialAccount/ProprietaryID'],
      [384, 'SpecifiedTradeSettlementPaymentMeans/PayerSpecifiedDebtorFinancialInstitution/ClearingSystemName'],
      [385, 'SpecifiedTradeSettlementPaymentMeans/PayerSpecifiedDebtorFinancialInstitution/Name'],
      [386, 'SpecifiedTradeSettlementPaymentMeans/PayerSpecifiedDebtorFinancialInstitution/LocationFinancialInstitutionAddress'],
      [388, 'SpecifiedTradeAllowanceCharge/ID'],
      [389, 'SpecifiedTradeAllowanceCharge/SequenceNumeric'],
      [390, 'SpecifiedTradeAllowanceCharge/BasisQuantity'],
      [391, 'SpecifiedTradeAllowanceCharge/PrepaidIndicator'],
      [392, 'SpecifiedTradeAllowanceCharge/UnitBasisAmount'],
      [393, 'SpecifiedTradeAllowanceCharge/TypeCode'],
      [394, 'SpecifiedTradeAllowanceCharge/ActualTradeCurrencyExchange'],
      [395, 'SubtotalCalculatedTradeTax'],
      [396, 'SpecifiedLogisticsServiceCharge'],
      [397, 'SpecifiedTradePaymentTerms/ID'],
      [398, 'SpecifiedTradePaymentTerms/FromEventCode'],
      [399, 'SpecifiedTradePaymentTerms/SettlementPeriodMeasure'],
      [400, 'SpecifiedTradePaymentTerms/DueDateDateTime/udt:DateTime'],
      [401, 'SpecifiedTradePaymentTerms/TypeCode'],
      [402, 'SpecifiedTradePaymentTerms/InstructionTypeCode'],
      [404, 'SpecifiedTradePaymentTerms/PartialPaymentPercent'],
      [405, 'SpecifiedTradePaymentTerms/PaymentMeansID'],
      [406, 'SpecifiedTradePaymentTerms/PartialPaymentAmount'],
      [407, 'SpecifiedTradePaymentTerms/ApplicableTradePaymentPenaltyTerms'],
      [408, 'SpecifiedTradePaymentTerms/ApplicableTradePaymentDiscountTerms'],
      [409, 'SpecifiedTradePaymentTerms/PayeeTradeParty'],
      [421, 'SpecifiedFinancialAdjustment'],
      [422, 'InvoiceReferencedDocument/LineID'],
      [423, 'ProFormaInvoiceReferencedDocument'],
      [424, 'LetterOfCreditReferencedDocument'],
      [425, 'FactoringAgreementReferencedDocument'],
      [426, 'FactoringListReferencedDocument'],
      [427, 'PayableSpecifiedTradeAccountingAccount'],
      [428, 'ReceivableSpecifiedTradeAccountingAccount/SetTriggerCode'],
      [429, 'ReceivableSpecifiedTradeAccountingAccount/TypeCode'],
      [430, 'ReceivableSpecifiedTradeAccountingAccount/AmountTypeCode'],
      [431, 'ReceivableSpecifiedTradeAccountingAccount/Name'],
      [432, 'ReceivableSpecifiedTradeAccountingAccount/CostReferenceDimensionPattern'],
      [433, 'PurchaseSpecifiedTradeAccountingAccount'],
      [434, 'SalesSpecifiedTradeAccountingAccount'],
      [435, 'SpecifiedTradeSettlementFinancialCard'],
      [436, 'SpecifiedAdvancePayment'],
      [437, 'UltimatePayeeTradeParty'],
    ]),
    atMost(sr(452), 'warning', 'SpecifiedTradePaymentTerms', 1, 'The payment terms group (BT-9, BT-20, BT-89) should occur at most once.'),
    atMost(sr(453), 'warning', 'SpecifiedTradePaymentTerms/Description', 1, 'The payment terms (BT-20) should occur at most once.'),
    atMost(sr(461), 'fatal', 'ApplicableTradeTax/TaxPointDate', 1, 'The value added tax point date (BT-7) must occur at most once.'),
    custom(
      sr(462),
      'fatal',
      'count(//ram:ApplicableTradeTax/ram:DueDateTypeCode) = 0 or count(distinct-values(//ram:ApplicableTradeTax/ram:DueDateTypeCode)) = 1',
      'All value added tax point date codes (BT-8) must have the same value.',
      (_settlement, facts) => {
        const at = firstDifferentDueDateCode(facts.dueDateTypeCodes);
        return at === undefined ? undefined : { at };
      },
    ),
    custom(
      sr(470),
      'fatal',
      "count(ram:SpecifiedTradeSettlementPaymentMeans[(normalize-space(ram:TypeCode) = '30' or normalize-space(ram:TypeCode) = '58') and not(ram:PayeePartyCreditorFinancialAccount/ram:IBANID or ram:PayeePartyCreditorFinancialAccount/ram:ProprietaryID)]) = 0",
      'A credit transfer (BT-81 = 30 or 58) must give the payment account identifier (BT-84) as an IBAN or a proprietary ID.',
      (settlement) => {
        const at = creditTransferWithoutAccount(settlement);
        return at === undefined ? undefined : { at };
      },
    ),
  ),
};

const SUMMATION_AMOUNTS: ReadonlyArray<readonly [number, string, string]> = [
  [477, 'LineTotalAmount', 'sum of invoice line net amounts (BT-106)'],
  [478, 'ChargeTotalAmount', 'sum of charges on document level (BT-108)'],
  [479, 'AllowanceTotalAmount', 'sum of allowances on document level (BT-107)'],
  [480, 'TaxBasisTotalAmount', 'invoice total amount without VAT (BT-109)'],
  [481, 'RoundingAmount', 'rounding amount (BT-114)'],
  [482, 'GrandTotalAmount', 'invoice total amount with VAT (BT-112)'],
  [483, 'InformationAmount', 'information amount'],
  [484, 'TotalPrepaidAmount', 'paid amount (BT-113)'],
  [485, 'TotalDiscountAmount', 'total discount amount'],
  [486, 'TotalAllowanceChargeAmount', 'total allowance and charge amount'],
  [487, 'DuePayableAmount', 'amount due for payment (BT-115)'],
  [488, 'RetailValueExcludingTaxInformationAmount', 'retail value excluding tax'],
  [489, 'TotalDepositFeeInformationAmount', 'total deposit fee'],
  [490, 'ProductValueExcludingTobaccoTaxInformationAmount', 'product value excluding tobacco tax'],
  [491, 'TotalRetailValueInformationAmount', 'total retail value'],
  [492, 'GrossLineTotalAmount', 'gross line total'],
  [493, 'NetLineTotalAmount', 'net line total'],
  [494, 'NetIncludingTaxesLineTotalAmount', 'net line total including taxes'],
];

/** `/.../ram:SpecifiedTradeSettlementHeaderMonetarySummation` (BG-22 document totals). */
export const MONETARY_SUMMATION_RULES: SyntaxContext = {
  name: 'SpecifiedTradeSettlementHeaderMonetarySummation',
  xpath: MONETARY_SUMMATION,
  match: { kind: 'path', paths: [MONETARY_SUMMATION] },
  checks: rules(
    absent('SR', 'warning', [
      [411, 'InformationAmount'],
      [412, 'TotalDiscountAmount'],
      [413, 'TotalAllowanceChargeAmount'],
      [414, 'RetailValueExcludingTaxInformationAmount'],
      [415, 'TotalDepositFeeInformationAmount'],
      [416, 'ProductValueExcludingTobaccoTaxInformationAmount'],
      [417, 'TotalRetailValueInformationAmount'],
      [418, 'GrossLineTotalAmount'],
      [419, 'NetLineTotalAmount'],
      [420, 'NetIncludingTaxesLineTotalAmount'],
    ]),
    SUMMATION_AMOUNTS.map(([n, element, term]) =>
      atMost(sr(n), 'fatal', element, 1, `The ${term} must occur at most once in the document totals (BG-22).`),
    ),
  ),
};
