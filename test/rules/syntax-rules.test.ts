/**
 * Table tests of the CII syntax rules (CII-SR / CII-DT), family by family:
 * each case edits the hand-written valid fixture and asserts rule ids and
 * locations. A sweep then inserts every "should not be present" path of the
 * tables into its context and checks that exactly that rule reports it there.
 */
import { describe, expect, it } from 'vitest';
import { elementPath } from '../../lib/cii/reader/tree.js';
import { SYNTAX_CONTEXTS } from '../../lib/rules/syntax/index.js';
import { AT, findByAttr, insertBefore, MINIMAL, replace, rulesAt, syntaxFindings, treeOf } from '../fixtures/syntax/cii-snippets.js';

interface Case {
  name: string;
  xml: string;
  /** `rule @ path` entries that must be reported. */
  reports?: string[];
  /** Rule ids that must not be reported. */
  silent?: string[];
}

function runCases(cases: Case[]): void {
  it.each(cases)('$name', ({ xml, reports = [], silent = [] }) => {
    const findings = syntaxFindings(xml);
    const got = rulesAt(findings);
    // For every rule a case names, the findings of that rule are exactly the listed ones.
    const named = new Set(reports.map((r) => r.split(' @ ')[0]));
    const gotForNamed = got.filter((g) => named.has(g.split(' @ ')[0]));
    expect([...gotForNamed].sort()).toEqual([...reports].sort());
    const ids = findings.map((f) => f.rule);
    for (const id of silent) expect(ids, `unexpected ${id}`).not.toContain(id);
  });
}

