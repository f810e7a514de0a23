/**
 * BR-FR on UBL: invoice numbers (BR-FR-01 length and format, BR-FR-02
 * format) of the invoice (BT-1), of preceding invoices (BT-25) and at line
 * level (EXT-FR-FE-136); dates of the years 2000 to 2099 as real calendar
 * dates in `YYYY-MM-DD` (BR-FR-03); document type codes of the French list
 * (BR-FR-04). The contexts are those of the official UBL file, including two
 * line-level ones that name elements UBL does not have under a billing
 * reference (`cac:BillingReference/cac:DocumentReference`), which therefore
 * never fire on a schema-valid document.
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { daysInMonth } from '../../../model/calendar.js';
import { definePattern, type DocumentRule } from '../../document/types.js';
import { stringLength, stringValue, xpathNumber } from '../../document/xpath.js';
import { isValidIdFormat } from '../BR-FR-01-02.js';
import { FR_DOCUMENT_TYPES } from '../BR-FR-04.js';
import { xsdRegex } from '../xpath.js';
import { lines, roots } from './common.js';

function idLength(id: string, term: string, what: string) {
  return { id, flag: 'fatal' as const, terms: [term], message: `The ${what} (${term}) must be at most 35 characters long.`, test: (el: CiiElement) => stringLength(stringValue(el)) <= 35 };
}
function idFormat(id: string, term: string, what: string) {
  return {
    id,
    flag: 'fatal' as const,
    terms: [term],
    message: `The ${what} (${term}) may only contain the letters A-Z and a-z, digits and + - _ /, without spaces.`,
    test: (el: CiiElement) => isValidIdFormat(stringValue(el)),
  };
}

const INVOICE_ID = roots('cbc:ID');
const PRECEDING_ID = roots('cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID');

/** Pattern `BR-FR-01`: BR-FR-01_BT-1-1, BR-FR-01_BT-1-2, BR-FR-01_BT-25-1, BR-FR-01_BT-25-2, BR-FR-01_EXT-FR-FE-136-1, BR-FR-01_BT-EXT-FR-FE-136-2 (BT-1, BT-25, EXT-FR-FE-136). */
export const BR_FR_01 = definePattern(
  'BR-FR-01',
  { context: INVOICE_ID, asserts: [idLength('BR-FR-01_BT-1-1', 'BT-1', 'invoice number'), idFormat('BR-FR-01_BT-1-2', 'BT-1', 'invoice number')] },
  { context: PRECEDING_ID, asserts: [idLength('BR-FR-01_BT-25-1', 'BT-25', 'preceding invoice number'), idFormat('BR-FR-01_BT-25-2', 'BT-25', 'preceding invoice number')] },
  {
    context: lines('cac:BillingReference/cac:DocumentReference/cbc:ID'),
    asserts: [idLength('BR-FR-01_EXT-FR-FE-136-1', 'EXT-FR-FE-136', 'line preceding invoice number'), idFormat('BR-FR-01_BT-EXT-FR-FE-136-2', 'EXT-FR-FE-136', 'line preceding invoice number')],
  },
);

/** Pattern `BR-FR-02`: BR-FR-02_BT-1, BR-FR-02_BT-25, BR-FR-02_EXT-FR-FE-136 (BT-1, BT-25, EXT-FR-FE-136). */
export const BR_FR_02 = definePattern(
  'BR-FR-02',
  { context: INVOICE_ID, asserts: [idFormat('BR-FR-02_BT-1', 'BT-1', 'invoice number')] },
  { context: PRECEDING_ID, asserts: [idFormat('BR-FR-02_BT-25', 'BT-25', 'preceding invoice number')] },
  { context: lines('cac:DocumentReference/cbc:ID'), asserts: [idFormat('BR-FR-02_EXT-FR-FE-136', 'EXT-FR-FE-136', 'line referenced document identifier')] },
);

const DATE = xsdRegex('^20\\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$');

