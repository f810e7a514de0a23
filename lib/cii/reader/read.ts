/**
 * Reads a UN/CEFACT CII D16B invoice (Factur-X / ZUGFeRD 2.x MINIMUM to
 * EXTENDED, XRechnung CII) into the EN 16931 semantic model.
 *
 * Every business term of the model is read from the place the CII binding of
 * the CEN artefacts (EN16931-CII-model.sch, release 1.3.16; see
 * lib/cii/binding.ts) gives it, so the business rules (lib/rules) see what
 * the official schematron sees. Where CII allows repetitions the model does
 * not, the reader follows what the official rules look at:
 * - BT-110 is the first `TaxTotalAmount` whose `@currencyID` equals BT-5,
 *   BT-111 the first other one whose `@currencyID` equals BT-6;
 * - VAT terms of a line, an allowance or a charge come from the
 *   `ApplicableTradeTax` / `CategoryTradeTax` whose `TypeCode` is `VAT`
 *   (upper-cased, as the official tests compare it);
 * - one PAYMENT INSTRUCTIONS group (BG-16) gathers every
 *   `SpecifiedTradeSettlementPaymentMeans`: BT-81/BT-82 of the first, one
 *   CREDIT TRANSFER (BG-17) per means carrying a payee account or
 *   institution; without any means there is no BG-16 (see
 *   ./settlement.ts readPaymentInstructions);
 * - every header `AdditionalReferencedDocument` is BT-17 (TypeCode 50), BT-18
 *   (TypeCode 130) or else a supporting document (BG-24), as the official
 *   BR-52 checks them all;
 * - BT-7 / BT-8 are the first `TaxPointDate` / `DueDateTypeCode` of the VAT
 *   breakdowns (CII has no document-level place for them);
 * - a single-valued aggregate repeated in the document is read as the
 *   official paths step through it: one merged view of every occurrence
 *   (./navigate.ts), so a term missing from the first occurrence is found
 *   in the next; a single-valued term repeated is read from its first
 *   occurrence, as XPath's `(path)[1]` would (the official functions that
 *   take one item abort on it). A repeated aggregate that is an official
 *   rule context is listed in `repeatedContexts`, for the validation to
 *   check each occurrence on its own (`readCii(root, { occurrence })`).
 * What decides an official verdict but has no business term (an aggregate
 * the document lacks, a tax not typed VAT, a VAT total beyond BT-110/BT-111)
 * is recorded as source facts for the rules (lib/model/source-facts.ts).
 *
 * Values are read as written: texts untrimmed (the rules treat blank as
 * absent), decimals with `decFromText` so BR-DEC counts digits as written,
 * dates `YYYYMMDD` (format 102, the only format the official rules read) as
 * `YYYY-MM-DD`. A mandatory text term that is missing is `''`, a missing
 * amount `undefined`, as lib/model/invoice.ts prescribes.
 *
 * The reader never throws on content: it takes whatever the document has.
 * It does not evaluate XPath: each element is visited a bounded number of
 * times by direct child look-ups.
 *
 * This module reads the header (process, notes, preceding invoices, header
 * documents) and orchestrates the rest, one module per business group:
 * ./parties.ts, ./settlement.ts (delivery, payment, VAT, allowances and
 * charges, totals) and ./lines.ts, all reading through one ReadContext
 * (./context.ts) that holds the locations and source facts of the pass.
 */
import type { Identifier, Invoice, InvoiceNote, PrecedingInvoice, SupportingDocument } from '../../model/invoice.js';
import { recordSourceFacts, type MandatoryGroup, type SourceFacts } from '../../model/source-facts.js';
import { ADDITIONAL_DOCUMENT, ADDRESS, ID, INVOICED_OBJECT_TYPE, ISSUER_ID, NAME, PERIOD, TENDER_TYPE, TYPE_CODE, ReadContext } from './context.js';
import { readLine, readPeriod } from './lines.js';
import { dig, kid, kids, withNavigationScope, type RepeatedContext } from './navigate.js';
import { readBuyer, readPayee, readSeller, readTaxRepresentative } from './parties.js';
import { detectProfile, type CiiProfile } from './profile.js';
import { readDelivery, readDocumentAllowancesCharges, readPaymentInstructions, readPaymentTerms, readTotals, readVatBreakdown } from './settlement.js';
import type { CiiElement } from './tree.js';
import { childPath, itemPath } from '../../model/model-path.js';

export { detectProfile, type CiiProfile } from './profile.js';

