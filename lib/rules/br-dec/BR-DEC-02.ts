import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';
import { literalIndicator } from '../../model/source-facts.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BR-DEC-02: the Document level allowance base amount (BT-93) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-02',
  severity: 'fatal',
  terms: ['BT-93'],
  message: 'The Document level allowance base amount (BT-93) has more than two decimals.',
  check: checkAmountDecimals((inv) => inv.allowances.flatMap((a, i) => (literalIndicator(inv, a) ? [{ value: a.baseAmount, path: childPath(itemPath('allowances', i), 'baseAmount') }] : []))),
});