/** `custom:is-valid-date-format` of the UBL file: `YYYY-MM-DD` of 2000..2099, a real calendar date. */
export function isValidFrUblDate(d: string): boolean {
  if (!DATE.test(d)) return false;
  const year = xpathNumber(d.slice(0, 4));
  const month = xpathNumber(d.slice(5, 7));
  const day = xpathNumber(d.slice(8, 10));
  return day <= daysInMonth(month, year);
}

function dateRule(context: string[], term: string, what: string): DocumentRule {
  return {
    context,
    asserts: [
      {
        id: `BR-FR-03_${term}`,
        flag: 'fatal',
        terms: [term],
        message: `The ${what} (${term}) must be a real calendar date (YYYY-MM-DD) between 2000 and 2099.`,
        test: (el) => isValidFrUblDate(stringValue(el)),
      },
    ],
  };
}

/** Pattern `BR-FR-03`: BR-FR-03_BT-2, BR-FR-03_BT-7, BR-FR-03_BT-9, BR-FR-03_BT-26, BR-FR-03_BT-72, BR-FR-03_BT-73, BR-FR-03_BT-74, BR-FR-03_EXT-FR-FE-138, BR-FR-03_EXT-FR-FE-158, BR-FR-03_BT-134, BR-FR-03_BT-135 (BT-2, BT-7, BT-9, BT-26, BT-72, BT-73). */
export const BR_FR_03 = definePattern(
  'BR-FR-03',
  dateRule(roots('cbc:IssueDate'), 'BT-2', 'invoice issue date'),
  dateRule(roots('cbc:TaxPointDate'), 'BT-7', 'VAT point date'),
  dateRule(roots('cbc:DueDate'), 'BT-9', 'payment due date'),
  dateRule(roots('cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate'), 'BT-26', 'preceding invoice issue date'),
  dateRule(roots('cac:Delivery/cbc:ActualDeliveryDate'), 'BT-72', 'actual delivery date'),
  dateRule(roots('cac:InvoicePeriod/cbc:StartDate'), 'BT-73', 'invoicing period start date'),
  dateRule(roots('cac:InvoicePeriod/cbc:EndDate'), 'BT-74', 'invoicing period end date'),
  dateRule(lines('cac:DocumentReference/cbc:IssueDate'), 'EXT-FR-FE-138', 'line preceding invoice issue date'),
  dateRule(lines('cac:Delivery/cbc:ActualDeliveryDate'), 'EXT-FR-FE-158', 'line delivery date'),
  dateRule(lines('cac:InvoicePeriod/cbc:StartDate'), 'BT-134', 'line invoicing period start date'),
  dateRule(lines('cac:InvoicePeriod/cbc:EndDate'), 'BT-135', 'line invoicing period end date'),
);

function typeRule(context: string[], id: string, term: string, what: string): DocumentRule {
  return {
    context,
    asserts: [
      { id, flag: 'fatal', terms: [term], message: `The ${what} (${term}) must be one of the French document types (${[...FR_DOCUMENT_TYPES].join(', ')}).`, test: (el) => FR_DOCUMENT_TYPES.has(stringValue(el)) },
    ],
  };
}

/** Pattern `BR-FR-04`: BR-FR-04_BT-3, BR-FR-04_EXT-FR-FE-02, BR-FR-04_EXT-FR-FE-137 (BT-3, EXT-FR-FE-02, EXT-FR-FE-137). */
export const BR_FR_04 = definePattern(
  'BR-FR-04',
  typeRule(['ubl:Invoice/cbc:InvoiceTypeCode', 'cn:CreditNote/cbc:CreditNoteTypeCode'], 'BR-FR-04_BT-3', 'BT-3', 'invoice type code'),
  typeRule(roots('cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode'), 'BR-FR-04_EXT-FR-FE-02', 'EXT-FR-FE-02', 'preceding invoice type code'),
  typeRule(lines('cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode'), 'BR-FR-04_EXT-FR-FE-137', 'EXT-FR-FE-137', 'line preceding invoice type code'),
);
