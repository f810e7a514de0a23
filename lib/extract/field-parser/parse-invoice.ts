/**
 * The rule-based field parser: from positioned text lines (any reader) to an
 * {@link ExtractedInvoice} with a confidence per field, cross-checked.
 */
import { dec } from '../../model/decimal.js';
import { ExtractionError } from '../../errors.js';
import type { Extracted, ExtractedInvoice, ExtractedParty, ExtractionMethod } from '../port.js';
import { crossCheck } from './checks.js';
import { createContext, extracted, type ParseContext } from './context.js';
import { findCurrency, findDocumentType, findDueDate, findInvoiceNumber, findIssueDate, findNonInvoiceTitle, textAfter } from './header.js';
import { findLabelledBics } from './identifiers.js';
import { compileLabels, matchLabels, SALUTATION } from './labels.js';
import { findLineItems, reconcileLineNets } from './line-items.js';
import { findParties } from './parties.js';
import { chunkAt, makeLine, type TextDocument, type TextLine } from './text.js';
import { findTotals } from './totals.js';
import { KRONA } from './numbers.js';
import { gatherNameEvidence, partyLanguages, repairOcrLegalForms, repairOcrName } from './ocr-names.js';

/**
 * Repairs the seller's and buyer's names read by OCR (./ocr-names.ts) from what the readings of the document show:
 * `readings[0]` the general one, `readings[1]` a second one made with the model of `secondLanguage` (ISO 639-1).
 */
export function repairPartyNames(parties: { seller: ExtractedParty; buyer: ExtractedParty }, readings: readonly TextDocument[], secondLanguage?: string): void {
  const evidence = gatherNameEvidence(readings);
  for (const [party, other] of [[parties.seller, parties.buyer], [parties.buyer, parties.seller]] as const) {
    if (!party.name) continue;
    // A party whose country is not shown is taken as the other's compatriot (a domestic invoice); when neither shows
    // one, an Italian document's party as Italian (only Italy writes Italian alone: Switzerland writes three languages).
    const country = party.country?.value ?? other.country?.value ?? (secondLanguage === 'it' ? 'IT' : undefined);
    const preferSecond = secondLanguage !== undefined && (partyLanguages(country)?.includes(secondLanguage) ?? false);
    const value = repairOcrName(party.name.value, evidence, { ...(country ? { country } : {}), preferSecond });
    if (value !== party.name.value) party.name = { ...party.name, value };
  }
}

/** Options of {@link parseInvoice}. */
export interface ParseInvoiceOptions {
  /** How the text was obtained (copied into the result). */
  method: ExtractionMethod;
  /** The text comes from OCR: confidences are scaled down. */
  ocr?: boolean;
  /** Notes from the reader (e.g. pages skipped), copied into the result. */
  notes?: string[];
}

const PAYMENT_TERMS = compileLabels([
  'zahlungsbedingungen', 'zahlungsbedingung', 'zahlungsziel', 'conditions de paiement', 'conditions de règlement', 'modalités de paiement',
  'payment terms', 'terms of payment', 'terms', 'betalingsvoorwaarden', 'betalingstermijn', 'condiciones de pago', 'forma de pago', 'condizioni di pagamento',
  'termini di pagamento', 'modalità di pagamento',
]);

function findPaymentTerms(ctx: ParseContext): Extracted<string> | undefined {
  for (let i = 0; i < ctx.lines.length; i++) {
    for (const hit of matchLabels(PAYMENT_TERMS, ctx.folded[i]!)) {
      // The value is the rest of the label's chunk, or the next chunk when the label stands alone.
      const line = ctx.lines[i]!;
      const chunk = chunkAt(line, hit.index);
      const next = line.chunks.find((c) => c.start > hit.index);
      const chunkEnd = chunk ? chunk.start + chunk.text.length : line.text.length;
      let after = textAfter(ctx, i, hit.end).text;
      after = after.slice(0, Math.max(0, chunkEnd - (line.text.length - after.length))).trim() || (next?.text ?? '');
      after = after.trim();
      if (after.length >= 4 && /\p{L}{3}/u.test(after)) return extracted(ctx, after.slice(0, 200), 0.7, i);
    }
  }
  for (let i = 0; i < ctx.lines.length; i++) {
    const text = ctx.lines[i]!.text;
    if (/^(zahlbar|payable|paiement|payment|à régler|a regler|net \d+|netto \d+)/i.test(text.trim())) return extracted(ctx, text.replace(/\s{2,}/g, ' ').trim().slice(0, 200), 0.5, i);
  }
  return undefined;
}

