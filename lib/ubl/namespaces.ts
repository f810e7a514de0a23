/**
 * The OASIS UBL 2.1 namespace URIs and the canonical prefixes the element
 * tree (lib/cii/reader/tree.ts) gives them: the prefixes of the CEN EN 16931
 * UBL validation artefacts (`ubl:` Invoice, `cn:` CreditNote, `cac:`, `cbc:`,
 * `ext:`), whatever prefixes a document uses.
 */

/** Namespace URI of the UBL 2.1 Invoice root (`ubl:`). */
export const NS_UBL_INVOICE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
/** Namespace URI of the UBL 2.1 CreditNote root (`cn:`). */
export const NS_UBL_CREDIT_NOTE = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
/** Namespace URI of the common aggregate components (`cac:`). */
export const NS_CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
/** Namespace URI of the common basic components (`cbc:`). */
export const NS_CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
/** Namespace URI of the extension components (`ext:`, UBL-CR-001). */
export const NS_EXT = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';

/** Canonical name of the UBL Invoice root element. */
export const UBL_INVOICE_ROOT = 'ubl:Invoice';
/** Canonical name of the UBL CreditNote root element. */
export const UBL_CREDIT_NOTE_ROOT = 'cn:CreditNote';

/** The UBL namespaces by URI, with their canonical prefix (lib/cii/reader/tree.ts). */
export const UBL_PREFIXES: Readonly<Record<string, string>> = Object.freeze({
  [NS_UBL_INVOICE]: 'ubl',
  [NS_UBL_CREDIT_NOTE]: 'cn',
  [NS_CAC]: 'cac',
  [NS_CBC]: 'cbc',
  [NS_EXT]: 'ext',
});
