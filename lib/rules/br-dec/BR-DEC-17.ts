import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';

/** BR-DEC-17: the Rounding amount (BT-114) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-17',
  severity: 'fatal',
  terms: ['BT-114'],
  message: 'The Rounding amount (BT-114) has more than two decimals.',
  check: checkAmountDecimals((inv) => [{ value: inv.totals.roundingAmount, path: 'totals.roundingAmount' }]),
});
