/**
 * Writes the EN 16931 semantic model as an OASIS UBL 2.1 Invoice or
 * CreditNote, after the UBL syntax binding of EN 16931-3-2 as the CEN
 * validation artefacts (release 1.3.16, EN16931-UBL-model.sch and the UBL
 * syntax rules UBL-CR / UBL-SR / UBL-DT) check it. The same model the CII
 * writer (lib/cii/writer.ts) writes from: one model, two syntaxes.
 *
 * - The document is a `CreditNote` for the credit-note type codes of
 *   BR-CL-01 (381, 396, 81, 83, 261, 262, 296, 308, 420, 458, 502, 503, 532;
 *   ./document-type.ts), an `Invoice` otherwise. A CreditNote carries the
 *   same amounts as the model, signs unchanged (EN 16931-3-2 binds BT-106..
 *   BT-115 and the line amounts to the same elements in both documents), its
 *   lines are `cac:CreditNoteLine` with `cbc:CreditedQuantity`, the payment
 *   due date (BT-9) is `cac:PaymentMeans/cbc:PaymentDueDate` (UBL 2.1 has no
 *   `cbc:DueDate` in a CreditNote) and the project reference (BT-11) an
 *   `cac:AdditionalDocumentReference` with `cbc:DocumentTypeCode` 50 (no
 *   `cac:ProjectReference` there; UBL-SR-43).
 * - Element order is the UBL 2.1 XSD's (Invoice and CreditNote differ: BT-7
 *   before BT-3 in a CreditNote, the document references in another order).
 * - Every amount has the `currencyID` of BT-5, except the VAT total in the
 *   accounting currency (BT-111): a second `cac:TaxTotal` in BT-6. Amounts
 *   have at least two fraction digits; quantities and percentages are
 *   written as given; dates as `YYYY-MM-DD`.
 * - BT-8 is `cac:InvoicePeriod/cbc:DescriptionCode` in UNTDID 2005 (3, 35,
 *   432) where the model holds the CII codes (5, 29, 72); BT-21 is written
 *   as the `#CODE#` prefix of the note (the convention the CEN examples,
 *   XRechnung and the French CIUS use), for a UNTDID 4451 code (three
 *   letters); BT-90 is a `cac:PartyIdentification/cbc:ID` with scheme "SEPA"
 *   of the payee (else the seller); BT-32 a `cac:PartyTaxScheme` with
 *   TaxScheme "FC".
 * - Where UBL requires an element that EN 16931 lets be absent, the value is
 *   the one EN 16931 defines: BT-110 absent (no VAT total) is written as
 *   the sum of the category tax amounts (BR-CO-14); BT-147 absent beside a
 *   gross price (BT-148) as BT-148 - BT-146.
 * - Elements UBL requires that hold no business term get fixed values:
 *   `cac:TaxScheme/cbc:ID` VAT, `cac:CardAccount/cbc:NetworkID` "NA" (the
 *   card network is no EN 16931 term), and an empty `cac:OrderReference/cbc:ID`
 *   when the sales order reference (BT-14) comes without a purchase order
 *   reference (BT-13): the element is mandatory but the term is absent.
 * - What the model holds and UBL cannot carry (a BT-21 that is no UNTDID
 *   4451 code, the due date of a CreditNote without payment instructions, a
 *   BT-111 without BT-6, ...) is not written and is listed by
 *   {@link writeUblWithReport}, never dropped in silence.
 *
 * The writer does not validate: a model that breaks EN 16931 rules is written
 * as it is, and the rules (lib/rules) or the UBL XSD report the problem.
 * Deterministic: the same model gives the same bytes.
 */
import type { CiiElement } from '../cii/reader/tree.js';
import { sum } from '../model/decimal.js';
import type { DocumentAllowanceCharge, Invoice, PaymentInstructions, VatBreakdown } from '../model/invoice.js';
import { ublDocumentType, type UblDocumentType } from './document-type.js';
import { UBL_CREDIT_NOTE_ROOT, UBL_INVOICE_ROOT } from './namespaces.js';
import { attr, has, hasId, UBL_NAMESPACES, UblWriter, type UnmappedTerm } from './writer-core.js';
import { INVOICED_OBJECT_TYPE, writeAllowanceChargeBody, writeLine, writePeriod } from './writer-lines.js';
import { creditorIdPlace, writeBuyer, writeDelivery, writePayee, writeSeller, writeTaxRepresentative } from './writer-parties.js';

