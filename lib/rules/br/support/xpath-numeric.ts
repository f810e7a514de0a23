/**
 * The number semantics of the official EN 16931 CII schematron (XPath 2.0),
 * reproduced with decimals so our verdicts match the CEN validator.
 *
 * XPath `round()` rounds to the nearest integer and, on a tie, towards positive
 * infinity (round(2.5) = 3, round(-2.5) = -2). The artefacts compare totals
 * with `round(x * 100) div 100`, i.e. rounding to two decimals that way.
 */
import { Decimal, sourceText } from '../../../model/decimal.js';

/** XPath `round(x)`: nearest integer, ties towards positive infinity. */
export function xpathRound(value: Decimal): Decimal {
  return value.toDecimalPlaces(0, Decimal.ROUND_HALF_CEIL);
}

/** XPath `round(x * 100) div 100`: two decimals, ties towards positive infinity (BR-CO-10..17). */
export function xpathRound2(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_CEIL);
}

/**
 * True when an amount's value has at most two fraction digits, the official
 * value test `. = round(. * 100) div 100` of BR-DEC-13 and BR-DEC-15 (trailing
 * zeros do not count: `10.500` passes). The other BR-DEC rules count digits
 * lexically with `fractionDigits` (lib/model/decimal.ts).
 */
export function hasAtMostTwoDecimals(value: Decimal): boolean {
  return value.decimalPlaces() <= 2;
}

/**
 * Compares a number read from the document with `other` the way the official
 * XSLT's general comparisons do when they compare the element itself with a
 * number (`ram:ChargeAmount >= 0`, `ram:CalculatedAmount = 0`,
 * `ram:RateApplicablePercent = 0`, `ram:BasisAmount = round(...) div 100`):
 * the untyped text is cast to xs:double, and Saxon-HE, the engine of the CEN
 * validator, then orders a negative zero (`-0.00`, `-00.00`) below zero: it
 * is neither `= 0` nor `>= 0`. Against an integer literal (`other` a
 * number: `= 0`, `>= 0`) Saxon compares text written as an integer (`-0`,
 * `-00`) as an integer, which has no sign of zero; against an xs:decimal
 * result (`other` a Decimal) any negative zero is below. Arithmetic, `sum()`
 * and `xs:decimal()` casts lose the sign, so only these direct comparisons
 * see it, and only for text read from a document (we never write `-0`).
 * Returns -1, 0 or 1.
 */
export function compareUntyped(value: Decimal, other: Decimal | number): number {
  const c = value.comparedTo(other);
  const text = sourceText(value);
  if (c !== 0 || text === undefined || !value.isZero() || !value.isNegative()) return c;
  return typeof other === 'number' && INTEGER_TEXT.test(text) ? 0 : -1;
}

/** An xs:integer lexical form, with the white space an untyped cast collapses. */
const INTEGER_TEXT = /^[ \t\r\n]*[+-]?\d+[ \t\r\n]*$/;

/**
 * A number read from the document as XPath's xs:double cast of the untyped
 * element gives it: what `sum()` over elements adds up and what a general
 * comparison of the element with a double compares.
 */
export function untypedDouble(value: Decimal): number {
  const text = sourceText(value);
  if (text === undefined) return value.isZero() ? 0 : value.toNumber();
  return Number(text.trim());
}

/**
 * The official `round(sum(elements) * 10 * 10) div 100` (BR-CO-11, BR-CO-12,
 * BR-CO-14): the elements are untyped, so the sum, the products and the
 * rounding are xs:double arithmetic, not decimal (365.135 is
 * 365.13499999999999 as a double and rounds to 365.13). XPath `round` on a
 * double is Math.round (half towards positive infinity, negative zero kept).
 * `sum()` of one element is that element (a `-0.00` stays negative); of none
 * it is the integer 0, and the whole expression an xs:decimal 0: undefined
 * is returned then.
 */
export function untypedSumRounded2(values: Iterable<Decimal>): number | undefined {
  let total: number | undefined;
  for (const v of values) total = total === undefined ? untypedDouble(v) : total + untypedDouble(v);
  return total === undefined ? undefined : Math.round(total * 10 * 10) / 100;
}

/**
 * An element compared with the result of {@link untypedSumRounded2}
 * (`. = round(...) div 100`), as Saxon-HE compares them: with a double,
 * xs:double equality where negative and positive zero differ; with the
 * decimal 0 of an empty sum, as {@link compareUntyped} against 0.
 */
export function untypedEqualsDouble(value: Decimal, other: number | undefined): boolean {
  if (other === undefined) return compareUntyped(value, 0) === 0;
  const x = untypedDouble(value);
  return x === other && (x !== 0 || Object.is(x, other));
}

/**
 * The official `xs:decimal(sum(elements))` (BR-CO-10): the untyped elements
 * are summed as xs:double, and the cast to xs:decimal keeps the double's
 * exact binary value (8.415 becomes 8.41499999999999914...), which the
 * following `round(... * 100) div 100` then sees.
 */
export function untypedSumAsDecimal(values: Iterable<Decimal>): Decimal {
  let total = 0;
  for (const v of values) total += untypedDouble(v);
  // xs:decimal has no negative zero.
  return total === 0 ? new Decimal(0) : new Decimal(total.toPrecision(60));
}

/**
 * `xpathRound2(untypedSumAsDecimal(values))` (BR-CO-10), the same value
 * without the 60-digit decimal when the double sum is clear of a rounding
 * tie: below 1e9 in magnitude, `sum * 100` is within 2^-53 x 1e11 (about
 * 1e-5) of the exact hundredfold of the double, so when its fraction is
 * more than 1e-3 away from one half, rounding it half up gives the cents the
 * exact value rounds to (away from .5, an error across an integer changes
 * the floor and the fraction together). Anything else takes the exact way.
 */
export function untypedSumRounded2AsDecimal(values: readonly Decimal[]): Decimal {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += untypedDouble(values[i]!);
  if (total !== 0 && Math.abs(total) < 1e9) {
    const scaled = total * 100;
    const floor = Math.floor(scaled);
    const fraction = scaled - floor;
    if (Math.abs(fraction - 0.5) > 1e-3) {
      const cents = fraction > 0.5 ? floor + 1 : floor;
      // A sum rounding to zero: the exact way keeps decimal.js's signed zero, which compares equal to zero all the same.
      if (cents !== 0) return new Decimal(cents).dividedBy(100);
    }
  }
  return xpathRound2(untypedSumAsDecimal(values));
}

/** An element `>= 0` as the official tests compare it (BR-27, BR-28: `ChargeAmount >= 0`; a negative zero is below zero). */
export function untypedNotNegative(value: Decimal): boolean {
  return compareUntyped(value, 0) >= 0;
}
