/**
 * XRechnung 3.0.2 (UBL) on the parties: the seller contact (BG-6, BR-DE-2)
 * with its name, telephone and e-mail (BR-DE-5..7, BR-DE-27, BR-DE-28), and
 * the city and post code of the seller (BR-DE-3, 4), the buyer (BR-DE-8, 9)
 * and the deliver-to address (BR-DE-10, 11).
 */
import type { DocumentRule } from '../../document/types.js';
import { bothRoots } from '../../document/ubl-paths.js';
import { has, matches, normalized, path } from '../../document/xpath.js';
import { XR_EMAIL_REGEX, XR_TELEPHONE_REGEX } from '../common.js';
import { present } from '../cii/BR-DE-parties.js';

/** Rule: BR-DE-2 (BG-6). */
export const SELLER_PARTY: DocumentRule = {
  context: bothRoots('cac:AccountingSupplierParty'),
  asserts: [{ id: 'BR-DE-2', flag: 'fatal', terms: ['BG-6'], message: 'An XRechnung must give the seller contact (BG-6).', test: (el) => has(el, 'cac:Party/cac:Contact') }],
};

/** Rule: BR-DE-3, BR-DE-4 (BT-37, BT-38). */
export const SELLER_ADDRESS: DocumentRule = {
  context: bothRoots('cac:AccountingSupplierParty/cac:Party/cac:PostalAddress'),
  asserts: [
    present('BR-DE-3', 'cbc:CityName', ['BT-37'], 'An XRechnung must give the seller city (BT-37).'),
    present('BR-DE-4', 'cbc:PostalZone', ['BT-38'], 'An XRechnung must give the seller post code (BT-38).'),
  ],
};

/** Rule: BR-DE-5, BR-DE-6, BR-DE-7, BR-DE-27, BR-DE-28 (BT-41, BT-42, BT-43). */
export const SELLER_CONTACT: DocumentRule = {
  context: bothRoots('cac:AccountingSupplierParty/cac:Party/cac:Contact'),
  asserts: [
    present('BR-DE-5', 'cbc:Name', ['BT-41'], 'An XRechnung must give the seller contact point (BT-41).'),
    present('BR-DE-6', 'cbc:Telephone', ['BT-42'], 'An XRechnung must give the seller contact telephone number (BT-42).'),
    present('BR-DE-7', 'cbc:ElectronicMail', ['BT-43'], 'An XRechnung must give the seller contact e-mail address (BT-43).'),
    {
      id: 'BR-DE-27',
      flag: 'warning',
      terms: ['BT-42'],
      message: 'The seller contact telephone number (BT-42) should contain at least three digits.',
      test: (el) => matches(normalized(path(el, 'cbc:Telephone')), XR_TELEPHONE_REGEX),
    },
    {
      id: 'BR-DE-28',
      flag: 'warning',
      terms: ['BT-43'],
      message: 'The seller contact e-mail address (BT-43) should have exactly one @, with at least one character other than a dot or white space on each side and a dotted domain.',
      test: (el) => matches(normalized(path(el, 'cbc:ElectronicMail')), XR_EMAIL_REGEX),
    },
  ],
};

/** Rule: BR-DE-8, BR-DE-9 (BT-52, BT-53). */
export const BUYER_ADDRESS: DocumentRule = {
  context: bothRoots('cac:AccountingCustomerParty/cac:Party/cac:PostalAddress'),
  asserts: [
    present('BR-DE-8', 'cbc:CityName', ['BT-52'], 'An XRechnung must give the buyer city (BT-52).'),
    present('BR-DE-9', 'cbc:PostalZone', ['BT-53'], 'An XRechnung must give the buyer post code (BT-53).'),
  ],
};

/** Rule: BR-DE-10, BR-DE-11 (BT-77, BG-15, BT-78). */
export const DELIVER_TO_ADDRESS: DocumentRule = {
  context: bothRoots('cac:Delivery/cac:DeliveryLocation/cac:Address'),
  asserts: [
    present('BR-DE-10', 'cbc:CityName', ['BT-77', 'BG-15'], 'When the deliver-to address (BG-15) is given, an XRechnung must give its city (BT-77).'),
    present('BR-DE-11', 'cbc:PostalZone', ['BT-78', 'BG-15'], 'When the deliver-to address (BG-15) is given, an XRechnung must give its post code (BT-78).'),
  ],
};
