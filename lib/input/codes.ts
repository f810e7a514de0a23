/**
 * Code fields of the v2 invoice input (./schema.ts) as clients write them.
 *
 * Many clients send the codes of a numeric code list as JSON numbers
 * (`"documentType": 381`). Wherever the list's codes are numbers, the input
 * takes a JSON number or a string and normalises it to the string the model
 * holds (EN 16931 codes are text: BT-3 is "381", never 381):
 * - UNTDID 1001 document type (BT-3), tax point date code (BT-8, the UNTDID 2475 codes CII uses),
 *   UNTDID 4461 payment means (BT-81), UNTDID 5189 allowance reasons (BT-98,
 *   BT-140): the number's decimal digits;
 * - ISO 6523 ICD identifier schemes (BT-60-1, BT-61-1, BT-71-1) and EAS
 *   electronic address schemes (BT-34-1, BT-49-1), whose numeric codes all have
 *   four digits: `9` is "0009" (a JSON number cannot keep leading zeros).
 * Letter codes (VAT category, currency, UNTDID 7161 charge reasons, 4451 note
 * subjects, ...) stay strings. Every message of a code field says what was
 * received, shortened when long.
 */
import * as v from 'valibot';

/** Longest part of a received string quoted back in a message. */
const QUOTED_CHARS = 40;

/**
 * What a message says was received: a string quoted (its first
 * {@link QUOTED_CHARS} characters and its length when longer), a number or
 * boolean as written, otherwise its JSON type.
 */
export function describeReceived(input: unknown): string {
  if (typeof input === 'string') {
    return input.length <= QUOTED_CHARS ? JSON.stringify(input) : `${JSON.stringify(input.slice(0, QUOTED_CHARS))}... (${input.length} characters)`;
  }
  if (typeof input === 'number' || typeof input === 'boolean') return String(input);
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  return typeof input === 'object' ? 'an object' : typeof input;
}

/** `message` followed by what the issue received: `must be one of S, Z; got "X"`. */
export function withReceived(message: string): (issue: { input: unknown }) => string {
  return (issue) => `${message}; got ${describeReceived(issue.input)}`;
}

/**
 * A value of a letter code list (VAT category, `rules`, ...): one of `codes`
 * exactly; the message lists them and says what was received.
 */
export function codeOf<const TCodes extends readonly string[]>(codes: TCodes) {
  return v.picklist(codes, withReceived(`must be one of ${codes.join(', ')}`));
}

/**
 * A value of a closed numeric code list (UNTDID 1001 document types, ...): one
 * of `codes` as a string, or the same code as a JSON number; the parsed value
 * is always the string. The JSON Schema shows both forms
 * (`anyOf: [{type: string, enum}, {type: number, enum}]`).
 */
export function numericCodeOf<const TCodes extends readonly string[]>(codes: TCodes) {
  const numbers = codes.map(Number) as number[];
  return v.pipe(
    v.union([v.picklist(codes), v.picklist(numbers)], withReceived(`must be one of ${codes.join(', ')}`)),
    v.transform((code) => String(code) as TCodes[number]),
  );
}

/**
 * A code of an open numeric code list written as a JSON number: a whole
 * number from `min` to `max`, turned into its decimal digits, left-padded with
 * zeros to `width` digits (4 for ISO 6523 ICD and EAS codes, 1 for UNTDID
 * lists, whose codes have no leading zero).
 */
export function codeNumber(min: number, max: number, width: number, message: string) {
  const says = withReceived(message);
  return v.pipe(
    v.number(says),
    v.integer(says),
    v.minValue(min, says),
    v.maxValue(max, says),
    v.transform((code) => String(code).padStart(width, '0')),
  );
}