export { ublDocumentType, UBL_CREDIT_NOTE_TYPE_CODES, type UblDocumentType } from './document-type.js';
export { UBL_NAMESPACES, type UnmappedTerm } from './writer-core.js';

/** `cbc:DocumentTypeCode` of the project reference (BT-11) in a CreditNote (UBL-SR-43). */
const PROJECT_TYPE = '50';
/** The value of the mandatory `cac:CardAccount/cbc:NetworkID`, which no business term fills. */
const CARD_NETWORK_UNKNOWN = 'NA';
/** UNTDID 4451 codes, the only BT-21 values the `#CODE#` note convention carries. */
const NOTE_SUBJECT_CODE = /^[A-Z]{3}$/;
/** BT-8 in UBL is UNTDID 2005 (BR-CL-06: 3, 35, 432); the model holds the CII codes (5, 29, 72). */
const TAX_POINT_DATE_CODE_TO_UBL: Readonly<Record<string, string>> = { '5': '3', '29': '35', '72': '432' };

/** The XML of {@link writeUblWithReport} and what it could not carry. */
export interface UblWriteReport {
  xml: string;
  /** `Invoice` or `CreditNote`. */
  documentType: UblDocumentType;
  /** Terms of the model that are not in the XML, with their model paths (empty when nothing was lost). */
  unmapped: UnmappedTerm[];
}

/**
 * Serialises an invoice (BG-0 and all its groups) as a UBL 2.1 Invoice or
 * CreditNote (see the module comment). Use {@link writeUblWithReport} to
 * learn which terms, if any, UBL could not carry.
 */
export function writeUbl(inv: Invoice): string {
  return writeUblWithReport(inv).xml;
}

/** As {@link writeUbl}, with the document type written and the terms of the model that UBL cannot carry. */
export function writeUblWithReport(inv: Invoice): UblWriteReport {
  const { w, documentType } = written(inv, false);
  return { xml: w.toString(), documentType, unmapped: w.unmapped };
}

/**
 * As {@link writeUblWithReport}, and the element tree a parser reads from
 * that XML (lib/cii/reader/tree.ts: UBL names with their canonical prefixes,
 * the root `ubl:Invoice` or `cn:CreditNote`), built while writing: the
 * document-level rules (BR-FR, XRechnung, Peppol) can judge our own output
 * without parsing it again.
 */
export function writeUblTree(inv: Invoice): UblWriteReport & { tree: CiiElement } {
  const { w, documentType } = written(inv, true);
  const tree = w.tree();
  // Written in the default namespace, the root is named by its canonical prefix in the tree, as the parser names it.
  tree.name = documentType === 'CreditNote' ? UBL_CREDIT_NOTE_ROOT : UBL_INVOICE_ROOT;
  return { xml: w.toString(), documentType, unmapped: w.unmapped, tree };
}

/** The writer after serialising `inv` as its document type; `mirror`: the writer also builds the element tree. */
function written(inv: Invoice, mirror: boolean): { w: UblWriter; documentType: UblDocumentType } {
  const documentType = ublDocumentType(inv.typeCode);
  const w = new UblWriter(inv.currency, mirror);
  serialize(w, inv, documentType === 'CreditNote');
  return { w, documentType };
}

function rootAttrs(credit: boolean): string {
  return ` xmlns="${credit ? UBL_NAMESPACES.creditNote : UBL_NAMESPACES.invoice}" xmlns:cac="${UBL_NAMESPACES.cac}" xmlns:cbc="${UBL_NAMESPACES.cbc}"`;
}

function serialize(w: UblWriter, inv: Invoice, credit: boolean): void {
  w.raw('<?xml version="1.0" encoding="UTF-8"?>');
  w.open(credit ? 'CreditNote' : 'Invoice', rootAttrs(credit));
  writeHeader(w, inv, credit);
  writeReferences(w, inv, credit);
  const creditor = creditorIdPlace(inv);
  writeSeller(w, inv.seller, creditor.seller);
  writeBuyer(w, inv.buyer);
  writePayee(w, inv.payee, creditor.payee);
  writeTaxRepresentative(w, inv.taxRepresentative);
  writeDelivery(w, inv.delivery);
  writePaymentMeans(w, inv, credit);
  if (has(inv.paymentTerms)) {
    w.open('cac:PaymentTerms');
    w.text('cbc:Note', inv.paymentTerms);
    w.close();
  }
  for (const a of inv.allowances) writeDocumentAllowanceCharge(w, a, false);
  for (const c of inv.charges) writeDocumentAllowanceCharge(w, c, true);
  writeTaxTotals(w, inv);
  writeTotals(w, inv);
  inv.lines.forEach((line, i) => writeLine(w, line, credit, i));
  w.close();
}

