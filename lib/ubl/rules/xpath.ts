/**
 * The XPath 2.0 semantics the CEN EN 16931 UBL schematron (release 1.3.16)
 * relies on, over the plain element tree of lib/cii/reader/tree.ts, for the
 * UBL binding's variants of the EN 16931 rules (./variants.ts).
 *
 * - Paths select every node in document order (`all`); relative rule
 *   contexts (`cac:TaxTotal/cac:TaxSubtotal`) match an element wherever its
 *   ancestors end with the path (`contextElements`).
 * - Strings: `normalize-space` trims and collapses XML white space only; a
 *   string value is the element's text and its descendants'.
 * - Numbers: `xs:decimal(x)` casts to a decimal (no exponent); a general
 *   comparison of an untyped element with a number (`(cbc:Percent) > 0`)
 *   casts it to xs:double; `sum()` of decimals is a decimal. Where the
 *   official XPath stops with an error (a cast that fails, a function given
 *   two items), the official validator gives no verdict at all; the helpers
 *   then answer NaN or the first item, and comparisons with NaN are false.
 */
import { Decimal } from '../../model/decimal.js';
import { daysInMonth } from '../../model/calendar.js';
import type { CiiElement } from '../../cii/reader/tree.js';
import { all, first, kids, normalizeSpace, stringValue } from '../reader/context.js';
import type { UblDocument } from './document.js';

export { all, first, kids, normalizeSpace, stringValue };

/** `normalize-space(path)` of the first node the path selects ('' when none). */
export function ns(el: CiiElement | undefined, ...steps: string[]): string {
  const node = first(el, ...steps);
  return node === undefined ? '' : normalizeSpace(stringValue(node));
}

/** `exists(path)`. */
export function exists(el: CiiElement | undefined, ...steps: string[]): boolean {
  return first(el, ...steps) !== undefined;
}

/** The elements named `name` anywhere below (and including) `root`, in document order: `//name`. */
export function descendants(doc: UblDocument, name: string): readonly CiiElement[] {
  return doc.index().get(name) ?? [];
}

/** Whether `el`'s ancestors end with the relative path `steps` (its own name last): a relative rule context. */
export function endsWith(el: CiiElement, steps: readonly string[]): boolean {
  let node: CiiElement | undefined = el;
  for (let i = steps.length - 1; i >= 0; i--) {
    if (node === undefined || node.name !== steps[i]) return false;
    node = node.parent;
  }
  return true;
}

/** The elements a relative context `a/b/c` matches, in document order (found once per document and path). */
export function contextElements(doc: UblDocument, path: string): readonly CiiElement[] {
  return doc.memo(`context ${path}`, () => {
    const steps = path.split('/');
    return descendants(doc, steps[steps.length - 1]!).filter((el) => endsWith(el, steps));
  });
}

/** `cac:TaxScheme/normalize-space(upper-case(cbc:ID)) = 'VAT'` on a tax category or party tax scheme. */
export function vatScheme(el: CiiElement): boolean {
  for (const scheme of kids(el, 'cac:TaxScheme')) {
    const id = first(scheme, 'cbc:ID');
    if (id !== undefined && normalizeSpace(stringValue(id).toUpperCase()) === 'VAT') return true;
  }
  return false;
}

/** `normalize-space(cbc:ID)` of a tax category ('' without one). */
export function categoryId(taxCategory: CiiElement): string {
  return ns(taxCategory, 'cbc:ID');
}

/** `[cbc:ChargeIndicator = false()]` / `= true()`: some indicator casting to that boolean. */
export function chargeIndicatorIs(ac: CiiElement, value: boolean): boolean {
  for (const c of kids(ac, 'cbc:ChargeIndicator')) {
    const t = normalizeSpace(stringValue(c));
    if (value ? t === 'true' || t === '1' : t === 'false' || t === '0') return true;
  }
  return false;
}

const XS_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** `xs:decimal(el)`: the element's value as a decimal; NaN when it is no xs:decimal (the official cast fails). */
export function xdec(el: CiiElement | undefined): Decimal {
  if (el === undefined) return new Decimal(Number.NaN);
  const t = normalizeSpace(stringValue(el));
  return XS_DECIMAL.test(t) ? new Decimal(t) : new Decimal(Number.NaN);
}

/** `xs:decimal(path)` of the first node the path selects (NaN when none: the official cast of an empty sequence gives no value). */
export function xdecAt(el: CiiElement | undefined, ...steps: string[]): Decimal {
  return xdec(first(el, ...steps));
}

const XS_DOUBLE = /^[+-]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|INF)$/;

