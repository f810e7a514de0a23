import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';
import { literalIndicator } from '../../model/source-facts.js';

/** BR-DEC-27: the Invoice line charge amount (BT-141) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-27',
  severity: 'fatal',
  terms: ['BT-141'],
  message: 'The Invoice line charge amount (BT-141) has more than two decimals.',
  check: checkAmountDecimals((inv) =>
    inv.lines.flatMap((line, i) => line.charges.flatMap((c, j) => (literalIndicator(inv, c) ? [{ value: c.amount, path: `lines[${i}].charges[${j}].amount` }] : [])))),
});
