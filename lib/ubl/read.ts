/**
 * Reads an OASIS UBL 2.1 Invoice or CreditNote (as some ERPs embed in their
 * PDFs, and as Peppol BIS / XRechnung-UBL write) into the EN 16931 semantic
 * model, so that v1 convert can write it as CII (issue 13, point 6).
 *
 * Each business term is read from the place the UBL syntax binding of
 * EN 16931-3-2 gives it (e.g. BT-1 `cbc:ID`, BT-27
 * `cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName`,
 * BT-112 `cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount`). A CreditNote has
 * the same model with `cbc:CreditNoteTypeCode` (BT-3) and `cac:CreditNoteLine`
 * / `cbc:CreditedQuantity`. As the CII reader does, values are taken as
 * written (the rules treat blank as absent); a missing mandatory text is `''`.
 *
 * What it reads: BT-1..BT-24 headers and references (BT-7 `cbc:TaxPointDate`;
 * BT-8 `cac:InvoicePeriod/cbc:DescriptionCode`, UNTDID 2005 codes 3 / 35 / 432
 * held as the CII codes 5 / 29 / 72 the model uses, other codes as written;
 * BT-18 the `cac:AdditionalDocumentReference` with `cbc:DocumentTypeCode` 130),
 * notes (BG-1, Peppol `#CODE#` subject codes), preceding invoices (BG-3), seller
 * and buyer (BG-4..BG-9), payee `cac:PayeeParty` (BG-10), tax representative
 * `cac:TaxRepresentativeParty` (BG-11, BG-12), `cac:Delivery` (BG-13: BT-70
 * `cac:DeliveryParty`, BT-71 / BT-72, BG-15), invoicing period (BG-14),
 * `cac:PaymentMeans` (BG-16; BG-17 `cac:PayeeFinancialAccount`, BG-18
 * `cac:CardAccount`, BG-19 `cac:PaymentMandate`, with BT-90 the payee's, else
 * the seller's, `cac:PartyIdentification/cbc:ID` of scheme "SEPA", which is
 * therefore no BT-29 / BT-60), payment terms (BT-20), document allowances and
 * charges (BG-20, BG-21), totals (BG-22 with BT-114
 * `cbc:PayableRoundingAmount`; BT-111 from the `cac:TaxTotal` in the VAT
 * accounting currency), VAT breakdown (BG-23), supporting documents (BG-24:
 * every other `cac:AdditionalDocumentReference`, BT-125 attachment with
 * `@mimeCode` / `@filename`, BT-124 URI) and lines (BG-25..BG-32: BT-149 / BT-150
 * `cac:Price/cbc:BaseQuantity`, BT-158 `cac:CommodityClassification`, BT-159
 * `cac:OriginCountry`, BG-32 `cac:AdditionalItemProperty`).
 * Not read: UBL data that has no EN 16931 term (e.g. the card's `cbc:NetworkID`).
 * The reader never throws on content; parsing is the safe parser of lib/xml
 * (no DTD, no entities, size and depth caps).
 */
import { toElementTree, type CiiElement } from '../cii/reader/tree.js';
import { decFromText, type Decimal } from '../model/decimal.js';
import {
  EN16931_SPECIFICATION_ID,
  type DocumentAllowanceCharge,
  type Identifier,
  type Invoice,
  type InvoiceLine,
  type LineAllowanceCharge,
  type PaymentInstructions,
  type PostalAddress,
  type SupportingDocument,
  type VatBreakdown,
} from '../model/invoice.js';
import { withXmlDocument } from '../xml/parse.js';

/** UBL 2.1 namespaces. */
export const UBL_NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

const INVOICE_ROOT = `{${UBL_NS.invoice}}Invoice`;
const CREDIT_NOTE_ROOT = `{${UBL_NS.creditNote}}CreditNote`;

/** True when a root element name (as lib/cii/reader/tree.ts canonicalises it) is a UBL 2.x Invoice or CreditNote. */
export function isUblRoot(name: string): boolean {
  return name === INVOICE_ROOT || name === CREDIT_NOTE_ROOT;
}

/**
 * A cheap look at the first bytes: whether an XML document's root is a UBL
 * Invoice or CreditNote (used to pick an embedded file among a PDF's
 * attachments before parsing it properly).
 */
