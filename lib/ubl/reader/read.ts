/**
 * Reads an OASIS UBL 2.1 Invoice or CreditNote into the EN 16931 semantic
 * model, the same model the CII reader (lib/cii/reader) fills, with the
 * location (XPath in the document, tree.ts `elementPath` format, e.g.
 * `/ubl:Invoice/cac:InvoiceLine[2]/cbc:LineExtensionAmount`) of every term.
 *
 * Every business term is read from the place the UBL binding of the CEN
 * artefacts (EN16931-UBL-model.sch and EN16931-UBL-syntax.sch, release
 * 1.3.16) gives it, by the first node its official path selects (see
 * ./context.ts): BT-1 `cbc:ID`, BT-2 `cbc:IssueDate`, BT-3
 * `cbc:InvoiceTypeCode` or `cbc:CreditNoteTypeCode`, BT-5
 * `cbc:DocumentCurrencyCode`, BT-6 `cbc:TaxCurrencyCode`, BT-7
 * `cbc:TaxPointDate`, BT-8 `cac:InvoicePeriod/cbc:DescriptionCode` (UNTDID
 * 2005 codes 3 / 35 / 432, held as the codes 5 / 29 / 72 the model shares
 * with CII; other codes as written), BT-9 `cbc:DueDate` (a credit note's
 * `cac:PaymentMeans/cbc:PaymentDueDate`), BT-10 `cbc:BuyerReference`, BT-11
 * `cac:ProjectReference/cbc:ID` (a credit note's
 * `cac:AdditionalDocumentReference` with `cbc:DocumentTypeCode` 50), BT-12
 * `cac:ContractDocumentReference/cbc:ID`, BT-13 / BT-14
 * `cac:OrderReference/cbc:ID` / `cbc:SalesOrderID`, BT-15
 * `cac:ReceiptDocumentReference/cbc:ID`, BT-16
 * `cac:DespatchDocumentReference/cbc:ID`, BT-17
 * `cac:OriginatorDocumentReference/cbc:ID`, BT-18 the
 * `cac:AdditionalDocumentReference` with `cbc:DocumentTypeCode` 130, BT-19
 * `cbc:AccountingCost`, BT-20 `cac:PaymentTerms/cbc:Note`, BG-1 `cbc:Note`
 * (a `#CODE#text` note carries BT-21), BT-23 `cbc:ProfileID`, BT-24
 * `cbc:CustomizationID`, BG-3 `cac:BillingReference/cac:InvoiceDocumentReference`,
 * BG-24 every other `cac:AdditionalDocumentReference`; the parties, payment,
 * VAT, totals and lines in ./parties.ts, ./settlement.ts and ./lines.ts.
 *
 * Values are read as written (texts untrimmed, decimals with their lexical
 * form for BR-DEC); a mandatory text term that is missing is `''`, a missing
 * amount `undefined`, as lib/model/invoice.ts prescribes. The reader never
 * throws on content.
 */
import type { Identifier, Invoice, InvoiceNote, PrecedingInvoice, SupportingDocument } from '../../model/invoice.js';
import { recordSourceFacts, type SourceFacts } from '../../model/source-facts.js';
import type { CiiElement } from '../../cii/reader/tree.js';
import { UBL_CREDIT_NOTE_ROOT } from '../namespaces.js';
import { all, first, kids, normalizeSpace, stringValue, UblReadContext } from './context.js';
import { readLine, readPeriod } from './lines.js';
import { readBuyer, readPayee, readSeller, readTaxRepresentative } from './parties.js';
import { readDelivery, readDocumentAllowancesCharges, readPaymentInstructions, readTotals, readVatBreakdown } from './settlement.js';

/** What {@link readUbl} gives. */
export interface UblReadResult {
  /** The semantic model of the document. */
  invoice: Invoice;
  /**
   * Where each term came from: model path (e.g. `lines[2].netAmount`,
   * `seller.vatId`, also groups such as `lines[2]` or `seller.address`) to
   * the XPath-like location of its element or attribute. Absent terms have
   * no entry.
   */
  locations: Map<string, string>;
  /** The Specification identifier (BT-24, `cbc:CustomizationID`) as written, `''` when missing. */
  specificationId: string;
  /** `UBL-Invoice` or `UBL-CreditNote`, by the root element. */
  syntax: 'UBL-Invoice' | 'UBL-CreditNote';
}