/** What {@link readCii} gives. */
export interface ReadResult {
  /** The semantic model of the document. */
  invoice: Invoice;
  /**
   * Where each term came from: model path (e.g. `lines[2].netAmount`,
   * `seller.vatId`, `totals.taxExclusiveAmount`, also groups such as
   * `lines[2]` or `seller.address`) to the XPath-like location of its element
   * or attribute (tree.ts `elementPath` format). Absent terms have no entry.
   */
  locations: Map<string, string>;
  /** The Specification identifier (BT-24) as written, `''` when missing. */
  specificationId: string;
  /** The profile BT-24 names. */
  profile: CiiProfile;
  /**
   * Single-valued aggregates the document repeats that are official rule
   * contexts (./navigate.ts PER_OCCURRENCE_CONTEXTS): the official rules of
   * that context run once per occurrence. Empty for almost every document.
   */
  repeatedContexts: readonly RepeatedContext[];
}

/** Options of {@link readCii}. */
export interface ReadOptions {
  /**
   * One occurrence of a repeated context aggregate (from `repeatedContexts`),
   * read alone in place of the merged view of all its occurrences.
   */
  occurrence?: CiiElement;
}

// Canonical element names (tree.ts) of the document root; the others are in ./context.ts.
const RSM_CONTEXT = 'rsm:ExchangedDocumentContext';
const RSM_DOCUMENT = 'rsm:ExchangedDocument';
const RSM_TRANSACTION = 'rsm:SupplyChainTradeTransaction';

