import { defineRule } from '../types.js';
import { isAmount } from './support/presence.js';

/** BR-14: the Invoice total amount with VAT (BT-112, BG-22) must be present. */
export default defineRule({
  id: 'BR-14',
  severity: 'fatal',
  terms: ['BT-112', 'BG-22'],
  message: 'The Invoice total amount with VAT (BT-112) is missing.',
  check: (inv, report) => {
    if (!isAmount(inv.totals?.taxInclusiveAmount)) report({ path: 'totals.taxInclusiveAmount' });
  },
});
