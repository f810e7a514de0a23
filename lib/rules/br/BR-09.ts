import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';

/** BR-09: the Seller postal address (BG-5) must contain the Seller country code (BT-40). */
export default defineRule({
  id: 'BR-09',
  severity: 'fatal',
  terms: ['BT-40', 'BG-5'],
  message: 'The Seller country code (BT-40) of the Seller postal address (BG-5) is missing.',
  check: (inv, report) => {
    if (!isPresent(inv.seller?.address?.countryCode)) report({ path: 'seller.address.countryCode' });
  },
});
