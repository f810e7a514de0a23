import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';

/** BR-DEC-10: the Sum of allowances on document level (BT-107) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-10',
  severity: 'fatal',
  terms: ['BT-107'],
  message: 'The Sum of allowances on document level (BT-107) has more than two decimals.',
  check: checkAmountDecimals((inv) => [{ value: inv.totals.allowanceTotal, path: 'totals.allowanceTotal' }]),
});
