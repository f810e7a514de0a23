/**
 * Tells what kind of XML document we were given, from its root element, so a
 * document that is not an EN 16931 invoice in either syntax (ZUGFeRD 1.0,
 * anything else) gets a clear answer naming its format instead of a pile of
 * rule findings (lib/xml/syntax.ts decides CII or UBL), and the CII-only
 * paths can refuse a UBL document by name.
 */
import { ServiceError } from '../errors.js';
import type { CiiElement } from './reader/tree.js';

/** The root of a UN/CEFACT CII D16B invoice (Factur-X, ZUGFeRD 2.x, XRechnung-CII). */
export const CII_ROOT = 'rsm:CrossIndustryInvoice';

const KNOWN_ROOTS: ReadonlyArray<{ test: (name: string) => boolean; format: string }> = [
  { test: (n) => n === '{urn:ferd:CrossIndustryDocument:invoice:1p0}CrossIndustryDocument', format: 'ZUGFeRD 1.0 (CrossIndustryDocument)' },
  { test: (n) => n.endsWith('}CrossIndustryDocument'), format: 'a CrossIndustryDocument (ZUGFeRD 1.0 family)' },
  { test: (n) => n === 'ubl:Invoice', format: 'UBL 2.x Invoice' },
  { test: (n) => n === 'cn:CreditNote', format: 'UBL 2.x CreditNote' },
  { test: (n) => n.endsWith('}CrossIndustryInvoice'), format: 'a CrossIndustryInvoice in another namespace (not CII D16B)' },
];

/**
 * The document is XML but not an EN 16931 invoice in a syntax we read: neither
 * CII D16B nor UBL 2.1 Invoice / CreditNote (the code and the detail rule id
 * `NOT-EN16931-CII` are kept from when CII was the only syntax, for clients).
 */
export class NotEn16931CiiError extends ServiceError {
  constructor(readonly format: string) {
    super(
      'NOT_EN16931_CII',
      `This document is ${format}, not an EN 16931 invoice: neither CII (root rsm:CrossIndustryInvoice in namespace urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100) nor UBL 2.1 (root Invoice or CreditNote in the namespaces urn:oasis:names:specification:ubl:schema:xsd:Invoice-2 / CreditNote-2). The EN 16931 rules do not apply to it.`,
      [{ rule: 'NOT-EN16931-CII', message: `Not an EN 16931 CII or UBL invoice: ${format}.`, format }],
    );
  }
}

/** Names the format of a non-CII root, for messages. */
export function describeRoot(rootName: string): string {
  const known = KNOWN_ROOTS.find((k) => k.test(rootName));
  if (known) return known.format;
  const local = rootName.replace(/^\{[^}]*\}/, '').replace(/^\w+:/, '');
  return `an XML document with root element "${local}"`;
}

/** Throws NotEn16931CiiError unless the root is a CII D16B invoice. */
export function assertCiiRoot(root: CiiElement): void {
  if (root.name !== CII_ROOT) throw new NotEn16931CiiError(describeRoot(root.name));
}
