/**
 * Which UBL 2.1 document an EN 16931 invoice is written as: `CreditNote` for
 * the credit-note type codes (BT-3, UNTDID 1001), `Invoice` for every other.
 *
 * The split follows the code lists of BR-CL-01 in the CEN UBL artefacts
 * (validation 1.3.16, EN16931-UBL-model.sch): a `cbc:CreditNoteTypeCode` must
 * be one of {@link UBL_CREDIT_NOTE_TYPE_CODES}, a `cbc:InvoiceTypeCode` one
 * of the invoice list. Code 81 (credit note related to goods or services) is
 * in both lists: as a credit note code of UNTDID 1001 it makes a CreditNote.
 */

/**
 * The UNTDID 1001 codes BR-CL-01 accepts in `cbc:CreditNoteTypeCode`
 * (81, 83, 261, 262, 296, 308, 381, 396, 420, 458, 502, 503, 532).
 */
export const UBL_CREDIT_NOTE_TYPE_CODES: ReadonlySet<string> = new Set(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '502', '503', '532']);

/** The root element of a UBL 2.1 invoice document. */
export type UblDocumentType = 'Invoice' | 'CreditNote';

/**
 * The UBL document type for an invoice type code (BT-3): `CreditNote` for a
 * credit-note code of BR-CL-01's CreditNote list (381, 396, 81, ...),
 * `Invoice` otherwise (380, 384, 386, 389, ..., and any code not in either
 * list, which the rules then report).
 */
export function ublDocumentType(typeCode: string | undefined): UblDocumentType {
  return typeCode !== undefined && UBL_CREDIT_NOTE_TYPE_CODES.has(typeCode.trim()) ? 'CreditNote' : 'Invoice';
}
