/**
 * The UBL document a model was read from, for the UBL binding's variants of
 * the EN 16931 rules (./variants.ts): their official tests are XPath over
 * the UBL elements (`//cac:TaxCategory[cac:TaxScheme/...]`, `cac:TaxTotal/
 * xs:decimal(cbc:TaxAmount[@currencyID = $Currency])`, ...), so the reader's
 * validation records the element tree beside the model, as the CII reader
 * records its source facts (lib/model/source-facts.ts). Keyed by the invoice
 * object; a model built any other way has none, and the variants then
 * report nothing (they only run on UBL documents).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import type { Invoice } from '../../model/invoice.js';
import { UBL_CREDIT_NOTE_ROOT } from '../namespaces.js';
import { ElementLocator } from '../../cii/reader/locate.js';

/** A UBL document as the variants see it. */
export interface UblDocument {
  /** The root element (`ubl:Invoice` or `cn:CreditNote`). */
  root: CiiElement;
  /** True for a CreditNote. */
  credit: boolean;
  /** Locations of elements, for findings about elements the model has no term for. */
  locator: ElementLocator;
  /** Every element of the document by name, in document order (built on first use). */
  index(): ReadonlyMap<string, readonly CiiElement[]>;
  /** A value computed once per document (the lines in document order, ...), under `key`. */
  memo<T>(key: string, compute: () => T): T;
}

/** Indexes the elements of a tree by name, in document order. */
function indexByName(root: CiiElement): Map<string, CiiElement[]> {
  const byName = new Map<string, CiiElement[]>();
  const visit = (el: CiiElement): void => {
    let list = byName.get(el.name);
    if (list === undefined) {
      list = [];
      byName.set(el.name, list);
    }
    list.push(el);
    for (const c of el.children) visit(c);
  };
  visit(root);
  return byName;
}

const documents = new WeakMap<Invoice, UblDocument>();

/** Records the UBL element tree `inv` was read from. */
export function recordUblDocument(inv: Invoice, root: CiiElement): void {
  let byName: Map<string, CiiElement[]> | undefined;
  const memos = new Map<string, unknown>();
  documents.set(inv, {
    root,
    credit: root.name === UBL_CREDIT_NOTE_ROOT,
    locator: new ElementLocator(),
    index: () => (byName ??= indexByName(root)),
    memo: <T>(key: string, compute: () => T): T => {
      if (!memos.has(key)) memos.set(key, compute());
      return memos.get(key) as T;
    },
  });
}

/** The UBL document `inv` was read from, or undefined for a model not read from UBL. */
export function ublDocument(inv: Invoice): UblDocument | undefined {
  return documents.get(inv);
}
