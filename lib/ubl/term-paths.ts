/**
 * Where each business term lives in a UBL 2.1 Invoice or CreditNote (the UBL
 * binding of EN 16931-3-2, as the CEN UBL artefacts 1.3.16 read it), as
 * element paths without predicates: the writer (./writer.ts) puts each term
 * there, and a conversion names the term of a UBL element it reports
 * (lib/convert). Paths are relative to the root element; `LINE/` stands for
 * `cac:InvoiceLine/` or `cac:CreditNoteLine/`, `QUANTITY` for
 * `cbc:InvoicedQuantity` or `cbc:CreditedQuantity`. Where one path holds
 * several terms (a cac:AdditionalDocumentReference is BT-18, BT-11 of a
 * CreditNote or BG-24 by its type code; a party identifier is BT-29 or, with
 * scheme SEPA, BT-90), each term is listed and the lookup gives them all.
 */

const SUPPLIER = 'cac:AccountingSupplierParty/cac:Party';
const CUSTOMER = 'cac:AccountingCustomerParty/cac:Party';

function address(base: string, ids: [string, string, string, string, string, string, string]): Array<[string, string]> {
  const [line1, line2, line3, city, postcode, subdivision, country] = ids;
  return [
    [line1, `${base}/cbc:StreetName`],
    [line2, `${base}/cbc:AdditionalStreetName`],
    [line3, `${base}/cac:AddressLine/cbc:Line`],
    [city, `${base}/cbc:CityName`],
    [postcode, `${base}/cbc:PostalZone`],
    [subdivision, `${base}/cbc:CountrySubentity`],
    [country, `${base}/cac:Country/cbc:IdentificationCode`],
  ];
}

