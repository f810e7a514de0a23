/**
 * Textract AnalyzeExpense responses -> the extraction port's ExtractedInvoice.
 *
 * Textract names each summary field with a normalised type (`Type.Text`:
 * INVOICE_RECEIPT_ID, VENDOR_NAME, TOTAL, ...) and gives the printed label
 * (`LabelDetection`), the printed value (`ValueDetection`) and confidences in
 * 0..100. A field's confidence here is the lower of the type and value
 * confidences, divided by 100: the value is right only if both the reading and
 * the classification are. A value whose number or date format had to be
 * guessed (numbers.ts; dates.ts, when no other date of the document settles
 * the day/month order and it was chosen from the currency and countries)
 * keeps 80 % of that, with a note.
 *
 * Mapping (port field <- Textract type):
 * - invoiceNumber (BT-1) <- INVOICE_RECEIPT_ID; invoiceDate (BT-2) <- INVOICE_RECEIPT_DATE; dueDate (BT-9) <- DUE_DATE
 * - seller.name (BT-27) <- VENDOR_NAME, NAME in a VENDOR group; seller.address (BG-5) <- VENDOR_ADDRESS, ADDRESS / ADDRESS_BLOCK in a VENDOR group
 * - buyer.name (BT-44) <- RECEIVER_NAME, NAME in a RECEIVER / BILL_TO / SOLD_TO group; buyer.address (BG-8) likewise;
 *   among competing names, the one heading the party's address wins and an "Attn:" contact loses (rankPartyNames)
 * - seller VAT / SIRET / SIREN (BT-31, BT-29, BT-30) <- VENDOR_VAT_NUMBER, TAX_PAYER_ID; buyer's <- RECEIVER_VAT_NUMBER; told apart
 *   by the field parser's classifyTaxId (country format and check digits; bare digits are French only with a label or on a
 *   French document: DocumentEvidence, gathered from the whole response first)
 * - totals.totalHT (BT-109) <- SUBTOTAL; totals.totalVAT (BT-110) <- TAX without a rate in its label;
 *   vatBreakdown (BG-23) <- TAX whose label names a rate (`TVA 20 %`); totals.totalTTC (BT-112) <- TOTAL;
 *   totals.allowanceTotal (BT-107) <- DISCOUNT (as a positive amount); totals.amountDue (BT-115) <- AMOUNT_DUE; totals.prepaid (BT-113) <- AMOUNT_PAID unless it is the cash tendered (more than the total)
 * - paymentTerms (BT-20) <- PAYMENT_TERMS; iban (BT-84) <- ACCOUNT_NUMBER, an OTHER labelled IBAN, else an IBAN in an OCR line, when the
 *   check digits hold; bic (BT-86) <- OTHER labelled BIC / SWIFT
 * - currency (BT-5) <- the fields' `Currency.Code`, at its own confidence or, as real responses send `{Code}` alone, the field's
 * - lines (BG-25) <- LineItemGroups: description (BT-153) <- ITEM, else DESCRIPTION, else EXPENSE_ROW; quantity (BT-129) <- QUANTITY,
 *   unitPrice (BT-146) <- UNIT_PRICE, netAmount (BT-131) <- PRICE, else the line's TOTAL; vatRate (BT-152) <- OTHER labelled VAT / TVA / MwSt
 */
import type { AnalyzeExpenseResponse, ExpenseField } from '@aws-sdk/client-textract';
import { detectCountryFromAddress } from '../../../lib/input/address.js';
import { countryFromVatNumber } from '../../../lib/input/country.js';
import { countryCodeFromName } from '../../../lib/input/country-names.js';
import { normalizeCountryCode } from '../../../lib/input/iso-3166.js';
import type { Extracted, ExtractedInvoice, ExtractedLine, ExtractedParty } from '../../../lib/extract/port.js';
import { dec } from '../../../lib/model/decimal.js';
import {
  classifyTaxId,
  currenciesInText,
  decideDateOrder,
  isMonthFirstDocument,
  joinLines,
  type DateOrderDecision,
  type DocumentEvidence,
} from '../../../lib/extract/field-parser/index.js';
import { normaliseDate } from './dates.js';
import { ibansInText, normaliseBic, normaliseIban } from './identifiers.js';
import { canonicalNumber, normaliseNumber, type NumberKind } from './numbers.js';