export function looksLikeUbl(xml: Uint8Array | string): boolean {
  const head = typeof xml === 'string' ? xml.slice(0, 4096) : new TextDecoder('utf-8', { fatal: false }).decode(xml.subarray(0, 4096));
  const body = head.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  const root = /<([\w.-]+:)?(Invoice|CreditNote)\b[^>]*>/.exec(body);
  return root !== null && body.slice(root.index, root.index + root[0].length).includes(`ubl:schema:xsd:${root[2]}-2`);
}

/** The UBL document is no Invoice or CreditNote. */
export class NotUblInvoiceError extends Error {
  constructor(root: string) {
    super(`Not a UBL 2.x Invoice or CreditNote (root ${root}).`);
  }
}

const cbc = (local: string) => `{${UBL_NS.cbc}}${local}`;
const cac = (local: string) => `{${UBL_NS.cac}}${local}`;

/** The first child with this canonical name. */
function child(el: CiiElement | undefined, name: string): CiiElement | undefined {
  return el?.children.find((c) => c.name === name);
}

/** Every child with this canonical name. */
function children(el: CiiElement | undefined, name: string): CiiElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** Follows a path of `cac:` / `cbc:` local names, e.g. `cac:Party/cac:PartyName/cbc:Name`. */
function at(el: CiiElement | undefined, path: string): CiiElement | undefined {
  let node = el;
  for (const step of path.split('/')) {
    const [prefix, local] = step.split(':') as [string, string];
    node = child(node, prefix === 'cac' ? cac(local) : cbc(local));
    if (!node) return undefined;
  }
  return node;
}

const text = (el: CiiElement | undefined, path?: string): string | undefined => {
  const node = path ? at(el, path) : el;
  return node === undefined ? undefined : node.text.trim() === '' ? undefined : node.text.trim();
};

const amount = (el: CiiElement | undefined, path?: string): Decimal | undefined => {
  const t = text(el, path);
  if (t === undefined) return undefined;
  try {
    return decFromText(t);
  } catch {
    return undefined;
  }
};

function identifier(el: CiiElement | undefined): Identifier | undefined {
  const id = text(el);
  if (id === undefined) return undefined;
  const scheme = el?.attrs.schemeID?.trim();
  return scheme ? { id, scheme } : { id };
}

/** A party's identifiers (cac:PartyIdentification/cbc:ID): BT-29 / BT-60, or with scheme "SEPA" the creditor id BT-90. */
function partyIds(party: CiiElement | undefined, sepa: boolean): Identifier[] {
  return children(party, cac('PartyIdentification'))
    .map((p) => identifier(child(p, cbc('ID'))))
    .filter((x): x is Identifier => x !== undefined && (x.scheme?.toUpperCase() === 'SEPA') === sepa);
}

/** BT-8 is a UNTDID 2005 code in UBL (3 issue, 35 delivery, 432 payment); the model holds it as CII writes it (5, 29, 72). Other codes are kept as written. */
const TAX_POINT_DATE_CODES: Readonly<Record<string, string>> = { '3': '5', '35': '29', '432': '72' };

/** BG-24: an AdditionalDocumentReference without DocumentTypeCode 130 (BT-18 uses that one). */
function supportingDocument(d: CiiElement): SupportingDocument {
  const binary = at(d, 'cac:Attachment/cbc:EmbeddedDocumentBinaryObject');
  const content = text(binary);
  return compact<SupportingDocument>({
    reference: text(d, 'cbc:ID') ?? '',
    description: text(d, 'cbc:DocumentDescription'),
    uri: text(d, 'cac:Attachment/cac:ExternalReference/cbc:URI'),
    attachment:
      content !== undefined
        ? compact({ content: content.replace(/\s+/g, ''), mimeCode: binary?.attrs.mimeCode?.trim() || undefined, filename: binary?.attrs.filename?.trim() || undefined })
        : undefined,
  });
}

