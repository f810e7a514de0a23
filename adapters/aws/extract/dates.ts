/**
 * Printed dates -> `YYYY-MM-DD`, the form of the port's `invoiceDate` (BT-2)
 * and `dueDate` (BT-9). European documents write the day first, so `03/04/2025`
 * is 3 April; a reading that relied on that convention is flagged `ambiguous`.
 *
 * Accepted forms: `2025-04-03`, `2025/04/03`, `03/04/2025`, `03.04.2025`,
 * `3-4-25`, `3 avril 2025`, `1er avril 2025`, `3. April 2025`, `April 3, 2025`,
 * `3 Apr 2025`, with month names in French, English, German, Spanish, Italian
 * and Dutch.
 */
import { isCalendarDate } from '../../../lib/input/schema.js';

/** A normalised date and whether the day/month order had to be assumed. */
export interface NormalisedDate {
  /** `YYYY-MM-DD`, a real calendar date. */
  value: string;
  /** True for `03/04/2025`-like dates where both orders give a valid date. */
  ambiguous: boolean;
}

/** Month names (accents removed, lower case) -> month number. */
const MONTHS: ReadonlyMap<string, number> = new Map(
  (
    [
      [1, 'january jan janvier janv januar jaenner janner enero ene gennaio gen januari'],
      [2, 'february feb fevrier fev fevr februar febrero febbraio februari'],
      [3, 'march mar mars marz maerz marzo maart mrt'],
      [4, 'april apr avril avr abril abr aprile'],
      [5, 'may mai mayo maggio mag mei'],
      [6, 'june jun juin juni junio giugno giu'],
      [7, 'july jul juillet juil juli julio luglio lug'],
      [8, 'august aug aout agosto ago augustus'],
      [9, 'september sep sept septembre settembre set septiembre'],
      [10, 'october oct octobre oktober okt octubre ottobre ott'],
      [11, 'november nov novembre noviembre'],
      [12, 'december dec decembre dezember dez diciembre dic dicembre'],
    ] as const
  ).flatMap(([month, names]) => names.split(' ').map((name) => [name, month] as const)),
);

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function fullYear(year: string): number {
  const n = Number(year);
  return year.length === 2 ? 2000 + n : n;
}

function build(year: number, month: number, day: number, ambiguous: boolean): NormalisedDate | undefined {
  if (year < 1900 || year > 2199) return undefined;
  const value = `${year}-${pad2(month)}-${pad2(day)}`;
  return isCalendarDate(value) ? { value, ambiguous } : undefined;
}

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Reads a printed date.
 *
 * @returns undefined when the text is not a date or names no real calendar day.
 */
export function normaliseDate(text: string): NormalisedDate | undefined {
  const s = fold(text.normalize('NFKC')).trim().replace(/\s+/g, ' ');

  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[t ].*)?$/.exec(s);
  if (iso) return build(Number(iso[1]), Number(iso[2]), Number(iso[3]), false);

  const numeric = /^(\d{1,2})\s?[-/.]\s?(\d{1,2})\s?[-/.]\s?(\d{4}|\d{2})$/.exec(s);
  if (numeric) {
    const [a, b, year] = [Number(numeric[1]), Number(numeric[2]), fullYear(numeric[3]!)];
    if (a > 12 || b > 12) return a > 12 ? build(year, b, a, false) : build(year, a, b, false);
    return build(year, b, a, a !== b);
  }

  const dayFirst = /^(\d{1,2})(?:er|st|nd|rd|th|\.)?\s?(?:de\s)?([a-z]+)\.?,?\s?(?:de\s)?(\d{4})$/.exec(s);
  if (dayFirst) {
    const month = MONTHS.get(dayFirst[2]!);
    return month === undefined ? undefined : build(Number(dayFirst[3]), month, Number(dayFirst[1]), false);
  }

  const monthFirst = /^([a-z]+)\.?\s(\d{1,2})(?:st|nd|rd|th)?,?\s(\d{4})$/.exec(s);
  if (monthFirst) {
    const month = MONTHS.get(monthFirst[1]!);
    return month === undefined ? undefined : build(Number(monthFirst[3]), month, Number(monthFirst[2]), false);
  }
  return undefined;
}

/**
 * Every date printed in a text, in `YYYY-MM-DD` form, both readings of a
 * day/month-ambiguous one included, for checking that a date the model
 * returns appears in the document ("grounding").
 */
export function datesInText(text: string): Set<string> {
  const found = new Set<string>();
  const folded = text.normalize('NFKC');
  const add = (candidate: string): void => {
    const d = normaliseDate(candidate);
    if (d !== undefined) found.add(d.value);
  };
  for (const m of folded.matchAll(/\b(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})\b/g)) {
    add(m[0]);
    add(`${m[3]}${m[2]}${m[1]}${m[2]}${m[4]}`); // the other day/month order
  }
  for (const m of folded.matchAll(/\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b/g)) add(m[0]);
  for (const m of folded.matchAll(/\b\d{1,2}(?:er|st|nd|rd|th|\.)?\s*(?:de\s+)?[A-Za-zÀ-ÿ]{3,10}\.?,?\s*(?:de\s+)?\d{4}\b/g)) add(m[0]);
  for (const m of folded.matchAll(/\b[A-Za-zÀ-ÿ]{3,10}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b/g)) add(m[0]);
  return found;
}