/** What Textract read: the invoice in the port's shape, and the OCR text lines for the model and for grounding. */
export interface TextractReading {
  invoice: ExtractedInvoice;
  /** Text lines (LINE blocks) page by page, `--- page N ---` between pages. */
  text: string;
  /** Pages analysed. */
  pages: number;
}

/** Share of a confidence kept when a number or date format had to be guessed. */
const AMBIGUITY_FACTOR = 0.8;

/** A value Textract offered for one port field. */
interface Candidate<T> {
  value: T;
  confidence: number;
  source: string;
  /** As printed, for notes. */
  printed: string;
  /** Lower wins before confidence: an explicit type (VENDOR_NAME) beats a grouped one (NAME in a VENDOR group). */
  rank: number;
  /** The printed label, when Textract read one. */
  label?: string;
}

type PartyRole = 'seller' | 'buyer' | 'other';

const TAX_LABEL = /\b(?:tva|vat|mwst|ust|iva|btw|moms|tax|taxe|impuesto|imposta)\b/i;
const RATE_IN_LABEL = /(\d{1,2}(?:[.,]\d{1,3})?)\s*%/;
/** Labels of the cash given back on a receipt, and of the money tendered. */
const CHANGE_LABEL = /\b(?:change|rendu|monnaie|r[üu]ckgeld|wechselgeld|cambio|resto)\b/i;
const TENDER_LABEL = /\b(?:tend(?:er(?:ed)?)?|cash|esp[eè]ces|bar|efectivo|contanti)\b/i;
const CREDIT_NOTE = /\b(?:avoir|credit\s*note|gutschrift|nota\s+de\s+cr[eé]dito|nota\s+di\s+credito|creditnota)\b/i;

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function fieldConfidence(field: ExpenseField): number {
  const type = field.Type?.Confidence ?? 100;
  const value = field.ValueDetection?.Confidence ?? 0;
  return round3(Math.max(0, Math.min(type, value, 100)) / 100);
}

function fieldText(field: ExpenseField): string | undefined {
  const text = field.ValueDetection?.Text?.trim();
  return text === undefined || text === '' ? undefined : text;
}

function fieldSource(field: ExpenseField, pageOffset: number): string {
  const page = (field.PageNumber ?? 1) + pageOffset;
  const label = field.LabelDetection?.Text?.trim();
  return label ? `textract page ${page}, "${label}"` : `textract page ${page}`;
}

/** The party a grouped field (NAME, ADDRESS, ...) belongs to, from its GroupProperties types. */
export function partyOfGroups(field: ExpenseField): PartyRole {
  const types = (field.GroupProperties ?? []).flatMap((g) => g.Types ?? []).map((t) => t.toUpperCase());
  if (types.some((t) => t.includes('VENDOR') || t.includes('SUPPLIER') || t.includes('REMIT'))) return 'seller';
  if (types.some((t) => t.includes('BILL_TO') || t.includes('SOLD_TO'))) return 'buyer';
  if (types.some((t) => t.includes('RECEIVER')) && !types.some((t) => t.includes('SHIP_TO'))) return 'buyer';
  return 'other';
}

/** Collects candidates per port path and picks one per path. */
class Collector {
  private readonly byPath = new Map<string, Candidate<string>[]>();
  readonly notes: string[] = [];

  add(path: string, candidate: Candidate<string>): void {
    const list = this.byPath.get(path) ?? [];
    list.push(candidate);
    this.byPath.set(path, list);
  }

  /** The candidates collected for `path`. */
  candidates(path: string): readonly Candidate<string>[] {
    return this.byPath.get(path) ?? [];
  }

  /** Changes the ranks of the candidates of `path`. */
  rerank(path: string, rank: (c: Candidate<string>) => number): void {
    for (const c of this.byPath.get(path) ?? []) c.rank = rank(c);
  }

  /** The collected paths starting with `prefix`. */
  paths(prefix: string): string[] {
    return [...this.byPath.keys()].filter((k) => k.startsWith(prefix));
  }

