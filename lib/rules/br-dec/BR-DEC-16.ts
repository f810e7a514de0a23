import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';

/** BR-DEC-16: the Paid amount (BT-113) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-16',
  severity: 'fatal',
  terms: ['BT-113'],
  message: 'The Paid amount (BT-113) has more than two decimals.',
  check: checkAmountDecimals((inv) => [{ value: inv.totals.prepaidAmount, path: 'totals.prepaidAmount' }]),
});
