/**
 * Context helpers for the UBL rules of the document-level families, over the
 * prefixed view of lib/rules/document/ubl-view.ts.
 */
import type { RuleDocument } from './document.js';
import type { CiiElement } from '../../cii/reader/tree.js';
import { UBL_CREDIT_NOTE, UBL_INVOICE } from './ubl-view.js';

/** `/ubl:Invoice/rel | /cn:CreditNote/rel` (or the two roots when `rel` is empty). */
export function bothRoots(rel = ''): string[] {
  return rel === '' ? [`/${UBL_INVOICE}`, `/${UBL_CREDIT_NOTE}`] : [`/${UBL_INVOICE}/${rel}`, `/${UBL_CREDIT_NOTE}/${rel}`];
}

/** `/*` of a UBL document: its root element. */
export function ublRoot(doc: RuleDocument): CiiElement {
  return doc.root;
}

/** True for a UBL Invoice (`/ubl-invoice:Invoice` exists), false for a credit note. */
export function isUblInvoice(doc: RuleDocument): boolean {
  return doc.root.name === UBL_INVOICE;
}

/** The line element name of the document's type: `cac:InvoiceLine` or `cac:CreditNoteLine`. */
export function lineName(doc: RuleDocument): string {
  return isUblInvoice(doc) ? 'cac:InvoiceLine' : 'cac:CreditNoteLine';
}