  /** The best candidate (rank, then confidence); a note when others disagree with it. */
  pick(path: string, same: (a: string, b: string) => boolean = (a, b) => a === b): Extracted<string> | undefined {
    const list = this.byPath.get(path);
    if (!list || list.length === 0) return undefined;
    const sorted = [...list].sort((a, b) => a.rank - b.rank || b.confidence - a.confidence);
    const best = sorted[0]!;
    const others = sorted.filter((c) => !same(c.value, best.value));
    if (others.length > 0) {
      this.notes.push(
        `Textract read different values for ${path}: kept "${best.printed}" (${best.source}), not ${others
          .map((o) => `"${o.printed}" (${o.source})`)
          .join(', ')}.`,
      );
    }
    return { value: best.value, confidence: best.confidence, source: best.source };
  }
}

const sameNumber = (a: string, b: string): boolean => canonicalNumber(a) === canonicalNumber(b);

function numberCandidate(field: ExpenseField, pageOffset: number, kind: NumberKind, rank = 0): Candidate<string> | undefined {
  const printed = fieldText(field);
  if (printed === undefined) return undefined;
  const n = normaliseNumber(printed, kind);
  if (n === undefined) return undefined;
  const confidence = round3(fieldConfidence(field) * (n.ambiguous ? AMBIGUITY_FACTOR : 1));
  return { value: n.value, confidence, source: fieldSource(field, pageOffset), printed, rank };
}

function absolute(c: Candidate<string> | undefined): Candidate<string> | undefined {
  return c === undefined ? undefined : { ...c, value: c.value.replace(/^-/, '') };
}

function textCandidate(field: ExpenseField, pageOffset: number, rank = 0): Candidate<string> | undefined {
  const printed = fieldText(field);
  if (printed === undefined) return undefined;
  const value = joinLines(printed.split('\n'));
  if (value === '') return undefined;
  const label = field.LabelDetection?.Text?.trim();
  return { value, confidence: fieldConfidence(field), source: fieldSource(field, pageOffset), printed, rank, ...(label ? { label } : {}) };
}

/** What is known of the whole document before its fields are read. */
interface DocumentContext {
  evidence: DocumentEvidence;
  dateOrder: DateOrderDecision;
}

function dateCandidate(field: ExpenseField, pageOffset: number, context: DocumentContext, notes: string[]): Candidate<string> | undefined {
  const printed = fieldText(field);
  if (printed === undefined) return undefined;
  const source = fieldSource(field, pageOffset);
  const { order, proven } = context.dateOrder;
  const d = normaliseDate(printed, order);
  if (d === undefined) {
    notes.push(`Textract read a ${field.Type?.Text ?? 'date'} "${printed}" (${source}) that is no calendar date we can read; ignored.`);
    return undefined;
  }
  // Another date of the document settles the order; otherwise it was chosen from the currency and countries.
  const guessed = d.ambiguous && !proven;
  if (guessed) {
    notes.push(
      `The date "${printed}" (${source}) reads either way; taken ${order === 'MDY' ? 'month first (a US document: US dollars or a US address)' : 'day first'}.`,
    );
  }
  const confidence = round3(fieldConfidence(field) * (guessed ? AMBIGUITY_FACTOR : 1));
  return { value: d.value, confidence, source, printed, rank: 0 };
}

/** Every text of the responses (field values, OCR lines), where dates that prove the day/month order are looked for. */
function documentTexts(responses: readonly AnalyzeExpenseResponse[]): string[] {
  const texts: string[] = [];
  for (const response of responses) {
    for (const doc of response.ExpenseDocuments ?? []) {
      const items = (doc.LineItemGroups ?? []).flatMap((g) => g.LineItems ?? []).flatMap((i) => i.LineItemExpenseFields ?? []);
      for (const field of [...(doc.SummaryFields ?? []), ...items]) {
        const text = fieldText(field);
        if (text !== undefined) texts.push(text);
      }
      for (const block of doc.Blocks ?? []) if (block.BlockType === 'LINE' && block.Text) texts.push(block.Text);
    }
  }
  return texts;
}

function mapped(field: ExpenseField, pageOffset: number, transform: (text: string) => string | undefined, rank = 0): Candidate<string> | undefined {
  const printed = fieldText(field);
  if (printed === undefined) return undefined;
  const value = transform(printed);
  return value === undefined ? undefined : { value, confidence: fieldConfidence(field), source: fieldSource(field, pageOffset), printed, rank };
}

