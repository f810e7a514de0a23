import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';
import { literalIndicator } from '../../model/source-facts.js';

/** BR-DEC-25: the Invoice line allowance base amount (BT-137) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-25',
  severity: 'fatal',
  terms: ['BT-137'],
  message: 'The Invoice line allowance base amount (BT-137) has more than two decimals.',
  check: checkAmountDecimals((inv) =>
    inv.lines.flatMap((line, i) => line.allowances.flatMap((a, j) => (literalIndicator(inv, a) ? [{ value: a.baseAmount, path: `lines[${i}].allowances[${j}].baseAmount` }] : [])))),
});
