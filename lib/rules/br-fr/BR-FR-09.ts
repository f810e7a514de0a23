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
import { kids, path, prefix, str, stringValue, withAttr } from './xpath.js';

/** `matches(., '^\\d{14}$')` (./values.ts). */
const isSiret = exactDigits(14);

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
          const sirets = withAttr(kids(el, 'ram:GlobalID'), 'schemeID', '0009');
          if (sirets.length === 0) return true;
          const siret = stringValue(sirets[0]!);
          if (!isSiret(siret)) return false;
          const sirenIds = withAttr(path(el, 'ram:SpecifiedLegalOrganization/ram:ID'), 'schemeID', '0002');
          const head = prefix(siret, 9);
          if (strict || str(sirenIds) !== '') return sirenIds.some((s) => stringValue(s) === head);
          return true; // the SIREN defaults to the SIRET's first nine characters
        },
      },
    ],
  };
}

export default definePattern('BR-FR-09', ...SIRET_PARTIES.map(siretRule));