/**
 * BT-24, BT-23, BT-1, BT-2, BT-9 (Invoice), BT-3, BG-1, BT-7, BT-5, BT-6,
 * BT-19, BT-10, BG-14 with BT-8. In a CreditNote BT-7 comes before BT-3.
 */
function writeHeader(w: UblWriter, inv: Invoice, credit: boolean): void {
  w.text('cbc:CustomizationID', inv.process.specificationId);
  w.text('cbc:ProfileID', inv.process.businessProcess);
  w.text('cbc:ID', inv.number);
  w.date('cbc:IssueDate', inv.issueDate);
  if (credit) {
    w.date('cbc:TaxPointDate', inv.taxPointDate);
    w.text('cbc:CreditNoteTypeCode', inv.typeCode);
  } else {
    w.date('cbc:DueDate', inv.dueDate);
    w.text('cbc:InvoiceTypeCode', inv.typeCode);
  }
  writeNotes(w, inv);
  if (!credit) w.date('cbc:TaxPointDate', inv.taxPointDate);
  w.text('cbc:DocumentCurrencyCode', inv.currency);
  w.text('cbc:TaxCurrencyCode', inv.vatAccountingCurrency);
  w.text('cbc:AccountingCost', inv.buyerAccountingReference);
  w.text('cbc:BuyerReference', inv.buyerReference);
  const code = inv.taxPointDateCode?.trim();
  writePeriod(w, inv.invoicingPeriod, code === undefined ? undefined : (TAX_POINT_DATE_CODE_TO_UBL[code] ?? code));
}