/** Share of a confidence kept by an identifier whose check digits are wrong. */
const WRONG_CHECKSUM_FACTOR = 0.5;

function addTaxId(collector: Collector, party: 'seller' | 'buyer', field: ExpenseField, pageOffset: number, rank: number, evidence: DocumentEvidence): void {
  const printed = fieldText(field);
  if (printed === undefined) return;
  const label = field.LabelDetection?.Text ?? '';
  const id = classifyTaxId(printed, { label, evidence });
  const source = fieldSource(field, pageOffset);
  if (id === undefined) {
    collector.notes.push(
      `Textract read a tax identifier "${printed}" (${source}) that is no VAT number of a known country format, and no SIRET or SIREN (no such label, or not a French document with valid check digits); ignored.`,
    );
    return;
  }
  let confidence = fieldConfidence(field);
  if (id.checksum === false) {
    confidence = round3(confidence * WRONG_CHECKSUM_FACTOR);
    collector.notes.push(`The check digits of the ${id.kind === 'vat' ? 'VAT number' : id.kind.toUpperCase()} "${printed}" (${source}) are wrong.`);
  }
  const path = `${party}.${id.kind === 'vat' ? 'vatNumber' : id.kind}`;
  collector.add(path, { value: id.value, confidence, source, printed, rank });
}

const ADDRESS_TYPES: ReadonlySet<string> = new Set(['VENDOR_ADDRESS', 'RECEIVER_ADDRESS', 'ADDRESS', 'ADDRESS_BLOCK']);
const TAX_ID_TYPES: ReadonlySet<string> = new Set(['VENDOR_VAT_NUMBER', 'RECEIVER_VAT_NUMBER', 'TAX_PAYER_ID']);

/**
 * What the whole response shows of the document's origin, gathered before any
 * field is read: currency codes and symbols, countries of COUNTRY fields,
 * addresses and VAT prefixes.
 */
export function gatherEvidence(responses: readonly AnalyzeExpenseResponse[]): DocumentEvidence {
  const currencies = new Set<string>();
  const countries = new Set<string>();
  for (const response of responses) {
    for (const doc of response.ExpenseDocuments ?? []) {
      const items = (doc.LineItemGroups ?? []).flatMap((g) => g.LineItems ?? []).flatMap((i) => i.LineItemExpenseFields ?? []);
      for (const field of [...(doc.SummaryFields ?? []), ...items]) {
        const code = field.Currency?.Code?.trim().toUpperCase();
        if (code && /^[A-Z]{3}$/.test(code)) currencies.add(code);
        const text = fieldText(field);
        if (text === undefined) continue;
        for (const c of currenciesInText(text)) currencies.add(c);
        const type = field.Type?.Text?.toUpperCase() ?? '';
        let country: string | undefined;
        if (type === 'COUNTRY') country = normalizeCountryCode(text) ?? countryCodeFromName(text);
        else if (ADDRESS_TYPES.has(type)) country = detectCountryFromAddress(text);
        else if (TAX_ID_TYPES.has(type)) {
          const id = classifyTaxId(text);
          if (id?.kind === 'vat') country = countryFromVatNumber(id.value);
        }
        if (country !== undefined) countries.add(country);
      }
    }
  }
  return { currencies, countries };
}

function addCurrency(collector: Collector, field: ExpenseField, pageOffset: number): void {
  const code = field.Currency?.Code?.trim().toUpperCase();
  if (code && /^[A-Z]{3}$/.test(code)) {
    // Real responses give `{Code}` alone: the code was then read with the value it decorates, at the field's confidence.
    const own = field.Currency?.Confidence;
    const confidence = own === undefined ? fieldConfidence(field) : round3(Math.min(Math.max(own, 0), 100) / 100);
    collector.add('currency', { value: code, confidence, source: fieldSource(field, pageOffset), printed: code, rank: 0 });
  }
}