/** BT-8 is a UNTDID 2005 code in UBL (3 issue, 35 delivery, 432 payment); the model holds it as CII writes it (5, 29, 72). */
const TAX_POINT_DATE_CODES: Readonly<Record<string, string>> = { '3': '5', '35': '29', '432': '72' };

/** The document type code (UNTDID 1001) of the credit note `cac:AdditionalDocumentReference` that carries BT-11 (project reference). */
const PROJECT_TYPE = '50';
/** The document type code of the `cac:AdditionalDocumentReference` that carries BT-18 (invoiced object identifier). */
const INVOICED_OBJECT_TYPE = '130';

/**
 * A Peppol / XRechnung subject code written into the note (`#AAI#text`), BT-21 + BT-22: three characters between
 * the first two `#`, as the UBL artefact's BR-CL-08 reads a code; other text starting with `#` is note text.
 */
const SUBJECT_NOTE = /^#([^#]{3})#([\s\S]*)$/;

function readInvoice(cx: UblReadContext, root: CiiElement, credit: boolean): Invoice {
  cx.at('', root);
  const sellerRole = first(root, 'cac:AccountingSupplierParty');
  const buyerRole = first(root, 'cac:AccountingCustomerParty');
  const payeeParty = first(root, 'cac:PayeeParty');
  // By path, as BR-08 / BR-10 test them: `exists(cac:AccountingSupplierParty/cac:Party/cac:PostalAddress)`.
  if (sellerRole === undefined) cx.missingGroups.add('seller');
  if (buyerRole === undefined) cx.missingGroups.add('buyer');
  if (first(root, 'cac:AccountingSupplierParty', 'cac:Party', 'cac:PostalAddress') === undefined) cx.missingGroups.add('seller.address');
  if (first(root, 'cac:AccountingCustomerParty', 'cac:Party', 'cac:PostalAddress') === undefined) cx.missingGroups.add('buyer.address');
  if (first(root, 'cac:TaxRepresentativeParty', 'cac:PostalAddress') === undefined) cx.missingGroups.add('taxRepresentative.address');
  if (first(root, 'cac:Delivery', 'cac:DeliveryLocation', 'cac:Address') === undefined) cx.missingGroups.add('delivery.address');

  const typeCode = first(root, credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode') ?? first(root, credit ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode');
  const inv: Invoice = {
    number: cx.required('number', first(root, 'cbc:ID')),
    issueDate: cx.required('issueDate', first(root, 'cbc:IssueDate')),
    typeCode: cx.required('typeCode', typeCode),
    currency: cx.required('currency', first(root, 'cbc:DocumentCurrencyCode')),
    notes: readNotes(cx, root),
    process: readProcess(cx, root),
    precedingInvoices: readPrecedingInvoices(cx, root),
    seller: readSeller(cx, root),
    buyer: readBuyer(cx, root),
    allowances: [],
    charges: [],
    totals: {},
    vatBreakdown: [],
    supportingDocuments: [],
    lines: [],
  };
  const set = <K extends keyof Invoice>(key: K, value: Invoice[K] | undefined): void => {
    if (value !== undefined) inv[key] = value;
  };
  set('vatAccountingCurrency', cx.text('vatAccountingCurrency', first(root, 'cbc:TaxCurrencyCode')));
  set('taxPointDate', cx.text('taxPointDate', first(root, 'cbc:TaxPointDate')));
  const pointCode = cx.text('taxPointDateCode', first(root, 'cac:InvoicePeriod', 'cbc:DescriptionCode'));
  if (pointCode !== undefined) inv.taxPointDateCode = TAX_POINT_DATE_CODES[normalizeSpace(pointCode)] ?? pointCode;
  set('dueDate', cx.text('dueDate', first(root, 'cbc:DueDate') ?? (credit ? first(root, 'cac:PaymentMeans', 'cbc:PaymentDueDate') : undefined)));
  set('buyerReference', cx.text('buyerReference', first(root, 'cbc:BuyerReference')));
  set('projectReference', cx.text('projectReference', first(root, 'cac:ProjectReference', 'cbc:ID')));
  set('contractReference', cx.text('contractReference', first(root, 'cac:ContractDocumentReference', 'cbc:ID')));
  set('purchaseOrderReference', cx.text('purchaseOrderReference', first(root, 'cac:OrderReference', 'cbc:ID')));
  set('salesOrderReference', cx.text('salesOrderReference', first(root, 'cac:OrderReference', 'cbc:SalesOrderID')));
  set('receivingAdviceReference', cx.text('receivingAdviceReference', first(root, 'cac:ReceiptDocumentReference', 'cbc:ID')));
  set('despatchAdviceReference', cx.text('despatchAdviceReference', first(root, 'cac:DespatchDocumentReference', 'cbc:ID')));
  set('tenderOrLotReference', cx.text('tenderOrLotReference', first(root, 'cac:OriginatorDocumentReference', 'cbc:ID')));
  set('buyerAccountingReference', cx.text('buyerAccountingReference', first(root, 'cbc:AccountingCost')));
  set('paymentTerms', cx.text('paymentTerms', first(root, 'cac:PaymentTerms', 'cbc:Note')));

  readHeaderDocuments(cx, inv, root, credit);
  readTaxRepresentative(cx, inv, first(root, 'cac:TaxRepresentativeParty'));
  readDelivery(cx, inv, first(root, 'cac:Delivery'));
  readPayee(cx, inv, payeeParty);
  readPaymentInstructions(cx, inv, root, [payeeParty, first(root, 'cac:AccountingSupplierParty', 'cac:Party')]);
  readVatBreakdown(cx, inv, root);
  // An InvoicePeriod that carries only BT-8 (DescriptionCode) is no INVOICING PERIOD (BG-14): BR-CO-19 accepts it.
  const periodEl = first(root, 'cac:InvoicePeriod');
  const onlyPointCode = periodEl !== undefined && periodEl.children.length > 0 && periodEl.children.every((c) => c.name === 'cbc:DescriptionCode');
  const period = onlyPointCode ? undefined : readPeriod(cx, 'invoicingPeriod', periodEl);
  if (period !== undefined) inv.invoicingPeriod = period;
  readDocumentAllowancesCharges(cx, inv, root);
  inv.totals = readTotals(cx, inv, root);
  for (const el of root.children) {
    if (el.name === 'cac:InvoiceLine' || el.name === 'cac:CreditNoteLine') inv.lines.push(readLine(cx, `lines[${inv.lines.length}]`, el, credit));
  }
  return inv;
}

