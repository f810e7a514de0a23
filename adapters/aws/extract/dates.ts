/**
 * Printed dates -> `YYYY-MM-DD`, the form of the port's `invoiceDate` (BT-2)
 * and `dueDate` (BT-9), read by the field parser's date reader
 * (lib/extract/field-parser/dates.ts), the one policy of both extractors:
 * `2025-04-03`, `03/04/2025`, `03.04.2025`, `3-4-25`, `01-Jan-2021`,
 * `3 avril 2025`, `1er avril 2025`, `3. April 2025`, `April 3, 2025`,
 * `Thursday, 26 March 2020`, `15 de marzo de 2025`, with month names in
 * French, English, German, Spanish, Italian and Dutch.
 *
 * The order of day and month in `03/04/2025` is the document's (decided once
 * per document by decideDateOrder: what its other dates prove, else its
 * currency and countries); a reading that relied on that choice is flagged
 * `ambiguous`.
 */
import { findDates, readDateValue, type DateOrder } from '../../../lib/extract/field-parser/index.js';

/** A normalised date and whether the day/month order had to be assumed. */
export interface NormalisedDate {
  /** `YYYY-MM-DD`, a real calendar date. */
  value: string;
  /** True for `03/04/2025`-like dates where both orders give a valid date. */
  ambiguous: boolean;
}

/**
 * Reads a printed date, numeric ones in `order` (day first by default).
 *
 * @returns undefined when the text is not a date or names no real calendar day.
 */
export function normaliseDate(text: string, order: DateOrder = 'DMY'): NormalisedDate | undefined {
  const d = readDateValue(text, { order });
  return d === undefined ? undefined : { value: d.iso, ambiguous: d.ambiguous };
}

/**
 * Every date printed in a text, in `YYYY-MM-DD` form, both readings of a
 * day/month-ambiguous one included, for checking that a date the model
 * returns appears in the document ("grounding").
 */
export function datesInText(text: string): Set<string> {
  const found = new Set<string>();
  for (const order of ['DMY', 'MDY'] as const) for (const d of findDates(text, { order })) found.add(d.iso);
  return found;
}
