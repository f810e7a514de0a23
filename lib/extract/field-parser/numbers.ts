/**
 * Amounts as printed on European invoices (`1 234,56`, `1.234,56`,
 * `1,234.56`, `1'234.56`, `-20,48 €`, `(12.50)`) read into decimal strings
 * with a dot, digit by digit: no binary float ever holds a value, as the
 * product's money decision requires (EN 16931 amounts BT-106..BT-115,
 * BT-131, BT-146, BT-116/BT-117).
 */

/** Which character a document uses as decimal separator; undefined when unknown. */
export type DecimalStyle = 'comma' | 'dot' | undefined;

/** An amount found in a text. */
export interface AmountToken {
  /** Decimal string with a dot and an optional leading minus, e.g. `-1234.56`. */
  value: string;
  /** Offset of the token (including sign and currency) in the searched text. */
  index: number;
  length: number;
  raw: string;
  /** A percent sign follows (a rate, not an amount). */
  percent: boolean;
  /** A currency sign or code is attached. */
  currency?: string;
  /** Number of digits after the decimal separator as printed (0 for integers). */
  fractionDigits: number;
}

/**
 * Currency signs and local abbreviations beside amounts (issue 25): `kr` / `kr.` is the Swedish, Danish, Norwegian
 * or Icelandic krona, told apart by the document's country ({@link KRONA}, resolved by the currency finder).
 */
const CURRENCY_SIGNS: Record<string, string> = {
  '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY', '₣': 'CHF', 'Fr.': 'CHF', 'SFr.': 'CHF', '₹': 'INR', 'Rs.': 'INR', Rs: 'INR', 'zł': 'PLN',
  'Kč': 'CZK', Ft: 'HUF', 'lei': 'RON', 'лв': 'BGN', kr: 'KRONA', 'kr.': 'KRONA', Kr: 'KRONA', 'Kr.': 'KRONA',
};
/** The mark of an amount in kronor whose country is not known yet. */
export const KRONA = 'KRONA';
const CURRENCY_CODE = /^(EUR|USD|GBP|CHF|JPY|CAD|AUD|SEK|NOK|DKK|PLN|CZK|HUF|RON|BGN|HRK|INR|DEM|FRF|EURO|EUROS|Fr\.|SFr\.|CHF\.|₹|Rs\.?|zł|Kč|kr\.?)$/i;

/**
 * The core of a number: digits with thousands separators (space, narrow
 * space, dot, comma, apostrophe) and an optional decimal part. The look-arounds
 * keep us from starting inside a word or another number.
 */
const NUMBER_CORE = String.raw`\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d{1,3}(?:(?:[\u00a0\u202f ](?=\d{3}(?!\d))|[.,'’](?=\d{3}(?!\d)))\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
const TOKEN_RE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_.,/-])(?<!\d:)` +
    String.raw`(\()?` +
    String.raw`([-−–+]\s?)?` +
    // Swiss francs are often printed `Fr. 1'234.50` (or `SFr.`), before the amount only.
    String.raw`(?:(€|\$|£|¥|₹|EUR|USD|GBP|CHF|INR|SEK|DKK|NOK|PLN|CZK|HUF|S?Fr\.|Rs\.?|kr\.?)\s?)?` +
    String.raw`([-−–]\s?)?` +
    `(${NUMBER_CORE})` +
    String.raw`(?:\s?([-−–]))?` +
    String.raw`(\))?` +
    String.raw`(?:\s?(€|\$|£|¥|₹|EUR|USD|GBP|CHF|INR|SEK|DKK|NOK|PLN|CZK|HUF|Euro|Euros|zł|Kč|Ft|kr\.?)(?![\p{L}]))?` +
    String.raw`(\s?%)?` +
    String.raw`(?![\p{L}\p{N}_]|[.,]\d|/\d|:\d|-\d)`,
  'gu',
);

