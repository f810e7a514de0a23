/**
 * The BAR note (BT-22 with subject BT-21 = BAR) says how the invoice is
 * processed. BR-FR-20: its content is one of B2B, B2BINT, B2C, B2CINT,
 * OUTOFSCOPE, ARCHIVEONLY. BR-FR-31: at most one BAR note has such a value.
 * BR-FR-21: on a B2B invoice the buyer's electronic address (BT-49) has scheme
 * 0225 and begins with its legal registration id (BT-47), except for
 * self-billing types; BR-FR-22: for self-billing types, the same of the
 * seller's (BT-34, BT-30).
 */
import { BAR_CONTENT, barContentIs, NOTES } from './BR-FR-10-13.js';
import { P, selection } from './document.js';
import { definePattern } from './types.js';
import type { FrDocument } from './document.js';
import { anyIn, kid, kidEq, normalizeSpace, str, stringValue } from './xpath.js';

/** The BAR processing values (BT-22 of the note with subject BAR). */
export const FR_BAR_VALUES: ReadonlySet<string> = new Set(['B2B', 'B2BINT', 'B2C', 'B2CINT', 'OUTOFSCOPE', 'ARCHIVEONLY']);
/** Self-billing and other document types for which the seller's address is checked instead of the buyer's. */
const EXCLUDED_TYPES = new Set(['389', '501', '500', '471', '473', '261', '502']);

export const BR_FR_20 = definePattern('BR-FR-20', {
  context: BAR_CONTENT,
  where: (el) => kidEq(el, 'ram:SubjectCode', 'BAR'),
  asserts: [
    {
      id: 'BR-FR-20_BT-21',
      terms: ['BT-21', 'BT-22'],
      message: `A note with subject code BAR (BT-21) must read one of ${[...FR_BAR_VALUES].join(', ')} (BT-22).`,
      test: (el) => {
        const content = kid(el, 'ram:Content');
        return content !== undefined && FR_BAR_VALUES.has(stringValue(content));
      },
    },
  ],
});

/** The legal registration id and the electronic address of a party, by the party's path. */
const partyAddress = (partyPath: string) => ({
  siren: selection(`${partyPath}/ram:SpecifiedLegalOrganization/ram:ID`),
  uri: selection(`${partyPath}/ram:URIUniversalCommunication/ram:URIID`),
});
const BUYER_ADDRESS = partyAddress(`${P.AGR}/ram:BuyerTradeParty`);
const SELLER_ADDRESS = partyAddress(`${P.AGR}/ram:SellerTradeParty`);
const TYPE_CODE = selection(`${P.DOC}/ram:TypeCode`);

function addressBeginsWithSiren(party: ReturnType<typeof partyAddress>, doc: FrDocument): boolean {
  const siren = str(doc.at(party.siren));
  const uri = doc.at(party.uri);
  return str(uri).startsWith(siren) && uri.some((u) => u.attrs['schemeID'] === '0225');
}

const isB2B = (doc: FrDocument) => barContentIs(doc.at(NOTES), 'B2B');
const isExcluded = (doc: FrDocument) => anyIn(doc.at(TYPE_CODE), EXCLUDED_TYPES);

export const BR_FR_21 = definePattern('BR-FR-21', {
  context: 'rsm:CrossIndustryInvoice',
  asserts: [
    {
      id: 'BR-FR-21_BT-49',
      terms: ['BT-49', 'BT-47'],
      message: "On a B2B invoice (BAR note B2B), the buyer's electronic address (BT-49) must have scheme 0225 and begin with the buyer's SIREN (BT-47).",
      test: (_el, doc) => !(isB2B(doc) && !isExcluded(doc)) || addressBeginsWithSiren(BUYER_ADDRESS, doc),
    },
  ],
});

export const BR_FR_22 = definePattern('BR-FR-22', {
  context: 'rsm:CrossIndustryInvoice',
  asserts: [
    {
      id: 'BR-FR-22_BT-34',
      terms: ['BT-34', 'BT-30'],
      message: "On a self-billed B2B invoice (BAR note B2B), the seller's electronic address (BT-34) must have scheme 0225 and begin with the seller's SIREN (BT-30).",
      test: (_el, doc) => !(isB2B(doc) && isExcluded(doc)) || addressBeginsWithSiren(SELLER_ADDRESS, doc),
    },
  ],
});

export const BR_FR_31 = definePattern('BR-FR-31', {
  context: P.DOC,
  asserts: [
    {
      id: 'BR-FR-31_BT-21',
      terms: ['BT-21', 'BT-22'],
      message: 'At most one note with subject code BAR (BT-21) may give the processing (B2B, B2BINT, B2C, B2CINT, OUTOFSCOPE, ARCHIVEONLY).',
      test: (el) => {
        let bar = 0;
        const children = el.children;
        for (let i = 0; i < children.length; i++) {
          const note = children[i]!;
          if (note.name !== 'ram:IncludedNote' || !kidEq(note, 'ram:SubjectCode', 'BAR')) continue;
          const content = kid(note, 'ram:Content');
          if (FR_BAR_VALUES.has(normalizeSpace(content === undefined ? '' : stringValue(content)))) bar++;
        }
        return bar <= 1;
      },
    },
  ],
});

