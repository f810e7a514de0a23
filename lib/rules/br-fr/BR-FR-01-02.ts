/**
 * BR-FR-01 / BR-FR-02: invoice numbers (BT-1), preceding invoice numbers
 * (BT-25) and line preceding invoice numbers (EXT-FR-FE-136) are at most 35
 * characters of `A-Z a-z 0-9 + - _ /`, without spaces (`custom:is-valid-id-format`).
 */
import { P } from './document.js';
import { definePattern, type BrFrRule } from './types.js';
import { normalizeSpace, stringLength, stringValue } from './xpath.js';

const ID_CHARS = /^[A-Za-z0-9+\-_/]+$/;

/** `custom:is-valid-id-format`: the normalised value is made of the allowed characters and the raw value has no space. */
export function isValidIdFormat(id: string): boolean {
  return ID_CHARS.test(normalizeSpace(id)) && !id.includes(' ');
}

function idRule(context: string, term: string, what: string): BrFrRule {
  return {
    context,
    asserts: [
      { id: `BR-FR-01_${term}`, terms: [term], message: `The ${what} (${term}) must be at most 35 characters long.`, test: (el) => stringLength(stringValue(el)) <= 35 },
      {
        id: `BR-FR-02_${term}`,
        terms: [term],
        message: `The ${what} (${term}) may only contain the letters A-Z and a-z, the digits 0-9 and the characters + - _ /, without spaces.`,
        test: (el) => isValidIdFormat(stringValue(el)),
      },
    ],
  };
}

export default definePattern(
  'BR-FR-01_BR-FR-02',
  idRule(`${P.DOC}/ram:ID`, 'BT-1', 'invoice number'),
  idRule(`${P.SET}/ram:InvoiceReferencedDocument/ram:IssuerAssignedID`, 'BT-25', 'preceding invoice number'),
  idRule(`${P.LINE}/ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument/ram:IssuerAssignedID`, 'EXT-FR-FE-136', 'line preceding invoice number'),
);
