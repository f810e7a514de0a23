/**
 * The XPath 2.0 / XSLT 2.0 value semantics the BR-FR schematron relies on,
 * over the element tree of lib/cii/reader/tree.ts, as Saxon evaluates them in
 * the official validator:
 * - element values are untyped: `x = 'B2B'` is an exact string comparison
 *   (no trimming), true when any selected element has that value;
 * - `string(x)` / a function parameter typed `xs:string?` take the (first)
 *   selected element's string value, '' when none;
 * - `string-length` counts characters (code points), not UTF-16 units;
 * - `matches` uses XML Schema regular expressions: `\d` is any Unicode
 *   decimal digit, and `^`/`$` anchor the whole string;
 * - `number()` is a cast to `xs:double`: NaN for anything else, including ''.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { normalizeSpace, stringValue } from '../syntax/xpath-values.js';

export { normalizeSpace, stringValue };

/** The children of `el` named `name`. */
export function kids(el: CiiElement | undefined, name: string): CiiElement[] {
  if (el === undefined) return [];
  const out: CiiElement[] = [];
  for (const c of el.children) if (c.name === name) out.push(c);
  return out;
}

/** The elements reached from `from` along a relative path of canonical names (`ram:A/ram:B`), document order. */
export function path(from: CiiElement | readonly CiiElement[] | undefined, rel: string): CiiElement[] {
  let current: readonly CiiElement[] = from === undefined ? [] : Array.isArray(from) ? from : [from as CiiElement];
  for (const step of rel.split('/')) {
    if (current.length === 0) return [];
    const next: CiiElement[] = [];
    for (const el of current) for (const c of el.children) if (c.name === step) next.push(c);
    current = next;
  }
  return current as CiiElement[];
}

/** XPath `string(x)`: the string value of the first element, or ''. */
export function str(els: readonly CiiElement[]): string {
  const first = els[0];
  return first === undefined ? '' : stringValue(first);
}

/** General comparison `els = value`: some element's string value equals `value` exactly. */
export function anyEq(els: readonly CiiElement[], value: string): boolean {
  for (const el of els) if (stringValue(el) === value) return true;
  return false;
}

/** General comparison `els = (v1, v2, ...)`. */
export function anyIn(els: readonly CiiElement[], values: ReadonlySet<string>): boolean {
  for (const el of els) if (values.has(stringValue(el))) return true;
  return false;
}

/** General comparison `els != value`: some element's string value differs from `value`. */
export function anyNe(els: readonly CiiElement[], value: string): boolean {
  for (const el of els) if (stringValue(el) !== value) return true;
  return false;
}

/** An attribute's value, or undefined when the element has none of that name. */
export function attr(el: CiiElement, name: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(el.attrs, name) ? el.attrs[name] : undefined;
}

/** `els[@name = value]`. */
export function withAttr(els: readonly CiiElement[], name: string, value: string): CiiElement[] {
  return els.filter((el) => attr(el, name) === value);
}

/** XPath `string-length(s)`: characters, a surrogate pair counting one. */
export function stringLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** XPath `substring(s, 1, n)`: the first `n` characters. */
export function prefix(s: string, n: number): string {
  return Array.from(s).slice(0, n).join('');
}

/** An XML Schema regular expression as a JavaScript one: `\d` is any Unicode decimal digit (`\p{Nd}`). */
export function xsdRegex(pattern: string): RegExp {
  return new RegExp(pattern.replace(/\\d/g, '\\p{Nd}'), 'u');
}

const DOUBLE = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

/** XPath `number(s)` (a cast to `xs:double`): NaN when `s` is not a double's lexical form (so '' is NaN, unlike `Number('')`). */
export function xpathNumber(s: string): number {
  const t = s.trim();
  if (DOUBLE.test(t)) return Number(t);
  if (t === 'INF' || t === '+INF') return Infinity;
  if (t === '-INF') return -Infinity;
  return Number.NaN;
}

/** XPath `sum(els)` over untyped values (each cast to `xs:double`). */
export function sum(els: readonly CiiElement[]): number {
  let total = 0;
  for (const el of els) total += xpathNumber(stringValue(el));
  return total;
}
