import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';

/** BR-DEC-14: the Invoice total amount with VAT (BT-112) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-14',
  severity: 'fatal',
  terms: ['BT-112'],
  message: 'The Invoice total amount with VAT (BT-112) has more than two decimals.',
  check: checkAmountDecimals((inv) => [{ value: inv.totals.taxInclusiveAmount, path: 'totals.taxInclusiveAmount' }]),
});
