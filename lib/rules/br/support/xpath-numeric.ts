/**
 * The number semantics of the official EN 16931 CII schematron (XPath 2.0),
 * reproduced with decimals so our verdicts match the CEN validator.
 *
 * XPath `round()` rounds to the nearest integer and, on a tie, towards positive
 * infinity (round(2.5) = 3, round(-2.5) = -2). The artefacts compare totals
 * with `round(x * 100) div 100`, i.e. rounding to two decimals that way.
 */
import { Decimal } from '../../../model/decimal.js';

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
