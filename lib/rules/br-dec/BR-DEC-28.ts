import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';

/** BR-DEC-28: the Invoice line charge base amount (BT-142) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-28',
  severity: 'fatal',
  terms: ['BT-142'],
  message: 'The Invoice line charge base amount (BT-142) has more than two decimals.',
  check: checkAmountDecimals((inv) =>
    inv.lines.flatMap((line, i) => line.charges.map((c, j) => ({ value: c.baseAmount, path: `lines[${i}].charges[${j}].baseAmount` })))),
});
