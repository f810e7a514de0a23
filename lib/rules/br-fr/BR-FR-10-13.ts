/**
 * BR-FR-10: the seller has a SIREN (BT-30, scheme 0002) of nine digits.
 * BR-FR-11: on a B2B invoice (note BAR = `B2B`) the buyer has one too (BT-47).
 * BR-FR-12 / BR-FR-13: the buyer's (BT-49) and the seller's (BT-34)
 * electronic addresses are present.
 */
import { P, selection } from './document.js';
import { definePattern } from './types.js';
import { exactDigits } from './values.js';
import { kidEq, normalizeSpace, str, withAttr } from './xpath.js';

/** `matches(., '^\\d{9}$')` (./values.ts). */
const isSiren = exactDigits(9);
const ROOT = 'rsm:CrossIndustryInvoice';
const SELLER_SIREN = selection(`${P.AGR}/ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID`);
const BUYER_SIREN = selection(`${P.AGR}/ram:BuyerTradeParty/ram:SpecifiedLegalOrganization/ram:ID`);
const BUYER_URI = selection(`${P.AGR}/ram:BuyerTradeParty/ram:URIUniversalCommunication/ram:URIID`);
const SELLER_URI = selection(`${P.AGR}/ram:SellerTradeParty/ram:URIUniversalCommunication/ram:URIID`);

/** The contents of the notes with subject BAR (BT-22 where BT-21 = BAR). */
export const BAR_CONTENT = `${P.DOC}/ram:IncludedNote`;
/** {@link BAR_CONTENT} compiled. */
export const NOTES = selection(BAR_CONTENT);

export const BR_FR_10 = definePattern('BR-FR-10', {
  context: ROOT,
  asserts: [
    {
      id: 'BR-FR-10_BT-30',
      terms: ['BT-30'],
      message: "The seller's legal registration identifier (BT-30) must be its SIREN: nine digits with scheme identifier 0002.",
      test: (_el, doc) => {
        const siren = withAttr(doc.at(SELLER_SIREN), 'schemeID', '0002');
        return siren.length > 0 && isSiren(normalizeSpace(str(siren)));
      },
    },
  ],
});

export const BR_FR_11 = definePattern('BR-FR-11', {
  context: ROOT,
  asserts: [
    {
      id: 'BR-FR-11_BT-47',
      terms: ['BT-47', 'BT-22'],
      message: "On a B2B invoice (note with subject BAR reading B2B), the buyer's legal registration identifier (BT-47) must be its SIREN: nine digits with scheme identifier 0002.",
      test: (_el, doc) => !barContentIs(doc.at(NOTES), 'B2B') || isSiren(str(withAttr(doc.at(BUYER_SIREN), 'schemeID', '0002'))),
    },
  ],
});

export const BR_FR_12 = definePattern('BR-FR-12', {
  context: ROOT,
  asserts: [
    {
      id: 'BR-FR-12_BT-49',
      terms: ['BT-49'],
      message: "The buyer's electronic address (BT-49) is required.",
      test: (_el, doc) => str(doc.at(BUYER_URI)) !== '',
    },
  ],
});

export const BR_FR_13 = definePattern('BR-FR-13', {
  context: ROOT,
  asserts: [
    {
      id: 'BR-FR-13_BT-34',
      terms: ['BT-34'],
      message: "The seller's electronic address (BT-34) is required.",
      test: (_el, doc) => str(doc.at(SELLER_URI)) !== '',
    },
  ],
});

/** `ram:IncludedNote[ram:SubjectCode = 'BAR']/ram:Content = value` over the document's notes. */
export function barContentIs(notes: readonly import('../../cii/reader/tree.js').CiiElement[], value: string): boolean {
  for (let i = 0; i < notes.length; i++) if (kidEq(notes[i], 'ram:SubjectCode', 'BAR') && kidEq(notes[i], 'ram:Content', value)) return true;
  return false;
}
