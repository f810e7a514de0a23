import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';
import { IndexedPaths } from '../../model/model-path.js';

const LINE_NET_AMOUNT = new IndexedPaths('lines', 'netAmount');

/** BR-DEC-23: the Invoice line net amount (BT-131) has at most two decimals. */
export default defineRule({
  id: 'BR-DEC-23',
  severity: 'fatal',
  terms: ['BT-131'],
  message: 'The Invoice line net amount (BT-131) has more than two decimals.',
  check: checkAmountDecimals((inv) => inv.lines.map((line, i) => ({ value: line.netAmount, path: LINE_NET_AMOUNT.at(i) }))),
});
