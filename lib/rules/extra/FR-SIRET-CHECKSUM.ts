/**
 * FR-SIRET-CHECKSUM (ours, warning): every identifier with scheme 0009 (SIRET,
 * e.g. BT-29 / BT-46 party identifiers, BT-30 / BT-47, electronic addresses)
 * has 14 digits with a valid Luhn key, or, for La Poste (SIREN 356000000), a
 * digit sum that is a multiple of 5. The official rules check only the scheme.
 */
import { defineRule } from '../types.js';
import { isValidSiret } from './checksums.js';
import { hasScheme, schemedIdentifiers } from './identifier-places.js';

export default defineRule({
  id: 'FR-SIRET-CHECKSUM',
  severity: 'warning',
  official: false,
  terms: ['BT-29', 'BT-30', 'BT-46', 'BT-47', 'BT-60', 'BT-61', 'BT-34', 'BT-49', 'BT-71', 'BT-157'],
  message: 'An identifier with scheme 0009 (SIRET) (BT-29, BT-30, BT-46, BT-47, BT-60, BT-61, BT-34, BT-49, BT-71, BT-157) must have 14 digits with a valid Luhn key (La Poste: digit sum a multiple of 5).',
  check: (inv, report) => {
    for (const { path, identifier } of schemedIdentifiers(inv)) {
      if (hasScheme(identifier, '0009') && !isValidSiret(identifier.id)) report({ path });
    }
  },
});
