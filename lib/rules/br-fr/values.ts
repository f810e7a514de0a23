/**
 * The value formats the BR-FR schematron checks with `matches()` (SIREN and
 * SIRET digits, the `custom:is-valid-decimal-*` number formats, the
 * `custom:is-valid-date-format` dates), as scans of the character codes where
 * the value is ASCII, which is what our own output and nearly every document
 * hold: the rules run them on every line's amounts, quantities and rates.
 *
 * Each gives exactly the verdict of its XML Schema regular expression
 * (`\d` is any Unicode decimal digit, `\p{Nd}`; lengths count characters):
 * a value with a character outside ASCII goes to that regular expression,
 * and within ASCII `\p{Nd}` is `[0-9]`. test/rules/br-fr-values.test.ts
 * compares each scan with its regular expression on generated strings.
 */
import { daysInMonth } from '../../model/calendar.js';
import { stringLength, xpathNumber, xsdRegex } from './xpath.js';

const ZERO = 48;
const NINE = 57;
const DOT = 46;
const MINUS = 45;

function isAsciiDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

/** The value of the ASCII digit at `i` of `s`. */
function digitAt(s: string, i: number): number {
  return s.charCodeAt(i) - ZERO;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

/** `matches(s, '^\d{n}$')` (a SIREN: n = 9; a SIRET: n = 14). */
export function exactDigits(n: number): (s: string) => boolean {
  const re = xsdRegex(`^\\d{${n}}$`);
  return (s) => {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) return re.test(s);
      if (!isAsciiDigit(c)) return false; // no character of `re`'s alphabet
    }
    return s.length === n;
  };
}

/**
 * The `custom:is-valid-decimal-*` formats: an optional leading minus when
 * `signed`, 1 to `digits` digits, optionally a dot and 1 to `decimals`
 * digits, and at most `digits` characters besides the dot (the official
 * function counts the minus sign with the digits).
 */
export function decimalFormat(decimals: number, signed: boolean, digits = 19): (s: string) => boolean {
  const re = xsdRegex(`^${signed ? '-?' : ''}\\d{1,${digits}}(\\.\\d{1,${decimals}})?$`);
  const slow = (s: string): boolean => re.test(s) && stringLength(s.replace(/\./g, '')) <= digits;
  return (s) => {
    const n = s.length;
    let i = signed && n > 0 && s.charCodeAt(0) === MINUS ? 1 : 0;
    const intStart = i;
    while (i < n && isAsciiDigit(s.charCodeAt(i))) i++;
    const intDigits = i - intStart;
    let fracDigits = 0;
    let dot = 0;
    if (i < n && s.charCodeAt(i) === DOT) {
      dot = 1;
      const fracStart = ++i;
      while (i < n && isAsciiDigit(s.charCodeAt(i))) i++;
      fracDigits = i - fracStart;
      if (fracDigits === 0) return isAscii(s) ? false : slow(s);
    }
    if (i < n || intDigits === 0) return isAscii(s) ? false : slow(s);
    return n - dot <= digits && fracDigits <= decimals;
  };
}

const DATE = xsdRegex('^20\\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\\d|3[01])$');

/**
 * `custom:is-valid-date-format` on a value's first eight characters
 * (`substring($d, 1, 8)`): `matches(., '^20\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$')`
 * and a real calendar day (30 February fails, 29 February only in a leap
 * year). `prefix8` is that substring.
 */
export function isValidDate102(prefix8: string): boolean {
  if (prefix8.length === 8) {
    let ascii = true;
    for (let i = 0; i < 8; i++) if (!isAsciiDigit(prefix8.charCodeAt(i))) ascii = false;
    if (ascii) {
      // Digit values read in place: a closure made per call would cost more than the check (tsx's keepNames names every one).
      if (digitAt(prefix8, 0) !== 2 || digitAt(prefix8, 1) !== 0) return false;
      const year = 2000 + digitAt(prefix8, 2) * 10 + digitAt(prefix8, 3);
      const month = digitAt(prefix8, 4) * 10 + digitAt(prefix8, 5);
      const day = digitAt(prefix8, 6) * 10 + digitAt(prefix8, 7);
      return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(month, year);
    }
  }
  if (isAscii(prefix8)) return false;
  // Digits of other scripts: the regular expression accepts them, and XPath number() of such a part is NaN.
  if (!DATE.test(prefix8)) return false;
  const year = xpathNumber(prefix8.slice(0, 4));
  const month = xpathNumber(prefix8.slice(4, 6));
  const day = xpathNumber(prefix8.slice(6, 8));
  return day <= daysInMonth(month, year);
}