function findPayment(ctx: ParseContext): { iban?: Extracted<string>; bic?: Extracted<string> } {
  const out: { iban?: Extracted<string>; bic?: Extracted<string> } = {};
  for (let i = 0; i < ctx.lines.length && !out.iban; i++) {
    const iban = ctx.ibans(i)[0];
    if (iban) out.iban = extracted(ctx, iban.value, 0.95, i);
  }
  // An IBAN broken over two lines ("IBAN" at the end of one, the number on the next).
  for (let i = 0; i + 1 < ctx.lines.length && !out.iban; i++) {
    if (!/iban\s*:?\s*$/i.test(ctx.lines[i]!.text)) continue;
    const iban = ctx.ibans(i + 1)[0];
    if (iban && iban.index < 3) out.iban = extracted(ctx, iban.value, 0.9, i + 1);
  }
  for (let i = 0; i < ctx.lines.length && !out.bic; i++) {
    const bic = findLabelledBics(ctx.lines[i]!.text)[0];
    if (bic) out.bic = extracted(ctx, bic.value, 0.85, i);
  }
  return out;
}

/** Countries whose currency is the euro (ISO 3166-1; Bulgaria since 1 January 2026), for the currency guess. */
const EURO_AREA = new Set(['AT', 'BE', 'BG', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK', 'MC', 'SM', 'VA', 'AD']);

/** Currencies of countries outside the euro area, for the currency guess when none is printed (issue 25). */
const COUNTRY_CURRENCY: Readonly<Record<string, string>> = {
  GB: 'GBP', CH: 'CHF', LI: 'CHF', US: 'USD', SE: 'SEK', DK: 'DKK', NO: 'NOK', IS: 'ISK', PL: 'PLN', CZ: 'CZK', HU: 'HUF', RO: 'RON',
  IN: 'INR', JP: 'JPY', CA: 'CAD', AU: 'AUD', NZ: 'NZD', TR: 'TRY', RS: 'RSD',
};

/**
 * A country told by identifiers that are no VAT numbers: an Indian GSTIN, a US EIN or a US address (`Austin, TX
 * 78701`); undefined when the document shows none or several.
 */
function identifierCountry(ctx: ParseContext): string | undefined {
  const found = new Set<string>();
  for (const l of ctx.lines) {
    if (/\bGSTIN\b/.test(l.text)) found.add('IN');
    // Tax identifiers printed without their VAT prefix: an Italian partita IVA (11 digits), a Spanish CIF or NIF.
    if (/(?<![\p{L}])(?:P\.\s?IVA|Partita\s+IVA)\s*:?\s*\d{11}(?!\d)/iu.test(l.text)) found.add('IT');
    if (/(?<![\p{L}])(?:CIF|NIF)\s*:?\s*(?:[A-HJNP-SUVW]-?\d{7}[0-9A-J]|\d{8}-?[A-Z])(?![\p{L}\d])/u.test(l.text)) found.add('ES');
    if (/\bEIN\b\s*:?\s*\d{2}-\d{7}\b/.test(l.text) || /,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/.test(l.text)) found.add('US');
    // Nordic company numbers: Norway's with its VAT suffix (`Org.nr. 912 345 678 MVA`), Denmark's CVR, Sweden's
    // organisationsnummer (`556677-8899`), which tell the krona of `kr`.
    if (/(?<![\d])\d{3}\s?\d{3}\s?\d{3}\s*MVA(?![\p{L}])/u.test(l.text)) found.add('NO');
    if (/(?<![\p{L}])CVR(?:-?nr\.?)?\s*:?\s*\d{2}\s?\d{2}\s?\d{2}\s?\d{2}(?!\d)/u.test(l.text)) found.add('DK');
    if (/(?<![\p{L}])(?:org\.?\s?nr\.?|organisationsnummer)\s*:?\s*\d{6}-\d{4}(?!\d)/iu.test(l.text)) found.add('SE');
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** The krona of each country that writes "kr". */
const KRONA_OF: Readonly<Record<string, string>> = { SE: 'SEK', DK: 'DKK', NO: 'NOK', IS: 'ISK', FO: 'DKK', GL: 'DKK' };

const negate = (e: Extracted<string> | undefined): void => {
  if (e && dec(e.value).isNegative()) e.value = dec(e.value).negated().toFixed(Math.max(2, dec(e.value).decimalPlaces()));
};

/** Days from one ISO date to another. */
const daysBetween = (from: string, to: string): number => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
/** A due date a usual payment term after the issue date (the day itself up to half a year). */
const usualTerm = (issue: string, due: string): boolean => {
  const days = daysBetween(issue, due);
  return days >= 0 && days <= 183;
};

/**
 * The issue and due dates read in the other numeric order, when no date of the document proves its order and the
 * assumed order puts the due date before the issue date or more than half a year after it, while the other order puts
 * it a usual term after (an English Odoo invoice of a European company prints `11/11/2023` and `01/10/2024`, month
 * first). Otherwise undefined: the first reading stands.
 */
function rereadDatesInOtherOrder(
  doc: TextDocument,
  ctx: ParseContext,
  heading: Parameters<typeof findIssueDate>[1],
  issueDate: Extracted<string> | undefined,
  dueDate: Extracted<string> | undefined,
  ocr: boolean,
): { issueDate: Extracted<string> | undefined; dueDate: Extracted<string> | undefined } | undefined {
  if (ctx.dateOrderProven || !issueDate || !dueDate || usualTerm(issueDate.value, dueDate.value)) return undefined;
  const other = createContext(doc, { ocr, dateOrder: ctx.dateOrder === 'DMY' ? 'MDY' : 'DMY' });
  const issue = findIssueDate(other, heading);
  const due = findDueDate(other);
  if (!issue || !due || !usualTerm(issue.value, due.value)) return undefined;
  return { issueDate: issue, dueDate: due };
}

/**
 * An OCR line whose first chunks are a salutation alone and the name after it, set apart by a gap wider than a word's
 * (OCR of a monospaced font reads `M.   Pierre Bernard`): the two as one chunk, as printed, so the name's line reads
 * as a salutation and a name (the salutation is then dropped from the name like any other).
 */
function joinSalutationChunks(doc: TextDocument): TextDocument {
  let changed = false;
  const lines = doc.lines.map((l): TextLine => {
    const [a, b] = l.chunks;
    if (!a || !b || !SALUTATION.test(a.text) || b.x - (a.x + a.width) > 3 * l.height) return l;
    changed = true;
    const parts = [{ text: `${a.text} ${b.text}`, x: a.x, width: b.x + b.width - a.x }, ...l.chunks.slice(2)];
    return makeLine(l.page, l.y, l.height, parts, { ...(l.confidence === undefined ? {} : { confidence: l.confidence }), ...(l.source === undefined ? {} : { source: l.source }) });
  });
  return changed ? { ...doc, lines } : doc;
}

/**
 * Parses positioned text into invoice data. Never throws for odd text: fields
 * that cannot be found are left out (see {@link assertUsable} for the
 * "nothing usable" verdict).
 */
export function parseInvoice(source: TextDocument, options: ParseInvoiceOptions): ExtractedInvoice {
  // OCR misspells legal forms in known ways (`Sp. z 0.0.`): spelt right, they tell a company name to the parser.
  const doc = options.ocr ? joinSalutationChunks(repairOcrLegalForms(source)) : source;
  const ctx = createContext(doc, { ocr: options.ocr ?? false });
  const notes = [...(options.notes ?? [])];
  const { number, heading } = findInvoiceNumber(ctx);
  const documentType = findDocumentType(ctx, heading);
  let issueDate = findIssueDate(ctx, heading);
  let dueDate = findDueDate(ctx);
  const reread = rereadDatesInOtherOrder(doc, ctx, heading, issueDate, dueDate, options.ocr ?? false);
  if (reread) ({ issueDate, dueDate } = reread);
  const currency = findCurrency(ctx);
  const parties = findParties(ctx);
  if (options.ocr) repairPartyNames(parties, [doc]);
  const totals = findTotals(ctx);
  const lines = findLineItems(ctx, totals.usedLines);
  // OCR drops decimal separators and whole amounts: the sum the lines must make tells which.
  if (options.ocr && !totals.totals.allowanceTotal) reconcileLineNets(lines, totals.lineTotal ?? totals.totals.totalHT, totals.lineTotal !== undefined || totals.consistent);
  const payment = findPayment(ctx);
  const paymentTerms = findPaymentTerms(ctx);

  const invoice: ExtractedInvoice = {
    method: options.method,
    exact: false,
    seller: parties.seller,
    buyer: parties.buyer,
    lines,
    vatBreakdown: totals.vatBreakdown,
    totals: totals.totals,
    checks: [],
    notes,
  };
  if (number) invoice.invoiceNumber = number;
  if (issueDate) invoice.invoiceDate = issueDate;
  if (dueDate && dueDate.value !== issueDate?.value) invoice.dueDate = dueDate;
  // The seller's country: its VAT number or address, else its bank account's, else an Indian GSTIN.
  const sellerCountry = parties.seller.country?.value ?? identifierCountry(ctx) ?? payment.iban?.value.slice(0, 2);
  if (currency?.value === KRONA) {
    // "kr" is the krona of Sweden, Denmark, Norway or Iceland: the seller's country tells which.
    const code = sellerCountry === undefined ? undefined : KRONA_OF[sellerCountry];
    if (code) invoice.currency = { ...currency, value: code, confidence: Math.min(currency.confidence, 0.75) };
    else notes.push('Amounts are in kronor ("kr") but the seller\'s country does not say which krona: no currency given.');
  } else if (currency) invoice.currency = currency;
  else if (sellerCountry && (EURO_AREA.has(sellerCountry) || COUNTRY_CURRENCY[sellerCountry])) {
    // No currency printed: the seller's country's currency, as a weak guess (the euro in the euro area).
    const code = EURO_AREA.has(sellerCountry) ? 'EUR' : COUNTRY_CURRENCY[sellerCountry]!;
    invoice.currency = extracted(ctx, code, 0.4, undefined, `inferred: seller in ${sellerCountry}`);
    notes.push(`No currency is printed; ${code} assumed from the seller's country (${sellerCountry}).`);
  }
  invoice.documentType = documentType;
  const otherTitle = findNonInvoiceTitle(ctx);
  if (otherTitle !== undefined) invoice.notAnInvoice = otherTitle;
  if (payment.iban) invoice.iban = payment.iban;
  if (payment.bic) invoice.bic = payment.bic;
  if (paymentTerms) invoice.paymentTerms = paymentTerms;

  // EN 16931 credit notes carry positive amounts; the type code gives the direction.
  if (documentType.value === '381' && invoice.totals.totalTTC && dec(invoice.totals.totalTTC.value).isNegative()) {
    const t = invoice.totals;
    for (const e of [t.totalHT, t.totalVAT, t.totalTTC, t.amountDue, totals.lineTotal]) negate(e);
    for (const r of invoice.vatBreakdown) {
      negate(r.base);
      negate(r.amount);
    }
    for (const l of invoice.lines) {
      negate(l.netAmount);
      negate(l.quantity);
      negate(l.unitPrice);
    }
    notes.push('Credit note printed with negative amounts: amounts given as positive values (the document type says credit note).');
  }

  invoice.checks = crossCheck(invoice, totals.lineTotal);
  if (ctx.doc.lines.length > 0 && !totals.consistent && invoice.totals.totalHT && invoice.totals.totalVAT && invoice.totals.totalTTC) {
    notes.push('The totals read do not add up (total without VAT + VAT != total with VAT): check them.');
  }
  return invoice;
}

/**
 * Throws {@link ExtractionError} when a result holds nothing usable: neither
 * an invoice number (BT-1) nor any total (BT-109 / BT-112 / BT-115).
 */
export function assertUsable(invoice: ExtractedInvoice): void {
  const t = invoice.totals;
  if (invoice.invoiceNumber || t.totalTTC || t.totalHT || t.amountDue) return;
  const missing = ['invoiceNumber', 'totals.totalHT', 'totals.totalTTC'];
  if (!invoice.invoiceDate) missing.push('invoiceDate');
  if (!invoice.seller.name) missing.push('seller.name');
  throw new ExtractionError('No invoice data could be read from the document: neither an invoice number nor a total was found.', missing);
}