/** BG-16 from the cac:PaymentMeans: BT-81..BT-83 of the first, BG-17 of each, BG-18 / BG-19 of the first that has them; BT-90 is the payee's (else the seller's) SEPA identifier. */
function paymentInstructions(means: CiiElement[], creditorParties: Array<CiiElement | undefined>): PaymentInstructions | undefined {
  const first = means[0];
  if (!first) return undefined;
  const card = means.map((m) => at(m, 'cac:CardAccount')).find((c) => c !== undefined);
  const mandate = means.map((m) => at(m, 'cac:PaymentMandate')).find((c) => c !== undefined);
  const creditorId = creditorParties.map((p) => partyIds(p, true)[0]?.id).find((id) => id !== undefined);
  return compact<PaymentInstructions>({
    typeCode: text(first, 'cbc:PaymentMeansCode') ?? '',
    text: child(first, cbc('PaymentMeansCode'))?.attrs.name?.trim() || undefined,
    remittanceInformation: text(first, 'cbc:PaymentID'),
    creditTransfers: means
      .map((m) => at(m, 'cac:PayeeFinancialAccount'))
      .filter((a): a is CiiElement => a !== undefined)
      .map((a) => compact({ accountId: text(a, 'cbc:ID'), accountName: text(a, 'cbc:Name'), serviceProviderId: text(a, 'cac:FinancialInstitutionBranch/cbc:ID') })),
    card: card ? compact({ accountNumber: text(card, 'cbc:PrimaryAccountNumberID') ?? '', holderName: text(card, 'cbc:HolderName') }) : undefined,
    directDebit:
      mandate || creditorId !== undefined
        ? compact({ mandateReference: text(mandate, 'cbc:ID'), creditorId, debitedAccountId: text(mandate, 'cac:PayerFinancialAccount/cbc:ID') })
        : undefined,
  });
}

function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value)) if ((value as Record<string, unknown>)[key] === undefined) delete (value as Record<string, unknown>)[key];
  return value;
}

/** BG-5 / BG-8 / BG-12 / BG-15: a cac:PostalAddress (or cac:Address). */
function address(el: CiiElement | undefined): PostalAddress {
  if (!el) return {};
  return compact<PostalAddress>({
    line1: text(el, 'cbc:StreetName'),
    line2: text(el, 'cbc:AdditionalStreetName'),
    line3: text(el, 'cac:AddressLine/cbc:Line'),
    city: text(el, 'cbc:CityName'),
    postcode: text(el, 'cbc:PostalZone'),
    subdivision: text(el, 'cbc:CountrySubentity'),
    countryCode: text(el, 'cac:Country/cbc:IdentificationCode'),
  });
}

/** The VAT identifier of a party: the cac:PartyTaxScheme whose TaxScheme is VAT (BT-31 / BT-48 / BT-63). */
function vatId(party: CiiElement | undefined): string | undefined {
  const scheme = children(party, cac('PartyTaxScheme')).find((s) => (text(s, 'cac:TaxScheme/cbc:ID') ?? '').toUpperCase() === 'VAT');
  return text(scheme, 'cbc:CompanyID');
}

function contact(party: CiiElement | undefined) {
  const c = at(party, 'cac:Contact');
  if (!c) return undefined;
  const out = compact({ name: text(c, 'cbc:Name'), phone: text(c, 'cbc:Telephone'), email: text(c, 'cbc:ElectronicMail') });
  return Object.keys(out).length > 0 ? out : undefined;
}

/** BG-27 / BG-28 and BG-20 / BG-21: the cac:AllowanceCharge children with ChargeIndicator false / true. */
function allowanceCharges(el: CiiElement, charge: boolean): CiiElement[] {
  return children(el, cac('AllowanceCharge')).filter((a) => (text(a, 'cbc:ChargeIndicator') ?? '').toLowerCase() === String(charge));
}

function lineAllowanceCharge(a: CiiElement): LineAllowanceCharge {
  return compact<LineAllowanceCharge>({
    amount: amount(a, 'cbc:Amount'),
    baseAmount: amount(a, 'cbc:BaseAmount'),
    percentage: amount(a, 'cbc:MultiplierFactorNumeric'),
    reason: text(a, 'cbc:AllowanceChargeReason'),
    reasonCode: text(a, 'cbc:AllowanceChargeReasonCode'),
  });
}

function documentAllowanceCharge(a: CiiElement): DocumentAllowanceCharge {
  return compact<DocumentAllowanceCharge>({
    ...lineAllowanceCharge(a),
    vatCategory: text(a, 'cac:TaxCategory/cbc:ID'),
    vatRate: amount(a, 'cac:TaxCategory/cbc:Percent'),
  });
}

function period(el: CiiElement | undefined) {
  if (!el) return undefined;
  const p = compact({ start: text(el, 'cbc:StartDate'), end: text(el, 'cbc:EndDate') });
  return Object.keys(p).length > 0 ? p : undefined;
}

