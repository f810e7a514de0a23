import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';

/** BR-DEC-18: the Amount due for payment (BT-115) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-18',
  severity: 'fatal',
  terms: ['BT-115'],
  message: 'The Amount due for payment (BT-115) has more than two decimals.',
  check: checkAmountDecimals((inv) => [{ value: inv.totals.amountDue, path: 'totals.amountDue' }]),
});
