import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';
import { literalIndicator } from '../../model/source-facts.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BR-DEC-05: the Document level charge amount (BT-99) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-05',
  severity: 'fatal',
  terms: ['BT-99'],
  message: 'The Document level charge amount (BT-99) has more than two decimals.',
  check: checkAmountDecimals((inv) => inv.charges.flatMap((c, i) => (literalIndicator(inv, c) ? [{ value: c.amount, path: childPath(itemPath('charges', i), 'amount') }] : []))),
});
