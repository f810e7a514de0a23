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

/** Number of digits after the decimal point of a decimal (trailing zeros not counted). */
export function fractionDigits(value: Decimal): number {
  return value.decimalPlaces();
}

/**
 * Formats an amount for XML: plain notation, at least `minDigits` fraction digits
 * (2 for amounts), never exponent notation.
 */
export function formatDecimal(value: Decimal, minDigits = 0): string {
  const places = Math.max(value.decimalPlaces(), minDigits);
  return value.toFixed(places);
}
