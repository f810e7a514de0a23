/**
 * XRechnung 3.0.2 (CII) on the parties: the seller contact (BG-6, BR-DE-2)
 * with its name, telephone and e-mail (BR-DE-5..7, BR-DE-27, BR-DE-28), and
 * the city and post code of the seller (BR-DE-3, 4), the buyer (BR-DE-8, 9)
 * and the deliver-to address (BR-DE-10, 11).
 */
import { CII } from '../../document/cii-paths.js';
import type { DocumentAssert, DocumentRule } from '../../document/types.js';
import { has, matches, normalized, path, someNonBlank } from '../../document/xpath.js';
import { XR_EMAIL_REGEX, XR_TELEPHONE_REGEX } from '../common.js';

/** An assert that the child path `rel` of the context has a non-blank value (`rel[boolean(normalize-space(.))]`). */
export function present(id: string, rel: string, terms: string[], message: string): DocumentAssert {
  return { id, flag: 'fatal', terms, message, test: (el) => someNonBlank(path(el, rel)) };
}

const SELLER = `${CII.AGR}/ram:SellerTradeParty`;

/** Rule: BR-DE-2 (BG-6). */
export const SELLER_PARTY: DocumentRule = {
  context: SELLER,
  asserts: [{ id: 'BR-DE-2', flag: 'fatal', terms: ['BG-6'], message: 'An XRechnung must give the seller contact (BG-6).', test: (el) => has(el, 'ram:DefinedTradeContact') }],
};

/** Rule: BR-DE-3, BR-DE-4 (BT-37, BT-38). */
export const SELLER_ADDRESS: DocumentRule = {
  context: `${SELLER}/ram:PostalTradeAddress`,
  asserts: [
    present('BR-DE-3', 'ram:CityName', ['BT-37'], 'An XRechnung must give the seller city (BT-37).'),
    present('BR-DE-4', 'ram:PostcodeCode', ['BT-38'], 'An XRechnung must give the seller post code (BT-38).'),
  ],
};

/** Rule: BR-DE-5, BR-DE-6, BR-DE-7, BR-DE-27, BR-DE-28 (BT-41, BT-42, BT-43). */
export const SELLER_CONTACT: DocumentRule = {
  context: `${SELLER}/ram:DefinedTradeContact`,
  asserts: [
    {
      id: 'BR-DE-5',
      flag: 'fatal',
      terms: ['BT-41'],
      message: 'An XRechnung must give the seller contact point (BT-41): a person or department name.',
      test: (el) => someNonBlank([...path(el, 'ram:PersonName'), ...path(el, 'ram:DepartmentName')]),
    },
    present('BR-DE-6', 'ram:TelephoneUniversalCommunication/ram:CompleteNumber', ['BT-42'], 'An XRechnung must give the seller contact telephone number (BT-42).'),
    present('BR-DE-7', 'ram:EmailURIUniversalCommunication/ram:URIID', ['BT-43'], 'An XRechnung must give the seller contact e-mail address (BT-43).'),
    {
      id: 'BR-DE-27',
      flag: 'warning',
      terms: ['BT-42'],
      message: 'The seller contact telephone number (BT-42) should contain at least three digits.',
      test: (el) => matches(normalized(path(el, 'ram:TelephoneUniversalCommunication/ram:CompleteNumber')), XR_TELEPHONE_REGEX),
    },
    {
      id: 'BR-DE-28',
      flag: 'warning',
      terms: ['BT-43'],
      message: 'The seller contact e-mail address (BT-43) should have exactly one @, with at least one character other than a dot or white space on each side and a dotted domain.',
      test: (el) => matches(normalized(path(el, 'ram:EmailURIUniversalCommunication/ram:URIID')), XR_EMAIL_REGEX),
    },
  ],
};

/** Rule: BR-DE-8, BR-DE-9 (BT-52, BT-53). */
export const BUYER_ADDRESS: DocumentRule = {
  context: `${CII.AGR}/ram:BuyerTradeParty/ram:PostalTradeAddress`,
  asserts: [
    present('BR-DE-8', 'ram:CityName', ['BT-52'], 'An XRechnung must give the buyer city (BT-52).'),
    present('BR-DE-9', 'ram:PostcodeCode', ['BT-53'], 'An XRechnung must give the buyer post code (BT-53).'),
  ],
};

/** Rule: BR-DE-10, BR-DE-11 (BT-77, BG-15, BT-78). */
export const DELIVER_TO_ADDRESS: DocumentRule = {
  context: `${CII.DEL}/ram:ShipToTradeParty/ram:PostalTradeAddress`,
  asserts: [
    present('BR-DE-10', 'ram:CityName', ['BT-77', 'BG-15'], 'When the deliver-to address (BG-15) is given, an XRechnung must give its city (BT-77).'),
    present('BR-DE-11', 'ram:PostcodeCode', ['BT-78', 'BG-15'], 'When the deliver-to address (BG-15) is given, an XRechnung must give its post code (BT-78).'),
  ],
};
