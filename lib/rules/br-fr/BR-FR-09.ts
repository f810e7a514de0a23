/**
 * BR-FR-09: a party's SIRET (identifier with scheme 0009) is 14 digits and
 * begins with its SIREN (legal registration id with scheme 0002). For the
 * seller and the buyer the SIREN must be given; for the other parties a
 * missing SIREN is taken from the SIRET itself (so only its form is checked).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { BUYER, SELLER, SIRET_PARTIES, type FrParty } from './parties.js';
import { definePattern, type BrFrRule } from './types.js';
import { exactDigits } from './values.js';
import { kidWithAttr, path, prefix, steps, str, stringValue, withAttr } from './xpath.js';

/** `matches(., '^\\d{14}$')` (./values.ts). */
const isSiret = exactDigits(14);
const LEGAL_ID = steps('ram:SpecifiedLegalOrganization/ram:ID');

function siretRule(party: FrParty): BrFrRule {
  const strict = party === SELLER || party === BUYER;
  return {
    context: party.path,
    asserts: [
      {
        id: `BR-FR-09_${party.id}`,
        terms: [party.id],
        message: `The ${party.name}'s SIRET (${party.id}, scheme 0009) must be 14 digits beginning with its SIREN (scheme 0002).`,
        test: (el: CiiElement) => {
          const first = kidWithAttr(el, 'ram:GlobalID', 'schemeID', '0009');
          if (first === undefined) return true;
          const siret = stringValue(first);
          if (!isSiret(siret)) return false;
          const sirenIds = withAttr(path(el, LEGAL_ID), 'schemeID', '0002');
          const head = prefix(siret, 9);
          if (strict || str(sirenIds) !== '') return sirenIds.some((s) => stringValue(s) === head);
          return true; // the SIREN defaults to the SIRET's first nine characters
        },
      },
    ],
  };
}

export default definePattern('BR-FR-09', ...SIRET_PARTIES.map(siretRule));
