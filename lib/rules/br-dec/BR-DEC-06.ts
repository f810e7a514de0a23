import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';
import { literalIndicator } from '../../model/source-facts.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BR-DEC-06: the Document level charge base amount (BT-100) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-06',
  severity: 'fatal',
  terms: ['BT-100'],
  message: 'The Document level charge base amount (BT-100) has more than two decimals.',
  check: checkAmountDecimals((inv) => inv.charges.flatMap((c, i) => (literalIndicator(inv, c) ? [{ value: c.baseAmount, path: childPath(itemPath('charges', i), 'baseAmount') }] : []))),
});
