/**
 * FR-SIRET-BUYER (ours, warning): a buyer in France (BT-55 = FR) should be
 * identified by its SIRET, as buyer identifier (BT-46) or legal registration
 * identifier (BT-47) with scheme 0009. A recommendation for French invoicing
 * (public buyers route invoices by SIRET); EN 16931 does not require it.
 */
import { defineRule } from '../types.js';
import { hasScheme } from './identifier-places.js';

export default defineRule({
  id: 'FR-SIRET-BUYER',
  severity: 'warning',
  official: false,
  terms: ['BT-55', 'BT-46', 'BT-47'],
  message: 'Recommended: give the SIRET of a buyer in France (BT-55 = FR) as buyer identifier (BT-46) or legal registration identifier (BT-47) with scheme 0009.',
  check: (inv, report) => {
    if (inv.buyer.address.countryCode?.trim().toUpperCase() !== 'FR') return;
    const ids = [inv.buyer.identifier, inv.buyer.legalRegistrationId];
    if (ids.some((id) => id !== undefined && id.id.trim() !== '' && hasScheme(id, '0009'))) return;
    report({ path: 'buyer.identifier' });
  },
});
