/**
 * The EN 16931 to UN/CEFACT CII D16B syntax binding (EN 16931-3-3), as data.
 *
 * One row per business term (BT) of the semantic model in lib/model/invoice.ts:
 * where it lives in a CII document, its EN 16931 cardinality, the kind of value,
 * and the property of the model that holds it. Rows are shared by the writer
 * (lib/cii/writer.ts takes element names from here) and a reader.
 *
 * Paths are XPath 1.0 with the prefixes of {@link CII_NAMESPACES}:
 * - a term without `group` is relative to the root element `rsm:CrossIndustryInvoice`;
 * - a term with a `group` is relative to one node of that group's `context`;
 * - a group's `context` is relative to its parent group's node, or to the root.
 * Repeatable structures (BG-1, BG-3, BT-29, BG-17, BG-20, BG-21, BG-23, BG-24,
 * BG-25, BG-27, BG-28, BT-158, BG-32) are groups; their `model` names the array,
 * and the n-th context node holds the n-th array element. Non-repeatable groups
 * (seller, buyer, addresses, price, ...) are flattened into paths.
 *
 * Facts checked against the CEN validation artefacts (cii/schematron of
 * ConnectingEurope/eInvoicing-EN16931, release 1.3.16) and the Factur-X 1.09
 * EN16931 XSD; irregular cases are noted on their rows.
 */
import { NS_QDT, NS_RAM, NS_RSM, NS_UDT } from './namespaces.js';

/** Namespace prefixes of CII D16B as used in every path of this table. */
export const CII_NAMESPACES = {
  rsm: NS_RSM,
  ram: NS_RAM,
  qdt: NS_QDT,
  udt: NS_UDT,
} as const;

/** EN 16931 cardinality of a term within its group. */
export type Cardinality = '0..1' | '1..1' | '0..n' | '1..n';

/**
 * How the value is written:
 * text / id / code: element content as is; date: `YYYYMMDD` in a DateTimeString
 * or DateString with format="102"; amount: decimal, at least 2 fraction digits;
 * price / quantity / percent: decimal as given; binary: base64 content;
 * attribute: the path ends in `@name`.
 */
export type ValueKind = 'text' | 'id' | 'code' | 'date' | 'amount' | 'price' | 'quantity' | 'percent' | 'binary' | 'attribute';

/** A repeatable group (BG) or repeatable term of the model. */
export interface GroupBinding {
  /** BG id (or the BT id of a repeatable identifier/classification). */
  id: string;
  /** EN 16931 name. */
  name: string;
  /** Enclosing group, when nested (e.g. BG-27 inside BG-25). */
  parent?: string;
  /** Model array holding the items, relative to the parent group's item or the invoice. */
  model: string;
  /** XPath selecting one node per item, relative to the parent group's node or the root element. */
  context: string;
  card: Cardinality;
  /**
   * Most items the CII D16B XSD accepts, when fewer than EN 16931 allows; the
   * writer writes only the first `ciiMax` items.
   */
  ciiMax?: number;
  note?: string;
}

/** One business term. */
export interface TermBinding {
  /** BT id, e.g. `BT-31`, `BT-29-1` for a scheme attribute. */
  id: string;
  /** EN 16931 name. */
  name: string;
  /** Group the path is relative to; absent for paths relative to the root element. */
  group?: string;
  /** Model property path relative to the group item or the invoice, e.g. `seller.vatId`, `price.netPrice`. */
  model: string;
  /** XPath of the value, relative as described in the module comment. */
  path: string;
  card: Cardinality;
  kind: ValueKind;
  /** Irregularities of the binding worth knowing. */
  note?: string;
}

