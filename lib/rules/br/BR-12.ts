import { defineRule } from '../types.js';
import { amountElementPresent } from './support/presence.js';
import { groupPresent } from '../../model/source-facts.js';

/** BR-12: the Sum of Invoice line net amount (BT-106, BG-22) must be present. */
export default defineRule({
  id: 'BR-12',
  severity: 'fatal',
  terms: ['BT-106', 'BG-22'],
  message: 'The Sum of Invoice line net amount (BT-106) is missing.',
  check: (inv, report) => {
    // Officially evaluated in the context of the document totals aggregate, if the document has one.
    if (!groupPresent(inv, 'totals')) return;
    if (!amountElementPresent(inv, 'totals.lineNetTotal', inv.totals?.lineNetTotal)) report({ path: 'totals.lineNetTotal' });
  },
});
