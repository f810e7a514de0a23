import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';

/** BR-20: the Seller tax representative postal address (BG-12) must contain a country code (BT-69). */
export default defineRule({
  id: 'BR-20',
  severity: 'fatal',
  terms: ['BT-69', 'BG-12', 'BG-11'],
  message: 'The Tax representative country code (BT-69) is missing.',
  check: (inv, report) => {
    const rep = inv.taxRepresentative;
    if (rep !== undefined && !isPresent(rep.address?.countryCode)) report({ path: 'taxRepresentative.address.countryCode' });
  },
});
