/**
 * Dates as printed on French, German, English, Dutch, Spanish and Italian
 * invoices, read into ISO `YYYY-MM-DD` (the form of BT-2 issue date, BT-9 due
 * date, BT-72 delivery date): `12/11/2026`, `12.11.2026`, `12-11-2026`,
 * `2026-11-12`, `12 novembre 2026`, `12. November 2026`, `Nov 12, 2026`,
 * `August 3 , 2014`, `1er mars 2026`, `3 de agosto de 2024`, `3 agosto 2024`,
 * `3 augustus 2024`, `1º de mayo del 2024`, `12-nov-2026`, two-digit years.
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
// Spanish, Italian and Dutch names (full names and unambiguous abbreviations), which Textract reads on EU documents too.
// Abbreviations are only read inside a whole date (day, month, year), so short ones cannot be mistaken for words.
addMonths('enero ene gennaio gen januari', 1);
addMonths('febrero febbraio februari', 2);
addMonths('marzo maart mrt', 3);
addMonths('abril abr aprile', 4);
addMonths('mayo maggio mag mei', 5);
addMonths('junio giugno giu', 6);
addMonths('julio luglio lug', 7);
addMonths('agosto ago augustus', 8);
addMonths('septiembre setiembre settembre set', 9);
addMonths('octubre ottobre ott', 10);
addMonths('noviembre', 11);
addMonths('diciembre dicembre dic', 12);

/** Weekday names that may precede a date (`Thursday, 26 March 2020`, `jeudi 26 mars 2020`). */
const WEEKDAYS = new Set(
  'monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun lundi mardi mercredi jeudi vendredi samedi dimanche montag dienstag mittwoch donnerstag freitag samstag sonntag lunes martes miercoles jueves viernes sabado domingo lunedi martedi mercoledi giovedi venerdi sabato domenica maandag dinsdag woensdag donderdag vrijdag zaterdag zondag'
    .split(' ')
    .map((d) => fold(d)),
);

const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const YEAR4 = String.raw`(19[5-9]\d|20\d\d)`;
const LONG3_MONTH_ALT = Object.keys(MONTHS)
  .filter((m) => m.length >= 3)
  .sort((a, b) => b.length - a.length)
  .join('|');
const NUMERIC_YMD = new RegExp(String.raw`(?<![\d.,/-])${YEAR4}([-/.])(\d{1,2})\2(\d{1,2})(?![\d])`, 'g');
const NUMERIC_DMY = new RegExp(String.raw`(?<![\d.,/-])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d]|[.,]\d)`, 'g');
const TEXT_DMY = new RegExp(
  String.raw`(?<![\p{L}\d])(\d{1,2})(?:er|st|nd|rd|th|e|º|°|o|\.)?\s*(?:de\s+|of\s+)?[-/\s]?(${MONTH_ALT})\.?(?![\p{L}])[-/\s,.]*(?:(?:de|del)\s+)?${YEAR4}(?!\d)`,
  'gu',
);
/** `05-Mar-26`, `5 Mar 26`: a day, a month name of three letters or more, a two-digit year (Indian and British ERPs). */
const TEXT_DMY_SHORT_YEAR = new RegExp(
  String.raw`(?<![\p{L}\d])(\d{1,2})([-/ ])(${LONG3_MONTH_ALT})\.?\2(\d{2})(?![\d\p{L}]|[.,]\d)`,
  'gu',
);
const TEXT_MDY = new RegExp(
  String.raw`(?<![\p{L}\d])(${MONTH_ALT})\.?\s*(\d{1,2})(?:st|nd|rd|th)?\s*,?\s*${YEAR4}(?!\d)`,
  'gu',
);

const LONG_MONTH_ALT = Object.keys(MONTHS)
  .filter((m) => m.length >= 4)
  .sort((a, b) => b.length - a.length)
  .join('|');
const PARTIAL_DATE = new RegExp(
  String.raw`(?<![\p{L}\d])(?:(?:${LONG_MONTH_ALT})\.?\s*\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:er|st|nd|rd|th|\.)?\s*(?:${LONG_MONTH_ALT}))(?![\p{L}\d]|[.,]\d)`,
  'giu',
);

