/**
 * XPath 2.0 value semantics for the document-level families (XRechnung,
 * Peppol), as Saxon evaluates the compiled schematron, over the element tree
 * of lib/cii/reader/tree.ts. The BR-FR helpers (../br-fr/xpath.ts) are
 * re-exported unchanged; what follows adds what those families need:
 * - `xs:decimal` casts and decimal arithmetic (never binary floats), raising
 *   {@link XPathDynamicError} where the official XPath raises a dynamic error;
 * - XML Schema regular expressions in JavaScript form (`\s` is the four XML
 *   white-space characters only, `\d` any Unicode decimal digit);
 * - `tokenize`, `round`, the `u:slack` tolerance, the ISO 13616 IBAN check
 *   the XRechnung rules write inline.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { daysInMonth } from '../../model/calendar.js';
import { Decimal } from '../../model/decimal.js';
import { XPathDynamicError } from './engine.js';
import { normalizeSpace, path, stringValue } from '../br-fr/xpath.js';

export { anyEq, anyIn, anyNe, attr, kids, normalizeSpace, path, prefix, str, stringLength, stringValue, withAttr, xpathNumber } from '../br-fr/xpath.js';
export { XPathDynamicError };

/** `els[boolean(normalize-space(.))]` is not empty: some element has a value other than white space. */
export function someNonBlank(els: readonly CiiElement[]): boolean {
  for (const el of els) if (normalizeSpace(stringValue(el)) !== '') return true;
  return false;
}

/** `exists(from/rel)`. */
export function has(from: CiiElement | readonly CiiElement[] | undefined, rel: string): boolean {
  return path(from, rel).length > 0;
}

/** The single item of a sequence where the official function takes one (`normalize-space(x)`, `matches(x, ...)`): more than one is a type error. */
export function single(els: readonly CiiElement[]): CiiElement | undefined {
  if (els.length > 1) throw new XPathDynamicError('A sequence of more than one item is not allowed here.');
  return els[0];
}

/** `string(x)` of a function parameter typed `xs:string?`: '' for none, a type error for several. */
export function one(els: readonly CiiElement[]): string {
  const el = single(els);
  return el === undefined ? '' : stringValue(el);
}

/** `normalize-space(x)` of at most one element. */
export function normalized(els: readonly CiiElement[]): string {
  return normalizeSpace(one(els));
}

/**
 * The direct text of `els` as `x/text()` reads it where one item is expected
 * (`normalize-space(x/text())`, `string-length(x/text())`): an element with
 * no text has no text node and drops out, '' for none, a type error for text
 * in several elements (an element's text is read as one node).
 */
export function textItem(els: readonly CiiElement[]): string {
  const texts = els.filter((el) => el.text !== '');
  if (texts.length > 1) throw new XPathDynamicError('A sequence of more than one item is not allowed here.');
  return texts[0]?.text ?? '';
}

const XS_DECIMAL = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

/** `xs:decimal(s)` of an untyped value: XML white space collapsed, then the decimal lexical form; a dynamic error otherwise (`''`, `1e3`, `12,5`). */
export function decimal(s: string): Decimal {
  const t = normalizeSpace(s);
  if (!XS_DECIMAL.test(t)) throw new XPathDynamicError(`Cannot convert "${s}" to xs:decimal.`);
  return new Decimal(t);
}

/** `xs:decimal(els)`: undefined (the empty sequence) when none, the cast of the one element, a type error for several. */
export function decimalOf(els: readonly CiiElement[]): Decimal | undefined {
  const el = single(els);
  return el === undefined ? undefined : decimal(stringValue(el));
}

/** `if (els) then xs:decimal(els) else fallback` (the Peppol `u:decimalOrZero` and the line variables of PEPPOL-EN16931-R120). */
export function decimalOr(els: readonly CiiElement[], fallback: Decimal | number): Decimal {
  return decimalOf(els) ?? new Decimal(fallback);
}

/** XPath `round()` on a decimal: to the nearest integer, halves towards positive infinity (`round(-2.5)` is -2). */
export function round(value: Decimal): Decimal {
  return value.plus(new Decimal('0.5')).floor();
}

/** XPath `round(x * 10 * 10) div 100`, the two-decimal rounding the Peppol rules write out. */
export function round2(value: Decimal): Decimal {
  return round(value.times(100)).div(100);
}

/** The Peppol `u:slack(exp, val, slack)`: `exp + slack >= val and exp - slack <= val`. */
export function slack(exp: Decimal, val: Decimal, tolerance: Decimal | string): boolean {
  const s = new Decimal(tolerance);
  return exp.plus(s).gte(val) && exp.minus(s).lte(val);
}

