import { defineRule } from '../types.js';
import { someAmount } from './support/presence.js';
import { untypedNotNegative } from './support/xpath-numeric.js';
import { IndexedPaths } from '../../model/model-path.js';

const LINE_PRICE_NET_PRICE = new IndexedPaths('lines', 'price.netPrice');

/**
 * BR-27: the Item net price (BT-146) must not be negative. As in the
 * official test (`price >= 0`), a missing price fails too, and so does a
 * negative zero (`-0.00`), which that comparison of the element itself
 * orders below zero (see compareUntyped).
 */
export default defineRule({
  id: 'BR-27',
  severity: 'fatal',
  terms: ['BT-146'],
  message: 'The Item net price (BT-146) must not be negative.',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      // `ram:ChargeAmount >= 0`: any occurrence of a repeated one.
      const path = LINE_PRICE_NET_PRICE.at(i);
      if (!someAmount(inv, path, line.price?.netPrice, untypedNotNegative)) report({ path });
    });
  },
});
