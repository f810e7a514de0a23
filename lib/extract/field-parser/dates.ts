/**
 * Dates as printed on French, German and English invoices, read into ISO
 * `YYYY-MM-DD` (the form of BT-2 issue date, BT-9 due date, BT-72 delivery
 * date): `12/11/2026`, `12.11.2026`, `2026-11-12`, `12 novembre 2026`,
 * `12. November 2026`, `Nov 12, 2026`, `1er mars 2026`, two-digit years.
 *
 * Numeric day/month order: day first (French, German, British use), month
 * first only when the day-first reading is impossible, or when the caller says
 * the document is in US English (`order: 'MDY'`).
 */
import { fold } from './text.js';
import { isCalendarDate } from '../../input/schema.js';

/** Order of day and month in an all-numeric date. */
export type DateOrder = 'DMY' | 'MDY';

/** A date found in a text. */
export interface DateToken {
  /** ISO date, YYYY-MM-DD. */
  iso: string;
  index: number;
  length: number;
  raw: string;
  /** True when day and month could be swapped (both <= 12, different) and the order was chosen, not read. */
  ambiguous: boolean;
  /** The order a numeric date proves (a part > 12), when it proves one. */
  proves?: DateOrder;
}

const MONTHS: Record<string, number> = {};
function addMonths(names: string, month: number): void {
  for (const n of names.split(' ')) MONTHS[fold(n)] = month;
}
addMonths('janvier janv jan january januar jänner jaenner', 1);
addMonths('février fevrier févr fevr fév fev feb february februar', 2);
addMonths('mars mar march märz maerz mrz mär', 3);
addMonths('avril avr apr april', 4);
addMonths('mai may', 5);
addMonths('juin jun june juni', 6);
addMonths('juillet juil jul july juli', 7);
addMonths('août aout aoû aou aug august', 8);
addMonths('septembre sept sep september', 9);
addMonths('octobre oct october oktober okt', 10);
addMonths('novembre nov november', 11);
addMonths('décembre decembre déc dec december dezember dez', 12);

const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const YEAR4 = String.raw`(19[5-9]\d|20\d\d)`;
const NUMERIC_YMD = new RegExp(String.raw`(?<![\d.,/-])${YEAR4}([-/.])(\d{1,2})\2(\d{1,2})(?![\d])`, 'g');
const NUMERIC_DMY = new RegExp(String.raw`(?<![\d.,/-])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d]|[.,]\d)`, 'g');
const TEXT_DMY = new RegExp(
  String.raw`(?<![\p{L}\d])(\d{1,2})(?:er|st|nd|rd|th|\.)?\s*(?:de\s+|of\s+)?[-\s]?(${MONTH_ALT})\.?(?![\p{L}])[-\s,.]*${YEAR4}(?!\d)`,
  'gu',
);
const TEXT_MDY = new RegExp(
  String.raw`(?<![\p{L}\d])(${MONTH_ALT})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+${YEAR4}(?!\d)`,
  'gu',
);

/** ISO text of a calendar date of 1950-2099 (the years an invoice date can plausibly have), or undefined when it does not exist. */
export function isoDate(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || year < 1950 || year > 2099) return undefined;
  if (!Number.isInteger(month) || !Number.isInteger(day) || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : undefined;
}

function fullYear(text: string): number {
  const n = Number(text);
  if (text.length === 4) return n;
  return n < 70 ? 2000 + n : 1900 + n;
}

/** Finds every date in a text, left to right, without overlaps. */
export function findDates(text: string, options: { order?: DateOrder } = {}): DateToken[] {
  const order = options.order ?? 'DMY';
  const folded = fold(text);
  const found: DateToken[] = [];
  const push = (token: DateToken): void => {
    if (found.some((f) => token.index < f.index + f.length && f.index < token.index + token.length)) return;
    found.push(token);
  };
  for (const m of folded.matchAll(TEXT_DMY)) {
    const iso = isoDate(Number(m[3]), MONTHS[m[2]!] ?? 0, Number(m[1]));
    if (iso) push({ iso, index: m.index, length: m[0].length, raw: text.slice(m.index, m.index + m[0].length), ambiguous: false });
  }
  for (const m of folded.matchAll(TEXT_MDY)) {
    const iso = isoDate(Number(m[3]), MONTHS[m[1]!] ?? 0, Number(m[2]));
    if (iso) push({ iso, index: m.index, length: m[0].length, raw: text.slice(m.index, m.index + m[0].length), ambiguous: false });
  }
  for (const m of folded.matchAll(NUMERIC_YMD)) {
    const iso = isoDate(Number(m[1]), Number(m[3]), Number(m[4]));
    if (iso) push({ iso, index: m.index, length: m[0].length, raw: m[0], ambiguous: false });
  }
  for (const m of folded.matchAll(NUMERIC_DMY)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    // A two-digit year with dots or slashes is common (12.11.26); with hyphens it is too easily a reference.
    if (m[4]!.length === 2 && m[2] === '-') continue;
    const year = fullYear(m[4]!);
    const dmy = isoDate(year, b, a);
    // Dotted dates are day-first in every country that writes them; month-first is a US slash (or hyphen) habit.
    const mdy = m[2] === '.' ? undefined : isoDate(year, a, b);
    let iso: string | undefined;
    let proves: DateOrder | undefined;
    if (dmy && !mdy) {
      iso = dmy;
      if (a > 12) proves = 'DMY';
    } else if (mdy && !dmy) {
      iso = mdy;
      if (b > 12) proves = 'MDY';
    } else if (dmy && mdy) iso = order === 'MDY' ? mdy : dmy;
    if (!iso) continue;
    const token: DateToken = { iso, index: m.index, length: m[0].length, raw: m[0], ambiguous: dmy !== undefined && mdy !== undefined && dmy !== mdy };
    if (proves) token.proves = proves;
    push(token);
  }
  return found.sort((x, y) => x.index - y.index);
}

/** Parses a whole text as one date (surrounding blanks and punctuation allowed); undefined otherwise. */
export function parseDate(text: string, options: { order?: DateOrder } = {}): string | undefined {
  const dates = findDates(text, options);
  if (dates.length !== 1) return undefined;
  const d = dates[0]!;
  const rest = (text.slice(0, d.index) + text.slice(d.index + d.length)).replace(/[\s,.:;()]/g, '');
  return rest === '' ? d.iso : undefined;
}

/**
 * Decides a document's numeric date order: month-first only when some date
 * proves it (a second part above 12) and none proves day-first, or when the
 * document is US English and nothing proves day-first.
 */
export function detectDateOrder(texts: Iterable<string>, usContext = false): DateOrder {
  let dmy = 0;
  let mdy = 0;
  for (const text of texts) {
    for (const d of findDates(text)) {
      if (d.proves === 'DMY') dmy++;
      if (d.proves === 'MDY') mdy++;
    }
  }
  if (dmy > 0) return 'DMY';
  if (mdy > 0 || usContext) return 'MDY';
  return 'DMY';
}
