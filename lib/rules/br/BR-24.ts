import { defineRule } from '../types.js';
import { amountElementPresent } from './support/presence.js';
import { IndexedPaths } from '../../model/model-path.js';

const LINE_NET_AMOUNT = new IndexedPaths('lines', 'netAmount');

/** BR-24: each Invoice line (BG-25) must have an Invoice line net amount (BT-131). */
export default defineRule({
  id: 'BR-24',
  severity: 'fatal',
  terms: ['BT-131', 'BG-25'],
  message: 'The Invoice line net amount (BT-131) is missing.',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      if (!amountElementPresent(inv, LINE_NET_AMOUNT.at(i), line.netAmount)) report({ path: LINE_NET_AMOUNT.at(i) });
    });
  },
});
