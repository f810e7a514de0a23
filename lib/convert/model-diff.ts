/**
 * Compares two semantic models term by term: what a conversion wrote into
 * the target syntax, read back, against the model read from the source. A
 * term of the source model that the read-back model lacks, or holds with
 * another value, did not come through (issue 23: "every business term the
 * source carries comes through; what the target cannot carry is reported").
 */
import { Decimal } from '../model/decimal.js';
import type { Invoice } from '../model/invoice.js';
import { isPresent } from '../model/presence.js';
import { CII_GROUPS, CII_TERMS } from '../cii/binding.js';

/** A term value of the source model that the other model lacks or changed. */
export interface TermDifference {
  /** Model path, e.g. `lines[1].price.grossPrice`. */
  path: string;
  /** The business term it holds (BT id), when the binding names one. */
  term: string | undefined;
  /** The value in the source model, as text. */
  value: string;
  /** The value in the other model, when it has one. */
  other?: string;
}

/**
 * Every present value of a model as `path -> text`: strings that are not
 * blank (blank is absent, lib/model/presence.ts), without the white space
 * around them (which no EN 16931 term gives a meaning: the official rules
 * test terms with `normalize-space`), decimals by value (2.5 and 2.50 are
 * one value), numbers and booleans as text.
 */
export function flattenModel(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value === undefined || value === null) return out;
  if (typeof value === 'string') {
    if (isPresent(value)) out.set(prefix, value.trim());
    return out;
  }
  if (Decimal.isDecimal(value)) {
    out.set(prefix, (value as Decimal).toString());
    return out;
  }
  if (typeof value !== 'object') {
    out.set(prefix, String(value));
    return out;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => flattenModel(v, `${prefix}[${i}]`, out));
    return out;
  }
  for (const [k, v] of Object.entries(value)) flattenModel(v, prefix === '' ? k : `${prefix}.${k}`, out);
  return out;
}

/** Model path without indices (`lines.price.grossPrice`) -> BT id, from the binding table (its model paths are syntax-neutral). */
const TERM_BY_MODEL_PATH: ReadonlyMap<string, string> = (() => {
  const groupModel = new Map<string, string>();
  for (const g of CII_GROUPS) groupModel.set(g.id, g.parent === undefined ? g.model : `${groupModel.get(g.parent)}.${g.model}`);
  const map = new Map<string, string>();
  for (const t of CII_TERMS) {
    const base = t.group === undefined ? '' : groupModel.get(t.group)!;
    const path = base === '' ? t.model : `${base}.${t.model}`;
    if (!map.has(path)) map.set(path, t.id);
  }
  return map;
})();

/** The business term (BT id) a model path holds, e.g. `lines[2].price.grossPrice` -> `BT-148`; undefined when none. */
export function termOfModelPath(path: string): string | undefined {
  return TERM_BY_MODEL_PATH.get(path.replace(/\[\d+\]/g, ''));
}

/**
 * The model with the seller identifiers (BT-29, 0..n, an unordered set in
 * EN 16931) in the one order CII can write them (the XSD puts every `ram:ID`,
 * without scheme, before every `ram:GlobalID`): a conversion that only
 * reorders them loses nothing.
 */
function inComparableOrder(inv: Invoice): Invoice {
  const ids = inv.seller.identifiers;
  const plain = ids.filter((id) => !isPresent(id.scheme));
  if (plain.length === 0 || plain.length === ids.length) return inv;
  return { ...inv, seller: { ...inv.seller, identifiers: [...plain, ...ids.filter((id) => isPresent(id.scheme))] } };
}

/**
 * The values of `source` that `other` lacks or holds differently, in the
 * source's order (seller identifiers compared as a set, see {@link inComparableOrder}).
 */
export function modelDifferences(source: Invoice, other: Invoice): TermDifference[] {
  const theirs = flattenModel(inComparableOrder(other));
  const out: TermDifference[] = [];
  for (const [path, value] of flattenModel(inComparableOrder(source))) {
    const o = theirs.get(path);
    if (o === value) continue;
    out.push({ path, term: termOfModelPath(path), value, ...(o === undefined ? {} : { other: o }) });
  }
  return out;
}
