/**
 * Reading UBL 2.1 Invoices and CreditNotes (issue 13 point 6, issue 23 point
 * 1): the entry points for callers that hold XML or a parsed tree, over the
 * full reader of ./reader/read.ts (every business term of the EN 16931 UBL
 * binding, with locations). v1 convert reads an embedded UBL with it; the
 * validation (lib/validate-xml.ts) reads every UBL document with it.
 *
 * The reader never throws on content; parsing is the safe parser of lib/xml
 * (no DTD, no entities, size and depth caps).
 */
import { toElementTree, type CiiElement } from '../cii/reader/tree.js';
import type { Invoice } from '../model/invoice.js';
import { withXmlDocument } from '../xml/parse.js';
import { NS_CAC, NS_CBC, NS_UBL_CREDIT_NOTE, NS_UBL_INVOICE, UBL_CREDIT_NOTE_ROOT, UBL_INVOICE_ROOT } from './namespaces.js';
import { readUbl } from './reader/read.js';

export { readUbl, type UblReadResult } from './reader/read.js';

/** UBL 2.1 namespaces. */
export const UBL_NS = {
  invoice: NS_UBL_INVOICE,
  creditNote: NS_UBL_CREDIT_NOTE,
  cac: NS_CAC,
  cbc: NS_CBC,
} as const;

/** True when a root element name (as lib/cii/reader/tree.ts canonicalises it) is a UBL 2.x Invoice or CreditNote. */
export function isUblRoot(name: string): boolean {
  return name === UBL_INVOICE_ROOT || name === UBL_CREDIT_NOTE_ROOT;
}

/**
 * A cheap look at the first bytes: whether an XML document's root is a UBL
 * Invoice or CreditNote (used to pick an embedded file among a PDF's
 * attachments before parsing it properly).
 */
export function looksLikeUbl(xml: Uint8Array | string): boolean {
  const head = typeof xml === 'string' ? xml.slice(0, 4096) : new TextDecoder('utf-8', { fatal: false }).decode(xml.subarray(0, 4096));
  const body = head.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  const root = /<([\w.-]+:)?(Invoice|CreditNote)\b[^>]*>/.exec(body);
  return root !== null && body.slice(root.index, root.index + root[0].length).includes(`ubl:schema:xsd:${root[2]}-2`);
}

/** The UBL document is no Invoice or CreditNote. */
export class NotUblInvoiceError extends Error {
  constructor(root: string) {
    super(`Not a UBL 2.x Invoice or CreditNote (root ${root}).`);
  }
}

/** Reads a parsed UBL Invoice or CreditNote root into the model (BT values as written). @throws NotUblInvoiceError for another root. */
export function readUblInvoice(root: CiiElement): Invoice {
  if (!isUblRoot(root.name)) throw new NotUblInvoiceError(root.name);
  return readUbl(root).invoice;
}

/**
 * Parses and reads a UBL 2.1 Invoice or CreditNote.
 * @throws XmlSyntaxError / XmlSecurityError for XML that is not well-formed or unsafe, NotUblInvoiceError for another root.
 */
export function readUblXml(xml: string | Uint8Array, options: { maxBytes?: number } = {}): Invoice {
  return withXmlDocument(xml, (doc) => readUblInvoice(toElementTree(doc)), options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
}
