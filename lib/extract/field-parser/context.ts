/**
 * What every field finder shares about a document: folded line texts, the
 * document's decimal separator and date order, and the amounts and dates of
 * each line (computed once).
 */
import type { Extracted } from '../port.js';
import { decideDateOrder, findDates, findPartialDates, type DateOrder, type DateToken } from './dates.js';
import { findIbans, findVatNumbers, type IdentifierToken } from './identifiers.js';
import { currenciesInText, isMonthFirstDocument } from './evidence.js';
import { detectDecimalStyle, findAmounts, type AmountToken, type DecimalStyle } from './numbers.js';
import { describeLine, fold, type TextDocument, type TextLine } from './text.js';

/** Parsing state for one document. */
export interface ParseContext {
  doc: TextDocument;
  lines: TextLine[];
  folded: string[];
  decimal: DecimalStyle;
  dateOrder: DateOrder;
  /** True when a date of the document proves its numeric date order (a part above 12), false when it was assumed. */
  dateOrderProven: boolean;
  /** Multiplier applied to every confidence (lower for OCR text). */
  reliability: number;
  /** The text came from OCR (letters may be misread). */
  ocr: boolean;
  amounts(line: number): AmountToken[];
  dates(line: number): DateToken[];
  /** VAT numbers of a line (identifiers.ts findVatNumbers), computed once; read-only. */
  vatNumbers(line: number): readonly IdentifierToken[];
  /** IBANs of a line (identifiers.ts findIbans), computed once; read-only. */
  ibans(line: number): readonly IdentifierToken[];
}

/** Options of the parse that depend on the source. */
export interface ContextOptions {
  /** The text came from OCR: confidences are scaled by the OCR word confidence. */
  ocr?: boolean;
  /** Reads numeric dates in this order whatever the document's dates suggest (a second reading, parse-invoice.ts). */
  dateOrder?: DateOrder;
}

/** Builds the context: folds lines, detects the decimal separator and the date order. */
export function createContext(doc: TextDocument, options: ContextOptions = {}): ParseContext {
  const lines = doc.lines;
  const folded = lines.map((l) => fold(l.text));
  const decimal = detectDecimalStyle(lines.map((l) => l.text));
  const currencies = new Set(folded.flatMap((f) => [...currenciesInText(f)]));
  // A US address ("Austin, TX 78701") or EIN tells a US document as well as its dollars do.
  const countries = new Set<string>(lines.some((l) => /,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?\b|\bEIN\b\s*:?\s*\d{2}-\d{7}\b/.test(l.text)) ? ['US'] : []);
  const decided = decideDateOrder(lines.map((l) => l.text), isMonthFirstDocument({ currencies, countries }));
  const dateOrder = options.dateOrder ?? decided.order;
  const amountCache = new Map<number, AmountToken[]>();
  const dateCache = new Map<number, DateToken[]>();
  const vatCache = new Map<number, IdentifierToken[]>();
  const ibanCache = new Map<number, IdentifierToken[]>();
  const memo = (cache: Map<number, IdentifierToken[]>, find: (text: string) => IdentifierToken[], i: number): IdentifierToken[] => {
    let found = cache.get(i);
    if (found === undefined) {
      found = find(lines[i]?.text ?? '');
      cache.set(i, found);
    }
    return found;
  };
  const ctx: ParseContext = {
    doc,
    lines,
    folded,
    decimal,
    dateOrder,
    dateOrderProven: decided.proven,
    reliability: options.ocr ? 0.85 : 1,
    ocr: options.ocr ?? false,
    dates(i) {
      let d = dateCache.get(i);
      if (d === undefined) {
        d = findDates(lines[i]?.text ?? '', { order: dateOrder });
        dateCache.set(i, d);
      }
      return d;
    },
    vatNumbers: (i) => memo(vatCache, findVatNumbers, i),
    ibans: (i) => memo(ibanCache, findIbans, i),
    amounts(i) {
      let a = amountCache.get(i);
      if (a === undefined) {
        // Dates and identifiers are masked first so `05.03.2018` or an IBAN never read as amounts.
        let text = lines[i]?.text ?? '';
        const spans = [...ctx.dates(i), ...findPartialDates(text), ...ctx.ibans(i), ...ctx.vatNumbers(i)];
        for (const d of spans) text = text.slice(0, d.index) + ' '.repeat(d.length) + text.slice(d.index + d.length);
        // Numbers on both sides of a percent sign between digits (`20%6 234.56`: a year and an amount OCR glued) are no amounts.
        a = findAmounts(text, decimal).filter((t) => text[t.index - 1] !== '%' && !/^%\d/.test(text.slice(t.index + t.length)));
        amountCache.set(i, a);
      }
      return a;
    },
  };
  return ctx;
}

/** Wraps a value with its confidence (scaled by the source's reliability and the line's OCR confidence) and source. */
export function extracted<T>(ctx: ParseContext, value: T, confidence: number, line: number | undefined, source?: string): Extracted<T> {
  let c = confidence * ctx.reliability;
  const ocrConfidence = line === undefined ? undefined : ctx.lines[line]?.confidence;
  if (ocrConfidence !== undefined) c *= 0.5 + 0.5 * ocrConfidence;
  const out: Extracted<T> = { value, confidence: round3(Math.min(1, Math.max(0, c))) };
  const where = source ?? (line === undefined ? undefined : describeLine(ctx.doc, line));
  if (where !== undefined) out.source = where;
  return out;
}

/** Rounds a confidence to three decimals (display only; never money). */
export function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** Raises a confidence after a confirming cross-check. */
export function raise<T>(e: Extracted<T> | undefined, to = 0.97): void {
  if (e) e.confidence = round3(Math.max(e.confidence, Math.min(1, e.confidence + (1 - e.confidence) * 0.7, to)));
}

/** Lowers a confidence after a contradicting cross-check. */
export function lower<T>(e: Extracted<T> | undefined, factor = 0.6): void {
  if (e) e.confidence = round3(e.confidence * factor);
}

/** A candidate value for a field, with a score used to choose between candidates. */
export interface Candidate<T> {
  value: T;
  score: number;
  line: number;
  why: string;
}

/** The best-scored candidate; ties go to the earlier one. */
export function best<T>(candidates: readonly Candidate<T>[]): Candidate<T> | undefined {
  let out: Candidate<T> | undefined;
  for (const c of candidates) if (out === undefined || c.score > out.score) out = c;
  return out;
}