/** BG-2: BT-23 `cbc:ProfileID`, BT-24 `cbc:CustomizationID`. */
function readProcess(cx: UblReadContext, root: CiiElement): Invoice['process'] {
  const process: Invoice['process'] = { specificationId: cx.required('process.specificationId', first(root, 'cbc:CustomizationID')) };
  const bp = cx.text('process.businessProcess', first(root, 'cbc:ProfileID'));
  if (bp !== undefined) process.businessProcess = bp;
  return process;
}

/** BG-1 INVOICE NOTE: one per `cbc:Note`; a note written `#CODE#text` carries its subject code (BT-21). */
function readNotes(cx: UblReadContext, root: CiiElement): InvoiceNote[] {
  return kids(root, 'cbc:Note').map((el, i) => {
    const path = `notes[${i}]`;
    cx.at(path, el);
    const text = cx.required(`${path}.text`, el);
    const coded = SUBJECT_NOTE.exec(text);
    if (coded === null) return { text };
    cx.at(`${path}.subjectCode`, el);
    return { subjectCode: coded[1]!, text: coded[2]! };
  });
}

/** BG-3: `cac:BillingReference/cac:InvoiceDocumentReference` (BT-25 `cbc:ID`, BT-26 `cbc:IssueDate`). */
function readPrecedingInvoices(cx: UblReadContext, root: CiiElement): PrecedingInvoice[] {
  return all(root, 'cac:BillingReference', 'cac:InvoiceDocumentReference').map((el, i) => {
    const path = `precedingInvoices[${i}]`;
    cx.at(path, el);
    const ref: PrecedingInvoice = { reference: cx.required(`${path}.reference`, first(el, 'cbc:ID')) };
    const date = cx.text(`${path}.issueDate`, first(el, 'cbc:IssueDate'));
    if (date !== undefined) ref.issueDate = date;
    return ref;
  });
}

