import { defineRule } from '../types.js';
import { someAmount } from './support/presence.js';
import { untypedNotNegative } from './support/xpath-numeric.js';
import { IndexedPaths } from '../../model/model-path.js';

const LINE_PRICE_GROSS_PRICE = new IndexedPaths('lines', 'price.grossPrice');

/** BR-28: the Item gross price (BT-148), when given, must not be negative (`>= 0` on the element: a negative zero fails, see compareUntyped). */
export default defineRule({
  id: 'BR-28',
  severity: 'fatal',
  terms: ['BT-148'],
  message: 'The Item gross price (BT-148) must not be negative.',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      // `ChargeAmount >= 0 or not(...)`: any occurrence of a repeated one.
      const path = LINE_PRICE_GROSS_PRICE.at(i);
      if (someAmount(inv, path, line.price?.grossPrice, () => true) && !someAmount(inv, path, line.price?.grossPrice, untypedNotNegative)) report({ path });
    });
  },
});
