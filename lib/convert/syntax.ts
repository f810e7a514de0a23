/**
 * The two XML syntaxes of EN 16931 by the names the API gives them: `cii`,
 * UN/CEFACT CII D16B (EN 16931-3-3, the syntax of Factur-X), and `ubl`, OASIS
 * UBL 2.1 (EN 16931-3-2, the syntax of Peppol). One semantic model (lib/model)
 * is read from and written to either. (lib/xml/syntax.ts names the syntax of a
 * document as the official validator does: `CII`, `UBL-Invoice`, `UBL-CreditNote`.)
 */

/** The values of `syntax` and `to` in the API (`cii`, the default, or `ubl`). */
export const SYNTAX_NAMES = ['cii', 'ubl'] as const;
/** One XML syntax of EN 16931, as the API names it. */
export type SyntaxName = (typeof SYNTAX_NAMES)[number];

/** True when `value` is a valid `syntax` value. */
export function isSyntaxName(value: unknown): value is SyntaxName {
  return typeof value === 'string' && (SYNTAX_NAMES as readonly string[]).includes(value);
}
