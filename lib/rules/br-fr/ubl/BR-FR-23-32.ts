/**
 * BR-FR on UBL: electronic addresses with scheme 0225 use the allowed
 * characters (BR-FR-23) and every electronic address is at most 125
 * characters (BR-FR-25); private identifiers (scheme 0224) of the seller and
 * the buyer use the allowed characters (BR-FR-24) and are at most 100
 * characters (BR-FR-26); item attributes have a name (BR-FR-27, written on
 * `ubl:Invoice/cac:Item`, which UBL does not have, so it never fires) and
 * either a value or a quantity with its unit (BR-FR-28); supporting documents
 * (BR-FR-29) and line object references (BR-FR-30) have at most one AFL and
 * one AVV identifier, not blank; SIREN identifiers (scheme 0002, and 0231 as
 * party identifier) are 9 digits (BR-FR-32).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { definePattern, type DocumentRule } from '../../document/types.js';
import { attr, has, kids, matches, normalizeSpace, stringLength, stringValue } from '../../document/xpath.js';
import { isValidSchemeIdFormat } from '../BR-FR-23-26.js';
import { lines, roots } from './common.js';

const scheme = (...values: string[]) => (el: CiiElement) => values.includes(attr(el, 'schemeID') as string);

interface Party {
  term: string;
  what: string;
  path: string;
}

const SELLER: Party = { term: 'BT-34', what: 'seller', path: 'cac:AccountingSupplierParty/cac:Party' };
const BUYER: Party = { term: 'BT-49', what: 'buyer', path: 'cac:AccountingCustomerParty/cac:Party' };
const ADDRESS_PARTIES: readonly Party[] = [
  SELLER,
  BUYER,
  { term: 'EXT-FR-FE-12', what: "buyer's agent", path: 'cac:AccountingCustomerParty/cac:Party/cac:AgentParty' },
  { term: 'EXT-FR-FE-29', what: 'payee', path: 'cac:PayeeParty' },
  { term: 'EXT-FR-FE-52', what: 'payer', path: 'cac:PaymentMeans/cac:PaymentMandate/cac:PayerParty' },
  { term: 'EXT-FR-FE-75', what: "seller's agent", path: 'cac:AccountingSupplierParty/cac:Party/cac:AgentParty' },
  { term: 'EXT-FR-FE-98', what: 'invoicee', path: 'cac:AccountingCustomerParty/cac:Party/cac:ServiceProviderParty/cac:Party' },
  { term: 'EXT-FR-FE-121', what: 'invoicer', path: 'cac:AccountingSupplierParty/cac:Party/cac:ServiceProviderParty/cac:Party' },
];

const addressFormat = (p: Party): DocumentRule => ({
  context: roots(`${p.path}/cbc:EndpointID`),
  where: scheme('0225'),
  asserts: [
    {
      id: `BR-FR-23_${p.term}`,
      flag: 'fatal',
      terms: [p.term],
      message: `The ${p.what}'s electronic address with scheme 0225 (${p.term}) may only contain letters, digits and + - _ .`,
      test: (el) => isValidSchemeIdFormat(stringValue(el)),
    },
  ],
});

const addressLength = (p: Party): DocumentRule => ({
  context: roots(`${p.path}/cbc:EndpointID`),
  asserts: [{ id: `BR-FR-25_${p.term}`, flag: 'fatal', terms: [p.term], message: `The ${p.what}'s electronic address (${p.term}) must be at most 125 characters long.`, test: (el) => stringLength(stringValue(el)) <= 125 }],
});

const PRIVATE_ID_PARTIES = [
  { term: 'BT-29', what: 'seller', path: SELLER.path },
  { term: 'BT-46', what: 'buyer', path: BUYER.path },
];

/** Pattern `BR-FR-23`: BR-FR-23_BT-34, BR-FR-23_BT-49, BR-FR-23_EXT-FR-FE-12, BR-FR-23_EXT-FR-FE-29, BR-FR-23_EXT-FR-FE-52, BR-FR-23_EXT-FR-FE-75, BR-FR-23_EXT-FR-FE-98, BR-FR-23_EXT-FR-FE-121 (BT-34, BT-49, EXT-FR-FE-12, EXT-FR-FE-29, EXT-FR-FE-52, EXT-FR-FE-75). */
export const BR_FR_23 = definePattern('BR-FR-23', ...ADDRESS_PARTIES.map(addressFormat));
/** Pattern `BR-FR-24`: BR-FR-24_BT-29, BR-FR-24_BT-46 (BT-29, BT-46). */
export const BR_FR_24 = definePattern(
  'BR-FR-24',
  ...PRIVATE_ID_PARTIES.map((p): DocumentRule => ({
    context: roots(`${p.path}/cac:PartyIdentification/cbc:ID`),
    where: scheme('0224'),
    asserts: [{ id: `BR-FR-24_${p.term}`, flag: 'fatal', terms: [p.term], message: `A private identifier (scheme 0224) of the ${p.what} (${p.term}) may only contain letters, digits and + - _ .`, test: (el) => isValidSchemeIdFormat(stringValue(el)) }],
  })),
);
/** Pattern `BR-FR-25`: BR-FR-25_BT-34, BR-FR-25_BT-49, BR-FR-25_EXT-FR-FE-12, BR-FR-25_EXT-FR-FE-29, BR-FR-25_EXT-FR-FE-52, BR-FR-25_EXT-FR-FE-75, BR-FR-25_EXT-FR-FE-98, BR-FR-25_EXT-FR-FE-121 (BT-34, BT-49, EXT-FR-FE-12, EXT-FR-FE-29, EXT-FR-FE-52, EXT-FR-FE-75). */
export const BR_FR_25 = definePattern('BR-FR-25', ...ADDRESS_PARTIES.map(addressLength));
/** Pattern `BR-FR-26`: BR-FR-26_BT-29, BR-FR-26_BT-46 (BT-29, BT-46). */
export const BR_FR_26 = definePattern(
  'BR-FR-26',
  ...PRIVATE_ID_PARTIES.map((p): DocumentRule => ({
    context: roots(`${p.path}/cac:PartyIdentification/cbc:ID`),
    where: scheme('0224'),
    asserts: [{ id: `BR-FR-26_${p.term}`, flag: 'fatal', terms: [p.term], message: `A private identifier (scheme 0224) of the ${p.what} (${p.term}) must be at most 100 characters long.`, test: (el) => stringLength(stringValue(el)) <= 100 }],
  })),
);