function readSummaryField(collector: Collector, field: ExpenseField, pageOffset: number, context: DocumentContext): void {
  const { evidence } = context;
  const type = field.Type?.Text?.toUpperCase() ?? 'OTHER';
  const label = field.LabelDetection?.Text ?? '';
  const add = (path: string, candidate: Candidate<string> | undefined): void => {
    if (candidate !== undefined) collector.add(path, candidate);
  };
  addCurrency(collector, field, pageOffset);
  const group = partyOfGroups(field);
  switch (type) {
    case 'INVOICE_RECEIPT_ID':
      return add('invoiceNumber', textCandidate(field, pageOffset));
    case 'INVOICE_RECEIPT_DATE':
      return add('invoiceDate', dateCandidate(field, pageOffset, context, collector.notes));
    case 'DUE_DATE':
      return add('dueDate', dateCandidate(field, pageOffset, context, collector.notes));
    case 'VENDOR_NAME':
      return add('seller.name', textCandidate(field, pageOffset));
    case 'RECEIVER_NAME':
      return add('buyer.name', textCandidate(field, pageOffset));
    case 'VENDOR_ADDRESS':
      return add('seller.address', textCandidate(field, pageOffset));
    case 'RECEIVER_ADDRESS':
      return add('buyer.address', textCandidate(field, pageOffset));
    case 'NAME':
      if (group !== 'other') add(`${group}.name`, textCandidate(field, pageOffset, 1));
      return;
    case 'ADDRESS':
    case 'ADDRESS_BLOCK':
      if (group !== 'other') add(`${group}.address`, textCandidate(field, pageOffset, type === 'ADDRESS' ? 1 : 2));
      return;
    case 'COUNTRY':
      if (group !== 'other') add(`${group}.country`, mapped(field, pageOffset, (t) => normalizeCountryCode(t) ?? countryCodeFromName(t)));
      return;
    case 'VENDOR_VAT_NUMBER':
      return addTaxId(collector, 'seller', field, pageOffset, 0, evidence);
    case 'TAX_PAYER_ID':
      return addTaxId(collector, group === 'buyer' ? 'buyer' : 'seller', field, pageOffset, 1, evidence);
    case 'RECEIVER_VAT_NUMBER':
      return addTaxId(collector, 'buyer', field, pageOffset, 0, evidence);
    case 'SUBTOTAL':
      return add('totals.totalHT', numberCandidate(field, pageOffset, 'amount'));
    case 'TAX':
      return readTax(collector, field, pageOffset);
    case 'TOTAL':
      return add('totals.totalTTC', numberCandidate(field, pageOffset, 'amount'));
    case 'DISCOUNT':
      // Printed negative or not ("Adjustments $-1,136.16"), BT-107 is the positive amount deducted.
      return add('totals.allowanceTotal', absolute(numberCandidate(field, pageOffset, 'amount')));
    case 'AMOUNT_DUE':
      return add('totals.amountDue', numberCandidate(field, pageOffset, 'amount'));
    case 'AMOUNT_PAID':
      // Decided once the total is known (readPaidAmount): on receipts this is the cash tendered.
      return add('totals.paid', numberCandidate(field, pageOffset, 'amount'));
    case 'PAYMENT_TERMS':
      return add('paymentTerms', textCandidate(field, pageOffset));
    case 'ACCOUNT_NUMBER':
      return add('iban', mapped(field, pageOffset, normaliseIban));
    case 'OTHER':
      if (CHANGE_LABEL.test(label)) add('totals.change', numberCandidate(field, pageOffset, 'amount'));
      else if (/\biban\b/i.test(label)) add('iban', mapped(field, pageOffset, normaliseIban, 1));
      else if (/\b(?:bic|swift)\b/i.test(label)) add('bic', mapped(field, pageOffset, normaliseBic, 1));
      else if (/\b(?:siret|siren|rcs)\b/i.test(label)) addTaxId(collector, group === 'buyer' ? 'buyer' : 'seller', field, pageOffset, 2, evidence);
      else if (TAX_LABEL.test(label) && /[A-Z]{2}/i.test(fieldText(field) ?? '')) {
        const id = classifyTaxId(fieldText(field) ?? '', { label });
        if (id?.kind === 'vat') addTaxId(collector, group === 'buyer' ? 'buyer' : 'seller', field, pageOffset, 2, evidence);
      }
      return;
    default:
      return;
  }
}