/**
 * BT-18 (type 130), a credit note's BT-11 (type 50) and BG-24 (the others)
 * from the `cac:AdditionalDocumentReference`s. One without a reference
 * (`cbc:ID` missing or blank) is kept as a supporting document lacking its
 * reference, whatever its type code: the official BR-52 runs on each.
 */
function readHeaderDocuments(cx: UblReadContext, inv: Invoice, root: CiiElement, credit: boolean): void {
  for (const el of kids(root, 'cac:AdditionalDocumentReference')) {
    const idEl = first(el, 'cbc:ID');
    const identified = idEl !== undefined && normalizeSpace(stringValue(idEl)) !== '';
    const type = first(el, 'cbc:DocumentTypeCode');
    const typeCode = type === undefined ? undefined : stringValue(type);
    if (identified && typeCode === INVOICED_OBJECT_TYPE) {
      if (inv.invoicedObjectIdentifier === undefined) {
        cx.at('invoicedObjectIdentifier', el);
        inv.invoicedObjectIdentifier = cx.identifier('invoicedObjectIdentifier', idEl) as Identifier;
      }
    } else if (identified && credit && typeCode === PROJECT_TYPE) {
      if (inv.projectReference === undefined) inv.projectReference = cx.required('projectReference', idEl);
    } else {
      inv.supportingDocuments.push(readSupportingDocument(cx, `supportingDocuments[${inv.supportingDocuments.length}]`, el));
    }
  }
}

/** BG-24: BT-122 `cbc:ID`, BT-123 `cbc:DocumentDescription`, BT-124 `cac:Attachment/cac:ExternalReference/cbc:URI`, BT-125 `cac:Attachment/cbc:EmbeddedDocumentBinaryObject` (`@mimeCode`, `@filename`). */
function readSupportingDocument(cx: UblReadContext, path: string, el: CiiElement): SupportingDocument {
  cx.at(path, el);
  const doc: SupportingDocument = { reference: cx.required(`${path}.reference`, first(el, 'cbc:ID')) };
  const description = cx.text(`${path}.description`, first(el, 'cbc:DocumentDescription'));
  if (description !== undefined) doc.description = description;
  const uri = cx.text(`${path}.uri`, first(el, 'cac:Attachment', 'cac:ExternalReference', 'cbc:URI'));
  if (uri !== undefined) doc.uri = uri;
  const bin = first(el, 'cac:Attachment', 'cbc:EmbeddedDocumentBinaryObject');
  if (bin !== undefined) {
    cx.at(`${path}.attachment`, bin);
    // As written, as the CII reader keeps it (white space between base64 characters is allowed and carries nothing).
    const attachment: NonNullable<SupportingDocument['attachment']> = { content: cx.required(`${path}.attachment.content`, bin) };
    const mime = cx.attr(`${path}.attachment.mimeCode`, bin, 'mimeCode');
    if (mime !== undefined) attachment.mimeCode = mime;
    const filename = cx.attr(`${path}.attachment.filename`, bin, 'filename');
    if (filename !== undefined) attachment.filename = filename;
    doc.attachment = attachment;
  }
  return doc;
}

/**
 * Reads a UBL 2.1 Invoice or CreditNote (element tree, lib/cii/reader/tree.ts
 * `toElementTree`) into the EN 16931 semantic model, with the location of
 * every term read, and records the source facts the shared rules consult
 * (lib/model/source-facts.ts: the aggregates the document lacks, which
 * elements it has). Any root is accepted; a root that is not
 * `ubl:Invoice` / `cn:CreditNote` yields an invoice with little in it.
 */
export function readUbl(root: CiiElement): UblReadResult {
  const cx = new UblReadContext();
  const credit = root.name === UBL_CREDIT_NOTE_ROOT;
  const invoice = readInvoice(cx, root, credit);
  const facts: SourceFacts = { missingGroups: cx.missingGroups, present: cx.locations };
  recordSourceFacts(invoice, facts);
  return { invoice, locations: cx.locations, specificationId: invoice.process.specificationId, syntax: credit ? 'UBL-CreditNote' : 'UBL-Invoice' };
}
