import { defineRule } from '../types.js';
import { amountElementPresent } from './support/presence.js';
import { groupPresent } from '../../model/source-facts.js';

/** BR-14: the Invoice total amount with VAT (BT-112, BG-22) must be present. */
export default defineRule({
  id: 'BR-14',
  severity: 'fatal',
  terms: ['BT-112', 'BG-22'],
  message: 'The Invoice total amount with VAT (BT-112) is missing.',
  check: (inv, report) => {
    // Officially evaluated in the context of the document totals aggregate, if the document has one.
    if (!groupPresent(inv, 'totals')) return;
    if (!amountElementPresent(inv, 'totals.taxInclusiveAmount', inv.totals?.taxInclusiveAmount)) report({ path: 'totals.taxInclusiveAmount' });
  },
});
