/**
 * The BR-FR value checks scanned by character code (lib/rules/br-fr/values.ts)
 * against the forms they replace: the official XML Schema regular expressions
 * (`\d` any Unicode decimal digit) with the official length and calendar
 * checks, on generated strings of ASCII digits, signs, dots, spaces, letters
 * and digits of other scripts (Arabic-Indic, fullwidth, and an astral one),
 * near every length limit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalFormat, exactDigits, isValidDate102 } from '../../lib/rules/br-fr/values.js';
import { stringLength, xpathNumber, xsdRegex } from '../../lib/rules/br-fr/xpath.js';

// Prepare: the regular-expression forms, as the rules were written before the scans.
function regexDigits(n: number): (s: string) => boolean {
  const re = xsdRegex(`^\\d{${n}}$`);
  return (s) => re.test(s);
}

function regexDecimal(decimals: number, signed: boolean, digits = 19): (s: string) => boolean {
  const re = xsdRegex(`^${signed ? '-?' : ''}\\d{1,${digits}}(\\.\\d{1,${decimals}})?$`);
  return (s) => re.test(s) && stringLength(s.replace(/\./g, '')) <= digits;
}

const DATE = xsdRegex('^20\\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\\d|3[01])$');
function regexDate(d: string): boolean {
  if (!DATE.test(d)) return false;
  const year = xpathNumber(d.slice(0, 4));
  const month = xpathNumber(d.slice(4, 6));
  const day = xpathNumber(d.slice(6, 8));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = [1, 3, 5, 7, 8, 10, 12].includes(month) ? 31 : [4, 6, 9, 11].includes(month) ? 30 : month === 2 ? (leap ? 29 : 28) : 0;
  return day <= max;
}

const ASCII_DIGITS = '0123456789'.split('');
/** Arabic-Indic zero and five, fullwidth zero and nine, mathematical bold zero (astral): all Unicode decimal digits. */
const OTHER_DIGITS = ['\u0660', '\u0665', '\uFF10', '\uFF19', '\u{1D7CE}'];
const OTHERS = ['-', '+', '.', ',', ' ', '\n', 'e', 'a', '\u00e9', '\uD835'];

const digit = fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...ASCII_DIGITS) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_DIGITS) });
const anyChar = fc.oneof({ weight: 10, arbitrary: digit }, { weight: 3, arbitrary: fc.constantFrom(...OTHERS) });
// size 'max': lengths spread up to the maximum (fast-check's default keeps arrays short, below the limits tested).
const digits = (max: number) => fc.array(digit, { maxLength: max, size: 'max' }).map((a) => a.join(''));

/** Strings of any of the characters above. */
const loose = fc.array(anyChar, { maxLength: 24, size: 'max' }).map((a) => a.join(''));
/** Numbers as the formats expect them, near their limits: sign, integer digits, a dot and decimals, sometimes a stray character. */
const numberLike = fc
  .tuple(fc.constantFrom('', '-', '+'), digits(22), fc.option(digits(8)), fc.option(fc.constantFrom(...OTHERS)), fc.nat(30))
  .map(([sign, int, frac, stray, at]) => {
    const s = `${sign}${int}${frac === null ? '' : `.${frac}`}`;
    return stray === null ? s : s.slice(0, at) + stray + s.slice(at);
  });
/** Eight characters that are mostly a date of 2000-2099. */
const dateLike = fc
  .tuple(fc.integer({ min: 1990, max: 2110 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`);
const dateWithOthers = fc.tuple(dateLike, fc.nat(7), anyChar).map(([d, at, c]) => d.slice(0, at) + c + d.slice(at + 1));

const RUNS = 20_000;

describe('exactDigits = matches(., ^\\d{n}$)', () => {
  for (const n of [9, 14]) {
    it(`n = ${n}`, () => {
      const fast = exactDigits(n);
      const slow = regexDigits(n);
      const around = fc.tuple(digits(n + 2), fc.option(anyChar), fc.nat(n + 2)).map(([s, c, at]) => (c === null ? s : s.slice(0, at) + c + s.slice(at)));
      fc.assert(fc.property(fc.oneof(loose, around), (s) => {
        expect(fast(s), JSON.stringify(s)).toBe(slow(s));
      }), { numRuns: RUNS });
      // The comparison must bite: both verdicts occur.
      expect(fast('123456789012345'.slice(0, n))).toBe(true);
      expect(fast('\u0660'.repeat(n))).toBe(true);
      expect(fast(`${'1'.repeat(n - 1)}a`)).toBe(false);
    });
  }
});

describe('decimalFormat = the custom:is-valid-decimal-* regular expression and length', () => {
  const formats: Array<[string, number, boolean, number?]> = [
    ['19-2', 2, true],
    ['19-4', 4, true],
    ['19-6', 6, true],
    ['19-6 positive', 6, false],
    ['percent 4-2 positive', 2, false, 4],
  ];
  for (const [name, decimals, signed, total] of formats) {
    it(name, () => {
      const fast = decimalFormat(decimals, signed, total);
      const slow = regexDecimal(decimals, signed, total);
      fc.assert(fc.property(fc.oneof(loose, numberLike), (s) => {
        expect(fast(s), JSON.stringify(s)).toBe(slow(s));
      }), { numRuns: RUNS });
      // Edges by hand: empty, lone sign or dot, the limits of the digits and decimals, the sign counted as a digit.
      const max = total ?? 19;
      const edges = ['', '-', '.', '-.', '1.', '.5', '0', '-0', '+1', '1.0', `${'9'.repeat(max)}`, `${'9'.repeat(max + 1)}`, `-${'9'.repeat(max)}`, `-${'9'.repeat(max - 1)}`,
        `1.${'0'.repeat(decimals)}`, `1.${'0'.repeat(decimals + 1)}`, `${'9'.repeat(max - decimals)}.${'9'.repeat(decimals)}`, `${'9'.repeat(max - decimals + 1)}.${'9'.repeat(decimals)}`,
        '\u0660.\u0665', '\u{1D7CE}', '1 ', ' 1', '1e3'];
      for (const s of edges) expect(fast(s), JSON.stringify(s)).toBe(slow(s));
      expect(edges.some((s) => fast(s))).toBe(true);
      expect(edges.some((s) => !fast(s))).toBe(true);
    });
  }
});

describe('isValidDate102 = custom:is-valid-date-format on the first eight characters', () => {
  it('on dates, near-dates and strings with other characters', () => {
    fc.assert(fc.property(fc.oneof(dateLike, dateWithOthers, loose), (s) => {
        expect(isValidDate102(s), JSON.stringify(s)).toBe(regexDate(s));
      }), { numRuns: RUNS });
  });

  it('on every day of the years the format allows, and the days around them', () => {
    let valid = 0;
    for (let y = 1999; y <= 2100; y++) {
      for (let m = 0; m <= 13; m++) {
        for (let d = 0; d <= 32; d++) {
          const s = `${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;
          const verdict = isValidDate102(s);
          expect(verdict, s).toBe(regexDate(s));
          if (verdict) valid++;
        }
      }
    }
    // 100 years of 365 days and 25 leap days (2000 is one).
    expect(valid).toBe(36_525);
  });
});
