/**
 * Which EN 16931 syntax an XML invoice is written in, from its root element
 * (EN 16931-3-2 UBL, EN 16931-3-3 CII), as the official validator decides it:
 * `rsm:CrossIndustryInvoice` (UN/CEFACT CII D16B), UBL 2.1 `Invoice` or
 * `CreditNote`. Every XML entry point (validation, rendering, v1 extraction,
 * the CLI) asks here; a document in neither keeps the clear refusal of
 * lib/cii/detect.ts naming its format.
 */
import { CII_ROOT, describeRoot, NotEn16931CiiError } from '../cii/detect.js';
import type { CiiElement } from '../cii/reader/tree.js';
import { UBL_CREDIT_NOTE_ROOT, UBL_INVOICE_ROOT } from '../ubl/namespaces.js';

/** The syntax of an EN 16931 XML invoice, named as the official validator names it. */
export type InvoiceSyntax = 'CII' | 'UBL-Invoice' | 'UBL-CreditNote';

/** The syntax a root element name (canonical, lib/cii/reader/tree.ts) stands for, or undefined for any other root. */
export function syntaxOfRoot(rootName: string): InvoiceSyntax | undefined {
  if (rootName === CII_ROOT) return 'CII';
  if (rootName === UBL_INVOICE_ROOT) return 'UBL-Invoice';
  if (rootName === UBL_CREDIT_NOTE_ROOT) return 'UBL-CreditNote';
  return undefined;
}

/**
 * The syntax of a parsed document.
 * @throws NotEn16931CiiError (naming the format: ZUGFeRD 1.0, another root) when it is neither CII nor UBL.
 */
export function detectInvoiceSyntax(root: CiiElement): InvoiceSyntax {
  const syntax = syntaxOfRoot(root.name);
  if (syntax === undefined) throw new NotEn16931CiiError(describeRoot(root.name));
  return syntax;
}
