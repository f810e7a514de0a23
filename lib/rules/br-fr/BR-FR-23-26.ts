/**
 * Identifier forms of the French directory. BR-FR-23: electronic addresses
 * with scheme 0225 (SIREN-based) use `A-Z a-z 0-9 + - _ .` only; BR-FR-24: so
 * do private identifiers with scheme 0224 (BT-29, BT-46). BR-FR-25: electronic
 * addresses are at most 125 characters; BR-FR-26: 0224 identifiers at most 100.
 */
import { ADDRESS_PARTIES, BUYER, SELLER, type FrParty } from './parties.js';
import { definePattern, type BrFrRule } from './types.js';
import { stringLength, stringValue } from './xpath.js';

const SCHEME_FORMAT = /^[A-Za-z0-9+\-_.]+$/;

/** `custom:is-valid-schemeid-format`. */
export function isValidSchemeIdFormat(value: string): boolean {
  return SCHEME_FORMAT.test(value);
}

const scheme = (value: string) => (el: import('../../cii/reader/tree.js').CiiElement) => el.attrs['schemeID'] === value;

function addressFormat(party: FrParty): BrFrRule {
  const term = party.address!;
  return {
    context: `${party.path}/ram:URIUniversalCommunication/ram:URIID`,
    where: scheme('0225'),
    asserts: [
      {
        id: `BR-FR-23_${term}`,
        terms: [term],
        message: `The ${party.name}'s electronic address with scheme 0225 (${term}) may only contain A-Z, a-z, 0-9 and + - _ . (no spaces).`,
        test: (el) => isValidSchemeIdFormat(stringValue(el)),
      },
    ],
  };
}

function addressLength(party: FrParty): BrFrRule {
  const term = party.address!;
  return {
    context: `${party.path}/ram:URIUniversalCommunication/ram:URIID`,
    asserts: [
      {
        id: `BR-FR-25_${term}`,
        terms: [term],
        message: `The ${party.name}'s electronic address (${term}) must be at most 125 characters long.`,
        test: (el) => stringLength(stringValue(el)) <= 125,
      },
    ],
  };
}

function privateId(party: FrParty, family: '24' | '26'): BrFrRule {
  const term = party.id;
  return {
    context: `${party.path}/ram:GlobalID`,
    where: scheme('0224'),
    asserts: [
      family === '24'
        ? {
            id: `BR-FR-24_${term}`,
            terms: [term],
            message: `The ${party.name}'s private identifier with scheme 0224 (${term}) may only contain A-Z, a-z, 0-9 and + - _ . (no spaces).`,
            test: (el) => isValidSchemeIdFormat(stringValue(el)),
          }
        : {
            id: `BR-FR-26_${term}`,
            terms: [term],
            message: `The ${party.name}'s private identifier with scheme 0224 (${term}) must be at most 100 characters long.`,
            test: (el) => stringLength(stringValue(el)) <= 100,
          },
    ],
  };
}

export const BR_FR_23 = definePattern('BR-FR-23', ...ADDRESS_PARTIES.map(addressFormat));
export const BR_FR_24 = definePattern('BR-FR-24', privateId(SELLER, '24'), privateId(BUYER, '24'));
export const BR_FR_25 = definePattern('BR-FR-25', ...ADDRESS_PARTIES.map(addressLength));
export const BR_FR_26 = definePattern('BR-FR-26', privateId(SELLER, '26'), privateId(BUYER, '26'));
