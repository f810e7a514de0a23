import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';
import { literalIndicator } from '../../model/source-facts.js';

/** BR-DEC-24: the Invoice line allowance amount (BT-136) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-24',
  severity: 'fatal',
  terms: ['BT-136'],
  message: 'The Invoice line allowance amount (BT-136) has more than two decimals.',
  check: checkAmountDecimals((inv) =>
    inv.lines.flatMap((line, i) => line.allowances.flatMap((a, j) => (literalIndicator(inv, a) ? [{ value: a.amount, path: `lines[${i}].allowances[${j}].amount` }] : [])))),
});