const CTX = 'rsm:ExchangedDocumentContext';
const DOC = 'rsm:ExchangedDocument';
const TX = 'rsm:SupplyChainTradeTransaction';
const AGR = `${TX}/ram:ApplicableHeaderTradeAgreement`;
const DLV = `${TX}/ram:ApplicableHeaderTradeDelivery`;
const STL = `${TX}/ram:ApplicableHeaderTradeSettlement`;
const SELLER = `${AGR}/ram:SellerTradeParty`;
const BUYER = `${AGR}/ram:BuyerTradeParty`;
const TAXREP = `${AGR}/ram:SellerTaxRepresentativeTradeParty`;
const PAYEE = `${STL}/ram:PayeeTradeParty`;
const SHIPTO = `${DLV}/ram:ShipToTradeParty`;
const MEANS = `${STL}/ram:SpecifiedTradeSettlementPaymentMeans`;
const TERMS = `${STL}/ram:SpecifiedTradePaymentTerms`;
const SUM = `${STL}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
const D102 = "udt:DateTimeString[@format='102']";
const LAGR = 'ram:SpecifiedLineTradeAgreement';
const LSTL = 'ram:SpecifiedLineTradeSettlement';
const PRODUCT = 'ram:SpecifiedTradeProduct';

/** Union of `ram:ID` (no scheme) and `ram:GlobalID` (with schemeID) under a party, the CII binding of party identifiers. */
function partyIds(party: string): string {
  return `${party}/ram:ID | ${party}/ram:GlobalID`;
}

/** Postal address rows (BG-5, BG-8, BG-12, BG-15) for one party. */
function addressRows(
  party: string,
  modelPrefix: string,
  ids: { line1: string; line2: string; line3: string; city: string; postcode: string; subdivision: string; countryCode: string },
  label: string,
): TermBinding[] {
  const a = `${party}/ram:PostalTradeAddress`;
  return [
    { id: ids.line1, name: `${label} address line 1`, model: `${modelPrefix}.line1`, path: `${a}/ram:LineOne`, card: '0..1', kind: 'text' },
    { id: ids.line2, name: `${label} address line 2`, model: `${modelPrefix}.line2`, path: `${a}/ram:LineTwo`, card: '0..1', kind: 'text' },
    { id: ids.line3, name: `${label} address line 3`, model: `${modelPrefix}.line3`, path: `${a}/ram:LineThree`, card: '0..1', kind: 'text' },
    { id: ids.city, name: `${label} city`, model: `${modelPrefix}.city`, path: `${a}/ram:CityName`, card: '0..1', kind: 'text' },
    { id: ids.postcode, name: `${label} post code`, model: `${modelPrefix}.postcode`, path: `${a}/ram:PostcodeCode`, card: '0..1', kind: 'code' },
    { id: ids.subdivision, name: `${label} country subdivision`, model: `${modelPrefix}.subdivision`, path: `${a}/ram:CountrySubDivisionName`, card: '0..1', kind: 'text' },
    { id: ids.countryCode, name: `${label} country code`, model: `${modelPrefix}.countryCode`, path: `${a}/ram:CountryID`, card: '1..1', kind: 'code' },
  ];
}

/** BT ids of the four postal addresses, by model field (BG-5, BG-8, BG-12, BG-15). */
export const ADDRESS_TERMS = {
  seller: { line1: 'BT-35', line2: 'BT-36', line3: 'BT-162', city: 'BT-37', postcode: 'BT-38', subdivision: 'BT-39', countryCode: 'BT-40' },
  buyer: { line1: 'BT-50', line2: 'BT-51', line3: 'BT-163', city: 'BT-52', postcode: 'BT-53', subdivision: 'BT-54', countryCode: 'BT-55' },
  taxRepresentative: { line1: 'BT-64', line2: 'BT-65', line3: 'BT-164', city: 'BT-66', postcode: 'BT-67', subdivision: 'BT-68', countryCode: 'BT-69' },
  deliverTo: { line1: 'BT-75', line2: 'BT-76', line3: 'BT-165', city: 'BT-77', postcode: 'BT-78', subdivision: 'BT-79', countryCode: 'BT-80' },
} as const;

/** Repeatable groups, parents before children. */
export const CII_GROUPS: readonly GroupBinding[] = [
  { id: 'BG-1', name: 'INVOICE NOTE', model: 'notes', context: `${DOC}/ram:IncludedNote`, card: '0..n' },
  {
    id: 'BG-3', name: 'PRECEDING INVOICE REFERENCE', model: 'precedingInvoices', context: `${STL}/ram:InvoiceReferencedDocument`, card: '0..n', ciiMax: 1,
    note: 'InvoiceReferencedDocument is 0..1 in the CII D16B XSD (the Factur-X XSD allows more): a second reference cannot be carried.',
  },
  { id: 'BT-29', name: 'Seller identifier', model: 'seller.identifiers', context: partyIds(SELLER), card: '0..n' },
  {
    id: 'BG-17', name: 'CREDIT TRANSFER', model: 'paymentInstructions.creditTransfers',
    context: `${MEANS}[ram:PayeePartyCreditorFinancialAccount or ram:PayeeSpecifiedCreditorFinancialInstitution]`, card: '0..n',
    note: 'One SpecifiedTradeSettlementPaymentMeans per account.',
  },
  { id: 'BG-20', name: 'DOCUMENT LEVEL ALLOWANCES', model: 'allowances', context: `${STL}/ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator='false']`, card: '0..n' },
  { id: 'BG-21', name: 'DOCUMENT LEVEL CHARGES', model: 'charges', context: `${STL}/ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator='true']`, card: '0..n' },
  { id: 'BG-23', name: 'VAT BREAKDOWN', model: 'vatBreakdown', context: `${STL}/ram:ApplicableTradeTax`, card: '1..n' },
  { id: 'BG-24', name: 'ADDITIONAL SUPPORTING DOCUMENTS', model: 'supportingDocuments', context: `${AGR}/ram:AdditionalReferencedDocument[ram:TypeCode='916']`, card: '0..n' },
  { id: 'BG-25', name: 'INVOICE LINE', model: 'lines', context: `${TX}/ram:IncludedSupplyChainTradeLineItem`, card: '1..n' },
  { id: 'BG-27', name: 'INVOICE LINE ALLOWANCES', parent: 'BG-25', model: 'allowances', context: `${LSTL}/ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator='false']`, card: '0..n' },
  { id: 'BG-28', name: 'INVOICE LINE CHARGES', parent: 'BG-25', model: 'charges', context: `${LSTL}/ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator='true']`, card: '0..n' },
  { id: 'BT-158', name: 'Item classification identifier', parent: 'BG-25', model: 'item.classifications', context: `${PRODUCT}/ram:DesignatedProductClassification/ram:ClassCode`, card: '0..n' },
  { id: 'BG-32', name: 'ITEM ATTRIBUTES', parent: 'BG-25', model: 'item.attributes', context: `${PRODUCT}/ram:ApplicableProductCharacteristic`, card: '0..n' },
];

/** Every business term of the model, in EN 16931 order. */
export const CII_TERMS: readonly TermBinding[] = [
  { id: 'BT-1', name: 'Invoice number', model: 'number', path: `${DOC}/ram:ID`, card: '1..1', kind: 'id' },
  { id: 'BT-2', name: 'Invoice issue date', model: 'issueDate', path: `${DOC}/ram:IssueDateTime/${D102}`, card: '1..1', kind: 'date' },
  { id: 'BT-3', name: 'Invoice type code', model: 'typeCode', path: `${DOC}/ram:TypeCode`, card: '1..1', kind: 'code' },
  { id: 'BT-5', name: 'Invoice currency code', model: 'currency', path: `${STL}/ram:InvoiceCurrencyCode`, card: '1..1', kind: 'code' },
  { id: 'BT-6', name: 'VAT accounting currency code', model: 'vatAccountingCurrency', path: `${STL}/ram:TaxCurrencyCode`, card: '0..1', kind: 'code' },
  {
    id: 'BT-7', name: 'Value added tax point date', model: 'taxPointDate', path: `${STL}/ram:ApplicableTradeTax/ram:TaxPointDate/udt:DateString[@format='102']`, card: '0..1', kind: 'date',
    note: 'No document-level place in CII: it lives in a VAT breakdown (ApplicableTradeTax), at most once per document (CII-SR-461); the writer puts it in the first.',
  },
  {
    id: 'BT-8', name: 'Value added tax point date code', model: 'taxPointDateCode', path: `${STL}/ram:ApplicableTradeTax/ram:DueDateTypeCode`, card: '0..1', kind: 'code',
    note: 'Like BT-7, in the first VAT breakdown (CII-SR-462 allows repeats only with one value); CII codes 5, 29, 72 (UNTDID 2475).',
  },
  { id: 'BT-9', name: 'Payment due date', model: 'dueDate', path: `${TERMS}/ram:DueDateDateTime/${D102}`, card: '0..1', kind: 'date' },
  { id: 'BT-10', name: 'Buyer reference', model: 'buyerReference', path: `${AGR}/ram:BuyerReference`, card: '0..1', kind: 'text' },
  {
    id: 'BT-11', name: 'Project reference', model: 'projectReference', path: `${AGR}/ram:SpecifiedProcuringProject/ram:ID`, card: '0..1', kind: 'id',
    note: 'ram:Name is mandatory in CII and has no business term; the CEN examples write "Project reference".',
  },
  { id: 'BT-12', name: 'Contract reference', model: 'contractReference', path: `${AGR}/ram:ContractReferencedDocument/ram:IssuerAssignedID`, card: '0..1', kind: 'id' },
  { id: 'BT-13', name: 'Purchase order reference', model: 'purchaseOrderReference', path: `${AGR}/ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID`, card: '0..1', kind: 'id' },
  { id: 'BT-14', name: 'Sales order reference', model: 'salesOrderReference', path: `${AGR}/ram:SellerOrderReferencedDocument/ram:IssuerAssignedID`, card: '0..1', kind: 'id' },
  { id: 'BT-15', name: 'Receiving advice reference', model: 'receivingAdviceReference', path: `${DLV}/ram:ReceivingAdviceReferencedDocument/ram:IssuerAssignedID`, card: '0..1', kind: 'id' },
  { id: 'BT-16', name: 'Despatch advice reference', model: 'despatchAdviceReference', path: `${DLV}/ram:DespatchAdviceReferencedDocument/ram:IssuerAssignedID`, card: '0..1', kind: 'id' },
  {
    id: 'BT-17', name: 'Tender or lot reference', model: 'tenderOrLotReference', path: `${AGR}/ram:AdditionalReferencedDocument[ram:TypeCode='50']/ram:IssuerAssignedID`, card: '0..1', kind: 'id',
    note: 'An AdditionalReferencedDocument with the fixed TypeCode 50.',
  },
  {
    id: 'BT-18', name: 'Invoiced object identifier', model: 'invoicedObjectIdentifier.id', path: `${AGR}/ram:AdditionalReferencedDocument[ram:TypeCode='130']/ram:IssuerAssignedID`, card: '0..1', kind: 'id',
    note: 'An AdditionalReferencedDocument with the fixed TypeCode 130.',
  },
  { id: 'BT-18-1', name: 'Invoiced object identifier scheme', model: 'invoicedObjectIdentifier.scheme', path: `${AGR}/ram:AdditionalReferencedDocument[ram:TypeCode='130']/ram:ReferenceTypeCode`, card: '0..1', kind: 'code' },
  { id: 'BT-19', name: 'Buyer accounting reference', model: 'buyerAccountingReference', path: `${STL}/ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID`, card: '0..1', kind: 'id' },
  { id: 'BT-20', name: 'Payment terms', model: 'paymentTerms', path: `${TERMS}/ram:Description`, card: '0..1', kind: 'text' },
  // BG-1 INVOICE NOTE
  { id: 'BT-21', name: 'Invoice note subject code', group: 'BG-1', model: 'subjectCode', path: 'ram:SubjectCode', card: '0..1', kind: 'code' },
  { id: 'BT-22', name: 'Invoice note', group: 'BG-1', model: 'text', path: 'ram:Content', card: '1..1', kind: 'text' },
  // BG-2 PROCESS CONTROL
  { id: 'BT-23', name: 'Business process type', model: 'process.businessProcess', path: `${CTX}/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID`, card: '0..1', kind: 'id' },
  { id: 'BT-24', name: 'Specification identifier', model: 'process.specificationId', path: `${CTX}/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`, card: '1..1', kind: 'id' },
  // BG-3 PRECEDING INVOICE REFERENCE
  { id: 'BT-25', name: 'Preceding Invoice reference', group: 'BG-3', model: 'reference', path: 'ram:IssuerAssignedID', card: '1..1', kind: 'id' },
  { id: 'BT-26', name: 'Preceding Invoice issue date', group: 'BG-3', model: 'issueDate', path: "ram:FormattedIssueDateTime/qdt:DateTimeString[@format='102']", card: '0..1', kind: 'date' },
  // BG-4 SELLER
  { id: 'BT-27', name: 'Seller name', model: 'seller.name', path: `${SELLER}/ram:Name`, card: '1..1', kind: 'text' },
  { id: 'BT-28', name: 'Seller trading name', model: 'seller.tradingName', path: `${SELLER}/ram:SpecifiedLegalOrganization/ram:TradingBusinessName`, card: '0..1', kind: 'text' },
  {
    id: 'BT-29', name: 'Seller identifier', group: 'BT-29', model: 'id', path: '.', card: '1..1', kind: 'id',
    note: 'Without scheme as ram:ID, with scheme as ram:GlobalID; the XSD puts every ID before every GlobalID.',
  },
  { id: 'BT-29-1', name: 'Seller identifier scheme identifier', group: 'BT-29', model: 'scheme', path: '@schemeID', card: '0..1', kind: 'attribute' },
  { id: 'BT-30', name: 'Seller legal registration identifier', model: 'seller.legalRegistrationId.id', path: `${SELLER}/ram:SpecifiedLegalOrganization/ram:ID`, card: '0..1', kind: 'id' },
  { id: 'BT-30-1', name: 'Seller legal registration identifier scheme', model: 'seller.legalRegistrationId.scheme', path: `${SELLER}/ram:SpecifiedLegalOrganization/ram:ID/@schemeID`, card: '0..1', kind: 'attribute' },
  { id: 'BT-31', name: 'Seller VAT identifier', model: 'seller.vatId', path: `${SELLER}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`, card: '0..1', kind: 'id' },
  { id: 'BT-32', name: 'Seller tax registration identifier', model: 'seller.taxRegistrationId', path: `${SELLER}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='FC']`, card: '0..1', kind: 'id' },
  { id: 'BT-33', name: 'Seller additional legal information', model: 'seller.additionalLegalInfo', path: `${SELLER}/ram:Description`, card: '0..1', kind: 'text' },
  { id: 'BT-34', name: 'Seller electronic address', model: 'seller.electronicAddress.id', path: `${SELLER}/ram:URIUniversalCommunication/ram:URIID`, card: '0..1', kind: 'id' },
  { id: 'BT-34-1', name: 'Seller electronic address scheme', model: 'seller.electronicAddress.scheme', path: `${SELLER}/ram:URIUniversalCommunication/ram:URIID/@schemeID`, card: '1..1', kind: 'attribute' },
  ...addressRows(SELLER, 'seller.address', ADDRESS_TERMS.seller, 'Seller'),
  { id: 'BT-41', name: 'Seller contact point', model: 'seller.contact.name', path: `${SELLER}/ram:DefinedTradeContact/ram:PersonName`, card: '0..1', kind: 'text' },
  { id: 'BT-42', name: 'Seller contact telephone number', model: 'seller.contact.phone', path: `${SELLER}/ram:DefinedTradeContact/ram:TelephoneUniversalCommunication/ram:CompleteNumber`, card: '0..1', kind: 'text' },
  { id: 'BT-43', name: 'Seller contact email address', model: 'seller.contact.email', path: `${SELLER}/ram:DefinedTradeContact/ram:EmailURIUniversalCommunication/ram:URIID`, card: '0..1', kind: 'text' },
  // BG-7 BUYER
  { id: 'BT-44', name: 'Buyer name', model: 'buyer.name', path: `${BUYER}/ram:Name`, card: '1..1', kind: 'text' },
  { id: 'BT-45', name: 'Buyer trading name', model: 'buyer.tradingName', path: `${BUYER}/ram:SpecifiedLegalOrganization/ram:TradingBusinessName`, card: '0..1', kind: 'text' },
  { id: 'BT-46', name: 'Buyer identifier', model: 'buyer.identifier.id', path: partyIds(BUYER), card: '0..1', kind: 'id', note: 'ram:ID without scheme, ram:GlobalID with scheme.' },
  { id: 'BT-46-1', name: 'Buyer identifier scheme', model: 'buyer.identifier.scheme', path: `${BUYER}/ram:GlobalID/@schemeID`, card: '0..1', kind: 'attribute' },
  { id: 'BT-47', name: 'Buyer legal registration identifier', model: 'buyer.legalRegistrationId.id', path: `${BUYER}/ram:SpecifiedLegalOrganization/ram:ID`, card: '0..1', kind: 'id' },
  { id: 'BT-47-1', name: 'Buyer legal registration identifier scheme', model: 'buyer.legalRegistrationId.scheme', path: `${BUYER}/ram:SpecifiedLegalOrganization/ram:ID/@schemeID`, card: '0..1', kind: 'attribute' },
  { id: 'BT-48', name: 'Buyer VAT identifier', model: 'buyer.vatId', path: `${BUYER}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`, card: '0..1', kind: 'id' },
  { id: 'BT-49', name: 'Buyer electronic address', model: 'buyer.electronicAddress.id', path: `${BUYER}/ram:URIUniversalCommunication/ram:URIID`, card: '0..1', kind: 'id' },
  { id: 'BT-49-1', name: 'Buyer electronic address scheme', model: 'buyer.electronicAddress.scheme', path: `${BUYER}/ram:URIUniversalCommunication/ram:URIID/@schemeID`, card: '1..1', kind: 'attribute' },
  ...addressRows(BUYER, 'buyer.address', ADDRESS_TERMS.buyer, 'Buyer'),
  { id: 'BT-56', name: 'Buyer contact point', model: 'buyer.contact.name', path: `${BUYER}/ram:DefinedTradeContact/ram:PersonName`, card: '0..1', kind: 'text' },
  { id: 'BT-57', name: 'Buyer contact telephone number', model: 'buyer.contact.phone', path: `${BUYER}/ram:DefinedTradeContact/ram:TelephoneUniversalCommunication/ram:CompleteNumber`, card: '0..1', kind: 'text' },
  { id: 'BT-58', name: 'Buyer contact email address', model: 'buyer.contact.email', path: `${BUYER}/ram:DefinedTradeContact/ram:EmailURIUniversalCommunication/ram:URIID`, card: '0..1', kind: 'text' },
  // BG-10 PAYEE
  { id: 'BT-59', name: 'Payee name', model: 'payee.name', path: `${PAYEE}/ram:Name`, card: '1..1', kind: 'text' },
  { id: 'BT-60', name: 'Payee identifier', model: 'payee.identifier.id', path: partyIds(PAYEE), card: '0..1', kind: 'id', note: 'ram:ID without scheme, ram:GlobalID with scheme.' },
  { id: 'BT-60-1', name: 'Payee identifier scheme', model: 'payee.identifier.scheme', path: `${PAYEE}/ram:GlobalID/@schemeID`, card: '0..1', kind: 'attribute' },
  { id: 'BT-61', name: 'Payee legal registration identifier', model: 'payee.legalRegistrationId.id', path: `${PAYEE}/ram:SpecifiedLegalOrganization/ram:ID`, card: '0..1', kind: 'id' },
  { id: 'BT-61-1', name: 'Payee legal registration identifier scheme', model: 'payee.legalRegistrationId.scheme', path: `${PAYEE}/ram:SpecifiedLegalOrganization/ram:ID/@schemeID`, card: '0..1', kind: 'attribute' },
  // BG-11 SELLER TAX REPRESENTATIVE PARTY
  { id: 'BT-62', name: 'Seller tax representative name', model: 'taxRepresentative.name', path: `${TAXREP}/ram:Name`, card: '1..1', kind: 'text' },
  { id: 'BT-63', name: 'Seller tax representative VAT identifier', model: 'taxRepresentative.vatId', path: `${TAXREP}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`, card: '1..1', kind: 'id' },
  ...addressRows(TAXREP, 'taxRepresentative.address', ADDRESS_TERMS.taxRepresentative, 'Tax representative'),
  // BG-13 DELIVERY INFORMATION
  { id: 'BT-70', name: 'Deliver to party name', model: 'delivery.name', path: `${SHIPTO}/ram:Name`, card: '0..1', kind: 'text' },
  { id: 'BT-71', name: 'Deliver to location identifier', model: 'delivery.locationId.id', path: partyIds(SHIPTO), card: '0..1', kind: 'id', note: 'ram:ID without scheme, ram:GlobalID with scheme.' },
  { id: 'BT-71-1', name: 'Deliver to location identifier scheme', model: 'delivery.locationId.scheme', path: `${SHIPTO}/ram:GlobalID/@schemeID`, card: '0..1', kind: 'attribute' },
  { id: 'BT-72', name: 'Actual delivery date', model: 'delivery.actualDate', path: `${DLV}/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/${D102}`, card: '0..1', kind: 'date' },
  ...addressRows(SHIPTO, 'delivery.address', ADDRESS_TERMS.deliverTo, 'Deliver to'),
  // BG-14 INVOICING PERIOD
  { id: 'BT-73', name: 'Invoicing period start date', model: 'invoicingPeriod.start', path: `${STL}/ram:BillingSpecifiedPeriod/ram:StartDateTime/${D102}`, card: '0..1', kind: 'date' },
  { id: 'BT-74', name: 'Invoicing period end date', model: 'invoicingPeriod.end', path: `${STL}/ram:BillingSpecifiedPeriod/ram:EndDateTime/${D102}`, card: '0..1', kind: 'date' },
  // BG-16 PAYMENT INSTRUCTIONS
  {
    id: 'BT-81', name: 'Payment means type code', model: 'paymentInstructions.typeCode', path: `${MEANS}/ram:TypeCode`, card: '1..1', kind: 'code',
    note: 'Repeated in each SpecifiedTradeSettlementPaymentMeans: CII has one per credit transfer account (BG-17).',
  },
  { id: 'BT-82', name: 'Payment means text', model: 'paymentInstructions.text', path: `${MEANS}/ram:Information`, card: '0..1', kind: 'text', note: 'Repeated like BT-81.' },
  { id: 'BT-83', name: 'Remittance information', model: 'paymentInstructions.remittanceInformation', path: `${STL}/ram:PaymentReference`, card: '0..1', kind: 'text' },
  // BG-17 CREDIT TRANSFER
  {
    id: 'BT-84', name: 'Payment account identifier', group: 'BG-17', model: 'accountId',
    path: 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID | ram:PayeePartyCreditorFinancialAccount/ram:ProprietaryID', card: '1..1', kind: 'id',
    note: 'IBANID when the value has the shape of an IBAN, ProprietaryID otherwise.',
  },
  { id: 'BT-85', name: 'Payment account name', group: 'BG-17', model: 'accountName', path: 'ram:PayeePartyCreditorFinancialAccount/ram:AccountName', card: '0..1', kind: 'text' },
  { id: 'BT-86', name: 'Payment service provider identifier', group: 'BG-17', model: 'serviceProviderId', path: 'ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID', card: '0..1', kind: 'id' },
  // BG-18 PAYMENT CARD INFORMATION
  { id: 'BT-87', name: 'Payment card primary account number', model: 'paymentInstructions.card.accountNumber', path: `${MEANS}/ram:ApplicableTradeSettlementFinancialCard/ram:ID`, card: '1..1', kind: 'id' },
  { id: 'BT-88', name: 'Payment card holder name', model: 'paymentInstructions.card.holderName', path: `${MEANS}/ram:ApplicableTradeSettlementFinancialCard/ram:CardholderName`, card: '0..1', kind: 'text' },
  // BG-19 DIRECT DEBIT
  { id: 'BT-89', name: 'Mandate reference identifier', model: 'paymentInstructions.directDebit.mandateReference', path: `${TERMS}/ram:DirectDebitMandateID`, card: '0..1', kind: 'id' },
  { id: 'BT-90', name: 'Bank assigned creditor identifier', model: 'paymentInstructions.directDebit.creditorId', path: `${STL}/ram:CreditorReferenceID`, card: '0..1', kind: 'id' },
  { id: 'BT-91', name: 'Debited account identifier', model: 'paymentInstructions.directDebit.debitedAccountId', path: `${MEANS}/ram:PayerPartyDebtorFinancialAccount/ram:IBANID`, card: '0..1', kind: 'id' },
  // BG-20 DOCUMENT LEVEL ALLOWANCES
  { id: 'BT-92', name: 'Document level allowance amount', group: 'BG-20', model: 'amount', path: 'ram:ActualAmount', card: '1..1', kind: 'amount' },
  { id: 'BT-93', name: 'Document level allowance base amount', group: 'BG-20', model: 'baseAmount', path: 'ram:BasisAmount', card: '0..1', kind: 'amount' },
  { id: 'BT-94', name: 'Document level allowance percentage', group: 'BG-20', model: 'percentage', path: 'ram:CalculationPercent', card: '0..1', kind: 'percent' },
  { id: 'BT-95', name: 'Document level allowance VAT category code', group: 'BG-20', model: 'vatCategory', path: "ram:CategoryTradeTax[ram:TypeCode='VAT']/ram:CategoryCode", card: '1..1', kind: 'code' },
  { id: 'BT-96', name: 'Document level allowance VAT rate', group: 'BG-20', model: 'vatRate', path: "ram:CategoryTradeTax[ram:TypeCode='VAT']/ram:RateApplicablePercent", card: '0..1', kind: 'percent' },
  { id: 'BT-97', name: 'Document level allowance reason', group: 'BG-20', model: 'reason', path: 'ram:Reason', card: '0..1', kind: 'text' },
  { id: 'BT-98', name: 'Document level allowance reason code', group: 'BG-20', model: 'reasonCode', path: 'ram:ReasonCode', card: '0..1', kind: 'code' },
  // BG-21 DOCUMENT LEVEL CHARGES
  { id: 'BT-99', name: 'Document level charge amount', group: 'BG-21', model: 'amount', path: 'ram:ActualAmount', card: '1..1', kind: 'amount' },
  { id: 'BT-100', name: 'Document level charge base amount', group: 'BG-21', model: 'baseAmount', path: 'ram:BasisAmount', card: '0..1', kind: 'amount' },
  { id: 'BT-101', name: 'Document level charge percentage', group: 'BG-21', model: 'percentage', path: 'ram:CalculationPercent', card: '0..1', kind: 'percent' },
  { id: 'BT-102', name: 'Document level charge VAT category code', group: 'BG-21', model: 'vatCategory', path: "ram:CategoryTradeTax[ram:TypeCode='VAT']/ram:CategoryCode", card: '1..1', kind: 'code' },
  { id: 'BT-103', name: 'Document level charge VAT rate', group: 'BG-21', model: 'vatRate', path: "ram:CategoryTradeTax[ram:TypeCode='VAT']/ram:RateApplicablePercent", card: '0..1', kind: 'percent' },
  { id: 'BT-104', name: 'Document level charge reason', group: 'BG-21', model: 'reason', path: 'ram:Reason', card: '0..1', kind: 'text' },
  { id: 'BT-105', name: 'Document level charge reason code', group: 'BG-21', model: 'reasonCode', path: 'ram:ReasonCode', card: '0..1', kind: 'code' },
  // BG-22 DOCUMENT TOTALS
  { id: 'BT-106', name: 'Sum of Invoice line net amount', model: 'totals.lineNetTotal', path: `${SUM}/ram:LineTotalAmount`, card: '1..1', kind: 'amount' },
  { id: 'BT-107', name: 'Sum of allowances on document level', model: 'totals.allowanceTotal', path: `${SUM}/ram:AllowanceTotalAmount`, card: '0..1', kind: 'amount' },
  { id: 'BT-108', name: 'Sum of charges on document level', model: 'totals.chargeTotal', path: `${SUM}/ram:ChargeTotalAmount`, card: '0..1', kind: 'amount' },
  { id: 'BT-109', name: 'Invoice total amount without VAT', model: 'totals.taxExclusiveAmount', path: `${SUM}/ram:TaxBasisTotalAmount`, card: '1..1', kind: 'amount' },
  {
    id: 'BT-110', name: 'Invoice total VAT amount', model: 'totals.vatTotal', path: `${SUM}/ram:TaxTotalAmount[@currencyID = /rsm:CrossIndustryInvoice/${STL}/ram:InvoiceCurrencyCode]`, card: '0..1', kind: 'amount',
    note: 'The TaxTotalAmount whose currencyID is the invoice currency (BT-5).',
  },
  {
    id: 'BT-111', name: 'Invoice total VAT amount in accounting currency', model: 'totals.vatTotalInAccountingCurrency', path: `${SUM}/ram:TaxTotalAmount[@currencyID = /rsm:CrossIndustryInvoice/${STL}/ram:TaxCurrencyCode]`, card: '0..1', kind: 'amount',
    note: 'A second TaxTotalAmount whose currencyID is the VAT accounting currency (BT-6).',
  },
  { id: 'BT-112', name: 'Invoice total amount with VAT', model: 'totals.taxInclusiveAmount', path: `${SUM}/ram:GrandTotalAmount`, card: '1..1', kind: 'amount' },
  { id: 'BT-113', name: 'Paid amount', model: 'totals.prepaidAmount', path: `${SUM}/ram:TotalPrepaidAmount`, card: '0..1', kind: 'amount' },
  { id: 'BT-114', name: 'Rounding amount', model: 'totals.roundingAmount', path: `${SUM}/ram:RoundingAmount`, card: '0..1', kind: 'amount' },
  { id: 'BT-115', name: 'Amount due for payment', model: 'totals.amountDue', path: `${SUM}/ram:DuePayableAmount`, card: '1..1', kind: 'amount' },
  // BG-23 VAT BREAKDOWN
  { id: 'BT-116', name: 'VAT category taxable amount', group: 'BG-23', model: 'taxableAmount', path: 'ram:BasisAmount', card: '1..1', kind: 'amount' },
  { id: 'BT-117', name: 'VAT category tax amount', group: 'BG-23', model: 'taxAmount', path: 'ram:CalculatedAmount', card: '1..1', kind: 'amount' },
  { id: 'BT-118', name: 'VAT category code', group: 'BG-23', model: 'category', path: 'ram:CategoryCode', card: '1..1', kind: 'code' },
  { id: 'BT-119', name: 'VAT category rate', group: 'BG-23', model: 'rate', path: 'ram:RateApplicablePercent', card: '0..1', kind: 'percent' },
  { id: 'BT-120', name: 'VAT exemption reason text', group: 'BG-23', model: 'exemptionReason', path: 'ram:ExemptionReason', card: '0..1', kind: 'text' },
  { id: 'BT-121', name: 'VAT exemption reason code', group: 'BG-23', model: 'exemptionReasonCode', path: 'ram:ExemptionReasonCode', card: '0..1', kind: 'code' },
  // BG-24 ADDITIONAL SUPPORTING DOCUMENTS
  { id: 'BT-122', name: 'Supporting document reference', group: 'BG-24', model: 'reference', path: 'ram:IssuerAssignedID', card: '1..1', kind: 'id' },
  { id: 'BT-123', name: 'Supporting document description', group: 'BG-24', model: 'description', path: 'ram:Name', card: '0..1', kind: 'text' },
  { id: 'BT-124', name: 'External document location', group: 'BG-24', model: 'uri', path: 'ram:URIID', card: '0..1', kind: 'id' },
  { id: 'BT-125', name: 'Attached document', group: 'BG-24', model: 'attachment.content', path: 'ram:AttachmentBinaryObject', card: '0..1', kind: 'binary' },
  { id: 'BT-125-1', name: 'Attached document Mime code', group: 'BG-24', model: 'attachment.mimeCode', path: 'ram:AttachmentBinaryObject/@mimeCode', card: '1..1', kind: 'attribute' },
  { id: 'BT-125-2', name: 'Attached document Filename', group: 'BG-24', model: 'attachment.filename', path: 'ram:AttachmentBinaryObject/@filename', card: '1..1', kind: 'attribute' },
  // BG-25 INVOICE LINE
  { id: 'BT-126', name: 'Invoice line identifier', group: 'BG-25', model: 'id', path: 'ram:AssociatedDocumentLineDocument/ram:LineID', card: '1..1', kind: 'id' },
  { id: 'BT-127', name: 'Invoice line note', group: 'BG-25', model: 'note', path: 'ram:AssociatedDocumentLineDocument/ram:IncludedNote/ram:Content', card: '0..1', kind: 'text' },
  { id: 'BT-128', name: 'Invoice line object identifier', group: 'BG-25', model: 'objectIdentifier.id', path: `${LSTL}/ram:AdditionalReferencedDocument[ram:TypeCode='130']/ram:IssuerAssignedID`, card: '0..1', kind: 'id' },
  { id: 'BT-128-1', name: 'Invoice line object identifier scheme', group: 'BG-25', model: 'objectIdentifier.scheme', path: `${LSTL}/ram:AdditionalReferencedDocument[ram:TypeCode='130']/ram:ReferenceTypeCode`, card: '0..1', kind: 'code' },
  { id: 'BT-129', name: 'Invoiced quantity', group: 'BG-25', model: 'quantity', path: 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity', card: '1..1', kind: 'quantity' },
  { id: 'BT-130', name: 'Invoiced quantity unit of measure code', group: 'BG-25', model: 'unitCode', path: 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitCode', card: '1..1', kind: 'attribute' },
  { id: 'BT-131', name: 'Invoice line net amount', group: 'BG-25', model: 'netAmount', path: `${LSTL}/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount`, card: '1..1', kind: 'amount' },
  { id: 'BT-132', name: 'Referenced purchase order line reference', group: 'BG-25', model: 'orderLineReference', path: `${LAGR}/ram:BuyerOrderReferencedDocument/ram:LineID`, card: '0..1', kind: 'id' },
  { id: 'BT-133', name: 'Invoice line Buyer accounting reference', group: 'BG-25', model: 'buyerAccountingReference', path: `${LSTL}/ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID`, card: '0..1', kind: 'id' },
  // BG-26 INVOICE LINE PERIOD
  { id: 'BT-134', name: 'Invoice line period start date', group: 'BG-25', model: 'period.start', path: `${LSTL}/ram:BillingSpecifiedPeriod/ram:StartDateTime/${D102}`, card: '0..1', kind: 'date' },
  { id: 'BT-135', name: 'Invoice line period end date', group: 'BG-25', model: 'period.end', path: `${LSTL}/ram:BillingSpecifiedPeriod/ram:EndDateTime/${D102}`, card: '0..1', kind: 'date' },
  // BG-27 INVOICE LINE ALLOWANCES
  { id: 'BT-136', name: 'Invoice line allowance amount', group: 'BG-27', model: 'amount', path: 'ram:ActualAmount', card: '1..1', kind: 'amount' },
  { id: 'BT-137', name: 'Invoice line allowance base amount', group: 'BG-27', model: 'baseAmount', path: 'ram:BasisAmount', card: '0..1', kind: 'amount' },
  { id: 'BT-138', name: 'Invoice line allowance percentage', group: 'BG-27', model: 'percentage', path: 'ram:CalculationPercent', card: '0..1', kind: 'percent' },
  { id: 'BT-139', name: 'Invoice line allowance reason', group: 'BG-27', model: 'reason', path: 'ram:Reason', card: '0..1', kind: 'text' },
  { id: 'BT-140', name: 'Invoice line allowance reason code', group: 'BG-27', model: 'reasonCode', path: 'ram:ReasonCode', card: '0..1', kind: 'code' },
  // BG-28 INVOICE LINE CHARGES
  { id: 'BT-141', name: 'Invoice line charge amount', group: 'BG-28', model: 'amount', path: 'ram:ActualAmount', card: '1..1', kind: 'amount' },
  { id: 'BT-142', name: 'Invoice line charge base amount', group: 'BG-28', model: 'baseAmount', path: 'ram:BasisAmount', card: '0..1', kind: 'amount' },
  { id: 'BT-143', name: 'Invoice line charge percentage', group: 'BG-28', model: 'percentage', path: 'ram:CalculationPercent', card: '0..1', kind: 'percent' },
  { id: 'BT-144', name: 'Invoice line charge reason', group: 'BG-28', model: 'reason', path: 'ram:Reason', card: '0..1', kind: 'text' },
  { id: 'BT-145', name: 'Invoice line charge reason code', group: 'BG-28', model: 'reasonCode', path: 'ram:ReasonCode', card: '0..1', kind: 'code' },
  // BG-29 PRICE DETAILS
  { id: 'BT-146', name: 'Item net price', group: 'BG-25', model: 'price.netPrice', path: `${LAGR}/ram:NetPriceProductTradePrice/ram:ChargeAmount`, card: '1..1', kind: 'price' },
  {
    id: 'BT-147', name: 'Item price discount', group: 'BG-25', model: 'price.discount', path: `${LAGR}/ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ActualAmount`, card: '0..1', kind: 'price',
    note: 'Lives inside the gross price; ChargeIndicator false. Without BT-148 the writer states the gross price as net price + discount (EN 16931: BT-146 = BT-148 - BT-147).',
  },
  { id: 'BT-148', name: 'Item gross price', group: 'BG-25', model: 'price.grossPrice', path: `${LAGR}/ram:GrossPriceProductTradePrice/ram:ChargeAmount`, card: '0..1', kind: 'price' },
  {
    id: 'BT-149', name: 'Item price base quantity', group: 'BG-25', model: 'price.baseQuantity', path: `${LAGR}/ram:NetPriceProductTradePrice/ram:BasisQuantity`, card: '0..1', kind: 'quantity',
    note: 'Also written in GrossPriceProductTradePrice/BasisQuantity when there is a gross price, as the base of both prices.',
  },
  { id: 'BT-150', name: 'Item price base quantity unit of measure code', group: 'BG-25', model: 'price.baseQuantityUnitCode', path: `${LAGR}/ram:NetPriceProductTradePrice/ram:BasisQuantity/@unitCode`, card: '0..1', kind: 'attribute' },
  // BG-30 LINE VAT INFORMATION
  { id: 'BT-151', name: 'Invoiced item VAT category code', group: 'BG-25', model: 'vat.category', path: `${LSTL}/ram:ApplicableTradeTax[ram:TypeCode='VAT']/ram:CategoryCode`, card: '1..1', kind: 'code' },
  { id: 'BT-152', name: 'Invoiced item VAT rate', group: 'BG-25', model: 'vat.rate', path: `${LSTL}/ram:ApplicableTradeTax[ram:TypeCode='VAT']/ram:RateApplicablePercent`, card: '0..1', kind: 'percent' },
  // BG-31 ITEM INFORMATION
  { id: 'BT-153', name: 'Item name', group: 'BG-25', model: 'item.name', path: `${PRODUCT}/ram:Name`, card: '1..1', kind: 'text' },
  { id: 'BT-154', name: 'Item description', group: 'BG-25', model: 'item.description', path: `${PRODUCT}/ram:Description`, card: '0..1', kind: 'text' },
  { id: 'BT-155', name: "Item Seller's identifier", group: 'BG-25', model: 'item.sellerId', path: `${PRODUCT}/ram:SellerAssignedID`, card: '0..1', kind: 'id' },
  { id: 'BT-156', name: "Item Buyer's identifier", group: 'BG-25', model: 'item.buyerId', path: `${PRODUCT}/ram:BuyerAssignedID`, card: '0..1', kind: 'id' },
  { id: 'BT-157', name: 'Item standard identifier', group: 'BG-25', model: 'item.standardId.id', path: `${PRODUCT}/ram:GlobalID`, card: '0..1', kind: 'id' },
  { id: 'BT-157-1', name: 'Item standard identifier scheme', group: 'BG-25', model: 'item.standardId.scheme', path: `${PRODUCT}/ram:GlobalID/@schemeID`, card: '1..1', kind: 'attribute' },
  { id: 'BT-158', name: 'Item classification identifier', group: 'BT-158', model: 'id', path: '.', card: '1..1', kind: 'code' },
  { id: 'BT-158-1', name: 'Item classification identifier scheme', group: 'BT-158', model: 'scheme', path: '@listID', card: '1..1', kind: 'attribute' },
  { id: 'BT-158-2', name: 'Item classification identifier scheme version', group: 'BT-158', model: 'version', path: '@listVersionID', card: '0..1', kind: 'attribute' },
  { id: 'BT-159', name: 'Item country of origin', group: 'BG-25', model: 'item.originCountry', path: `${PRODUCT}/ram:OriginTradeCountry/ram:ID`, card: '0..1', kind: 'code' },
  // BG-32 ITEM ATTRIBUTES
  { id: 'BT-160', name: 'Item attribute name', group: 'BG-32', model: 'name', path: 'ram:Description', card: '1..1', kind: 'text' },
  { id: 'BT-161', name: 'Item attribute value', group: 'BG-32', model: 'value', path: 'ram:Value', card: '1..1', kind: 'text' },
];

const termsById = new Map<string, TermBinding>(CII_TERMS.map((t) => [t.id, t]));
const groupsById = new Map<string, GroupBinding>(CII_GROUPS.map((g) => [g.id, g]));

/** The binding row of a term, e.g. `termBinding('BT-31')`. Throws for an unknown id (a programming error). */
export function termBinding(id: string): TermBinding {
  const t = termsById.get(id);
  if (t === undefined) throw new Error(`No CII binding for ${id}`);
  return t;
}

/** The binding row of a repeatable group, e.g. `groupBinding('BG-25')`. */
export function groupBinding(id: string): GroupBinding {
  const g = groupsById.get(id);
  if (g === undefined) throw new Error(`No CII binding for group ${id}`);
  return g;
}

/** Splits an XPath location path on `/` outside predicates. */
export function pathSteps(path: string): string[] {
  const steps: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '/' && depth === 0) {
      steps.push(path.slice(start, i));
      start = i + 1;
    }
  }
  steps.push(path.slice(start));
  return steps;
}

const DATE_STEP = /^(udt|qdt):Date(Time)?String$/;
const leafCache = new Map<string, string>();

/**
 * The element that holds a term's value, as the writer names it: the last
 * element step of its path without predicates; for dates the element wrapping
 * the DateTimeString (e.g. `ram:IssueDateTime` for BT-2). Not defined for
 * attribute terms, union paths or paths relative to the item itself.
 */
export function leafElement(id: string): string {
  const cached = leafCache.get(id);
  if (cached !== undefined) return cached;
  const t = termBinding(id);
  if (t.path.includes('|') || t.kind === 'attribute' || t.path === '.') throw new Error(`${id} has no single leaf element`);
  const names = pathSteps(t.path).map((s) => s.replace(/\[.*\]$/, ''));
  let leaf = names[names.length - 1]!;
  if (DATE_STEP.test(leaf)) leaf = names[names.length - 2]!;
  leafCache.set(id, leaf);
  return leaf;
}
