/**
 * FR-SIREN-CHECKSUM (ours, warning): every identifier with scheme 0002 (SIREN,
 * e.g. BT-30 / BT-47 legal registration ids, BT-29 / BT-46, electronic
 * addresses) has 9 digits with a valid Luhn key. The official rules check only
 * the scheme code (BR-CL-10/11/25), not the number.
 */
import { defineRule } from '../types.js';
import { isValidSiren } from './checksums.js';
import { hasScheme, schemedIdentifiers } from './identifier-places.js';

export default defineRule({
  id: 'FR-SIREN-CHECKSUM',
  severity: 'warning',
  official: false,
  terms: ['BT-29', 'BT-30', 'BT-46', 'BT-47', 'BT-60', 'BT-61', 'BT-34', 'BT-49', 'BT-71', 'BT-157'],
  message: 'An identifier with scheme 0002 (SIREN) (BT-29, BT-30, BT-46, BT-47, BT-60, BT-61, BT-34, BT-49, BT-71, BT-157) must have 9 digits with a valid Luhn key.',
  check: (inv, report) => {
    for (const { path, identifier } of schemedIdentifiers(inv)) {
      if (hasScheme(identifier, '0002') && !isValidSiren(identifier.id)) report({ path });
    }
  },
});
