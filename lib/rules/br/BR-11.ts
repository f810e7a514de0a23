import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';

/** BR-11: the Buyer postal address (BG-8) must contain the Buyer country code (BT-55). */
export default defineRule({
  id: 'BR-11',
  severity: 'fatal',
  terms: ['BT-55', 'BG-8'],
  message: 'The Buyer country code (BT-55) of the Buyer postal address (BG-8) is missing.',
  check: (inv, report) => {
    if (!isPresent(inv.buyer?.address?.countryCode)) report({ path: 'buyer.address.countryCode' });
  },
});
