/**
 * BR-FR-04: document type codes (BT-3, and the types of preceding invoices)
 * come from the French list (`custom:is-valid-document-type-code`).
 */
import { P } from './document.js';
import { definePattern, type BrFrRule } from './types.js';
import { stringValue } from './xpath.js';

/** The document types of the French reform (XP Z12-012 V1.4). */
export const FR_DOCUMENT_TYPES: ReadonlySet<string> = new Set('380 389 393 501 386 500 384 471 472 473 261 262 381 396 502 503'.split(' '));

function typeRule(context: string, term: string, what: string): BrFrRule {
  return {
    context,
    asserts: [
      {
        id: `BR-FR-04_${term}`,
        terms: [term],
        message: `The ${what} (${term}) must be one of the French document types: ${[...FR_DOCUMENT_TYPES].join(', ')}.`,
        test: (el) => FR_DOCUMENT_TYPES.has(stringValue(el)),
      },
    ],
  };
}

export default definePattern(
  'BR-FR-04',
  typeRule(`${P.DOC}/ram:TypeCode`, 'BT-3', 'invoice type code'),
  typeRule(`${P.SET}/ram:InvoiceReferencedDocument/ram:TypeCode`, 'EXT-FR-FE-02', 'preceding invoice type code'),
  typeRule(`${P.LINE}/ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument/ram:TypeCode`, 'EXT-FR-FE-137', 'line preceding invoice type code'),
);