/** BG-1 as cbc:Note, the subject code (BT-21) as a `#CODE#` prefix of the text (BT-22). */
function writeNotes(w: UblWriter, inv: Invoice): void {
  inv.notes.forEach((note, i) => {
    const code = note.subjectCode?.trim();
    let prefix = '';
    if (has(code)) {
      if (NOTE_SUBJECT_CODE.test(code)) prefix = `#${code}#`;
      else w.drop('BT-21', `notes[${i}].subjectCode`, 'UBL has no element for the note subject code: it is carried as a "#CODE#" prefix of the note, which holds UNTDID 4451 codes (three capital letters) only.');
    }
    if (prefix === '' && !has(note.text)) return;
    // Without a subject, text that itself starts like a `#CODE#` prefix would be read back as a subject code.
    if (prefix === '' && /^#[^#]{3}#/.test(note.text ?? '')) w.drop('BT-22', `notes[${i}].text`, 'The note starts like a "#CODE#" subject prefix, which is how UBL carries the subject code (BT-21): read back, its first five characters are a subject code.');
    w.text('cbc:Note', `${prefix}${note.text ?? ''}`);
  });
}

/**
 * BT-13/BT-14 (cac:OrderReference), BG-3 (cac:BillingReference, one per
 * preceding invoice), BT-16, BT-15, BT-17, BT-12, BT-18 and BG-24
 * (cac:AdditionalDocumentReference), BT-11: in the XSD order of the document type.
 */
function writeReferences(w: UblWriter, inv: Invoice, credit: boolean): void {
  if (has(inv.purchaseOrderReference) || has(inv.salesOrderReference)) {
    w.open('cac:OrderReference');
    // cbc:ID is mandatory in UBL; without BT-13 it stays empty, so that no purchase order reference is invented.
    w.required('cbc:ID', inv.purchaseOrderReference);
    w.text('cbc:SalesOrderID', inv.salesOrderReference);
    w.close();
  }
  for (const p of inv.precedingInvoices) {
    if (!has(p.reference) && !has(p.issueDate)) continue;
    w.open('cac:BillingReference');
    w.open('cac:InvoiceDocumentReference');
    w.required('cbc:ID', p.reference);
    w.date('cbc:IssueDate', p.issueDate);
    w.close();
    w.close();
  }
  w.reference('cac:DespatchDocumentReference', inv.despatchAdviceReference);
  w.reference('cac:ReceiptDocumentReference', inv.receivingAdviceReference);
  if (credit) {
    w.reference('cac:ContractDocumentReference', inv.contractReference);
    writeAdditionalDocuments(w, inv, true);
    w.reference('cac:OriginatorDocumentReference', inv.tenderOrLotReference);
  } else {
    w.reference('cac:OriginatorDocumentReference', inv.tenderOrLotReference);
    w.reference('cac:ContractDocumentReference', inv.contractReference);
    writeAdditionalDocuments(w, inv, false);
    w.reference('cac:ProjectReference', inv.projectReference);
  }
}

/** BT-18 (type 130), BT-11 of a CreditNote (type 50), BG-24 (no type: UBL-SR-43) as cac:AdditionalDocumentReference. */
function writeAdditionalDocuments(w: UblWriter, inv: Invoice, credit: boolean): void {
  if (hasId(inv.invoicedObjectIdentifier)) {
    w.open('cac:AdditionalDocumentReference');
    w.id('cbc:ID', inv.invoicedObjectIdentifier);
    w.leaf('cbc:DocumentTypeCode', INVOICED_OBJECT_TYPE);
    w.close();
  }
  if (credit && has(inv.projectReference)) {
    w.open('cac:AdditionalDocumentReference');
    w.text('cbc:ID', inv.projectReference);
    w.leaf('cbc:DocumentTypeCode', PROJECT_TYPE);
    w.close();
  }
  for (const doc of inv.supportingDocuments) {
    w.open('cac:AdditionalDocumentReference');
    w.required('cbc:ID', doc.reference);
    w.text('cbc:DocumentDescription', doc.description);
    const att = doc.attachment;
    w.open('cac:Attachment', '', true);
    if (att !== undefined && has(att.content)) {
      // mimeCode and filename are mandatory in EN 16931 UBL (UBL-DT-06, UBL-DT-07; BT-125-1, BT-125-2).
      w.text('cbc:EmbeddedDocumentBinaryObject', att.content, attr('mimeCode', att.mimeCode) + attr('filename', att.filename));
    }
    if (has(doc.uri)) {
      w.open('cac:ExternalReference');
      w.text('cbc:URI', doc.uri);
      w.close();
    }
    w.close();
    w.close();
  }
}

/**
 * BG-16 PAYMENT INSTRUCTIONS as cac:PaymentMeans: one per credit transfer
 * (BG-17, cac:PayeeFinancialAccount), each with the means code (BT-81)
 * and the remittance information (BT-83,
 * cbc:PaymentID; UBL-SR-44 lets the one value repeat); the means text
 * (BT-82, `@name` of the code: once, UBL-SR-46), the card (BG-18) and the
 * mandate (BG-19: BT-89, BT-91) in the first. In a CreditNote the first
 * also carries the due date (BT-9).
 */
function writePaymentMeans(w: UblWriter, inv: Invoice, credit: boolean): void {
  const pay: PaymentInstructions | undefined = inv.paymentInstructions;
  if (pay === undefined) {
    if (credit && has(inv.dueDate)) {
      w.drop('BT-9', 'dueDate', 'A UBL 2.1 CreditNote has no cbc:DueDate: its payment due date is cac:PaymentMeans/cbc:PaymentDueDate, and the credit note has no payment instructions (BG-16).');
    }
    return;
  }
  const transfers = pay.creditTransfers.length > 0 ? pay.creditTransfers : [undefined];
  transfers.forEach((ct, i) => {
    w.open('cac:PaymentMeans');
    // UBL-SR-46: the payment means text appears once in the document.
    w.text('cbc:PaymentMeansCode', pay.typeCode, i === 0 ? attr('name', pay.text) : '');
    if (i === 0 && !has(pay.typeCode) && has(pay.text)) {
      w.drop('BT-82', 'paymentInstructions.text', 'The payment means text (BT-82) is an attribute of the payment means code (BT-81), which is missing.');
    }
    if (credit && i === 0) w.date('cbc:PaymentDueDate', inv.dueDate);
    w.text('cbc:PaymentID', pay.remittanceInformation);
    if (i === 0 && pay.card !== undefined) {
      w.open('cac:CardAccount', '', true);
      w.text('cbc:PrimaryAccountNumberID', pay.card.accountNumber);
      w.leaf('cbc:NetworkID', CARD_NETWORK_UNKNOWN);
      w.text('cbc:HolderName', pay.card.holderName);
      w.close();
    }
    if (ct !== undefined) {
      w.open('cac:PayeeFinancialAccount', '', true);
      w.text('cbc:ID', ct.accountId);
      w.text('cbc:Name', ct.accountName);
      if (has(ct.serviceProviderId)) {
        w.open('cac:FinancialInstitutionBranch');
        w.text('cbc:ID', ct.serviceProviderId);
        w.close();
      }
      w.close();
    }
    const dd = pay.directDebit;
    if (i === 0 && dd !== undefined && (has(dd.mandateReference) || has(dd.debitedAccountId))) {
      w.open('cac:PaymentMandate');
      w.text('cbc:ID', dd.mandateReference);
      if (has(dd.debitedAccountId)) {
        w.open('cac:PayerFinancialAccount');
        w.text('cbc:ID', dd.debitedAccountId);
        w.close();
      }
      w.close();
    }
    w.close();
  });
}

/** BG-20 / BG-21 as cac:AllowanceCharge with its cac:TaxCategory (BT-95/BT-102, BT-96/BT-103). */
function writeDocumentAllowanceCharge(w: UblWriter, ac: DocumentAllowanceCharge, charge: boolean): void {
  w.open('cac:AllowanceCharge');
  writeAllowanceChargeBody(w, ac, charge);
  if (has(ac.vatCategory) || ac.vatRate !== undefined) {
    w.open('cac:TaxCategory');
    w.text('cbc:ID', ac.vatCategory);
    w.decimal('cbc:Percent', ac.vatRate);
    w.vatScheme();
    w.close();
  }
  w.close();
}

/**
 * BT-110 with BG-23 (cac:TaxSubtotal: BT-116, BT-117, BT-118, BT-119, BT-121,
 * BT-120) in the invoice currency; BT-111 as a second cac:TaxTotal in the VAT
 * accounting currency (BT-6), without subtotals. UBL requires the
 * cac:TaxTotal/cbc:TaxAmount that holds the VAT breakdown, where EN 16931
 * (and CII) let BT-110 be absent, e.g. on an invoice whose only category is
 * O, not subject to VAT: it is then written as BR-CO-14 defines it, the sum
 * of the category tax amounts (BT-117).
 */
function writeTaxTotals(w: UblWriter, inv: Invoice): void {
  w.open('cac:TaxTotal', '', true);
  const vatTotal = inv.totals.vatTotal ?? (inv.vatBreakdown.length > 0 ? sum(inv.vatBreakdown.map((b) => b.taxAmount)) : undefined);
  w.amount('cbc:TaxAmount', vatTotal);
  for (const vat of inv.vatBreakdown) writeVatBreakdown(w, vat);
  w.close();
  const accounting = inv.totals.vatTotalInAccountingCurrency;
  if (accounting === undefined) return;
  if (!has(inv.vatAccountingCurrency)) {
    w.drop('BT-111', 'totals.vatTotalInAccountingCurrency', 'The VAT total in accounting currency (BT-111) is told apart by its currency, the VAT accounting currency (BT-6), which is missing.');
    return;
  }
  w.open('cac:TaxTotal');
  w.amount('cbc:TaxAmount', accounting, attr('currencyID', inv.vatAccountingCurrency));
  w.close();
}

function writeVatBreakdown(w: UblWriter, vat: VatBreakdown): void {
  w.open('cac:TaxSubtotal');
  w.amount('cbc:TaxableAmount', vat.taxableAmount);
  w.amount('cbc:TaxAmount', vat.taxAmount);
  w.open('cac:TaxCategory');
  w.text('cbc:ID', vat.category);
  w.decimal('cbc:Percent', vat.rate);
  w.text('cbc:TaxExemptionReasonCode', vat.exemptionReasonCode);
  w.text('cbc:TaxExemptionReason', vat.exemptionReason);
  w.vatScheme();
  w.close();
  w.close();
}

/** BG-22 DOCUMENT TOTALS as cac:LegalMonetaryTotal (BT-106, BT-109, BT-112, BT-107, BT-108, BT-113, BT-114, BT-115). */
function writeTotals(w: UblWriter, inv: Invoice): void {
  const t = inv.totals;
  w.open('cac:LegalMonetaryTotal', '', true);
  w.amount('cbc:LineExtensionAmount', t.lineNetTotal);
  w.amount('cbc:TaxExclusiveAmount', t.taxExclusiveAmount);
  w.amount('cbc:TaxInclusiveAmount', t.taxInclusiveAmount);
  w.amount('cbc:AllowanceTotalAmount', t.allowanceTotal);
  w.amount('cbc:ChargeTotalAmount', t.chargeTotal);
  w.amount('cbc:PrepaidAmount', t.prepaidAmount);
  w.amount('cbc:PayableRoundingAmount', t.roundingAmount);
  w.amount('cbc:PayableAmount', t.amountDue);
  w.close();
}
