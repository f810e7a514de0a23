/**
 * Printed numbers -> dot-decimal strings, without ever going through a binary
 * float (DECISIONS.md, Money). Used for every amount, quantity, unit price and
 * rate the AWS extractor reads (Textract values, model output, document text),
 * so the port's decimal strings (`ExtractedLine.netAmount`, `totals.*`, the
 * VAT breakdown: BT-106..BT-115, BT-116/BT-117, BT-129, BT-131, BT-146,
 * BT-152) are plain `-?\d+(\.\d+)?` text.
 *
 * Accepted forms: `1234.56`, `1 234,56`, `1.234,56`, `1,234.56`, `1'234.56`,
 * `€ 1 234,56`, `1 234,56 EUR`, `20 %`, `-12,00`, `12,00-`, `(12.00)`, with
 * ordinary, no-break or thin spaces, and full-width digits.
 */

/** What a printed number is, which decides how a lone separator followed by three digits is read. */
export type NumberKind = 'amount' | 'quantity';

/** A normalised number: the dot-decimal text, and whether the reading had to guess a separator. */
export interface NormalisedNumber {
  /** `-?\d+(\.\d+)?`, digits as printed (trailing zeros kept, leading zeros dropped). */
  value: string;
  /** True when a lone `,` or `.` before exactly three digits could be a decimal or a thousands separator. */
  ambiguous: boolean;
}

const GROUP_SPACES = /[ '\u2019]/g;
const BODY = /^[\d.,' \u2019]+$/;

/**
 * Reads a printed number. A lone separator followed by exactly three digits is
 * a thousands separator for an `amount` (money has two decimals: `1,234` is
 * 1234) and a decimal one for a `quantity` (`1,500` kg); either way the result
 * is flagged `ambiguous`, except when the integer part is `0` (`0,500`).
 *
 * @returns undefined when the text is not one number (e.g. `12 x 3`, `abc`, `1.2.3,4,5`).
 */
export function normaliseNumber(text: string, kind: NumberKind = 'amount'): NormalisedNumber | undefined {
  let s = text.normalize('NFKC').replace(/[\u2212\u2012\u2013\u2014]/g, '-').trim();
  let negative = false;
  const parenthesised = /^\((.*)\)$/.exec(s);
  if (parenthesised) {
    negative = true;
    s = parenthesised[1]!.trim();
  }
  s = stripDecorations(s);
  s = s.replace(/[.,]-$/, ''); // "12,-": a whole amount (German, Dutch price style), not a negative one
  if (s.endsWith('-')) {
    negative = !negative;
    s = stripDecorations(s.slice(0, -1));
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = stripDecorations(s.slice(1));
  } else if (s.startsWith('+')) {
    s = stripDecorations(s.slice(1));
  }
  s = s.replace(/(\d)[.,]$/, '$1'); // "12," or "12." as printed on receipts
  if (s === '' || !BODY.test(s) || !/\d/.test(s)) return undefined;

  const split = splitDecimal(s, kind);
  if (split === undefined) return undefined;
  const integer = split.integer.replace(/^0+(?=\d)/, '') || '0';
  const value = split.fraction === '' ? integer : `${integer}.${split.fraction}`;
  const isZero = /^0(\.0+)?$/.test(value);
  return { value: negative && !isZero ? `-${value}` : value, ambiguous: split.ambiguous };
}

/** Removes currency signs, codes, `%` and spaces around a number (never inside it). */
function stripDecorations(s: string): string {
  return s.replace(/^[^\d+\-.,]+/, '').replace(/[^\d\-.,]+$/, '');
}

/** Splits `s` (digits and separators only) into integer digits and fraction digits. */
function splitDecimal(s: string, kind: NumberKind): { integer: string; fraction: string; ambiguous: boolean } | undefined {
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let decimalSeparator: '.' | ',' | undefined;
  let ambiguous = false;
  if (lastDot !== -1 && lastComma !== -1) {
    decimalSeparator = lastDot > lastComma ? '.' : ',';
  } else if (lastDot !== -1 || lastComma !== -1) {
    const separator = lastDot !== -1 ? '.' : ',';
    const occurrences = s.split(separator).length - 1;
    const after = s.slice(s.lastIndexOf(separator) + 1);
    const before = s.slice(0, s.lastIndexOf(separator)).replace(GROUP_SPACES, '');
    if (occurrences > 1) decimalSeparator = undefined;
    else if (after.length !== 3 || before === '' || /^0+$/.test(before)) decimalSeparator = separator;
    else {
      ambiguous = true;
      decimalSeparator = kind === 'amount' ? undefined : separator;
    }
  }

  let integerPart = s;
  let fraction = '';
  if (decimalSeparator !== undefined) {
    const at = s.lastIndexOf(decimalSeparator);
    integerPart = s.slice(0, at);
    fraction = s.slice(at + 1);
    if (!/^\d*$/.test(fraction)) return undefined;
  }
  const thousands = decimalSeparator === '.' ? ',' : decimalSeparator === ',' ? '.' : undefined;
  const groupSeparators = thousands === undefined ? /[.,' \u2019]/ : thousands === '.' ? /[.' \u2019]/ : /[,' \u2019]/;
  const groups = integerPart.split(groupSeparators);
  if (groups.some((g) => !/^\d*$/.test(g))) return undefined;
  if (groups.length > 1) {
    // Thousands groups: 1-3 digits first, then exactly three each.
    const [first, ...rest] = groups;
    if (!/^\d{1,3}$/.test(first!) || rest.some((g) => !/^\d{3}$/.test(g))) return undefined;
  }
  const integer = groups.join('');
  if (integer === '' && fraction === '') return undefined;
  return { integer: integer === '' ? '0' : integer, fraction, ambiguous };
}

/**
 * Every number printed in a text, as dot-decimal strings with trailing
 * fractional zeros removed (`12.50` -> `12.5`), for checking that a value the
 * model returns appears in the document ("grounding"). Both readings of an
 * ambiguous number are included.
 */
export function numbersInText(text: string): Set<string> {
  const found = new Set<string>();
  const tokens = text.normalize('NFKC').match(/[-(]?\d[\d.,'\u2019 ]*\d\)?-?|\d/g) ?? [];
  for (const token of tokens) {
    // A run such as "2 20,00" may be two numbers: also read each space-separated piece.
    for (const candidate of new Set([token, ...token.split(' ')])) {
      for (const kind of ['amount', 'quantity'] as const) {
        const n = normaliseNumber(candidate, kind);
        if (n !== undefined) found.add(canonicalNumber(n.value));
      }
    }
  }
  return found;
}

/** `12.50` -> `12.5`, `-0.0` -> `0`, `7.` -> `7`: one spelling per decimal value, for comparisons. */
export function canonicalNumber(value: string): string {
  const negative = value.startsWith('-');
  let [integer = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  integer = integer.replace(/^0+(?=\d)/, '');
  fraction = fraction.replace(/0+$/, '');
  const text = fraction === '' ? integer : `${integer}.${fraction}`;
  return negative && text !== '0' ? `-${text}` : text;
}
