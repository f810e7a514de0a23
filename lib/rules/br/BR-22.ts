import { defineRule } from '../types.js';
import { elementPresent } from '../../model/source-facts.js';
import { isAmount } from './support/presence.js';
import { IndexedPaths } from '../../model/model-path.js';

const LINE_QUANTITY = new IndexedPaths('lines', 'quantity');

/** BR-22: each Invoice line (BG-25) must have an Invoiced quantity (BT-129). */
export default defineRule({
  id: 'BR-22',
  severity: 'fatal',
  terms: ['BT-129', 'BG-25'],
  message: 'The Invoiced quantity (BT-129) is missing.',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      // Officially the BilledQuantity element, even empty.
      if (!elementPresent(inv, LINE_QUANTITY.at(i), isAmount(line.quantity))) report({ path: LINE_QUANTITY.at(i) });
    });
  },
});