/** BG-25: an InvoiceLine or CreditNoteLine. */
function line(el: CiiElement, credit: boolean): InvoiceLine {
  const item = at(el, 'cac:Item');
  const quantity = child(el, cbc(credit ? 'CreditedQuantity' : 'InvoicedQuantity'));
  const price = at(el, 'cac:Price');
  const priceAllowance = child(price, cac('AllowanceCharge'));
  const taxCategory = at(item, 'cac:ClassifiedTaxCategory');
  const baseQuantity = at(price, 'cbc:BaseQuantity');
  const standard = at(item, 'cac:StandardItemIdentification/cbc:ID');
  return compact<InvoiceLine>({
    id: text(el, 'cbc:ID') ?? '',
    note: text(el, 'cbc:Note'),
    objectIdentifier: identifier(children(el, cac('DocumentReference')).map((d) => at(d, 'cbc:ID')).find((x) => x !== undefined)),
    quantity: amount(quantity),
    unitCode: quantity?.attrs.unitCode?.trim() ?? '',
    netAmount: amount(el, 'cbc:LineExtensionAmount'),
    orderLineReference: text(el, 'cac:OrderLineReference/cbc:LineID'),
    buyerAccountingReference: text(el, 'cbc:AccountingCost'),
    period: period(at(el, 'cac:InvoicePeriod')),
    allowances: allowanceCharges(el, false).map(lineAllowanceCharge),
    charges: allowanceCharges(el, true).map(lineAllowanceCharge),
    price: compact({
      netPrice: amount(price, 'cbc:PriceAmount'),
      discount: amount(priceAllowance, 'cbc:Amount'),
      grossPrice: amount(priceAllowance, 'cbc:BaseAmount'),
      baseQuantity: amount(baseQuantity),
      baseQuantityUnitCode: baseQuantity?.attrs.unitCode?.trim() || undefined,
    }),
    vat: compact({ category: text(taxCategory, 'cbc:ID') ?? '', rate: amount(taxCategory, 'cbc:Percent') }),
    item: compact({
      name: text(item, 'cbc:Name') ?? '',
      description: text(item, 'cbc:Description'),
      sellerId: text(item, 'cac:SellersItemIdentification/cbc:ID'),
      buyerId: text(item, 'cac:BuyersItemIdentification/cbc:ID'),
      standardId: identifier(standard),
      classifications: children(item, cac('CommodityClassification'))
        .map((c) => child(c, cbc('ItemClassificationCode')))
        .filter((c): c is CiiElement => c !== undefined && text(c) !== undefined)
        .map((c) => compact({ id: text(c)!, scheme: c.attrs.listID?.trim() || undefined, version: c.attrs.listVersionID?.trim() || undefined })),
      originCountry: text(item, 'cac:OriginCountry/cbc:IdentificationCode'),
      attributes: children(item, cac('AdditionalItemProperty')).map((p) => ({ name: text(p, 'cbc:Name') ?? '', value: text(p, 'cbc:Value') ?? '' })),
    }),
  });
}