/** VAT amounts: a rate in the label makes a breakdown row (BG-23), otherwise the VAT total (BT-110). */
function readTax(collector: Collector, field: ExpenseField, pageOffset: number): void {
  const label = field.LabelDetection?.Text ?? '';
  const printed = fieldText(field) ?? '';
  const rateInLabel = RATE_IN_LABEL.exec(label)?.[1];
  if (/%/.test(printed) && rateInLabel === undefined) {
    // The value itself is a rate ("20 %"), not an amount.
    const rate = normaliseNumber(printed, 'quantity');
    if (rate) collector.add('vatRates', { value: rate.value, confidence: fieldConfidence(field), source: fieldSource(field, pageOffset), printed, rank: 0 });
    return;
  }
  const amount = numberCandidate(field, pageOffset, 'amount');
  if (amount === undefined) return;
  if (rateInLabel !== undefined) {
    const rate = normaliseNumber(rateInLabel, 'quantity')!.value;
    collector.add(`vatBreakdown:${canonicalNumber(rate)}`, { ...amount, value: `${rate}|${amount.value}` });
  } else {
    collector.add('totals.totalVAT', amount);
  }
}

function readLine(fields: readonly ExpenseField[], pageOffset: number, notes: string[], index: number): ExtractedLine | undefined {
  const first = <T>(type: string, read: (f: ExpenseField) => T | undefined): T | undefined => {
    for (const f of fields) {
      if (f.Type?.Text?.toUpperCase() !== type) continue;
      const value = read(f);
      if (value !== undefined) return value;
    }
    return undefined;
  };
  const asExtracted = (c: Candidate<string> | undefined): Extracted<string> | undefined =>
    c === undefined ? undefined : { value: c.value, confidence: c.confidence, source: c.source };

  // The whole row (EXPENSE_ROW) is a last resort: it repeats quantities and amounts.
  const description =
    asExtracted(first('ITEM', (f) => textCandidate(f, pageOffset))) ??
    asExtracted(first('DESCRIPTION', (f) => textCandidate(f, pageOffset))) ??
    asExtracted(first('EXPENSE_ROW', (f) => textCandidate(f, pageOffset)));
  const quantity = asExtracted(first('QUANTITY', (f) => numberCandidate(f, pageOffset, 'quantity')));
  const unitPrice = asExtracted(first('UNIT_PRICE', (f) => numberCandidate(f, pageOffset, 'quantity')));
  const netAmount =
    asExtracted(first('PRICE', (f) => numberCandidate(f, pageOffset, 'amount'))) ??
    asExtracted(first('TOTAL', (f) => numberCandidate(f, pageOffset, 'amount')));
  const vatRate = asExtracted(
    first('OTHER', (f) => (TAX_LABEL.test(f.LabelDetection?.Text ?? '') ? numberCandidate(f, pageOffset, 'quantity') : undefined)),
  );
  if (description === undefined) {
    notes.push(`Textract line item ${index + 1} has no description; dropped.`);
    return undefined;
  }
  if (quantity === undefined && unitPrice === undefined && netAmount === undefined) {
    notes.push(`Textract line item ${index + 1} ("${description.value}") has no quantity, price or amount; dropped.`);
    return undefined;
  }
  return {
    description,
    ...(quantity ? { quantity } : {}),
    ...(unitPrice ? { unitPrice } : {}),
    ...(vatRate ? { vatRate } : {}),
    ...(netAmount ? { netAmount } : {}),
  };
}

