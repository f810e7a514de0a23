/**
 * Decimal arithmetic for money and quantities.
 *
 * EN 16931 amounts are decimals; binary floats are never used for them. We use
 * decimal.js in an isolated constructor (so global configuration elsewhere cannot
 * change our rounding) with 40 significant digits and ROUND_HALF_UP, the rounding
 * EN 16931 and the French/German tax administrations expect.
 */
import { Decimal as DecimalJs } from 'decimal.js';

/** Our Decimal constructor: 40 significant digits, rounding half up. */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
/** A decimal value (money, quantity, percentage). */
export type Decimal = InstanceType<typeof Decimal>;

/** Zero, shared. */
export const ZERO: Decimal = new Decimal(0);

/** Builds a decimal from a number (via its shortest round-trip text, never its binary value) or a string. */
export function dec(value: number | string | Decimal): Decimal {
  if (typeof value === 'number') return new Decimal(String(value));
  return new Decimal(value);
}

/** Rounds half up to 2 decimals, as EN 16931 requires for amounts (BR-DEC-*). */
export function round2(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Sum of decimals (zero for none); absent values are skipped, as XPath's sum() skips missing nodes. */
export function sum(values: Iterable<Decimal | undefined>): Decimal {
  let total = ZERO;
  for (const v of values) if (v !== undefined) total = total.plus(v);
  return total;
}

/**
 * The lexical form a decimal was read from (an XML element's text), for
 * decimals built by {@link decFromText}. A WeakMap keeps the model's values
 * plain Decimals while letting BR-DEC rules see the digits as written.
 */
const sourceTexts = new WeakMap<Decimal, string>();

/** XML Schema `xs:decimal` lexical space, with the white space XSD collapses around it. */
const XS_DECIMAL = /^[ \t\r\n]*([+-]?(?:\d+(?:\.\d*)?|\.\d+))[ \t\r\n]*$/;

/**
 * Builds a decimal from the text of an XML element (an amount, quantity or
 * percentage read from a CII document) and remembers that text, so
 * {@link fractionDigits} counts digits as the official EN 16931 XPath does
 * (BR-DEC-*: `string-length(substring-after(., '.'))`).
 *
 * Text that is not an `xs:decimal` (e.g. `12,50`, `abc`, `1E3`) gives a NaN
 * decimal that still remembers its text. The official XPath would stop on it
 * with a dynamic error (the cast to xs:decimal fails) and give no verdict at
 * all; we keep validating instead: the rules treat a NaN amount as absent
 * where they need its value (a mandatory one is reported missing, e.g. BR-12;
 * sums skip it) and as there where the official test only asks for the
 * element (BR-31, BR-36, BR-41, BR-43),
 * BR-DEC still counts its digits as written, and the XSD and CII-DT checks
 * report the malformed value itself.
 */
export function decFromText(text: string): Decimal {
  const m = XS_DECIMAL.exec(text);
  const value = m === null ? new Decimal(Number.NaN) : new Decimal(m[1]!);
  sourceTexts.set(value, text);
  return value;
}

/** The text a decimal was read from by {@link decFromText}, or undefined for computed decimals. */
export function sourceText(value: Decimal): string | undefined {
  return sourceTexts.get(value);
}

/**
 * Number of fraction digits of a decimal, as BR-DEC-* count them.
 *
 * For a decimal read from XML ({@link decFromText}) this is the official
 * XPath `string-length(substring-after(., '.'))` over the text as written:
 * trailing zeros count (`10.500` has 3), and so does anything after the
 * point (`1.5 ` with a trailing space has 2). For a computed decimal it is
 * the number of significant fraction digits (trailing zeros not counted),
 * which is what the writer prints (at least two for amounts).
 */
export function fractionDigits(value: Decimal): number {
  const text = sourceTexts.get(value);
  if (text === undefined) return value.isFinite() ? value.decimalPlaces() : 0;
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/**
 * Formats an amount for XML: plain notation, at least `minDigits` fraction digits
 * (2 for amounts), never exponent notation, and zero never signed (decimal.js
 * would print negative zero as `-0`).
 */
export function formatDecimal(value: Decimal, minDigits = 0): string {
  const plain = value.isZero() ? value.abs() : value;
  return plain.toFixed(Math.max(plain.decimalPlaces(), minDigits));
}
