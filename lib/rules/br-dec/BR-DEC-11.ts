import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';

/** BR-DEC-11: the Sum of charges on document level (BT-108) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-11',
  severity: 'fatal',
  terms: ['BT-108'],
  message: 'The Sum of charges on document level (BT-108) has more than two decimals.',
  check: checkAmountDecimals((inv) => [{ value: inv.totals.chargeTotal, path: 'totals.chargeTotal' }]),
});