/** A label or prefix naming a person to the attention of whom a document is sent, not the party itself. */
const ATTENTION = /^\s*(?:attn\b|attention\b|c\/o\b|z\.\s?h(?:d|än)|zu h[äa]nden|[àa] l'attention|contact\b|ansprechpartner)/i;

function nameKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Orders competing names of a party (BT-27 / BT-44) by what the document
 * says, before confidence: a name that heads the party's address block is the
 * addressee; one labelled or prefixed `Attn:` (`À l'attention de`, `z. Hd.`)
 * is a contact person there, kept only when no other name was read.
 */
function rankPartyNames(collector: Collector, role: 'seller' | 'buyer'): void {
  const path = `${role}.name`;
  const names = collector.candidates(path);
  if (names.length < 2) return;
  const heads = new Set(collector.candidates(`${role}.address`).map((a) => nameKey(a.printed.split('\n')[0] ?? '')));
  const contacts = names.filter((c) => ATTENTION.test(c.label ?? '') || ATTENTION.test(c.printed));
  collector.rerank(path, (c) => c.rank + (contacts.includes(c) ? 10 : 0) - (heads.has(nameKey(c.value)) ? 0.5 : 0));
  if (contacts.length > 0 && contacts.length < names.length) {
    collector.notes.push(
      `${contacts.map((c) => `"${c.value}" (${c.source})`).join(', ')} is a contact person ("Attn:"), not the ${role === 'buyer' ? 'buyer' : 'seller'}'s name.`,
    );
  }
}

function party(collector: Collector, role: 'seller' | 'buyer'): ExtractedParty {
  rankPartyNames(collector, role);
  const result: ExtractedParty = {};
  for (const key of ['name', 'address', 'vatNumber', 'siret', 'siren', 'country'] as const) {
    const value = collector.pick(`${role}.${key}`);
    if (value !== undefined) result[key] = value;
  }
  return result;
}

/**
 * AMOUNT_PAID as the paid amount (BT-113), unless it is the cash tendered on a
 * receipt: more than the total (`CASH RM 70.30` for a total of 60.30, with
 * `CHANGE RM 10.00`), or labelled as tendered with no total to compare. BT-113
 * can never exceed the total it is deducted from (BR-CO-16).
 */
function readPaidAmount(invoice: ExtractedInvoice, paid: Extracted<string> | undefined, change: Extracted<string> | undefined, notes: string[]): void {
  if (paid === undefined) return;
  const total = invoice.totals.totalTTC;
  const label = /"([^"]*)"$/.exec(paid.source ?? '')?.[1] ?? '';
  const changeText = change === undefined ? '' : `, change ${change.value}`;
  if (total !== undefined && dec(paid.value).gt(dec(total.value))) {
    notes.push(
      `Textract read an amount paid of ${paid.value} (${paid.source}), more than the total ${total.value}${changeText}: the cash tendered, not a paid amount (BT-113); ignored.`,
    );
    return;
  }
  if (total === undefined && TENDER_LABEL.test(label)) {
    notes.push(`Textract read an amount tendered of ${paid.value} (${paid.source}) and no total to compare it with; not taken as a paid amount (BT-113).`);
    return;
  }
  invoice.totals.prepaid = paid;
}

/**
 * Maps AnalyzeExpense responses to an ExtractedInvoice (method `textract`).
 * Several responses are the pages of one document analysed one by one: page
 * numbers continue from one response to the next. Every expense document
 * Textract found is read into the same invoice (a page holds one invoice).
 */
