import { defineRule } from '../types.js';
import { amountElementPresent } from './support/presence.js';
import { IndexedPaths } from '../../model/model-path.js';

const LINE_PRICE_NET_PRICE = new IndexedPaths('lines', 'price.netPrice');

/** BR-26: each Invoice line (BG-25) must contain the Item net price (BT-146). */
export default defineRule({
  id: 'BR-26',
  severity: 'fatal',
  terms: ['BT-146', 'BG-25'],
  message: 'The Item net price (BT-146) is missing.',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      if (!amountElementPresent(inv, LINE_PRICE_NET_PRICE.at(i), line.price?.netPrice)) report({ path: LINE_PRICE_NET_PRICE.at(i) });
    });
  },
});
