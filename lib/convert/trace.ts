/**
 * What of a source document the semantic model does not hold: the content of
 * the document (each element's text, each attribute) that neither comes back
 * when the model is written again in the document's own syntax nor was read
 * into the model. Such content has no place in EN 16931 (Factur-X EXTENDED
 * terms, UBL elements outside the EN 16931 binding, a CII project name) and
 * cannot reach the other syntax either: a conversion reports it (issue 23,
 * "never dropped silently").
 *
 * Content is compared as facts: the element path without positions (so an
 * element moved among its repeats still matches) and the value with white
 * space removed and numbers by value (`100` and `100.00` match, a base64
 * attachment with line breaks matches the one written without).
 */
import type { CiiElement } from '../cii/reader/tree.js';
import { Decimal } from '../model/decimal.js';

/** One piece of content of a document. */
export interface DocumentFact {
  /** Element path from the root, without positions; `/@name` for an attribute. */
  key: string;
  /** The comparison form of the value. */
  value: string;
  /** The text as written (trimmed). */
  text: string;
  /** XPath-like location in the document, positions included where an element repeats. */
  location: string;
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const SPACE = /\s+/g;

function comparable(text: string): string {
  const compact = text.replace(SPACE, '');
  return NUMBER.test(compact) ? new Decimal(compact).toString() : compact;
}

/** Attributes that say how the document is written, not what it says. */
function isSyntaxAttribute(name: string): boolean {
  return name.startsWith('{http://www.w3.org/2001/XMLSchema-instance}') || name.startsWith('xmlns');
}

/**
 * Every fact of the document under `root`: elements without child elements
 * that hold text, and attributes; names as the element tree gives them
 * (lib/cii/reader/tree.ts: `ram:`, `cac:`, `cbc:` ... by namespace), the
 * names the readers' locations use.
 */
export function documentFacts(root: CiiElement): DocumentFact[] {
  const out: DocumentFact[] = [];
  const visit = (el: CiiElement, key: string, location: string): void => {
    for (const [name, value] of Object.entries(el.attrs)) {
      if (isSyntaxAttribute(name) || value.trim() === '') continue;
      out.push({ key: `${key}/@${name}`, value: comparable(value), text: value.trim(), location: `${location}/@${name}` });
    }
    if (el.children.length === 0) {
      if (el.text.trim() !== '') out.push({ key, value: comparable(el.text), text: el.text.trim(), location });
      return;
    }
    const counts = new Map<string, number>();
    for (const c of el.children) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
    const seen = new Map<string, number>();
    for (const c of el.children) {
      const n = (seen.get(c.name) ?? 0) + 1;
      seen.set(c.name, n);
      visit(c, `${key}/${c.name}`, `${location}/${c.name}${counts.get(c.name)! > 1 ? `[${n}]` : ''}`);
    }
  };
  visit(root, '', `/${root.name}`);
  return out;
}

/**
 * The facts of `source` that are neither at a location in `read` (where the
 * reader took a model value from) nor in `rewritten` (the same document
 * written again from its model). Each fact of `rewritten` accounts for one
 * source fact: first for one the reader read (the term it holds is written
 * again), then, in document order, for one of the same value elsewhere (a
 * term repeated where the model holds it once is reported once).
 */
export function untracedFacts(source: CiiElement, rewritten: CiiElement, read: ReadonlySet<string> = new Set()): DocumentFact[] {
  const available = new Map<string, number>();
  for (const f of documentFacts(rewritten)) {
    const id = `${f.key}\u0000${f.value}`;
    available.set(id, (available.get(id) ?? 0) + 1);
  }
  const take = (f: DocumentFact): boolean => {
    const id = `${f.key}\u0000${f.value}`;
    const left = available.get(id) ?? 0;
    if (left === 0) return false;
    available.set(id, left - 1);
    return true;
  };
  const facts = documentFacts(source);
  for (const f of facts) if (read.has(f.location)) take(f);
  return facts.filter((f) => !read.has(f.location) && !take(f));
}