/**
 * Day and month written without their year, or whose year the reader garbled (`March 2 , 20ÿ6`, `le 5 mars`): spans
 * of the text (month names of four letters or more), so that the day is never read as an amount.
 */
export function findPartialDates(text: string): Array<{ index: number; length: number }> {
  const out: Array<{ index: number; length: number }> = [];
  for (const m of fold(text).matchAll(PARTIAL_DATE)) {
    const day = Number(/\d{1,2}/.exec(m[0])![0]);
    if (day >= 1 && day <= 31) out.push({ index: m.index, length: m[0].length });
  }
  return out;
}

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

/** Options of {@link findDates}. */
export interface FindDatesOptions {
  /** Order of an all-numeric date both orders can read (default DMY). */
  order?: DateOrder;
  /** The text is a value known to be a date (a reader typed it so): `5-4-25` is then a date, not a reference. */
  dateValue?: boolean;
}

/** Finds every date in a text, left to right, without overlaps. */
export function findDates(text: string, options: FindDatesOptions = {}): DateToken[] {
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
  for (const m of folded.matchAll(TEXT_DMY_SHORT_YEAR)) {
    const iso = isoDate(fullYear(m[4]!), MONTHS[m[3]!] ?? 0, Number(m[1]));
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
    if (m[4]!.length === 2 && m[2] === '-' && !options.dateValue) continue;
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

/** A time of day after a date (`T10:00:00Z`, `12:22 PM`, `14h30`). */
const TIME_OF_DAY = /^(?:t|at|a|um)?\s*\d{1,2}[:h]\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:am|pm)?\s*(?:z|[+-]\d{2}:?\d{2})?$/;

/**
 * Reads a whole text as one date: blanks and punctuation around it, a weekday
 * name before it (`Thursday, 26 March 2020`) and a time after it are allowed.
 *
 * @returns the date token, or undefined when the text is not one date.
 */
export function readDateValue(text: string, options: { order?: DateOrder } = {}): DateToken | undefined {
  const dates = findDates(text, { ...options, dateValue: true });
  if (dates.length !== 1) return undefined;
  const d = dates[0]!;
  const before = fold(text.slice(0, d.index)).replace(/[\s,.:;()]+/g, ' ').trim();
  const after = fold(text.slice(d.index + d.length)).replace(/^[\s,.;()-]+/, '').trim();
  if (before !== '' && !WEEKDAYS.has(before)) return undefined;
  if (after !== '' && !TIME_OF_DAY.test(after)) return undefined;
  return d;
}

/** Parses a whole text as one date ({@link readDateValue}); undefined otherwise. */
export function parseDate(text: string, options: { order?: DateOrder } = {}): string | undefined {
  return readDateValue(text, options)?.iso;
}

/** The numeric date order of a document, and whether one of its dates proves it. */
export interface DateOrderDecision {
  order: DateOrder;
  /** True when a date of the document can only be read this way (`19/10/2018`, `01/31/2021`). */
  proven: boolean;
}

/**
 * Decides a document's numeric date order: what its dates prove (a part above
 * 12) first, day first winning a conflict; else month first on a US document
 * (evidence.ts isMonthFirstDocument); else day first.
 */
export function decideDateOrder(texts: Iterable<string>, monthFirstDocument = false): DateOrderDecision {
  let dmy = 0;
  let mdy = 0;
  for (const text of texts) {
    for (const d of findDates(text)) {
      if (d.proves === 'DMY') dmy++;
      if (d.proves === 'MDY') mdy++;
    }
  }
  if (dmy > 0) return { order: 'DMY', proven: true };
  if (mdy > 0) return { order: 'MDY', proven: true };
  return { order: monthFirstDocument ? 'MDY' : 'DMY', proven: false };
}

/** The order of {@link decideDateOrder}. */
export function detectDateOrder(texts: Iterable<string>, usContext = false): DateOrder {
  return decideDateOrder(texts, usContext).order;
}
