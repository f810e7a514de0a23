import { defineRule } from '../types.js';
import { isAmount } from './support/presence.js';

/** BR-15: the Amount due for payment (BT-115, BG-22) must be present. */
export default defineRule({
  id: 'BR-15',
  severity: 'fatal',
  terms: ['BT-115', 'BG-22'],
  message: 'The Amount due for payment (BT-115) is missing.',
  check: (inv, report) => {
    if (!isAmount(inv.totals?.amountDue)) report({ path: 'totals.amountDue' });
  },
});
