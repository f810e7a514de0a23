/**
 * XRechnung 3.0.2 (CII), the extension scenario only (BT-24 is
 * `$XR-EXTENSION-ID`): identifier schemes from the ISO 6523 ICD list with the
 * DiGA codes (BR-DEX-04 party ids, 05 other ids, 06 item ids, 08 deliver-to
 * location), endpoint schemes from the EAS list (BR-DEX-07), the MIME codes of
 * attachments (BR-DEX-01) and sub-invoice lines (BR-DEX-15, warning).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { CII } from '../../document/cii-paths.js';
import type { RuleDocument } from '../../document/document.js';
import type { DocumentAssert, DocumentRule } from '../../document/types.js';
import { attr } from '../../document/xpath.js';
import { CEF_EAS_EXT_CODES, inCodeString, ISO_6523_ICD_EXT_CODES, XR_EXTENSION_ID } from '../common.js';

/** `$isExtension`: a text node of BT-24 reads exactly the extension identifier. */
export function isCiiExtension(doc: RuleDocument): boolean {
  return doc.value('xr:isExtension', (d) => d.at(`${CII.CTX}/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`).some((id) => id.text === XR_EXTENSION_ID));
}

const ancestorNamed = (el: CiiElement, name: string): boolean => {
  for (let p = el.parent; p !== undefined; p = p.parent) if (p.name === name) return true;
  return false;
};
const withScheme = (el: CiiElement, doc: RuleDocument) => attr(el, 'schemeID') !== undefined && isCiiExtension(doc);

function schemeAssert(id: string, terms: string[], what: string, codes: string, list: string): DocumentAssert {
  return {
    id,
    flag: 'fatal',
    terms,
    message: `In the XRechnung extension, the scheme of ${what} (${terms.join(', ')}) must be a code of the ${list}.`,
    test: (el) => inCodeString(attr(el, 'schemeID'), codes),
  };
}

/** The MIME codes BR-DEX-01 allows: those of EN 16931 and application/xml. */
export const XR_EXTENSION_MIME_CODES: ReadonlySet<string> = new Set([
  'application/pdf', 'image/png', 'image/jpeg', 'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.oasis.opendocument.spreadsheet', 'application/xml',
]);

/** Rules: BR-DEX-15, BR-DEX-04, BR-DEX-05, BR-DEX-06, BR-DEX-07, BR-DEX-08, BR-DEX-01 (BG-25, BT-29, BT-46, BT-60, BT-30, BT-47). */
export const EXTENSION_RULES: readonly DocumentRule[] = [
  {
    context: `${CII.LINE}/ram:AssociatedDocumentLineDocument`,
    where: (_el, doc) => isCiiExtension(doc),
    asserts: [
      {
        id: 'BR-DEX-15',
        flag: 'warning',
        terms: ['BG-25'],
        message: 'The document has parent line references (sub-invoice lines of BG-25, ram:ParentLineID), which XRechnung does not support.',
        test: (_el, doc) => doc.named('ram:ParentLineID').length === 0,
      },
    ],
  },
  {
    context: 'ram:GlobalID',
    where: (el, doc) => withScheme(el, doc) && !ancestorNamed(el, 'ram:SpecifiedTradeProduct') && !ancestorNamed(el, 'ram:ShipToTradeParty'),
    asserts: [schemeAssert('BR-DEX-04', ['BT-29', 'BT-46', 'BT-60'], 'a party identifier', ISO_6523_ICD_EXT_CODES, 'ISO 6523 ICD list (or XR01..XR03)')],
  },
  {
    context: 'ram:ID',
    where: (el, doc) => withScheme(el, doc) && !ancestorNamed(el, 'ram:SpecifiedTaxRegistration'),
    asserts: [schemeAssert('BR-DEX-05', ['BT-30', 'BT-47', 'BT-61'], 'an identifier', ISO_6523_ICD_EXT_CODES, 'ISO 6523 ICD list (or XR01..XR03)')],
  },
  {
    context: 'ram:SpecifiedTradeProduct/ram:GlobalID',
    where: withScheme,
    asserts: [schemeAssert('BR-DEX-06', ['BT-157'], 'an item standard identifier', ISO_6523_ICD_EXT_CODES, 'ISO 6523 ICD list (or XR01..XR03)')],
  },
  {
    context: 'ram:URIUniversalCommunication/ram:URIID',
    where: withScheme,
    asserts: [schemeAssert('BR-DEX-07', ['BT-34', 'BT-49'], 'an electronic address', CEF_EAS_EXT_CODES, 'EAS code list (or XR01..XR03)')],
  },
  {
    context: 'ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:GlobalID',
    where: withScheme,
    asserts: [schemeAssert('BR-DEX-08', ['BT-71'], 'the deliver-to location identifier', ISO_6523_ICD_EXT_CODES, 'ISO 6523 ICD list (or XR01..XR03)')],
  },
  {
    context: 'ram:AttachmentBinaryObject',
    where: (_el, doc) => isCiiExtension(doc),
    asserts: [
      {
        id: 'BR-DEX-01',
        flag: 'fatal',
        terms: ['BT-125'],
        message: `In the XRechnung extension, an attached document (BT-125) must have one of the MIME codes ${[...XR_EXTENSION_MIME_CODES].join(', ')}.`,
        test: (el) => XR_EXTENSION_MIME_CODES.has(attr(el, 'mimeCode') ?? ''),
      },
    ],
  },
];

