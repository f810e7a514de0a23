/**
 * What the BR-FR rules for UBL (FNFE-MPE France_RFE v1.4.0.02,
 * `BR-FR-Flux2-Schematron-UBL.sch`) share: contexts under either root, the
 * joined notes and the BAR processing value read from them, the billing
 * framework tests (`custom:isSpecialContract*`) and the global `$invoiceID`.
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import type { RuleDocument } from '../../document/document.js';
import { UBL_CREDIT_NOTE, UBL_INVOICE } from '../../document/ubl-view.js';
import { kids, normalized, stringValue } from '../../document/xpath.js';

/** `ubl:Invoice/rel | cn:CreditNote/rel` as the UBL file writes its contexts (relative match patterns). */
export function roots(rel = ''): string[] {
  return rel === '' ? [UBL_INVOICE, UBL_CREDIT_NOTE] : [`${UBL_INVOICE}/${rel}`, `${UBL_CREDIT_NOTE}/${rel}`];
}

/** `ubl:Invoice/cac:InvoiceLine/rel | cn:CreditNote/cac:CreditNoteLine/rel`. */
export function lines(rel = ''): string[] {
  const suffix = rel === '' ? '' : `/${rel}`;
  return [`${UBL_INVOICE}/cac:InvoiceLine${suffix}`, `${UBL_CREDIT_NOTE}/cac:CreditNoteLine${suffix}`];
}

/** The invoice or credit note lines of the root. */
export function lineElements(root: CiiElement): CiiElement[] {
  return [...kids(root, 'cac:InvoiceLine'), ...kids(root, 'cac:CreditNoteLine')];
}

/** `string-join(./cbc:Note, '')`: every note of the document (BT-22, with its `#SUBJECT#` prefix) joined. */
export function allNotes(root: CiiElement): string {
  return kids(root, 'cbc:Note').map(stringValue).join('');
}

/**
 * The value after `#<subject>#` in the joined notes, up to the next `#`
 * (`substring-after` / `substring-before` as the BR-FR rules read the BAR
 * and TXD notes); '' when no note has that subject.
 */
export function noteValue(root: CiiElement, subject: string): string {
  const notes = allNotes(root);
  const marker = `#${subject}#`;
  const at = notes.indexOf(marker);
  if (at < 0) return '';
  const after = notes.slice(at + marker.length);
  const hash = after.indexOf('#');
  return hash < 0 ? after : after.slice(0, hash);
}

const SPECIAL = new Set(['S8', 'B8', 'M8', 'S9', 'B9', 'M9']);
const MULTI_VENDOR = new Set(['S8', 'B8', 'M8']);
const TWO_WAY = new Set(['S9', 'B9', 'M9']);

/** BT-23 normalised (`normalize-space(cbc:ProfileID)`; several are an XPath error). */
function framework(doc: RuleDocument): string | undefined {
  return doc.value('fr:framework', (d) => (kids(d.root, 'cbc:ProfileID').length === 0 ? undefined : normalized(kids(d.root, 'cbc:ProfileID'))));
}

/** `custom:isSpecialContract`: BT-23 is S8, B8, M8, S9, B9 or M9. */
export const isSpecialContract = (doc: RuleDocument): boolean => SPECIAL.has(framework(doc) ?? '');
/** `custom:isSpecialContractMV`: multi-vendor (S8, B8, M8). */
export const isMultiVendor = (doc: RuleDocument): boolean => MULTI_VENDOR.has(framework(doc) ?? '');
/** `custom:isSpecialContractBD`: two-way (S9, B9, M9). */
export const isTwoWay = (doc: RuleDocument): boolean => TWO_WAY.has(framework(doc) ?? '');

/** `$invoiceID`: the string values of the root's `cbc:ID` (BT-1). */
export function invoiceIds(doc: RuleDocument): string[] {
  return doc.value('fr:invoiceID', (d) => kids(d.root, 'cbc:ID').map(stringValue));
}

/** `nodes = $invoiceID`: some node's string value equals some invoice id. */
export function isInvoiceId(nodes: readonly CiiElement[], doc: RuleDocument): boolean {
  const ids = invoiceIds(doc);
  return nodes.some((n) => ids.includes(stringValue(n)));
}

/** `nodes != $invoiceID`: some node's string value differs from some invoice id. */
export function isNotInvoiceId(nodes: readonly CiiElement[], doc: RuleDocument): boolean {
  const ids = invoiceIds(doc);
  return nodes.some((n) => ids.some((id) => id !== stringValue(n)));
}