/** The whole invoice: the header here, each business group from its module. */
function readInvoice(cx: ReadContext, root: CiiElement): Invoice {
  cx.at('', root);
  const context = kid(root, RSM_CONTEXT);
  const doc = kid(root, RSM_DOCUMENT);
  const tx = kid(root, RSM_TRANSACTION);
  const agreement = kid(tx, 'ram:ApplicableHeaderTradeAgreement');
  const delivery = kid(tx, 'ram:ApplicableHeaderTradeDelivery');
  const settlement = kid(tx, 'ram:ApplicableHeaderTradeSettlement');
  const summation = kid(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  const sellerParty = kid(agreement, 'ram:SellerTradeParty');
  const buyerParty = kid(agreement, 'ram:BuyerTradeParty');
  const taxRepParty = kid(agreement, 'ram:SellerTaxRepresentativeTradeParty');
  const missing = (group: MandatoryGroup, el: CiiElement | undefined): void => {
    if (el === undefined) cx.missingGroups.add(group);
  };
  missing('seller', sellerParty);
  missing('buyer', buyerParty);
  missing('totals', summation);
  missing('seller.address', kid(sellerParty, ADDRESS));
  missing('buyer.address', kid(buyerParty, ADDRESS));
  missing('taxRepresentative.address', kid(taxRepParty, ADDRESS));
  missing('delivery.address', dig(delivery, 'ram:ShipToTradeParty', ADDRESS));

  const inv: Invoice = {
    number: cx.required('number', kid(doc, ID)),
    issueDate: cx.date('issueDate', kid(doc, 'ram:IssueDateTime')) ?? '',
    typeCode: cx.required('typeCode', kid(doc, TYPE_CODE)),
    currency: cx.required('currency', kid(settlement, 'ram:InvoiceCurrencyCode')),
    notes: readNotes(cx, doc),
    process: readProcess(cx, context),
    precedingInvoices: readPrecedingInvoices(cx, settlement),
    seller: readSeller(cx, sellerParty),
    buyer: readBuyer(cx, buyerParty),
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

  set('vatAccountingCurrency', cx.text('vatAccountingCurrency', kid(settlement, 'ram:TaxCurrencyCode')));
  set('buyerReference', cx.text('buyerReference', kid(agreement, 'ram:BuyerReference')));
  set('projectReference', cx.text('projectReference', dig(agreement, 'ram:SpecifiedProcuringProject', ID)));
  set('contractReference', cx.text('contractReference', dig(agreement, 'ram:ContractReferencedDocument', ISSUER_ID)));
  set('purchaseOrderReference', cx.text('purchaseOrderReference', dig(agreement, 'ram:BuyerOrderReferencedDocument', ISSUER_ID)));
  set('salesOrderReference', cx.text('salesOrderReference', dig(agreement, 'ram:SellerOrderReferencedDocument', ISSUER_ID)));
  set('receivingAdviceReference', cx.text('receivingAdviceReference', dig(delivery, 'ram:ReceivingAdviceReferencedDocument', ISSUER_ID)));
  set('despatchAdviceReference', cx.text('despatchAdviceReference', dig(delivery, 'ram:DespatchAdviceReferencedDocument', ISSUER_ID)));
  set('buyerAccountingReference', cx.text('buyerAccountingReference', dig(settlement, 'ram:ReceivableSpecifiedTradeAccountingAccount', ID)));

  readHeaderDocuments(cx, inv, agreement);
  readTaxRepresentative(cx, inv, taxRepParty);
  readDelivery(cx, inv, delivery);
  readPayee(cx, inv, kid(settlement, 'ram:PayeeTradeParty'));
  readPaymentTerms(cx, inv, settlement);
  readPaymentInstructions(cx, inv, settlement);
  readVatBreakdown(cx, inv, settlement);
  const period = readPeriod(cx, 'invoicingPeriod', kid(settlement, PERIOD));
  if (period !== undefined) inv.invoicingPeriod = period;
  readDocumentAllowancesCharges(cx, inv, settlement);
  inv.totals = readTotals(cx, summation, inv);
  kids(tx, 'ram:IncludedSupplyChainTradeLineItem').forEach((el, i) => inv.lines.push(readLine(cx, itemPath('lines', i), el)));
  return inv;
}

// ---- header ----------------------------------------------------------------------

/** BG-2: BT-23, BT-24. */
function readProcess(cx: ReadContext, context: CiiElement | undefined): Invoice['process'] {
  const process: Invoice['process'] = {
    specificationId: cx.required('process.specificationId', dig(context, 'ram:GuidelineSpecifiedDocumentContextParameter', ID)),
  };
  const bp = cx.text('process.businessProcess', dig(context, 'ram:BusinessProcessSpecifiedDocumentContextParameter', ID));
  if (bp !== undefined) process.businessProcess = bp;
  return process;
}

/** BG-1 INVOICE NOTE: one per `IncludedNote` (BT-22 its first `Content`, BT-21 its `SubjectCode`). */
function readNotes(cx: ReadContext, doc: CiiElement | undefined): InvoiceNote[] {
  return kids(doc, 'ram:IncludedNote').map((el, i) => {
    const path = itemPath('notes', i);
    cx.at(path, el);
    const note: InvoiceNote = { text: cx.required(childPath(path, 'text'), kid(el, 'ram:Content')) };
    const code = cx.text(childPath(path, 'subjectCode'), kid(el, 'ram:SubjectCode'));
    if (code !== undefined) note.subjectCode = code;
    return note;
  });
}

/** BG-3: `InvoiceReferencedDocument` (0..1 in CII D16B, repeatable in EXTENDED). */
function readPrecedingInvoices(cx: ReadContext, settlement: CiiElement | undefined): PrecedingInvoice[] {
  return kids(settlement, 'ram:InvoiceReferencedDocument').map((el, i) => {
    const path = itemPath('precedingInvoices', i);
    cx.at(path, el);
    const ref: PrecedingInvoice = { reference: cx.required(childPath(path, 'reference'), kid(el, ISSUER_ID)) };
    const date = cx.date(childPath(path, 'issueDate'), kid(el, 'ram:FormattedIssueDateTime'), 'qdt:DateTimeString');
    if (date !== undefined) ref.issueDate = date;
    return ref;
  });
}

/** BT-11 is read with the header; here BT-17, BT-18 and BG-24 from `AdditionalReferencedDocument`. */
function readHeaderDocuments(cx: ReadContext, inv: Invoice, agreement: CiiElement | undefined): void {
  for (const el of kids(agreement, ADDITIONAL_DOCUMENT)) {
    const type = kid(el, TYPE_CODE)?.text.trim();
    // Every ReferenceTypeCode is checked officially (BR-CL-07); the model keeps the first of the invoiced object only.
    const read = inv.invoicedObjectIdentifier === undefined && type === INVOICED_OBJECT_TYPE && /\S/.test(kid(el, ISSUER_ID)?.text ?? '');
    kids(el, 'ram:ReferenceTypeCode').forEach((c, k) => {
      if (!read || k > 0) cx.unmodelled('invoicedObjectIdentifier.scheme', c);
    });
    // The official BR-52 requires an IssuerAssignedID in every
    // AdditionalReferencedDocument: one without it is kept as a supporting
    // document (BG-24) lacking its reference (BT-122), whatever its TypeCode.
    const identified = /\S/.test(kid(el, ISSUER_ID)?.text ?? '');
    if (!identified) {
      inv.supportingDocuments.push(readSupportingDocument(cx, itemPath('supportingDocuments', inv.supportingDocuments.length), el));
    } else if (type === TENDER_TYPE) {
      if (inv.tenderOrLotReference === undefined) {
        const ref = cx.text('tenderOrLotReference', kid(el, ISSUER_ID));
        if (ref !== undefined) inv.tenderOrLotReference = ref;
      }
    } else if (type === INVOICED_OBJECT_TYPE) {
      if (inv.invoicedObjectIdentifier === undefined) {
        cx.at('invoicedObjectIdentifier', el);
        const id: Identifier = { id: cx.required('invoicedObjectIdentifier.id', kid(el, ISSUER_ID)) };
        const scheme = cx.text('invoicedObjectIdentifier.scheme', kid(el, 'ram:ReferenceTypeCode'));
        if (scheme !== undefined) id.scheme = scheme;
        inv.invoicedObjectIdentifier = id;
      }
    } else {
      // BG-24 is the TypeCode 916 document; other codes (EXTENDED uses more)
      // are kept here too, so the BR-52 and BR-CL-24 checks see them.
      inv.supportingDocuments.push(readSupportingDocument(cx, itemPath('supportingDocuments', inv.supportingDocuments.length), el));
    }
  }
}

/** BG-24: BT-122..BT-125. */
function readSupportingDocument(cx: ReadContext, path: string, el: CiiElement): SupportingDocument {
  cx.at(path, el);
  const doc: SupportingDocument = { reference: cx.required(childPath(path, 'reference'), kid(el, ISSUER_ID)) };
  const uri = cx.text(childPath(path, 'uri'), kid(el, 'ram:URIID'));
  if (uri !== undefined) doc.uri = uri;
  const description = cx.text(childPath(path, 'description'), kid(el, NAME));
  if (description !== undefined) doc.description = description;
  const bin = kid(el, 'ram:AttachmentBinaryObject');
  if (bin !== undefined) {
    const attachment: NonNullable<SupportingDocument['attachment']> = { content: cx.required(childPath(path, 'attachment.content'), bin) };
    cx.at(childPath(path, 'attachment'), bin);
    const mime = cx.attr(childPath(path, 'attachment.mimeCode'), bin, 'mimeCode');
    if (mime !== undefined) attachment.mimeCode = mime;
    const filename = cx.attr(childPath(path, 'attachment.filename'), bin, 'filename');
    if (filename !== undefined) attachment.filename = filename;
    doc.attachment = attachment;
  }
  return doc;
}

/**
 * Reads a CII invoice (`rsm:CrossIndustryInvoice` element tree, see tree.ts
 * `toElementTree`) into the EN 16931 semantic model, with the location of
 * every term read and the profile its Specification identifier (BT-24)
 * names. Any root element is accepted; a root that is not
 * `rsm:CrossIndustryInvoice` simply yields an invoice with nothing in it.
 */
export function readCii(root: CiiElement, options: ReadOptions = {}): ReadResult {
  const cx = new ReadContext();
  const { result: invoice, repeated } = withNavigationScope(options.occurrence, () => readInvoice(cx, root));
  const facts: SourceFacts = { missingGroups: cx.missingGroups };
  facts.taxTypeCodes = cx.taxTypeCodes;
  facts.periodDateTexts = cx.periodDateTexts;
  if (cx.unreferencedLineDocuments.length > 0) facts.unreferencedLineDocuments = cx.unreferencedLineDocuments;
  if (cx.unmappedTaxTotals.length > 0) facts.unmappedTaxTotals = cx.unmappedTaxTotals;
  facts.present = cx.locations;
  if (cx.castIndicators.size > 0) facts.castIndicators = cx.castIndicators;
  if (cx.mirroredAllowanceCharges.size > 0) facts.mirroredAllowanceCharges = cx.mirroredAllowanceCharges;
  facts.globalIds = cx.globalIds;
  if (cx.unmodelledCodes.length > 0) facts.unmodelledCodes = cx.unmodelledCodes;
  if (cx.categoryTaxesOutsideModel.length > 0) facts.otherCategoryTaxes = cx.categoryTaxesOutsideModel;
  if (cx.lineTaxesOutsideModel.length > 0) facts.otherLineTaxes = cx.lineTaxesOutsideModel;
  if (cx.repeatedTexts.size > 0) facts.repeatedTexts = cx.repeatedTexts;
  if (cx.repeatedDecimals.size > 0) facts.repeatedDecimals = cx.repeatedDecimals;
  if (cx.taxTotalCurrencies.size > 0) facts.taxTotalCurrencies = cx.taxTotalCurrencies;
  if (invoice.paymentInstructions !== undefined) {
    facts.paymentMeansCodes = cx.paymentMeansCodes;
    facts.creditTransferMeansCodes = cx.creditTransferMeansCodes;
  }
  recordSourceFacts(invoice, facts);
  const specificationId = invoice.process.specificationId;
  return { invoice, locations: cx.locations, specificationId, profile: detectProfile(specificationId), repeatedContexts: repeated };
}