export function readExpenseAnalysis(responses: readonly AnalyzeExpenseResponse[]): TextractReading {
  const collector = new Collector();
  const evidence = gatherEvidence(responses);
  const context: DocumentContext = { evidence, dateOrder: decideDateOrder(documentTexts(responses), isMonthFirstDocument(evidence)) };
  const lines: ExtractedLine[] = [];
  const textParts: string[] = [];
  let pageOffset = 0;
  let lineIndex = 0;
  for (const response of responses) {
    const documents = response.ExpenseDocuments ?? [];
    if (documents.length > 1) {
      collector.notes.push(`Textract found ${documents.length} expense documents${responses.length > 1 ? ` on page ${pageOffset + 1}` : ''}; they were read as one invoice.`);
    }
    const seenBlocks = new Set<string>();
    const pageLines = new Map<number, string[]>();
    for (const doc of documents) {
      for (const field of doc.SummaryFields ?? []) readSummaryField(collector, field, pageOffset, context);
      for (const group of doc.LineItemGroups ?? []) {
        for (const item of group.LineItems ?? []) {
          const fields = item.LineItemExpenseFields ?? [];
          for (const f of fields) addCurrency(collector, f, pageOffset);
          const line = readLine(fields, pageOffset, collector.notes, lineIndex++);
          if (line) lines.push(line);
        }
      }
      for (const block of doc.Blocks ?? []) {
        if (block.BlockType !== 'LINE' || !block.Text) continue;
        if (block.Id !== undefined) {
          if (seenBlocks.has(block.Id)) continue;
          seenBlocks.add(block.Id);
        }
        const page = (block.Page ?? 1) + pageOffset;
        const lines = pageLines.get(page);
        if (lines === undefined) pageLines.set(page, [block.Text]);
        else lines.push(block.Text);
        // Textract seldom types an IBAN: a valid one in an OCR line is a fallback candidate.
        for (const iban of ibansInText(block.Text)) {
          const confidence = round3(Math.min(block.Confidence ?? 0, 100) / 100);
          collector.add('iban', { value: iban, confidence, source: `textract page ${page}, line "${block.Text}"`, printed: block.Text, rank: 3 });
        }
      }
    }
    for (const [page, texts] of [...pageLines].sort((a, b) => a[0] - b[0])) textParts.push(`--- page ${page} ---`, ...texts);
    pageOffset += Math.max(1, response.DocumentMetadata?.Pages ?? 1);
  }

  const text = textParts.join('\n');
  const invoice: ExtractedInvoice = {
    method: 'textract',
    exact: false,
    seller: party(collector, 'seller'),
    buyer: party(collector, 'buyer'),
    lines,
    vatBreakdown: [],
    totals: {},
    checks: [],
    notes: [],
  };
  const pick = (path: string, same?: (a: string, b: string) => boolean): Extracted<string> | undefined => collector.pick(path, same);
  const set = <K extends 'invoiceNumber' | 'invoiceDate' | 'dueDate' | 'currency' | 'iban' | 'bic' | 'paymentTerms'>(key: K, path: string = key): void => {
    const value = pick(path);
    if (value !== undefined) invoice[key] = value;
  };
  set('invoiceNumber');
  set('invoiceDate');
  set('dueDate');
  set('currency');
  set('iban');
  set('bic');
  set('paymentTerms');
  for (const key of ['totalHT', 'totalVAT', 'totalTTC', 'amountDue', 'allowanceTotal'] as const) {
    const value = pick(`totals.${key}`, sameNumber);
    if (value !== undefined) invoice.totals[key] = value;
  }
  readPaidAmount(invoice, pick('totals.paid', sameNumber), pick('totals.change', sameNumber), collector.notes);
  const breakdownPaths = collector.paths('vatBreakdown:').sort((a, b) => Number(a.split(':')[1]) - Number(b.split(':')[1]));
  for (const path of breakdownPaths) {
    const row = pick(path, (a, b) => sameNumber(a.split('|')[1]!, b.split('|')[1]!));
    if (row === undefined) continue;
    const [rate, amount] = row.value.split('|') as [string, string];
    invoice.vatBreakdown.push({ rate: { ...row, value: rate }, amount: { ...row, value: amount } });
  }
  if (invoice.vatBreakdown.length === 0) {
    const rate = pick('vatRates', sameNumber);
    if (rate !== undefined) invoice.vatBreakdown.push({ rate });
  }
  const creditNote = CREDIT_NOTE.exec(text);
  if (creditNote) invoice.documentType = { value: '381', confidence: 0.6, source: `textract text "${creditNote[0]}"` };
  invoice.notes.push(...collector.notes);
  return { invoice, text, pages: pageOffset };
}

/**
 * Textract's fields as compact text for the model: one summary field per line
 * (`TYPE | label as printed | value | confidence %`), then the line items.
 * Confidences let the model prefer the OCR text where Textract hesitated.
 */
export function describeExpenseFields(responses: readonly AnalyzeExpenseResponse[]): string {
  const out: string[] = ['Textract summary fields (type | printed label | printed value | confidence %):'];
  const describe = (f: ExpenseField): string =>
    `${f.Type?.Text ?? 'OTHER'} | ${(f.LabelDetection?.Text ?? '').replace(/\s+/g, ' ')} | ${(f.ValueDetection?.Text ?? '').replace(/\s+/g, ' ')} | ${Math.round(
      Math.min(f.Type?.Confidence ?? 100, f.ValueDetection?.Confidence ?? 0),
    )}`;
  const items: string[] = [];
  for (const response of responses) {
    for (const doc of response.ExpenseDocuments ?? []) {
      for (const f of doc.SummaryFields ?? []) out.push(describe(f));
      for (const group of doc.LineItemGroups ?? []) {
        for (const item of group.LineItems ?? []) {
          items.push(`${items.length + 1}. ${(item.LineItemExpenseFields ?? []).filter((f) => f.Type?.Text !== 'EXPENSE_ROW').map(describe).join(' ; ')}`);
        }
      }
    }
  }
  out.push('', 'Textract line items:', ...(items.length > 0 ? items : ['(none)']));
  return out.join('\n');
}
