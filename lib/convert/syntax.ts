/**
 * The two XML syntaxes of EN 16931: UN/CEFACT CII D16B (EN 16931-3-3, the
 * syntax of Factur-X) and OASIS UBL 2.1 (EN 16931-3-2, the syntax of Peppol).
 * One semantic model (lib/model) is read from and written to either.
 */

/** The values of `syntax` in the API (`cii`, the default, or `ubl`). */
export const INVOICE_SYNTAXES = ['cii', 'ubl'] as const;
/** One XML syntax of EN 16931. */
export type InvoiceSyntax = (typeof INVOICE_SYNTAXES)[number];

/** True when `value` is a valid `syntax` value. */
export function isInvoiceSyntax(value: unknown): value is InvoiceSyntax {
  return typeof value === 'string' && (INVOICE_SYNTAXES as readonly string[]).includes(value);
}