const notBlank = (el: CiiElement) => normalizeSpace(stringValue(el)) !== '';

/** Pattern `BR-FR-27`: BR-FR-27_BG-32, BR-FR-27_BT-160, BR-FR-27_EXT-FR-FE-159 (BG-32, BT-160, EXT-FR-FE-159). */
export const BR_FR_27 = definePattern(
  'BR-FR-27',
  {
    context: roots('cac:Item/cac:AdditionalItemProperty'),
    asserts: [{ id: 'BR-FR-27_BG-32', flag: 'fatal', terms: ['BG-32', 'BT-160'], message: 'An item attribute (BG-32) must have a name (BT-160) or a name code.', test: (el) => has(el, 'cbc:Name') || has(el, 'cbc:NameCode') }],
  },
  {
    context: roots('cac:Item/cac:AdditionalItemProperty/cbc:Name'),
    asserts: [{ id: 'BR-FR-27_BT-160', flag: 'fatal', terms: ['BT-160'], message: 'An item attribute name (BT-160) must not be blank.', test: notBlank }],
  },
  {
    context: roots('cac:Item/cac:AdditionalItemProperty/cbc:NameCode'),
    asserts: [{ id: 'BR-FR-27_EXT-FR-FE-159', flag: 'fatal', terms: ['EXT-FR-FE-159', 'BG-32'], message: 'An item attribute name code (EXT-FR-FE-159, BG-32) must not be blank.', test: notBlank }],
  },
);

