import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';

/** BR-07: the Buyer name (BT-44, BG-7) must be present. */
export default defineRule({
  id: 'BR-07',
  severity: 'fatal',
  terms: ['BT-44', 'BG-7'],
  message: 'The Buyer name (BT-44) is missing.',
  check: (inv, report) => {
    if (!isPresent(inv.buyer?.name)) report({ path: 'buyer.name' });
  },
});
