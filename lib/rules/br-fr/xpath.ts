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

/** A relative path of canonical names (`ram:A/ram:B`) split once, at module load, into its steps. */
export type Steps = readonly string[];

/** Compiles a relative path (`ram:A/ram:B`) into its steps; call it once per path, at module load. */
export function steps(rel: string): Steps {
  // Interned names (a property key is), compared with a tree's names by identity mostly.
  return Object.freeze(rel.split('/').map((step) => Object.keys({ [step]: 0 })[0]!));
}

const compiledSteps = new Map<string, Steps>();

/** The steps of `rel`: as given when compiled, else compiled once and remembered (for callers that pass strings). */
function stepsOf(rel: Steps | string): Steps {
  if (typeof rel !== 'string') return rel;
  let s = compiledSteps.get(rel);
  if (s === undefined) {
    s = steps(rel);
    compiledSteps.set(rel, s);
  }
  return s;
}

/** The shared empty selection (never mutated: selections are read-only). */
export const NONE: readonly CiiElement[] = Object.freeze([]);

/** The children of `el` named `name`. */
export function kids(el: CiiElement | undefined, name: string): readonly CiiElement[] {
  if (el === undefined) return NONE;
  const children = el.children;
  let out: CiiElement[] | undefined;
  for (let i = 0; i < children.length; i++) if (children[i]!.name === name) (out ??= []).push(children[i]!);
  return out ?? NONE;
}

/** The first child of `el` named `name`, or undefined. */
export function kid(el: CiiElement | undefined, name: string): CiiElement | undefined {
  if (el === undefined) return undefined;
  const children = el.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.name === name) return children[i];
  return undefined;
}

/** How many children of `el` are named `name`. */
export function countKids(el: CiiElement, name: string): number {
  const children = el.children;
  let n = 0;
  for (let i = 0; i < children.length; i++) if (children[i]!.name === name) n++;
  return n;
}

/** `el/name = value`: some child of `el` named `name` has the string value `value`. */
export function kidEq(el: CiiElement | undefined, name: string, value: string): boolean {
  if (el === undefined) return false;
  const children = el.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.name === name && stringValue(children[i]!) === value) return true;
  return false;
}

/** `el/name = (v1, v2, ...)`: some child of `el` named `name` has one of `values`. */
export function kidIn(el: CiiElement | undefined, name: string, values: ReadonlySet<string>): boolean {
  if (el === undefined) return false;
  const children = el.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.name === name && values.has(stringValue(children[i]!))) return true;
  return false;
}

function collect(el: CiiElement, s: Steps, i: number, out: CiiElement[]): void {
  const name = s[i];
  const last = i === s.length - 1;
  const children = el.children;
  for (let k = 0; k < children.length; k++) {
    const c = children[k]!;
    if (c.name !== name) continue;
    if (last) out.push(c);
    else collect(c, s, i + 1, out);
  }
}

/**
 * The elements reached from `from` along `rel` (compiled {@link steps}, or a path string compiled on first use), in
 * document order. A depth-first walk from one element gives document order
 * directly: the subtrees of siblings are disjoint and in order.
 */
export function path(from: CiiElement | readonly CiiElement[] | undefined, rel: Steps | string): readonly CiiElement[] {
  if (from === undefined) return NONE;
  const s = stepsOf(rel);
  const out: CiiElement[] = [];
  if (Array.isArray(from)) for (const el of from as readonly CiiElement[]) collect(el, s, 0, out);
  else collect(from as CiiElement, s, 0, out);
  return out.length === 0 ? NONE : out;
}

function firstFrom(el: CiiElement, s: Steps, i: number): CiiElement | undefined {
  const name = s[i];
  const last = i === s.length - 1;
  const children = el.children;
  for (let k = 0; k < children.length; k++) {
    const c = children[k]!;
    if (c.name !== name) continue;
    if (last) return c;
    const found = firstFrom(c, s, i + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The first element (document order) along `rel` from `from`: `(path)[1]`, without building the selection. */
export function first(from: CiiElement | undefined, rel: Steps): CiiElement | undefined {
  return from === undefined ? undefined : firstFrom(from, rel, 0);
}

/** XPath `string(path)` from one element: the string value of the first element along `rel`, or ''. */
export function strAt(from: CiiElement | undefined, rel: Steps): string {
  const el = first(from, rel);
  return el === undefined ? '' : stringValue(el);
}

/** True when some element lies along `rel` from `from` (`exists(path)`). */
export function exists(from: CiiElement | undefined, rel: Steps): boolean {
  return first(from, rel) !== undefined;
}

/** XPath `string(x)`: the string value of the first element, or ''. */
export function str(els: readonly CiiElement[]): string {
  const first = els[0];
  return first === undefined ? '' : stringValue(first);
}

/** General comparison `els = value`: some element's string value equals `value` exactly. */
export function anyEq(els: readonly CiiElement[], value: string): boolean {
  for (let i = 0; i < els.length; i++) if (stringValue(els[i]!) === value) return true;
  return false;
}

/** General comparison `els = (v1, v2, ...)`. */
export function anyIn(els: readonly CiiElement[], values: ReadonlySet<string>): boolean {
  for (let i = 0; i < els.length; i++) if (values.has(stringValue(els[i]!))) return true;
  return false;
}

/** General comparison `els != value`: some element's string value differs from `value`. */
export function anyNe(els: readonly CiiElement[], value: string): boolean {
  for (let i = 0; i < els.length; i++) if (stringValue(els[i]!) !== value) return true;
  return false;
}

/** An attribute's value, or undefined when the element has none of that name. */
export function attr(el: CiiElement, name: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(el.attrs, name) ? el.attrs[name] : undefined;
}

/** `(el/name[@attrName = value])[1]`: the first child of `el` named `name` whose attribute `attrName` is `value`, without building the selection. */
export function kidWithAttr(el: CiiElement, name: string, attrName: string, value: string): CiiElement | undefined {
  const children = el.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.name === name && attr(children[i]!, attrName) === value) return children[i];
  return undefined;
}

/** `els[@name = value]`. */
export function withAttr(els: readonly CiiElement[], name: string, value: string): readonly CiiElement[] {
  let out: CiiElement[] | undefined;
  for (let i = 0; i < els.length; i++) if (attr(els[i]!, name) === value) (out ??= []).push(els[i]!);
  return out ?? NONE;
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
  // A string of at most n UTF-16 units has at most n characters.
  if (s.length <= n) return s;
  let i = 0;
  for (let k = 0; k < n && i < s.length; k++) {
    const c = s.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return s.slice(0, i);
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