/** Pattern `BR-FR-28`: BR-FR-28-Value (BT-161, BG-32). */
export const BR_FR_28 = definePattern('BR-FR-28', {
  context: lines('cac:Item/cac:AdditionalItemProperty'),
  asserts: [
    {
      id: 'BR-FR-28-Value',
      flag: 'fatal',
      terms: ['BT-161', 'BG-32'],
      message: 'An item attribute (BG-32) must have either a value (BT-161) or a quantity with its unit, not both.',
      test: (el) => {
        const value = has(el, 'cbc:Value');
        const quantity = kids(el, 'cbc:ValueQuantity');
        return (value && quantity.length === 0) || (!value && quantity.some((q) => attr(q, 'unitCode') !== undefined && attr(q, 'unitCode') !== ''));
      },
    },
  ],
});

function objectRules(owner: string[], term: string, family: '29' | '30', what: string): DocumentRule[] {
  const count = (el: CiiElement, s: string) => kids(el, 'cbc:ID').filter((id) => attr(id, 'schemeID') === s).length;
  return [
    {
      context: owner,
      asserts: [
        {
          id: `BR-FR-${family}_${term}`,
          flag: 'fatal',
          terms: [term],
          message: `A ${what} (${term}) may have at most one identifier with scheme AFL and one with scheme AVV.`,
          test: (el) => count(el, 'AFL') <= 1 && count(el, 'AVV') <= 1,
        },
      ],
    },
    ...(['AFL', 'AVV'] as const).map((s): DocumentRule => ({
      context: owner.map((o) => `${o}/cbc:ID`),
      where: scheme(s),
      asserts: [{ id: `BR-FR-${family}_${s}`, flag: 'fatal', terms: [term], message: `The ${s} identifier of a ${what} (${term}) must not be blank.`, test: notBlank }],
    })),
  ];
}

/** Pattern `BR-FR-29`: BR-FR-29_BT-18, BR-FR-29_AFL, BR-FR-29_AVV (BT-18). */
export const BR_FR_29 = definePattern('BR-FR-29', ...objectRules(roots('cac:AdditionalDocumentReference'), 'BT-18', '29', 'supporting document'));
/** Pattern `BR-FR-30`: BR-FR-30_BT-128, BR-FR-30_AFL, BR-FR-30_AVV (BT-128). */
export const BR_FR_30 = definePattern('BR-FR-30', ...objectRules(lines('cac:DocumentReference'), 'BT-128', '30', 'line object reference'));

const SIREN = '^\\d{9}$';

/** Pattern `BR-FR-32`: BR-FR-32-LEGALID, BR-FR-32-ID (BT-30, BT-47, BT-29, BT-46). */
export const BR_FR_32 = definePattern(
  'BR-FR-32',
  {
    context: 'cac:PartyLegalEntity/cbc:CompanyID',
    where: scheme('0002'),
    asserts: [{ id: 'BR-FR-32-LEGALID', flag: 'fatal', terms: ['BT-30', 'BT-47'], message: 'A legal registration identifier with scheme 0002 (BT-30, BT-47) must be a SIREN of 9 digits.', test: (el) => matches(normalizeSpace(stringValue(el)), SIREN) }],
  },
  {
    context: 'cac:PartyIdentification/cbc:ID',
    where: scheme('0002', '0231'),
    asserts: [{ id: 'BR-FR-32-ID', flag: 'fatal', terms: ['BT-29', 'BT-46'], message: 'A party identifier with scheme 0002 or 0231 (BT-29, BT-46) must be a SIREN of 9 digits.', test: (el) => matches(normalizeSpace(stringValue(el)), SIREN) }],
  },
);