const LINE_AGREEMENT = `${AT.line}/ram:SpecifiedLineTradeAgreement`;
const LINE_SETTLEMENT = `${AT.line}/ram:SpecifiedLineTradeSettlement`;
const TOTALS = `${AT.settlement}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;

it('the fixture breaks no syntax rule', () => {
  expect(rulesAt(syntaxFindings(MINIMAL))).toEqual([]);
});

describe('document context and header (CII-SR-001..034, 04/05)', () => {
  runCases([
    {
      name: 'CII-SR-003 a second business process is reported at the excess one',
      xml: insertBefore(MINIMAL, '<ram:GuidelineSpecifiedDocumentContextParameter>', '<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>p2</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>'),
      reports: [`CII-SR-003 @ ${AT.context}/ram:BusinessProcessSpecifiedDocumentContextParameter[2]`],
    },
    {
      name: 'CII-SR-009/010 a missing guideline group is reported at the document context',
      xml: replace(MINIMAL, '<ram:GuidelineSpecifiedDocumentContextParameter>\n      <ram:ID>urn:cen.eu:en16931:2017</ram:ID>\n    </ram:GuidelineSpecifiedDocumentContextParameter>', ''),
      reports: [`CII-SR-009 @ ${AT.context}`, `CII-SR-010 @ ${AT.context}`],
    },
    {
      name: 'CII-SR-010 a guideline group without ID',
      xml: replace(MINIMAL, '<ram:ID>urn:cen.eu:en16931:2017</ram:ID>', ''),
      reports: [`CII-SR-010 @ ${AT.context}`],
      silent: ['CII-SR-009'],
    },
    {
      name: 'CII-SR-009/010 two guideline groups: reported at the second',
      xml: insertBefore(MINIMAL, '</rsm:ExchangedDocumentContext>', '<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>x</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>'),
      reports: [
        `CII-SR-009 @ ${AT.context}/ram:GuidelineSpecifiedDocumentContextParameter[2]`,
        `CII-SR-010 @ ${AT.context}/ram:GuidelineSpecifiedDocumentContextParameter[2]/ram:ID`,
      ],
    },
    {
      name: 'CII-SR-014 a missing invoice type code (BT-3)',
      xml: replace(MINIMAL, '<ram:TypeCode>380</ram:TypeCode>', ''),
      reports: [`CII-SR-014 @ ${AT.document}`],
    },
    {
      name: 'CII-SR-014 two invoice type codes',
      xml: insertBefore(MINIMAL, '<ram:IssueDateTime>', '<ram:TypeCode>381</ram:TypeCode>'),
      reports: [`CII-SR-014 @ ${AT.document}/ram:TypeCode[2]`],
    },
    {
      name: 'CII-SR-030 a note with two texts',
      xml: insertBefore(MINIMAL, '<ram:SubjectCode>AAI</ram:SubjectCode>', '<ram:Content>again</ram:Content>'),
      reports: [`CII-SR-030 @ ${AT.document}/ram:IncludedNote/ram:Content[2]`],
    },
    {
      name: 'CII-SR-04/05 use the catalogue ids on any *DocumentContextParameter',
      xml: insertBefore(MINIMAL, '</ram:BusinessProcessSpecifiedDocumentContextParameter>', '<ram:Value>v</ram:Value><ram:SpecifiedDocumentVersion><ram:ID>1</ram:ID></ram:SpecifiedDocumentVersion>'),
      reports: [
        `CII-SR-04 @ ${AT.context}/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:Value`,
        `CII-SR-05 @ ${AT.context}/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:SpecifiedDocumentVersion`,
      ],
      silent: ['CII-SR-004', 'CII-SR-005'],
    },
    {
      name: 'CII-SR-039/040 a line with two notes',
      xml: insertBefore(MINIMAL, '</ram:AssociatedDocumentLineDocument>', '<ram:IncludedNote><ram:Content>more</ram:Content></ram:IncludedNote>'),
      reports: [
        `CII-SR-039 @ ${AT.line}/ram:AssociatedDocumentLineDocument/ram:IncludedNote[2]`,
        `CII-SR-040 @ ${AT.line}/ram:AssociatedDocumentLineDocument/ram:IncludedNote[2]/ram:Content`,
      ],
    },
  ]);
});

describe('invoice root and document-wide payment rules (CII-DT-013/014, CII-SR-438, 464, 467..469)', () => {
  runCases([
    {
      name: 'CII-DT-013 a languageID on the root is reported at the attribute',
      xml: replace(MINIMAL, '<rsm:CrossIndustryInvoice ', '<rsm:CrossIndustryInvoice languageID="fr" '),
      reports: ['CII-DT-013 @ /rsm:CrossIndustryInvoice/@languageID'],
    },
    {
      name: 'CII-SR-464 a payer financial institution is reported (1.3.16: not(ram:PayerSpecifiedDebtorFinancialInstitution))',
      xml: insertBefore(MINIMAL, '</ram:SpecifiedTradeSettlementPaymentMeans>', '<ram:PayerSpecifiedDebtorFinancialInstitution><ram:BICID>X</ram:BICID></ram:PayerSpecifiedDebtorFinancialInstitution>'),
      reports: [`CII-SR-464 @ ${AT.settlement}/ram:SpecifiedTradeSettlementPaymentMeans`],
    },
    {
      name: 'CII-SR-464 is silent without a payer financial institution',
      xml: MINIMAL,
      silent: ['CII-SR-464'],
    },
    {
      name: 'CII-SR-467 payment instructions with different type codes (BT-81)',
      xml: insertBefore(MINIMAL, '<ram:ApplicableTradeTax>\n        <ram:CalculatedAmount>', '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>'),
      reports: [`CII-SR-467 @ ${AT.settlement}/ram:SpecifiedTradeSettlementPaymentMeans[2]/ram:TypeCode`],
      silent: ['CII-SR-468', 'CII-SR-470'],
    },
    {
      name: 'CII-SR-467 compares type codes after normalize-space',
      xml: insertBefore(MINIMAL, '<ram:ApplicableTradeTax>\n        <ram:CalculatedAmount>', '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode> 30\n</ram:TypeCode><ram:Information>Bank transfer</ram:Information><ram:PayeePartyCreditorFinancialAccount><ram:ProprietaryID>ACC-2</ram:ProprietaryID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>'),
      silent: ['CII-SR-467', 'CII-SR-468', 'CII-SR-470'],
    },
    {
      name: 'CII-SR-468 payment instructions with different texts (BT-82)',
      xml: insertBefore(MINIMAL, '<ram:ApplicableTradeTax>\n        <ram:CalculatedAmount>', '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>30</ram:TypeCode><ram:Information>Virement</ram:Information><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>'),
      reports: [`CII-SR-468 @ ${AT.settlement}/ram:SpecifiedTradeSettlementPaymentMeans[2]/ram:Information`],
      silent: ['CII-SR-467'],
    },
    {
      name: 'CII-SR-469 two remittance informations (BT-83)',
      xml: insertBefore(MINIMAL, '<ram:TaxCurrencyCode>', '<ram:PaymentReference>again</ram:PaymentReference>'),
      reports: [`CII-SR-469 @ ${AT.settlement}/ram:PaymentReference[2]`],
    },
  ]);
});

describe('invoice line (CII-SR-046..150, 439..441, 445..447)', () => {
  runCases([
    {
      name: 'CII-SR-046 an item standard identifier (BT-157) without scheme',
      xml: replace(MINIMAL, '<ram:GlobalID schemeID="0160">', '<ram:GlobalID>'),
      reports: [`CII-SR-046 @ ${AT.line}/ram:SpecifiedTradeProduct/ram:GlobalID`],
    },
    {
      name: 'CII-SR-046 passes when one of several global IDs has a scheme',
      xml: insertBefore(MINIMAL, '<ram:SellerAssignedID>', '<ram:GlobalID>123</ram:GlobalID>'),
      silent: ['CII-SR-046'],
    },
    {
      name: 'CII-SR-090 an origin country group without country code (BT-159)',
      xml: replace(MINIMAL, '<ram:ID>FR</ram:ID>', ''),
      reports: [`CII-SR-090 @ ${AT.line}/ram:SpecifiedTradeProduct/ram:OriginTradeCountry`],
    },
    {
      name: 'CII-SR-090 an origin country with two codes',
      xml: replace(MINIMAL, '<ram:ID>FR</ram:ID>', '<ram:ID>FR</ram:ID><ram:ID>DE</ram:ID>'),
      reports: [`CII-SR-090 @ ${AT.line}/ram:SpecifiedTradeProduct/ram:OriginTradeCountry/ram:ID[2]`],
    },
    {
      name: 'CII-SR-069 an item attribute (BG-32) without name, CII-SR-072 with two values',
      xml: replace(MINIMAL, '<ram:Description>Colour</ram:Description>\n          <ram:Value>White</ram:Value>', '<ram:Value>White</ram:Value><ram:Value>Blue</ram:Value>'),
      reports: [
        `CII-SR-069 @ ${AT.line}/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic`,
        `CII-SR-072 @ ${AT.line}/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic/ram:Value[2]`,
      ],
    },
    {
      name: 'CII-SR-439 a line without item net price (BT-146)',
      xml: replace(MINIMAL, '<ram:ChargeAmount>4.50</ram:ChargeAmount>', ''),
      reports: [`CII-SR-439 @ ${LINE_AGREEMENT}`],
      silent: ['CII-SR-441'],
    },
    {
      name: 'CII-SR-439 and CII-SR-441 a line with two net prices',
      xml: replace(MINIMAL, '<ram:ChargeAmount>4.50</ram:ChargeAmount>', '<ram:ChargeAmount>4.50</ram:ChargeAmount><ram:ChargeAmount>4.60</ram:ChargeAmount>'),
      reports: [
        `CII-SR-439 @ ${LINE_AGREEMENT}/ram:NetPriceProductTradePrice/ram:ChargeAmount[2]`,
        `CII-SR-441 @ ${LINE_AGREEMENT}/ram:NetPriceProductTradePrice/ram:ChargeAmount[2]`,
      ],
    },
    {
      name: 'CII-SR-119 a charge on the gross price',
      xml: replace(MINIMAL, '<udt:Indicator>false</udt:Indicator>\n            </ram:ChargeIndicator>\n            <ram:ActualAmount>0.50', '<udt:Indicator>true</udt:Indicator>\n            </ram:ChargeIndicator>\n            <ram:ActualAmount>0.50'),
      reports: [`CII-SR-119 @ ${LINE_AGREEMENT}/ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ChargeIndicator`],
    },
    {
      name: 'CII-SR-119 a price allowance without amount',
      xml: replace(MINIMAL, '<ram:ActualAmount>0.50</ram:ActualAmount>', ''),
      reports: [`CII-SR-119 @ ${LINE_AGREEMENT}/ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ChargeIndicator`],
    },
    {
      name: 'CII-SR-119 casts the indicator to xs:boolean ("0" is false)',
      xml: replace(MINIMAL, '<udt:Indicator>false</udt:Indicator>\n            </ram:ChargeIndicator>\n            <ram:ActualAmount>0.50', '<udt:Indicator> 0 </udt:Indicator>\n            </ram:ChargeIndicator>\n            <ram:ActualAmount>0.50'),
      silent: ['CII-SR-119'],
    },
    {
      name: 'CII-SR-440 a price discount (BT-147) with two amounts',
      xml: replace(MINIMAL, '<ram:ActualAmount>0.50</ram:ActualAmount>', '<ram:ActualAmount>0.50</ram:ActualAmount><ram:ActualAmount>0.60</ram:ActualAmount>'),
      reports: [`CII-SR-440 @ ${LINE_AGREEMENT}/ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ActualAmount[2]`],
    },
    {
      name: 'CII-SR-108 a line order reference with an order number',
      xml: insertBefore(MINIMAL, '<ram:LineID>10</ram:LineID>', '<ram:IssuerAssignedID>PO-9</ram:IssuerAssignedID>'),
      reports: [`CII-SR-108 @ ${LINE_AGREEMENT}/ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID`],
    },
  ]);
});

describe('allowances, charges and line settlement (CII-SR-178..220, 454, 463, 471..474)', () => {
  runCases([
    {
      name: 'CII-SR-463 an allowance without charge indicator is reported at the allowance',
      xml: replace(MINIMAL, '<ram:ChargeIndicator>\n            <udt:Indicator>false</udt:Indicator>\n          </ram:ChargeIndicator>\n          <ram:CalculationPercent>', '<ram:CalculationPercent>'),
      reports: [`CII-SR-463 @ ${LINE_SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge`],
    },
    {
      name: 'CII-SR-471 tests a direct ram:RateApplicablePercent, not the VAT rate of the category',
      xml: insertBefore(MINIMAL, '</ram:CategoryTradeTax>', '<ram:RateApplicablePercent>10</ram:RateApplicablePercent>'),
      silent: ['CII-SR-471'],
    },
    {
      name: 'CII-SR-471 a repeated direct ram:RateApplicablePercent',
      xml: insertBefore(MINIMAL, '<ram:Reason>Packaging</ram:Reason>', '<ram:RateApplicablePercent>1</ram:RateApplicablePercent><ram:RateApplicablePercent>2</ram:RateApplicablePercent>'),
      reports: [`CII-SR-471 @ ${AT.settlement}/ram:SpecifiedTradeAllowanceCharge/ram:RateApplicablePercent[2]`],
    },
    {
      name: 'CII-SR-472 a document charge with two VAT category groups',
      xml: insertBefore(MINIMAL, '</ram:SpecifiedTradeAllowanceCharge>', '<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>Z</ram:CategoryCode></ram:CategoryTradeTax>', 2),
      reports: [`CII-SR-472 @ ${AT.settlement}/ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax[2]`],
    },
    {
      name: 'CII-SR-473 a line allowance with two amounts',
      xml: replace(MINIMAL, '<ram:ActualAmount>4.50</ram:ActualAmount>', '<ram:ActualAmount>4.50</ram:ActualAmount><ram:ActualAmount>1.00</ram:ActualAmount>'),
      reports: [`CII-SR-473 @ ${LINE_SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge/ram:ActualAmount[2]`],
    },
    {
      name: 'CII-SR-186 a format on the line allowance percentage is reported at the attribute',
      xml: replace(MINIMAL, '<ram:CalculationPercent>10', '<ram:CalculationPercent format="x">10'),
      reports: [`CII-SR-186 @ ${LINE_SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge/ram:CalculationPercent/@format`],
    },
    {
      name: 'CII-SR-454 a line with two VAT groups',
      xml: insertBefore(MINIMAL, '<ram:BillingSpecifiedPeriod>', '<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode></ram:ApplicableTradeTax>'),
      reports: [`CII-SR-454 @ ${LINE_SETTLEMENT}/ram:ApplicableTradeTax[2]`],
    },
    {
      name: 'CII-SR-474 two invoiced object identifiers (BT-128) on a line, type codes compared after normalize-space',
      xml: insertBefore(MINIMAL, '<ram:ReceivableSpecifiedTradeAccountingAccount>', '<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>OBJ-8</ram:IssuerAssignedID><ram:TypeCode> 130 </ram:TypeCode></ram:AdditionalReferencedDocument>'),
      reports: [`CII-SR-474 @ ${LINE_SETTLEMENT}/ram:AdditionalReferencedDocument[2]`],
    },
  ]);
});

describe('header agreement, delivery and settlement (CII-SR-222..462, 465, 466, 470, 475..494)', () => {
  runCases([
    {
      name: 'CII-SR-450 a buyer with both identifier and global identifier (BT-46)',
      xml: insertBefore(MINIMAL, '<ram:Name>Buyer GmbH</ram:Name>', '<ram:GlobalID schemeID="0088">4000001000005</ram:GlobalID>'),
      reports: [`CII-SR-450 @ ${AT.agreement}/ram:BuyerTradeParty/ram:GlobalID`],
    },
    {
      name: 'CII-SR-449 a deliver-to location with both identifiers (BT-71)',
      xml: insertBefore(MINIMAL, '<ram:Name>Warehouse</ram:Name>', '<ram:GlobalID schemeID="0088">4000001000005</ram:GlobalID>'),
      reports: [`CII-SR-449 @ ${AT.delivery}/ram:ShipToTradeParty/ram:GlobalID`],
    },
    {
      name: 'CII-SR-451 a payee with both identifiers (BT-60)',
      xml: insertBefore(MINIMAL, '<ram:Name>Factor SA</ram:Name>', '<ram:GlobalID schemeID="0088">4000001000005</ram:GlobalID>'),
      reports: [`CII-SR-451 @ ${AT.settlement}/ram:PayeeTradeParty/ram:GlobalID`],
    },
    {
      name: 'CII-SR-455 two seller contacts (BG-6)',
      xml: insertBefore(MINIMAL, '<ram:PostalTradeAddress>\n          <ram:PostcodeCode>75001', '<ram:DefinedTradeContact><ram:PersonName>Bob</ram:PersonName></ram:DefinedTradeContact>'),
      reports: [`CII-SR-455 @ ${AT.agreement}/ram:SellerTradeParty/ram:DefinedTradeContact[2]`],
    },
    {
      name: 'CII-SR-457 two tender references (BT-17); a type code with spaces does not count',
      xml: insertBefore(MINIMAL, '<ram:SpecifiedProcuringProject>', '<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>LOT-6</ram:IssuerAssignedID><ram:TypeCode>50</ram:TypeCode></ram:AdditionalReferencedDocument>'),
      reports: [`CII-SR-457 @ ${AT.agreement}/ram:AdditionalReferencedDocument[3]`],
    },
    {
      name: 'CII-SR-457 compares the type code exactly (no trimming)',
      xml: insertBefore(MINIMAL, '<ram:SpecifiedProcuringProject>', '<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>LOT-6</ram:IssuerAssignedID><ram:TypeCode> 50</ram:TypeCode></ram:AdditionalReferencedDocument>'),
      silent: ['CII-SR-457'],
    },
    {
      name: 'CII-SR-458 two invoiced object identifiers (BT-18)',
      xml: insertBefore(MINIMAL, '<ram:SpecifiedProcuringProject>', '<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>A</ram:IssuerAssignedID><ram:TypeCode>130</ram:TypeCode></ram:AdditionalReferencedDocument><ram:AdditionalReferencedDocument><ram:IssuerAssignedID>B</ram:IssuerAssignedID><ram:TypeCode>130</ram:TypeCode></ram:AdditionalReferencedDocument>'),
      reports: [`CII-SR-458 @ ${AT.agreement}/ram:AdditionalReferencedDocument[4]`],
    },
    {
      name: 'CII-SR-459 two seller electronic addresses (BT-34)',
      xml: insertBefore(MINIMAL, '<ram:SpecifiedTaxRegistration>\n          <ram:ID schemeID="VA">FR32', '<ram:URIUniversalCommunication><ram:URIID schemeID="EM">b@seller.example</ram:URIID></ram:URIUniversalCommunication>'),
      reports: [`CII-SR-459 @ ${AT.agreement}/ram:SellerTradeParty/ram:URIUniversalCommunication[2]`],
    },
    {
      name: 'CII-SR-465 a seller contact with both person and department name (BT-41)',
      xml: insertBefore(MINIMAL, '<ram:TelephoneUniversalCommunication>', '<ram:DepartmentName>Sales</ram:DepartmentName>'),
      reports: [`CII-SR-465 @ ${AT.agreement}/ram:SellerTradeParty/ram:DefinedTradeContact/ram:DepartmentName`],
      silent: ['CII-SR-466'],
    },
    {
      name: 'CII-SR-466 a buyer contact with both person and department name (BT-56)',
      xml: insertBefore(MINIMAL, '<ram:DepartmentName>Accounts payable</ram:DepartmentName>', '<ram:PersonName>Carl</ram:PersonName>'),
      reports: [`CII-SR-466 @ ${AT.agreement}/ram:BuyerTradeParty/ram:DefinedTradeContact/ram:DepartmentName`],
    },
    {
      name: 'CII-SR-475/476 a second supporting document (BG-24) with description and attachment',
      xml: insertBefore(MINIMAL, '<ram:SpecifiedProcuringProject>', '<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>X</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode><ram:Name>Other</ram:Name><ram:AttachmentBinaryObject mimeCode="text/csv" filename="x.csv">eA==</ram:AttachmentBinaryObject></ram:AdditionalReferencedDocument>'),
      reports: [
        `CII-SR-475 @ ${AT.agreement}/ram:AdditionalReferencedDocument[3]/ram:Name`,
        `CII-SR-476 @ ${AT.agreement}/ram:AdditionalReferencedDocument[3]/ram:AttachmentBinaryObject`,
      ],
    },
    {
      name: 'CII-SR-475 a second supporting document without description is fine',
      xml: insertBefore(MINIMAL, '<ram:SpecifiedProcuringProject>', '<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>X</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode></ram:AdditionalReferencedDocument>'),
      silent: ['CII-SR-475', 'CII-SR-476'],
    },
    {
      name: 'CII-SR-282 the binding keeps the later of its two declarations: the tax representative ID',
      xml: insertBefore(MINIMAL, '<ram:Name>Tax Rep</ram:Name>', '<ram:ID>TR-1</ram:ID>'),
      reports: [`CII-SR-282 @ ${AT.agreement}/ram:SellerTaxRepresentativeTradeParty/ram:ID`],
    },
    {
      name: 'CII-SR-282 a buyer tax representative is not checked',
      xml: insertBefore(MINIMAL, '<ram:BuyerOrderReferencedDocument>\n        <ram:IssuerAssignedID>PO-9', '<ram:BuyerTaxRepresentativeTradeParty><ram:Name>B</ram:Name></ram:BuyerTaxRepresentativeTradeParty>'),
      silent: ['CII-SR-282'],
    },
    {
      name: 'CII-SR-452/453 two payment terms groups, two terms texts',
      xml: insertBefore(MINIMAL, '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>', '<ram:SpecifiedTradePaymentTerms><ram:Description>a</ram:Description><ram:Description>b</ram:Description></ram:SpecifiedTradePaymentTerms>'),
      reports: [
        `CII-SR-452 @ ${AT.settlement}/ram:SpecifiedTradePaymentTerms[2]`,
        `CII-SR-453 @ ${AT.settlement}/ram:SpecifiedTradePaymentTerms[2]/ram:Description[1]`,
      ],
    },
    {
      name: 'CII-SR-461 a tax point date (BT-7) in two VAT breakdowns',
      xml: insertBefore(
        insertBefore(MINIMAL, '<ram:DueDateTypeCode>5</ram:DueDateTypeCode>', '<ram:TaxPointDate><udt:DateString format="102">20250301</udt:DateString></ram:TaxPointDate>'),
        '<ram:SpecifiedTradeAllowanceCharge>\n        <ram:ChargeIndicator>\n          <udt:Indicator>true',
        '<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>Z</ram:CategoryCode><ram:TaxPointDate><udt:DateString format="102">20250302</udt:DateString></ram:TaxPointDate></ram:ApplicableTradeTax>',
      ),
      reports: [`CII-SR-461 @ ${AT.settlement}/ram:ApplicableTradeTax[2]/ram:TaxPointDate`],
    },
    {
      name: 'CII-SR-462 VAT breakdowns with different tax point date codes (BT-8)',
      xml: insertBefore(MINIMAL, '<ram:SpecifiedTradeAllowanceCharge>\n        <ram:ChargeIndicator>\n          <udt:Indicator>true', '<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>Z</ram:CategoryCode><ram:DueDateTypeCode>29</ram:DueDateTypeCode></ram:ApplicableTradeTax>'),
      reports: [`CII-SR-462 @ ${AT.settlement}/ram:ApplicableTradeTax[2]/ram:DueDateTypeCode`],
    },
    {
      name: 'CII-SR-462 the same code repeated is fine',
      xml: insertBefore(MINIMAL, '<ram:SpecifiedTradeAllowanceCharge>\n        <ram:ChargeIndicator>\n          <udt:Indicator>true', '<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>Z</ram:CategoryCode><ram:DueDateTypeCode>5</ram:DueDateTypeCode></ram:ApplicableTradeTax>'),
      silent: ['CII-SR-462'],
    },
    {
      name: 'CII-SR-470 a credit transfer (BT-81 = 58) without account identifier (BT-84)',
      xml: replace(replace(MINIMAL, '<ram:TypeCode>30</ram:TypeCode>', '<ram:TypeCode>58</ram:TypeCode>'), '<ram:IBANID>FR7630006000011234567890189</ram:IBANID>', ''),
      reports: [`CII-SR-470 @ ${AT.settlement}/ram:SpecifiedTradeSettlementPaymentMeans`],
    },
    {
      name: 'CII-SR-470 a proprietary account identifier is enough, and other payment means need none',
      xml: replace(MINIMAL, '<ram:IBANID>FR7630006000011234567890189</ram:IBANID>', '<ram:ProprietaryID>123</ram:ProprietaryID>'),
      silent: ['CII-SR-470'],
    },
    {
      name: 'CII-SR-470 a non credit transfer without account',
      xml: replace(replace(MINIMAL, '<ram:TypeCode>30</ram:TypeCode>', '<ram:TypeCode>49</ram:TypeCode>'), '<ram:IBANID>FR7630006000011234567890189</ram:IBANID>', ''),
      silent: ['CII-SR-470'],
    },
  ]);

  const TOTALS_ELEMENTS: Array<[string, string]> = [
    ['CII-SR-477', 'LineTotalAmount'],
    ['CII-SR-478', 'ChargeTotalAmount'],
    ['CII-SR-479', 'AllowanceTotalAmount'],
    ['CII-SR-480', 'TaxBasisTotalAmount'],
    ['CII-SR-481', 'RoundingAmount'],
    ['CII-SR-482', 'GrandTotalAmount'],
    ['CII-SR-483', 'InformationAmount'],
    ['CII-SR-484', 'TotalPrepaidAmount'],
    ['CII-SR-485', 'TotalDiscountAmount'],
    ['CII-SR-486', 'TotalAllowanceChargeAmount'],
    ['CII-SR-487', 'DuePayableAmount'],
    ['CII-SR-488', 'RetailValueExcludingTaxInformationAmount'],
    ['CII-SR-489', 'TotalDepositFeeInformationAmount'],
    ['CII-SR-490', 'ProductValueExcludingTobaccoTaxInformationAmount'],
    ['CII-SR-491', 'TotalRetailValueInformationAmount'],
    ['CII-SR-492', 'GrossLineTotalAmount'],
    ['CII-SR-493', 'NetLineTotalAmount'],
    ['CII-SR-494', 'NetIncludingTaxesLineTotalAmount'],
  ];
  it.each(TOTALS_ELEMENTS)('%s a document total given twice (ram:%s)', (rule, element) => {
    const twice = `<ram:${element}>1.00</ram:${element}><ram:${element}>1.00</ram:${element}>`;
    const xml = insertBefore(MINIMAL, '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>', twice);
    const got = rulesAt(syntaxFindings(xml)).filter((g) => g.startsWith(`${rule} `));
    // Reported once, at the first excess occurrence: the second of the group.
    expect(got).toEqual([`${rule} @ ${TOTALS}/ram:${element}[2]`]);
    expect(rulesAt(syntaxFindings(insertBefore(MINIMAL, '<ram:TotalPrepaidAmount>', ''))).filter((g) => g.startsWith(`${rule} `))).toEqual([]);
  });
});

describe('datatype rules (CII-DT-001..104)', () => {
  runCases([
    {
      name: 'CII-DT-005 a scheme on the invoice number (BT-1), and not CII-DT-101..104 for it',
      xml: replace(MINIMAL, '<ram:ID>SYN-0001</ram:ID>', '<ram:ID schemeID="x" schemeName="y">SYN-0001</ram:ID>'),
      reports: [`CII-DT-005 @ ${AT.document}/ram:ID/@schemeID`, `CII-DT-001 @ ${AT.document}/ram:ID/@schemeName`],
      silent: ['CII-DT-101'],
    },
    {
      name: 'CII-DT-001..007 on the line ID (BT-126) and the seller item ID (BT-155)',
      xml: replace(replace(MINIMAL, '<ram:LineID>1</ram:LineID>', '<ram:LineID schemeVersionID="1">1</ram:LineID>'), '<ram:SellerAssignedID>', '<ram:SellerAssignedID schemeAgencyID="9">'),
      reports: [
        `CII-DT-007 @ ${AT.line}/ram:AssociatedDocumentLineDocument/ram:LineID/@schemeVersionID`,
        `CII-DT-006 @ ${AT.line}/ram:SpecifiedTradeProduct/ram:SellerAssignedID/@schemeAgencyID`,
      ],
    },
    {
      name: 'CII-DT-101 a scheme name on any other identifier; a scheme ID there is fine',
      xml: replace(MINIMAL, '<ram:ID>S-1</ram:ID>', '<ram:ID schemeName="n" schemeID="0088">S-1</ram:ID>'),
      reports: [`CII-DT-101 @ ${AT.agreement}/ram:SellerTradeParty/ram:ID/@schemeName`],
      silent: ['CII-DT-001', 'CII-DT-005'],
    },
    {
      name: 'CII-DT-008/009 a name or list URI on a type code',
      xml: replace(MINIMAL, '<ram:TypeCode>30</ram:TypeCode>', '<ram:TypeCode name="n" listURI="u">30</ram:TypeCode>'),
      reports: [
        `CII-DT-008 @ ${AT.settlement}/ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode/@name`,
        `CII-DT-009 @ ${AT.settlement}/ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode/@listURI`,
      ],
    },
    {
      name: 'CII-DT-010..012 never fire: //ram:TypeCode claims the invoice type code first',
      xml: replace(MINIMAL, '<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode listID="a" listAgencyID="b" listVersionID="c">380</ram:TypeCode>'),
      silent: ['CII-DT-010', 'CII-DT-011', 'CII-DT-012'],
    },
    {
      name: 'CII-DT-045 a list ID on the line VAT category code (BT-151), not on the breakdown one',
      xml: replace(replace(MINIMAL, '<ram:CategoryCode>S</ram:CategoryCode>', '<ram:CategoryCode listID="5305">S</ram:CategoryCode>'), '<ram:CategoryCode>S</ram:CategoryCode>', '<ram:CategoryCode listID="5305">S</ram:CategoryCode>'),
      reports: [`CII-DT-045 @ ${LINE_SETTLEMENT}/ram:ApplicableTradeTax/ram:CategoryCode/@listID`],
    },
    {
      name: 'CII-DT-015/021/022 URI, name and attachment only on a supporting document (916)',
      xml: insertBefore(MINIMAL, '</ram:ContractReferencedDocument>', '<ram:URIID>u</ram:URIID><ram:Name>n</ram:Name><ram:AttachmentBinaryObject mimeCode="text/csv" filename="a.csv">eA==</ram:AttachmentBinaryObject>'),
      reports: [
        `CII-DT-015 @ ${AT.agreement}/ram:ContractReferencedDocument/ram:URIID`,
        `CII-DT-021 @ ${AT.agreement}/ram:ContractReferencedDocument/ram:Name`,
        `CII-DT-022 @ ${AT.agreement}/ram:ContractReferencedDocument/ram:AttachmentBinaryObject`,
      ],
    },
    {
      name: 'CII-DT-018 a type code on a contract reference and an unknown code on an additional one',
      xml: replace(insertBefore(MINIMAL, '</ram:ContractReferencedDocument>', '<ram:TypeCode>50</ram:TypeCode>'), '<ram:TypeCode>50</ram:TypeCode>\n      </ram:AdditionalReferencedDocument>', '<ram:TypeCode>999</ram:TypeCode>\n      </ram:AdditionalReferencedDocument>'),
      reports: [
        `CII-DT-018 @ ${AT.agreement}/ram:ContractReferencedDocument/ram:TypeCode`,
        `CII-DT-018 @ ${AT.agreement}/ram:AdditionalReferencedDocument[2]/ram:TypeCode`,
      ],
    },
    {
      name: 'CII-DT-024 a reference type code only on an invoiced object identifier (130)',
      xml: replace(MINIMAL, '<ram:Name>Timesheet</ram:Name>', '<ram:Name>Timesheet</ram:Name><ram:ReferenceTypeCode>AWV</ram:ReferenceTypeCode>'),
      reports: [`CII-DT-024 @ ${AT.agreement}/ram:AdditionalReferencedDocument[1]/ram:ReferenceTypeCode`],
    },
    {
      name: 'CII-DT-027 an issue date only on a preceding invoice reference (BG-3)',
      xml: insertBefore(MINIMAL, '</ram:ContractReferencedDocument>', '<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20250101</qdt:DateTimeString></ram:FormattedIssueDateTime>'),
      reports: [`CII-DT-027 @ ${AT.agreement}/ram:ContractReferencedDocument/ram:FormattedIssueDateTime`],
    },
    {
      name: 'CII-DT-031 a currency on an amount other than the VAT total',
      xml: replace(MINIMAL, '<ram:GrandTotalAmount>', '<ram:GrandTotalAmount currencyID="EUR">'),
      reports: [`CII-DT-031 @ ${TOTALS}/ram:GrandTotalAmount/@currencyID`],
    },
    {
      name: 'CII-DT-031 allows a currency on ram:TaxTotalAmount (BT-110/111)',
      xml: insertBefore(MINIMAL, '<ram:GrandTotalAmount>', '<ram:TaxTotalAmount currencyID="USD">9.00</ram:TaxTotalAmount>'),
      silent: ['CII-DT-031'],
    },
    {
      name: 'CII-DT-033 a unit code while no invoiced quantity (BT-129) has one',
      xml: replace(MINIMAL, '<ram:BilledQuantity unitCode="C62">', '<ram:BilledQuantity>'),
      reports: [`CII-DT-033 @ ${LINE_AGREEMENT}/ram:GrossPriceProductTradePrice/ram:BasisQuantity/@unitCode`],
    },
    {
      name: 'CII-DT-034 a unit code list on a quantity',
      xml: replace(MINIMAL, '<ram:BilledQuantity unitCode="C62">', '<ram:BilledQuantity unitCode="C62" unitCodeListID="rec20">'),
      reports: [`CII-DT-034 @ ${AT.line}/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitCodeListID`],
      silent: ['CII-DT-033'],
    },
    {
      name: "CII-DT-037 a tax type other than 'VAT', compared exactly",
      xml: replace(MINIMAL, '<ram:TypeCode>VAT</ram:TypeCode>', '<ram:TypeCode> VAT</ram:TypeCode>'),
      reports: [`CII-DT-037 @ ${LINE_SETTLEMENT}/ram:ApplicableTradeTax/ram:TypeCode`],
    },
    {
      name: 'CII-DT-041/054/058 taxable amount, tax point date and its code only at document level',
      xml: insertBefore(MINIMAL, '<ram:RateApplicablePercent>20</ram:RateApplicablePercent>\n        </ram:ApplicableTradeTax>', '<ram:BasisAmount>1</ram:BasisAmount><ram:TaxPointDate><udt:DateString format="102">20250301</udt:DateString></ram:TaxPointDate><ram:DueDateTypeCode>5</ram:DueDateTypeCode>'),
      reports: [
        `CII-DT-041 @ ${LINE_SETTLEMENT}/ram:ApplicableTradeTax/ram:BasisAmount`,
        `CII-DT-054 @ ${LINE_SETTLEMENT}/ram:ApplicableTradeTax/ram:TaxPointDate`,
        `CII-DT-058 @ ${LINE_SETTLEMENT}/ram:ApplicableTradeTax/ram:DueDateTypeCode`,
      ],
    },
    {
      name: 'CII-DT-052/098 exemption reasons only on an ApplicableTradeTax',
      xml: insertBefore(MINIMAL, '</ram:CategoryTradeTax>', '<ram:ExemptionReason>r</ram:ExemptionReason><ram:ExemptionReasonCode>VATEX-EU-O</ram:ExemptionReasonCode>'),
      reports: [
        `CII-DT-052 @ ${AT.settlement}/ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax/ram:ExemptionReasonCode`,
        `CII-DT-098 @ ${AT.settlement}/ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax/ram:ExemptionReason`,
      ],
    },
    {
      name: 'CII-DT-052/098 exemption reasons on a line ApplicableTradeTax are fine',
      xml: insertBefore(MINIMAL, '<ram:RateApplicablePercent>20</ram:RateApplicablePercent>\n        </ram:ApplicableTradeTax>', '<ram:ExemptionReason>r</ram:ExemptionReason><ram:ExemptionReasonCode>VATEX-EU-O</ram:ExemptionReasonCode>'),
      silent: ['CII-DT-052', 'CII-DT-098'],
    },
    {
      name: 'CII-DT-059 a format on a VAT rate',
      xml: replace(MINIMAL, '<ram:RateApplicablePercent>20</ram:RateApplicablePercent>', '<ram:RateApplicablePercent format="x">20</ram:RateApplicablePercent>'),
      reports: [`CII-DT-059 @ ${LINE_SETTLEMENT}/ram:ApplicableTradeTax/ram:RateApplicablePercent/@format`],
    },
    {
      name: 'CII-DT-068 a date-time on an invoicing period start (BT-73)',
      xml: insertBefore(MINIMAL, '</ram:StartDateTime>', '<udt:DateTime>2025-03-01T00:00:00</udt:DateTime>'),
      reports: [`CII-DT-068 @ ${LINE_SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTime`],
    },
    {
      name: 'CII-DT-097 an impossible month in a format 102 date',
      xml: replace(MINIMAL, '20250315', '20251315'),
      reports: [`CII-DT-097 @ ${AT.document}/ram:IssueDateTime/udt:DateTimeString`],
    },
    {
      name: 'CII-DT-097 an ISO date under format 102',
      xml: replace(MINIMAL, '20250414', '2025-04-14'),
      reports: [`CII-DT-097 @ ${AT.settlement}/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString`],
    },
    {
      name: 'CII-DT-097 accepts surrounding whitespace, and ignores other formats and qdt dates',
      xml: replace(replace(replace(MINIMAL, '>20250315<', '>\n 20250315 \n<'), 'format="102">20250310', 'format="203">2025031012'), '<qdt:DateTimeString format="102">20250201', '<qdt:DateTimeString format="102">2025-02-01'),
      silent: ['CII-DT-097'],
    },
  ]);
});

/** Where the sweep inserts into each context, in the fixture: the closing tag and its occurrence. */
const ANCHORS: Record<string, [string, number]> = {
  Document_Context: ['</rsm:ExchangedDocumentContext>', 1],
  Exchanged_Document: ['</rsm:ExchangedDocument>', 1],
  Invoice_line: ['</ram:IncludedSupplyChainTradeLineItem>', 1],
  AssociatedDocumentLineDocument: ['</ram:AssociatedDocumentLineDocument>', 1],
  SpecifiedTradeProduct: ['</ram:SpecifiedTradeProduct>', 1],
  SpecifiedLineTradeAgreement: ['</ram:SpecifiedLineTradeAgreement>', 1],
  SpecifiedLineTradeDelivery: ['</ram:SpecifiedLineTradeDelivery>', 1],
  SpecifiedLineTradeSettlement: ['</ram:SpecifiedLineTradeSettlement>', 1],
  ApplicableHeaderTradeAgreement: ['</ram:ApplicableHeaderTradeAgreement>', 1],
  ApplicableHeaderTradeDelivery: ['</ram:ApplicableHeaderTradeDelivery>', 1],
  ApplicableHeaderTradeSettlement: ['</ram:ApplicableHeaderTradeSettlement>', 1],
  SpecifiedTradeSettlementHeaderMonetarySummation: ['</ram:SpecifiedTradeSettlementHeaderMonetarySummation>', 1],
  Invoice: ['</rsm:CrossIndustryInvoice>', 1],
  DocumentContextParameter: ['</ram:GuidelineSpecifiedDocumentContextParameter>', 1],
  ReferencedDocumentType: ['</ram:ContractReferencedDocument>', 1],
  TradeTaxType: ['</ram:ApplicableTradeTax>', 2],
  BillingSpecifiedPeriodType: ['</ram:BillingSpecifiedPeriod>', 1],
  PostalTradeAddressType: ['</ram:PostalTradeAddress>', 1],
};

/** Where the sweep adds a forbidden attribute for each context whose checks test the context element's own attributes. */
const ATTRIBUTE_TARGETS: Record<string, string> = {
  Invoice: '<rsm:CrossIndustryInvoice ',
  IDTypeNoAttributes: '<ram:ID>SYN-0001',
  IDType: '<ram:ID>S-1',
  TypeCodeType: '<ram:TypeCode>30<',
  CategoryCodeNoAttributes: '<ram:CategoryCode>S<',
  AmountType: '<ram:LineTotalAmount>40.50',
  QuantityType: '<ram:BilledQuantity ',
};

/** Opens `target` (e.g. `<ram:ID>SYN`) with extra attributes. */
function withAttributes(target: string, attrs: string): string {
  const nameEnd = target.search(/[ >]/);
  return `${target.slice(0, nameEnd)} ${attrs}${target.slice(nameEnd)}`;
}

describe('every "should not be present" rule reports the forbidden element or attribute in its context', () => {
  const cases: Array<{ id: string; context: string; path: string }> = [];
  for (const ctx of SYNTAX_CONTEXTS) {
    for (const check of ctx.checks) {
      // The shadowed invoice type code rules are covered by their own case above.
      if (check.kind === 'absent' && ctx.name !== 'NoAttributesTypeCodeType') cases.push({ id: check.id, context: ctx.name, path: check.path });
    }
  }

  it('covers every absence rule of the tables', () => {
    expect(cases.length).toBeGreaterThan(400);
  });

  it.each(cases)('$id: $path in $context', ({ id, context, path }) => {
    const steps = path.split('/');
    const last = steps.at(-1) ?? '';
    let xml: string;
    let expectedAttr: string | undefined;
    if (steps.length === 1 && last.startsWith('@')) {
      // An attribute of the context element itself.
      const target = ATTRIBUTE_TARGETS[context];
      if (target === undefined) throw new Error(`no attribute target for context ${context}`);
      expectedAttr = last.slice(1);
      xml = replace(MINIMAL, target, withAttributes(target, `probe="1" ${expectedAttr}="x"`));
    } else {
      const anchor = ANCHORS[context];
      if (anchor === undefined) throw new Error(`no anchor for context ${context}`);
      const elements = last.startsWith('@') ? steps.slice(0, -1) : steps;
      expectedAttr = last.startsWith('@') ? last.slice(1) : undefined;
      const leafAttrs = expectedAttr === undefined ? 'probe="1"' : `probe="1" ${expectedAttr}="x"`;
      const open = elements.map((s, i) => (i === elements.length - 1 ? `<${s} ${leafAttrs}>1` : `<${s}>`)).join('');
      const close = [...elements].reverse().map((s) => `</${s}>`).join('');
      xml = insertBefore(MINIMAL, anchor[0], open + close, anchor[1]);
    }
    const probe = findByAttr(treeOf(xml), 'probe');
    if (probe === undefined) throw new Error('probe not found');
    const expected = `${id} @ ${elementPath(probe)}${expectedAttr === undefined ? '' : `/@${expectedAttr}`}`;
    const got = rulesAt(syntaxFindings(xml));
    expect(got).toContain(expected);
    expect(got.filter((g) => g.startsWith(`${id} `))).toEqual([expected]);
  });
});
