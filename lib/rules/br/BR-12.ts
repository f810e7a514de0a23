import { defineRule } from '../types.js';
import { isAmount } from './support/presence.js';

/** BR-12: the Sum of Invoice line net amount (BT-106, BG-22) must be present. */
export default defineRule({
  id: 'BR-12',
  severity: 'fatal',
  terms: ['BT-106', 'BG-22'],
  message: 'The Sum of Invoice line net amount (BT-106) is missing.',
  check: (inv, report) => {
    if (!isAmount(inv.totals?.lineNetTotal)) report({ path: 'totals.lineNetTotal' });
  },
});
