/**
 * The element tree of a UBL 2.1 document with the prefixes the official UBL
 * rule files use (`ubl:Invoice`, `cn:CreditNote`, `cac:`, `cbc:`, `ext:`), so
 * that the UBL rules of the document-level families (XRechnung, Peppol, BR-FR)
 * read like their source and report locations such as
 * `/ubl:Invoice/cac:AccountingSupplierParty/cac:Party`.
 *
 * lib/cii/reader/tree.ts canonicalises only the CII namespaces and names
 * every other element `{uri}local`; this view renames the UBL ones in one
 * walk (names already in prefixed form are kept, so the view is idempotent).
 */
import type { CiiElement } from '../../cii/reader/tree.js';

/** UBL 2.1 namespace URIs and the prefix the rules use for each. */
export const UBL_PREFIXES: Readonly<Record<string, string>> = Object.freeze({
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2': 'ubl',
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2': 'cn',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2': 'ext',
});

/** The root name of a UBL invoice in the view. */
export const UBL_INVOICE = 'ubl:Invoice';
/** The root name of a UBL credit note in the view. */
export const UBL_CREDIT_NOTE = 'cn:CreditNote';

function rename(name: string, cache: Map<string, string>): string {
  if (name.charCodeAt(0) !== 123 /* { */) return name;
  let out = cache.get(name);
  if (out === undefined) {
    const close = name.indexOf('}');
    const prefix = UBL_PREFIXES[name.slice(1, close)];
    out = prefix === undefined ? name : `${prefix}:${name.slice(close + 1)}`;
    cache.set(name, out);
  }
  return out;
}

/** True when the root of a tree is a UBL Invoice or CreditNote (in either naming). */
export function isUblTree(root: CiiElement): boolean {
  const name = rename(root.name, new Map());
  return name === UBL_INVOICE || name === UBL_CREDIT_NOTE;
}

/**
 * The tree with UBL names in prefixed form: the tree itself when its root is
 * already so named (lib/cii/reader/tree.ts gives the UBL namespaces these
 * prefixes), else a copy (attributes and text shared with the source).
 */
export function ublView(root: CiiElement): CiiElement {
  if (root.name === UBL_INVOICE || root.name === UBL_CREDIT_NOTE) return root;
  const cache = new Map<string, string>();
  const copy = (el: CiiElement, parent: CiiElement | undefined): CiiElement => {
    const node: CiiElement = { name: rename(el.name, cache), attrs: el.attrs, children: [], text: el.text };
    if (el.line !== undefined) node.line = el.line;
    if (parent !== undefined) node.parent = parent;
    for (const c of el.children) node.children.push(copy(c, node));
    return node;
  };
  return copy(root, undefined);
}