/** Strips separators from a number's core and places the decimal point, following the style hint where ambiguous. */
function normalizeCore(core: string, hint: DecimalStyle): { digits: string; fraction: string } | undefined {
  const compact = core.replace(/[\u00a0\u202f ]/g, '');
  // Indian grouping (lakh, crore): 1,23,45,678.90.
  const indian = /^(\d{1,2}(?:,\d{2})+,\d{3})(?:\.(\d+))?$/.exec(compact);
  if (indian) return { digits: indian[1]!.replace(/,/g, ''), fraction: indian[2] ?? '' };
  const seps = [...compact.matchAll(/[.,'’]/g)].map((m) => ({ ch: m[0], index: m.index }));
  if (seps.length === 0) return { digits: compact, fraction: '' };
  const last = seps[seps.length - 1]!;
  const kinds = new Set(seps.map((s) => s.ch));
  let decimalIndex = -1;
  if (last.ch === "'" || last.ch === '’') decimalIndex = -1;
  else if (kinds.size > 1) decimalIndex = last.index;
  else if (seps.length > 1) decimalIndex = -1;
  else {
    const after = compact.length - last.index - 1;
    const before = compact.slice(0, last.index);
    if (after !== 3) decimalIndex = last.index;
    else if (before === '0' || before === '') decimalIndex = last.index;
    else if (hint === 'comma') decimalIndex = last.ch === ',' ? last.index : -1;
    else if (hint === 'dot') decimalIndex = last.ch === '.' ? last.index : -1;
    else decimalIndex = -1;
  }
  const intPart = (decimalIndex === -1 ? compact : compact.slice(0, decimalIndex)).replace(/[.,'’]/g, '');
  const fraction = decimalIndex === -1 ? '' : compact.slice(decimalIndex + 1);
  if (/[^0-9]/.test(intPart) || /[^0-9]/.test(fraction)) return undefined;
  // Thousands groups must be groups of three; `12.34.56` is not a number we trust.
  if (decimalIndex !== -1 || seps.length > 0) {
    const intRaw = decimalIndex === -1 ? compact : compact.slice(0, decimalIndex);
    const groups = intRaw.split(/[.,'’]/);
    if (groups.length > 1 && groups.slice(1).some((g) => g.length !== 3)) return undefined;
  }
  return { digits: intPart, fraction };
}

/** Builds the canonical decimal string from sign, integer digits and fraction digits. */
function canonical(negative: boolean, digits: string, fraction: string): string {
  const int = digits.replace(/^0+(?=\d)/, '') || '0';
  const text = fraction === '' ? int : `${int}.${fraction}`;
  const isZero = /^[0.]+$/.test(text);
  return negative && !isZero ? `-${text}` : text;
}

/**
 * Parses a whole text as one amount (currency signs, spaces and a trailing or
 * leading minus allowed); undefined when the text is not exactly one number.
 *
 * @example parseAmount('1.234,56 €') === '1234.56'; parseAmount('1,234.56') === '1234.56'
 */
export function parseAmount(text: string, hint?: DecimalStyle): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const tokens = findAmounts(trimmed, hint);
  if (tokens.length !== 1) return undefined;
  const t = tokens[0]!;
  if (t.percent) return undefined;
  const rest = (trimmed.slice(0, t.index) + trimmed.slice(t.index + t.length)).trim();
  return rest === '' ? t.value : undefined;
}

/** Parses a percentage such as `19 %`, `5,5%`, `20.0`; returns the number as a decimal string without trailing zeros. */
export function parsePercent(text: string, hint?: DecimalStyle): string | undefined {
  const m = /^\s*(\d{1,2}(?:[.,]\d{1,4})?)\s*%?\s*$/.exec(text);
  if (!m) return undefined;
  const parsed = normalizeCore(m[1]!, hint ?? 'comma');
  if (!parsed) return undefined;
  return trimZeros(canonical(false, parsed.digits, parsed.fraction));
}

/** Removes trailing zeros after the decimal point (`5.50` -> `5.5`, `20.00` -> `20`). */
export function trimZeros(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** Finds every amount-like number in a text, left to right. Dates, times and identifiers are not numbers here. */
export function findAmounts(text: string, hint?: DecimalStyle): AmountToken[] {
  const out: AmountToken[] = [];
  TOKEN_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TOKEN_RE.exec(text)) !== null) {
    const [raw, openParen, sign1, cur1, sign2, core, trailingMinus, closeParen, cur2, percent] = m;
    if (core === undefined) continue;
    const parsed = normalizeCore(core, hint);
    if (!parsed) continue;
    // Eight digits or more without any separator is an identifier (GLN, EAN, order number), not an amount.
    if (/^\d{8,}$/.test(core)) continue;
    // A group of zeros before a separator (`000,00`) is the end of an amount whose first digits a word was glued to
    // (`situation20 000,00`): never an amount of its own.
    if (/^00\d*[\s.,'’\u00a0\u202f]\d/.test(core)) continue;
    const negative =
      (sign1 !== undefined && sign1.trim() !== '+') ||
      sign2 !== undefined ||
      trailingMinus !== undefined ||
      (openParen !== undefined && closeParen !== undefined);
    let index = m.index;
    let rawText = raw;
    // An unmatched parenthesis is punctuation, not a negative sign: drop it from the token.
    if (openParen !== undefined && closeParen === undefined) {
      index += 1;
      rawText = rawText.slice(1);
    }
    if (closeParen !== undefined && openParen === undefined) rawText = rawText.replace(/\)\s*$/, '');
    const curRaw = cur1 ?? cur2;
    const token: AmountToken = {
      value: canonical(negative, parsed.digits, parsed.fraction),
      index,
      length: rawText.length,
      raw: rawText,
      percent: percent !== undefined,
      fractionDigits: parsed.fraction.length,
    };
    if (curRaw !== undefined) {
      const code = CURRENCY_SIGNS[curRaw] ?? (/^euros?$/i.test(curRaw) ? 'EUR' : curRaw.toUpperCase());
      token.currency = code;
    }
    out.push(token);
  }
  return out;
}

/** True when a text is only a currency code or sign (as printed in a column of its own). */
export function isCurrencyWord(text: string): boolean {
  const t = text.trim();
  return t in CURRENCY_SIGNS || CURRENCY_CODE.test(t);
}

/**
 * Guesses a document's decimal separator from the numbers whose form is
 * unambiguous (`1.234,56`, `12,50`, `1,234.56`, `12.50`): the majority wins;
 * undefined when there is no evidence.
 */
export function detectDecimalStyle(texts: Iterable<string>): DecimalStyle {
  let comma = 0;
  let dot = 0;
  for (const text of texts) {
    for (const m of text.matchAll(/(?<![\d.,])\d{1,3}(?:([.,' \u00a0\u202f])\d{3})*([.,])(\d{1,2})(?![\d.,])/g)) {
      const thousands = m[1];
      const decimal = m[2];
      if (thousands !== undefined && thousands === decimal) continue;
      if (decimal === ',') comma++;
      else dot++;
    }
  }
  if (comma === 0 && dot === 0) return undefined;
  return comma >= dot ? 'comma' : 'dot';
}
