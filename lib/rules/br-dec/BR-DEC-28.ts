import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';
import { literalIndicator } from '../../model/source-facts.js';

/** BR-DEC-28: the Invoice line charge base amount (BT-142) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-28',
  severity: 'fatal',
  terms: ['BT-142'],
  message: 'The Invoice line charge base amount (BT-142) has more than two decimals.',
  check: checkAmountDecimals((inv) =>
    inv.lines.flatMap((line, i) => line.charges.flatMap((c, j) => (literalIndicator(inv, c) ? [{ value: c.baseAmount, path: `lines[${i}].charges[${j}].baseAmount` }] : [])))),
});