/** Business term id and UBL element path (see the module comment), in EN 16931 order. */
export const UBL_TERM_PATHS: ReadonlyArray<readonly [string, string]> = [
  ['BT-1', 'cbc:ID'],
  ['BT-2', 'cbc:IssueDate'],
  ['BT-3', 'cbc:InvoiceTypeCode'],
  ['BT-3', 'cbc:CreditNoteTypeCode'],
  ['BT-5', 'cbc:DocumentCurrencyCode'],
  ['BT-6', 'cbc:TaxCurrencyCode'],
  ['BT-7', 'cbc:TaxPointDate'],
  ['BT-8', 'cac:InvoicePeriod/cbc:DescriptionCode'],
  ['BT-9', 'cbc:DueDate'],
  ['BT-9', 'cac:PaymentMeans/cbc:PaymentDueDate'],
  ['BT-10', 'cbc:BuyerReference'],
  ['BT-11', 'cac:ProjectReference/cbc:ID'],
  ['BT-11', 'cac:AdditionalDocumentReference/cbc:ID'],
  ['BT-12', 'cac:ContractDocumentReference/cbc:ID'],
  ['BT-13', 'cac:OrderReference/cbc:ID'],
  ['BT-14', 'cac:OrderReference/cbc:SalesOrderID'],
  ['BT-15', 'cac:ReceiptDocumentReference/cbc:ID'],
  ['BT-16', 'cac:DespatchDocumentReference/cbc:ID'],
  ['BT-17', 'cac:OriginatorDocumentReference/cbc:ID'],
  ['BT-18', 'cac:AdditionalDocumentReference/cbc:ID'],
  ['BT-18-1', 'cac:AdditionalDocumentReference/cbc:ID/@schemeID'],
  ['BT-19', 'cbc:AccountingCost'],
  ['BT-20', 'cac:PaymentTerms/cbc:Note'],
  ['BT-21', 'cbc:Note'],
  ['BT-22', 'cbc:Note'],
  ['BT-23', 'cbc:ProfileID'],
  ['BT-24', 'cbc:CustomizationID'],
  ['BT-25', 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID'],
  ['BT-26', 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate'],
  ['BT-27', `${SUPPLIER}/cac:PartyLegalEntity/cbc:RegistrationName`],
  ['BT-28', `${SUPPLIER}/cac:PartyName/cbc:Name`],
  ['BT-29', `${SUPPLIER}/cac:PartyIdentification/cbc:ID`],
  ['BT-29-1', `${SUPPLIER}/cac:PartyIdentification/cbc:ID/@schemeID`],
  ['BT-30', `${SUPPLIER}/cac:PartyLegalEntity/cbc:CompanyID`],
  ['BT-30-1', `${SUPPLIER}/cac:PartyLegalEntity/cbc:CompanyID/@schemeID`],
  ['BT-31', `${SUPPLIER}/cac:PartyTaxScheme/cbc:CompanyID`],
  ['BT-32', `${SUPPLIER}/cac:PartyTaxScheme/cbc:CompanyID`],
  ['BT-33', `${SUPPLIER}/cac:PartyLegalEntity/cbc:CompanyLegalForm`],
  ['BT-34', `${SUPPLIER}/cbc:EndpointID`],
  ['BT-34-1', `${SUPPLIER}/cbc:EndpointID/@schemeID`],
  ...address(`${SUPPLIER}/cac:PostalAddress`, ['BT-35', 'BT-36', 'BT-162', 'BT-37', 'BT-38', 'BT-39', 'BT-40']),
  ['BT-41', `${SUPPLIER}/cac:Contact/cbc:Name`],
  ['BT-42', `${SUPPLIER}/cac:Contact/cbc:Telephone`],
  ['BT-43', `${SUPPLIER}/cac:Contact/cbc:ElectronicMail`],
  ['BT-44', `${CUSTOMER}/cac:PartyLegalEntity/cbc:RegistrationName`],
  ['BT-45', `${CUSTOMER}/cac:PartyName/cbc:Name`],
  ['BT-46', `${CUSTOMER}/cac:PartyIdentification/cbc:ID`],
  ['BT-46-1', `${CUSTOMER}/cac:PartyIdentification/cbc:ID/@schemeID`],
  ['BT-47', `${CUSTOMER}/cac:PartyLegalEntity/cbc:CompanyID`],
  ['BT-47-1', `${CUSTOMER}/cac:PartyLegalEntity/cbc:CompanyID/@schemeID`],
  ['BT-48', `${CUSTOMER}/cac:PartyTaxScheme/cbc:CompanyID`],
  ['BT-49', `${CUSTOMER}/cbc:EndpointID`],
  ['BT-49-1', `${CUSTOMER}/cbc:EndpointID/@schemeID`],
  ...address(`${CUSTOMER}/cac:PostalAddress`, ['BT-50', 'BT-51', 'BT-163', 'BT-52', 'BT-53', 'BT-54', 'BT-55']),
  ['BT-56', `${CUSTOMER}/cac:Contact/cbc:Name`],
  ['BT-57', `${CUSTOMER}/cac:Contact/cbc:Telephone`],
  ['BT-58', `${CUSTOMER}/cac:Contact/cbc:ElectronicMail`],
  ['BT-59', 'cac:PayeeParty/cac:PartyName/cbc:Name'],
  ['BT-60', 'cac:PayeeParty/cac:PartyIdentification/cbc:ID'],
  ['BT-60-1', 'cac:PayeeParty/cac:PartyIdentification/cbc:ID/@schemeID'],
  ['BT-61', 'cac:PayeeParty/cac:PartyLegalEntity/cbc:CompanyID'],
  ['BT-61-1', 'cac:PayeeParty/cac:PartyLegalEntity/cbc:CompanyID/@schemeID'],
  ['BT-62', 'cac:TaxRepresentativeParty/cac:PartyName/cbc:Name'],
  ['BT-63', 'cac:TaxRepresentativeParty/cac:PartyTaxScheme/cbc:CompanyID'],
  ...address('cac:TaxRepresentativeParty/cac:PostalAddress', ['BT-64', 'BT-65', 'BT-164', 'BT-66', 'BT-67', 'BT-68', 'BT-69']),
  ['BT-70', 'cac:Delivery/cac:DeliveryParty/cac:PartyName/cbc:Name'],
  ['BT-71', 'cac:Delivery/cac:DeliveryLocation/cbc:ID'],
  ['BT-71-1', 'cac:Delivery/cac:DeliveryLocation/cbc:ID/@schemeID'],
  ['BT-72', 'cac:Delivery/cbc:ActualDeliveryDate'],
  ['BT-73', 'cac:InvoicePeriod/cbc:StartDate'],
  ['BT-74', 'cac:InvoicePeriod/cbc:EndDate'],
  ...address('cac:Delivery/cac:DeliveryLocation/cac:Address', ['BT-75', 'BT-76', 'BT-165', 'BT-77', 'BT-78', 'BT-79', 'BT-80']),
  ['BT-81', 'cac:PaymentMeans/cbc:PaymentMeansCode'],
  ['BT-82', 'cac:PaymentMeans/cbc:PaymentMeansCode/@name'],
  ['BT-83', 'cac:PaymentMeans/cbc:PaymentID'],
  ['BT-84', 'cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID'],
  ['BT-85', 'cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:Name'],
  ['BT-86', 'cac:PaymentMeans/cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID'],
  ['BT-87', 'cac:PaymentMeans/cac:CardAccount/cbc:PrimaryAccountNumberID'],
  ['BT-88', 'cac:PaymentMeans/cac:CardAccount/cbc:HolderName'],
  ['BT-89', 'cac:PaymentMeans/cac:PaymentMandate/cbc:ID'],
  ['BT-90', `${SUPPLIER}/cac:PartyIdentification/cbc:ID`],
  ['BT-90', 'cac:PayeeParty/cac:PartyIdentification/cbc:ID'],
  ['BT-91', 'cac:PaymentMeans/cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID'],
  // Document level allowances (BG-20) and charges (BG-21) share their elements; the indicator tells them apart.
  ['BT-92', 'cac:AllowanceCharge/cbc:Amount'],
  ['BT-93', 'cac:AllowanceCharge/cbc:BaseAmount'],
  ['BT-94', 'cac:AllowanceCharge/cbc:MultiplierFactorNumeric'],
  ['BT-95', 'cac:AllowanceCharge/cac:TaxCategory/cbc:ID'],
  ['BT-96', 'cac:AllowanceCharge/cac:TaxCategory/cbc:Percent'],
  ['BT-97', 'cac:AllowanceCharge/cbc:AllowanceChargeReason'],
  ['BT-98', 'cac:AllowanceCharge/cbc:AllowanceChargeReasonCode'],
  ['BT-99', 'cac:AllowanceCharge/cbc:Amount'],
  ['BT-100', 'cac:AllowanceCharge/cbc:BaseAmount'],
  ['BT-101', 'cac:AllowanceCharge/cbc:MultiplierFactorNumeric'],
  ['BT-102', 'cac:AllowanceCharge/cac:TaxCategory/cbc:ID'],
  ['BT-103', 'cac:AllowanceCharge/cac:TaxCategory/cbc:Percent'],
  ['BT-104', 'cac:AllowanceCharge/cbc:AllowanceChargeReason'],
  ['BT-105', 'cac:AllowanceCharge/cbc:AllowanceChargeReasonCode'],
  ['BT-106', 'cac:LegalMonetaryTotal/cbc:LineExtensionAmount'],
  ['BT-107', 'cac:LegalMonetaryTotal/cbc:AllowanceTotalAmount'],
  ['BT-108', 'cac:LegalMonetaryTotal/cbc:ChargeTotalAmount'],
  ['BT-109', 'cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount'],
  ['BT-110', 'cac:TaxTotal/cbc:TaxAmount'],
  ['BT-111', 'cac:TaxTotal/cbc:TaxAmount'],
  ['BT-112', 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount'],
  ['BT-113', 'cac:LegalMonetaryTotal/cbc:PrepaidAmount'],
  ['BT-114', 'cac:LegalMonetaryTotal/cbc:PayableRoundingAmount'],
  ['BT-115', 'cac:LegalMonetaryTotal/cbc:PayableAmount'],
  ['BT-116', 'cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount'],
  ['BT-117', 'cac:TaxTotal/cac:TaxSubtotal/cbc:TaxAmount'],
  ['BT-118', 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID'],
  ['BT-119', 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent'],
  ['BT-120', 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReason'],
  ['BT-121', 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode'],
  ['BT-122', 'cac:AdditionalDocumentReference/cbc:ID'],
  ['BT-123', 'cac:AdditionalDocumentReference/cbc:DocumentDescription'],
  ['BT-124', 'cac:AdditionalDocumentReference/cac:Attachment/cac:ExternalReference/cbc:URI'],
  ['BT-125', 'cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject'],
  ['BT-125-1', 'cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject/@mimeCode'],
  ['BT-125-2', 'cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject/@filename'],
  ['BT-126', 'LINE/cbc:ID'],
  ['BT-127', 'LINE/cbc:Note'],
  ['BT-128', 'LINE/cac:DocumentReference/cbc:ID'],
  ['BT-128-1', 'LINE/cac:DocumentReference/cbc:ID/@schemeID'],
  ['BT-129', 'LINE/QUANTITY'],
  ['BT-130', 'LINE/QUANTITY/@unitCode'],
  ['BT-131', 'LINE/cbc:LineExtensionAmount'],
  ['BT-132', 'LINE/cac:OrderLineReference/cbc:LineID'],
  ['BT-133', 'LINE/cbc:AccountingCost'],
  ['BT-134', 'LINE/cac:InvoicePeriod/cbc:StartDate'],
  ['BT-135', 'LINE/cac:InvoicePeriod/cbc:EndDate'],
  ['BT-136', 'LINE/cac:AllowanceCharge/cbc:Amount'],
  ['BT-137', 'LINE/cac:AllowanceCharge/cbc:BaseAmount'],
  ['BT-138', 'LINE/cac:AllowanceCharge/cbc:MultiplierFactorNumeric'],
  ['BT-139', 'LINE/cac:AllowanceCharge/cbc:AllowanceChargeReason'],
  ['BT-140', 'LINE/cac:AllowanceCharge/cbc:AllowanceChargeReasonCode'],
  ['BT-141', 'LINE/cac:AllowanceCharge/cbc:Amount'],
  ['BT-142', 'LINE/cac:AllowanceCharge/cbc:BaseAmount'],
  ['BT-143', 'LINE/cac:AllowanceCharge/cbc:MultiplierFactorNumeric'],
  ['BT-144', 'LINE/cac:AllowanceCharge/cbc:AllowanceChargeReason'],
  ['BT-145', 'LINE/cac:AllowanceCharge/cbc:AllowanceChargeReasonCode'],
  ['BT-146', 'LINE/cac:Price/cbc:PriceAmount'],
  ['BT-147', 'LINE/cac:Price/cac:AllowanceCharge/cbc:Amount'],
  ['BT-148', 'LINE/cac:Price/cac:AllowanceCharge/cbc:BaseAmount'],
  ['BT-149', 'LINE/cac:Price/cbc:BaseQuantity'],
  ['BT-150', 'LINE/cac:Price/cbc:BaseQuantity/@unitCode'],
  ['BT-151', 'LINE/cac:Item/cac:ClassifiedTaxCategory/cbc:ID'],
  ['BT-152', 'LINE/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent'],
  ['BT-153', 'LINE/cac:Item/cbc:Name'],
  ['BT-154', 'LINE/cac:Item/cbc:Description'],
  ['BT-155', 'LINE/cac:Item/cac:SellersItemIdentification/cbc:ID'],
  ['BT-156', 'LINE/cac:Item/cac:BuyersItemIdentification/cbc:ID'],
  ['BT-157', 'LINE/cac:Item/cac:StandardItemIdentification/cbc:ID'],
  ['BT-157-1', 'LINE/cac:Item/cac:StandardItemIdentification/cbc:ID/@schemeID'],
  ['BT-158', 'LINE/cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode'],
  ['BT-158-1', 'LINE/cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode/@listID'],
  ['BT-158-2', 'LINE/cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode/@listVersionID'],
  ['BT-159', 'LINE/cac:Item/cac:OriginCountry/cbc:IdentificationCode'],
  ['BT-160', 'LINE/cac:Item/cac:AdditionalItemProperty/cbc:Name'],
  ['BT-161', 'LINE/cac:Item/cac:AdditionalItemProperty/cbc:Value'],
];

const LINE_ELEMENTS = ['cac:InvoiceLine', 'cac:CreditNoteLine'];
const QUANTITY_ELEMENTS = ['cbc:InvoicedQuantity', 'cbc:CreditedQuantity'];

/** Every concrete path of a table path (LINE and QUANTITY expanded). */
function expand(path: string): string[] {
  let paths = [path];
  if (path.startsWith('LINE/')) paths = LINE_ELEMENTS.map((l) => `${l}/${path.slice(5)}`);
  return paths.flatMap((p) => (p.includes('QUANTITY') ? QUANTITY_ELEMENTS.map((q) => p.replace('QUANTITY', q)) : [p]));
}

const termsByPath = new Map<string, string[]>();
for (const [id, path] of UBL_TERM_PATHS) {
  for (const p of expand(path)) termsByPath.set(p, [...(termsByPath.get(p) ?? []), id]);
}

/**
 * The business terms a UBL element path (relative to the root, without
 * predicates or indices; attributes as `/@name`) can hold, e.g.
 * `cac:InvoiceLine/cac:Price/cbc:PriceAmount` gives `['BT-146']`; empty for
 * an element of no EN 16931 term.
 */
export function ublTermsAt(path: string): readonly string[] {
  return termsByPath.get(path) ?? [];
}