/** The xs:double cast of an untyped element (`(cbc:Percent) > 0` compares it so); NaN when it is no number. */
export function xdouble(el: CiiElement): number {
  const t = normalizeSpace(stringValue(el));
  if (t === 'NaN') return Number.NaN;
  if (!XS_DOUBLE.test(t)) return Number.NaN;
  if (t.endsWith('INF')) return t.startsWith('-') ? -Infinity : Infinity;
  return Number(t);
}

/**
 * A general comparison of the untyped nodes a path selects with a number
 * (`(cac:Price/cbc:PriceAmount) >= 0`): true when some node, cast to
 * xs:double, satisfies it. Saxon-HE orders a negative zero below zero when
 * comparing with an integer literal unless the text is written as an
 * integer (`-0`), as lib/rules/br/support/xpath-numeric.ts explains.
 */
export function someNumber(nodes: readonly CiiElement[], test: (value: number, negativeZero: boolean) => boolean): boolean {
  for (const n of nodes) {
    const v = xdouble(n);
    if (Number.isNaN(v)) continue;
    const t = normalizeSpace(stringValue(n));
    const negativeZero = v === 0 && t.startsWith('-') && !/^-\d+$/.test(t);
    if (test(v, negativeZero)) return true;
  }
  return false;
}

/** `x >= 0` on an untyped node cast to xs:double (a written negative zero such as `-0.00` is below zero). */
export const notNegative = (v: number, negativeZero: boolean): boolean => v > 0 || (v === 0 && !negativeZero);
/** `x > 0` on an untyped node cast to xs:double. */
export const positive = (v: number): boolean => v > 0;

/** XPath `round()` of a decimal: to the nearest integer, ties towards positive infinity. */
export function round(value: Decimal): Decimal {
  return value.toDecimalPlaces(0, Decimal.ROUND_HALF_CEIL);
}

/** XPath `round(x * 10 * 10) div 100` on a decimal. */
export function round2(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_CEIL);
}

/** `sum(nodes/xs:decimal(...))` of decimals: a decimal (0 for none); NaN as soon as one is NaN. */
export function sum(values: Iterable<Decimal>): Decimal {
  let total = new Decimal(0);
  for (const v of values) total = total.plus(v);
  return total;
}

/**
 * `xs:decimal(node - 1)` / `xs:decimal(node + 1)`: the untyped node is cast
 * to xs:double for the arithmetic, and the xs:double result to xs:decimal,
 * which keeps its exact binary value (100.1 - 1 is 99.09999999999999431...).
 */
export function decimalOfDoubleArithmetic(node: CiiElement | undefined, delta: number): Decimal {
  if (node === undefined) return new Decimal(Number.NaN);
  const v = xdouble(node);
  if (!Number.isFinite(v)) return new Decimal(Number.NaN);
  const r = v + delta;
  return r === 0 ? new Decimal(0) : new Decimal(r.toPrecision(60));
}

/** Decimal equality that is false when either side is NaN. */
export function eq(a: Decimal, b: Decimal): boolean {
  return a.isFinite() && b.isFinite() && a.eq(b);
}

/** `<`, false on NaN. */
export function lt(a: Decimal, b: Decimal): boolean {
  return a.isFinite() && b.isFinite() && a.lt(b);
}

/** `>`, false on NaN. */
export function gt(a: Decimal, b: Decimal): boolean {
  return a.isFinite() && b.isFinite() && a.gt(b);
}

/**
 * `string-length(substring-after(x, '.'))` on the string value of the first
 * node (the digits after the decimal point as written; 0 without a point or
 * a node), counted in characters as XPath counts them.
 */
export function digitsAfterPoint(node: CiiElement | undefined): number {
  if (node === undefined) return 0;
  const s = stringValue(node);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : [...s.slice(dot + 1)].length;
}

/** `xs:date(x)`: the date as a comparable instant (UTC milliseconds of its start, with its timezone), NaN when it is no xs:date. */
export function xdate(node: CiiElement): number {
  const t = normalizeSpace(stringValue(node));
  const m = /^(-?\d{4,})-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2})?$/.exec(t);
  if (m === null) return Number.NaN;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return Number.NaN;
  if (day > daysInMonth(month, year)) return Number.NaN;
  const tz = m[4];
  // An xs:date without timezone compares in the implicit timezone (the official validator runs in UTC).
  let offset = 0;
  if (tz !== undefined && tz !== 'Z') {
    const hours = Number(tz.slice(1, 3));
    const minutes = Number(tz.slice(4, 6));
    if (hours > 14 || minutes > 59 || (hours === 14 && minutes > 0)) return Number.NaN;
    offset = (tz.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  return daysFromCivil(year, month, day) * 86_400_000 - offset * 60_000;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (any year). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}
