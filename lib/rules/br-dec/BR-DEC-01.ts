import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';
import { literalIndicator } from '../../model/source-facts.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BR-DEC-01: the Document level allowance amount (BT-92) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-01',
  severity: 'fatal',
  terms: ['BT-92'],
  message: 'The Document level allowance amount (BT-92) has more than two decimals.',
  check: checkAmountDecimals((inv) => inv.allowances.flatMap((a, i) => (literalIndicator(inv, a) ? [{ value: a.amount, path: childPath(itemPath('allowances', i), 'amount') }] : []))),
});
