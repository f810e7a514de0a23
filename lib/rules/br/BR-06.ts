import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';

/** BR-06: the Seller name (BT-27, BG-4) must be present. */
export default defineRule({
  id: 'BR-06',
  severity: 'fatal',
  terms: ['BT-27', 'BG-4'],
  message: 'The Seller name (BT-27) is missing.',
  check: (inv, report) => {
    if (!isPresent(inv.seller?.name)) report({ path: 'seller.name' });
  },
});
