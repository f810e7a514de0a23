/**
 * BR-FR-32: wherever it appears, a SIREN is nine digits: legal registration
 * ids with scheme 0002 and global ids with scheme 0002 or 0231.
 */
import { definePattern } from './types.js';
import { exactDigits } from './values.js';
import { normalizeSpace, stringValue } from './xpath.js';

/** `matches(., '^\\d{9}$')` (./values.ts). */
const isSiren = exactDigits(9);

export default definePattern(
  'BR-FR-32',
  {
    context: '//ram:SpecifiedLegalOrganization/ram:ID',
    where: (el) => el.attrs['schemeID'] === '0002',
    asserts: [
      {
        id: 'BR-FR-32-LEGALID',
        terms: ['BT-30', 'BT-47'],
        message: 'A legal registration identifier with scheme 0002 (SIREN; BT-30, BT-47, ...) must be exactly nine digits.',
        test: (el) => isSiren(normalizeSpace(stringValue(el))),
      },
    ],
  },
  {
    context: '//ram:GlobalID',
    where: (el) => el.attrs['schemeID'] === '0002' || el.attrs['schemeID'] === '0231',
    asserts: [
      {
        id: 'BR-FR-32-GLOBALID',
        terms: ['BT-29', 'BT-46'],
        message: 'An identifier with scheme 0002 or 0231 (a SIREN; BT-29, BT-46, ...) must be exactly nine digits.',
        test: (el) => isSiren(normalizeSpace(stringValue(el))),
      },
    ],
  },
);