/**
 * An XML Schema / XPath regular expression as a JavaScript one (unicode mode):
 * `\s` / `\S` are the four XML white-space characters (space, tab, CR, LF) or
 * anything else, `\d` any Unicode decimal digit; `^` and `$` anchor the whole
 * string as in XPath's default mode (no `m` flag). `groups: 'non-capturing'`
 * turns every group into `(?:...)` (for `split`, which would return what
 * capturing groups match).
 */
export function xpathRegex(pattern: string, flags = '', groups: 'capturing' | 'non-capturing' = 'capturing'): RegExp {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      const n = pattern[i + 1]!;
      i++;
      if (n === 's') out += inClass ? ' \\t\\n\\r' : '[ \\t\\n\\r]';
      else if (n === 'S') out += inClass ? '\\S' : '[^ \\t\\n\\r]';
      else if (n === 'd') out += '\\p{Nd}';
      else out += `\\${n}`;
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    else if (c === '(' && !inClass && groups === 'non-capturing' && pattern[i + 1] !== '?') {
      out += '(?:';
      continue;
    }
    out += c;
  }
  return new RegExp(out, `u${flags}`);
}

const compiled = new Map<string, RegExp>();

/** XPath `matches(s, pattern)`: whether the pattern occurs in `s` (unanchored unless the pattern anchors it). */
export function matches(s: string, pattern: string): boolean {
  let re = compiled.get(pattern);
  if (re === undefined) {
    re = xpathRegex(pattern);
    compiled.set(pattern, re);
  }
  return re.test(s);
}

/** XPath `tokenize(s, pattern)`: the empty sequence for '', else the parts between matches (empty first/last parts kept). */
export function tokenize(s: string, pattern: string): string[] {
  if (s === '') return [];
  // JavaScript's split would insert what capturing groups match between the parts.
  return s.split(xpathRegex(pattern, 'g', 'non-capturing'));
}

/** XPath `replace(s, pattern, '')` with the XML-Schema regex semantics. */
export function remove(s: string, pattern: string): string {
  return s.replace(xpathRegex(pattern, 'g'), '');
}

/**
 * The IBAN test the XRechnung rules BR-DE-19 / BR-DE-20 write inline: the
 * white space removed, `^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$`, and the ISO
 * 13616 check (first four characters moved to the end, letters as 10..35 by
 * code point, the number modulo 97 is 1). As in the official expression,
 * lowercase letters past the country code count by their code point - 55.
 */
export function isXRechnungIban(raw: string): boolean {
  const iban = normalizeSpace(remove(raw, '([ \\n\\r\\t\\s])'));
  if (!/^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$/.test(iban)) return false;
  const moved = `${iban.slice(4)}${iban.slice(0, 2).toUpperCase()}${iban.slice(2, 4)}`;
  let digits = '';
  for (const ch of moved) {
    const cp = ch.codePointAt(0)!;
    digits += String(cp > 64 ? cp - 55 : cp - 48);
  }
  return BigInt(digits) % 97n === 1n;
}

const XS_DOUBLE = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

/** `xs:double(s)` of an untyped value, as a general comparison with a number casts it: a dynamic error for what is no double. */
export function double(s: string): number {
  const t = normalizeSpace(s);
  if (XS_DOUBLE.test(t)) return Number(t);
  if (t === 'INF' || t === '+INF') return Infinity;
  if (t === '-INF') return -Infinity;
  if (t === 'NaN') return Number.NaN;
  throw new XPathDynamicError(`Cannot convert "${s}" to xs:double.`);
}

const XS_DATE = /^(-?\d{4,})-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2})?$/;

/**
 * `xs:date(s)` as a comparable number (minutes from 1970-01-01T00:00Z of the
 * date's start): a dynamic error for what is no valid date. A date without a
 * time zone takes UTC as the implicit one.
 */
export function xsDate(s: string): number {
  const m = XS_DATE.exec(normalizeSpace(s));
  if (m === null) throw new XPathDynamicError(`Cannot convert "${s}" to xs:date.`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (day < 1 || day > daysInMonth(month, year)) throw new XPathDynamicError(`Cannot convert "${s}" to xs:date.`);
  let offset = 0;
  const tz = m[4];
  if (tz !== undefined && tz !== 'Z') {
    const h = Number(tz.slice(1, 3));
    const min = Number(tz.slice(4, 6));
    if (h > 14 || min > 59 || (h === 14 && min > 0)) throw new XPathDynamicError(`Cannot convert "${s}" to xs:date.`);
    offset = (tz[0] === '-' ? -1 : 1) * (h * 60 + min);
  }
  return Date.UTC(year, month - 1, day) / 60000 - offset;
}
