import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';

/** BR-DEC-09: the Sum of Invoice line net amount (BT-106) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-09',
  severity: 'fatal',
  terms: ['BT-106'],
  message: 'The Sum of Invoice line net amount (BT-106) has more than two decimals.',
  check: checkAmountDecimals((inv) => [{ value: inv.totals.lineNetTotal, path: 'totals.lineNetTotal' }]),
});
