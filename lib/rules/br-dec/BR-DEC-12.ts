import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';

/** BR-DEC-12: the Invoice total amount without VAT (BT-109) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-12',
  severity: 'fatal',
  terms: ['BT-109'],
  message: 'The Invoice total amount without VAT (BT-109) has more than two decimals.',
  check: checkAmountDecimals((inv) => [{ value: inv.totals.taxExclusiveAmount, path: 'totals.taxExclusiveAmount' }]),
});
