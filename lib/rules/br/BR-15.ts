import { defineRule } from '../types.js';
import { amountElementPresent } from './support/presence.js';
import { groupPresent } from '../../model/source-facts.js';

/** BR-15: the Amount due for payment (BT-115, BG-22) must be present. */
export default defineRule({
  id: 'BR-15',
  severity: 'fatal',
  terms: ['BT-115', 'BG-22'],
  message: 'The Amount due for payment (BT-115) is missing.',
  check: (inv, report) => {
    // Officially evaluated in the context of the document totals aggregate, if the document has one.
    if (!groupPresent(inv, 'totals')) return;
    if (!amountElementPresent(inv, 'totals.amountDue', inv.totals?.amountDue)) report({ path: 'totals.amountDue' });
  },
});