/** Reads a parsed UBL Invoice or CreditNote root into the model. */
export function readUbl(root: CiiElement): Invoice {
  if (!isUblRoot(root.name)) throw new NotUblInvoiceError(root.name);
  const credit = root.name === CREDIT_NOTE_ROOT;
  const currency = text(root, 'cbc:DocumentCurrencyCode') ?? '';
  const seller = at(root, 'cac:AccountingSupplierParty/cac:Party');
  const buyer = at(root, 'cac:AccountingCustomerParty/cac:Party');
  const payee = at(root, 'cac:PayeeParty');
  const representative = at(root, 'cac:TaxRepresentativeParty');
  const delivery = at(root, 'cac:Delivery');
  const totals = at(root, 'cac:LegalMonetaryTotal');
  // BT-110 is the TaxTotal in the invoice currency; BT-111 the one in the VAT accounting currency (BT-6).
  const taxTotals = children(root, cac('TaxTotal'));
  const vatAccountingCurrency = text(root, 'cbc:TaxCurrencyCode');
  const inCurrency = (code: string | undefined) => taxTotals.find((t) => child(t, cbc('TaxAmount'))?.attrs.currencyID?.trim() === code);
  const mainTax = inCurrency(currency) ?? taxTotals[0];
  const accountingTax = vatAccountingCurrency !== undefined && vatAccountingCurrency !== currency ? inCurrency(vatAccountingCurrency) : undefined;
  const means = children(root, cac('PaymentMeans'));
  const firstMeans = means[0];
  const taxPointDateCode = text(root, 'cac:InvoicePeriod/cbc:DescriptionCode');
  const docRefs = children(root, cac('AdditionalDocumentReference'));
  const typeOf = (d: CiiElement) => text(d, 'cbc:DocumentTypeCode');
  const vatBreakdown: VatBreakdown[] = children(mainTax, cac('TaxSubtotal')).map((s) =>
    compact<VatBreakdown>({
      taxableAmount: amount(s, 'cbc:TaxableAmount'),
      taxAmount: amount(s, 'cbc:TaxAmount'),
      category: text(s, 'cac:TaxCategory/cbc:ID') ?? '',
      rate: amount(s, 'cac:TaxCategory/cbc:Percent'),
      exemptionReason: text(s, 'cac:TaxCategory/cbc:TaxExemptionReason'),
      exemptionReasonCode: text(s, 'cac:TaxCategory/cbc:TaxExemptionReasonCode'),
    }),
  );
  const sellerLegal = at(seller, 'cac:PartyLegalEntity');
  const buyerLegal = at(buyer, 'cac:PartyLegalEntity');
  const dueDate = text(root, 'cbc:DueDate') ?? (credit ? text(firstMeans, 'cbc:PaymentDueDate') : undefined);
  const invoice: Invoice = compact<Invoice>({
    number: text(root, 'cbc:ID') ?? '',
    issueDate: text(root, 'cbc:IssueDate') ?? '',
    typeCode: text(root, credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode') ?? (credit ? '381' : '380'),
    currency,
    vatAccountingCurrency,
    taxPointDate: text(root, 'cbc:TaxPointDate'),
    taxPointDateCode: taxPointDateCode !== undefined ? (TAX_POINT_DATE_CODES[taxPointDateCode] ?? taxPointDateCode) : undefined,
    dueDate,
    buyerReference: text(root, 'cbc:BuyerReference'),
    projectReference: text(root, 'cac:ProjectReference/cbc:ID'),
    contractReference: text(root, 'cac:ContractDocumentReference/cbc:ID'),
    purchaseOrderReference: text(root, 'cac:OrderReference/cbc:ID'),
    salesOrderReference: text(root, 'cac:OrderReference/cbc:SalesOrderID'),
    receivingAdviceReference: text(root, 'cac:ReceiptDocumentReference/cbc:ID'),
    despatchAdviceReference: text(root, 'cac:DespatchDocumentReference/cbc:ID'),
    tenderOrLotReference: text(root, 'cac:OriginatorDocumentReference/cbc:ID'),
    invoicedObjectIdentifier: identifier(docRefs.filter((d) => typeOf(d) === '130').map((d) => at(d, 'cbc:ID'))[0]),
    buyerAccountingReference: text(root, 'cbc:AccountingCost'),
    paymentTerms: text(root, 'cac:PaymentTerms/cbc:Note'),
    notes: children(root, cbc('Note'))
      .map((n) => n.text.trim())
      .filter((n) => n !== '')
      .map((n) => {
        // Peppol and XRechnung write a subject code as "#CODE#text".
        const m = /^#([A-Z]{3})#([\s\S]*)$/.exec(n);
        return m ? { subjectCode: m[1]!, text: m[2]! } : { text: n };
      }),
    process: compact({ businessProcess: text(root, 'cbc:ProfileID'), specificationId: text(root, 'cbc:CustomizationID') ?? EN16931_SPECIFICATION_ID }),
    precedingInvoices: children(root, cac('BillingReference'))
      .map((b) => at(b, 'cac:InvoiceDocumentReference'))
      .filter((r): r is CiiElement => r !== undefined)
      .map((r) => compact({ reference: text(r, 'cbc:ID') ?? '', issueDate: text(r, 'cbc:IssueDate') })),
    seller: compact({
      name: text(sellerLegal, 'cbc:RegistrationName') ?? text(seller, 'cac:PartyName/cbc:Name') ?? '',
      tradingName: text(sellerLegal, 'cbc:RegistrationName') !== undefined ? text(seller, 'cac:PartyName/cbc:Name') : undefined,
      identifiers: partyIds(seller, false),
      legalRegistrationId: identifier(at(sellerLegal, 'cbc:CompanyID')),
      vatId: vatId(seller),
      taxRegistrationId: text(
        children(seller, cac('PartyTaxScheme')).find((s) => (text(s, 'cac:TaxScheme/cbc:ID') ?? '').toUpperCase() !== 'VAT'),
        'cbc:CompanyID',
      ),
      additionalLegalInfo: text(sellerLegal, 'cbc:CompanyLegalForm'),
      electronicAddress: identifier(at(seller, 'cbc:EndpointID')),
      address: address(at(seller, 'cac:PostalAddress')),
      contact: contact(seller),
    }),
    buyer: compact({
      name: text(buyerLegal, 'cbc:RegistrationName') ?? text(buyer, 'cac:PartyName/cbc:Name') ?? '',
      tradingName: text(buyerLegal, 'cbc:RegistrationName') !== undefined ? text(buyer, 'cac:PartyName/cbc:Name') : undefined,
      identifier: identifier(at(buyer, 'cac:PartyIdentification/cbc:ID')),
      legalRegistrationId: identifier(at(buyerLegal, 'cbc:CompanyID')),
      vatId: vatId(buyer),
      electronicAddress: identifier(at(buyer, 'cbc:EndpointID')),
      address: address(at(buyer, 'cac:PostalAddress')),
      contact: contact(buyer),
    }),
    payee: payee
      ? compact({
          name: text(payee, 'cac:PartyName/cbc:Name') ?? '',
          identifier: partyIds(payee, false)[0],
          legalRegistrationId: identifier(at(payee, 'cac:PartyLegalEntity/cbc:CompanyID')),
        })
      : undefined,
    taxRepresentative: representative
      ? compact({ name: text(representative, 'cac:PartyName/cbc:Name') ?? '', vatId: vatId(representative), address: address(at(representative, 'cac:PostalAddress')) })
      : undefined,
    delivery: delivery
      ? compact({
          name: text(delivery, 'cac:DeliveryParty/cac:PartyName/cbc:Name'),
          locationId: identifier(at(delivery, 'cac:DeliveryLocation/cbc:ID')),
          actualDate: text(delivery, 'cbc:ActualDeliveryDate'),
          address: at(delivery, 'cac:DeliveryLocation/cac:Address') ? address(at(delivery, 'cac:DeliveryLocation/cac:Address')) : undefined,
        })
      : undefined,
    invoicingPeriod: period(at(root, 'cac:InvoicePeriod')),
    paymentInstructions: paymentInstructions(means, [payee, seller]),
    allowances: allowanceCharges(root, false).map(documentAllowanceCharge),
    charges: allowanceCharges(root, true).map(documentAllowanceCharge),
    totals: compact({
      lineNetTotal: amount(totals, 'cbc:LineExtensionAmount'),
      allowanceTotal: amount(totals, 'cbc:AllowanceTotalAmount'),
      chargeTotal: amount(totals, 'cbc:ChargeTotalAmount'),
      taxExclusiveAmount: amount(totals, 'cbc:TaxExclusiveAmount'),
      vatTotal: amount(mainTax, 'cbc:TaxAmount'),
      vatTotalInAccountingCurrency: amount(accountingTax, 'cbc:TaxAmount'),
      taxInclusiveAmount: amount(totals, 'cbc:TaxInclusiveAmount'),
      prepaidAmount: amount(totals, 'cbc:PrepaidAmount'),
      roundingAmount: amount(totals, 'cbc:PayableRoundingAmount'),
      amountDue: amount(totals, 'cbc:PayableAmount'),
    }),
    vatBreakdown,
    supportingDocuments: docRefs
      .filter((d) => typeOf(d) !== '130')
      .map(supportingDocument),
    lines: children(root, cac(credit ? 'CreditNoteLine' : 'InvoiceLine')).map((l) => line(l, credit)),
  });
  return invoice;
}

/**
 * Parses and reads a UBL 2.1 Invoice or CreditNote.
 * @throws XmlSyntaxError / XmlSecurityError for XML that is not well-formed or unsafe, NotUblInvoiceError for another root.
 */
export function readUblXml(xml: string | Uint8Array): Invoice {
  return withXmlDocument(xml, (doc) => readUbl(toElementTree(doc)));
}
