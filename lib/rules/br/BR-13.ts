import { defineRule } from '../types.js';
import { amountElementPresent } from './support/presence.js';
import { groupPresent } from '../../model/source-facts.js';

/** BR-13: the Invoice total amount without VAT (BT-109, BG-22) must be present. */
export default defineRule({
  id: 'BR-13',
  severity: 'fatal',
  terms: ['BT-109', 'BG-22'],
  message: 'The Invoice total amount without VAT (BT-109) is missing.',
  check: (inv, report) => {
    // Officially evaluated in the context of the document totals aggregate, if the document has one.
    if (!groupPresent(inv, 'totals')) return;
    if (!amountElementPresent(inv, 'totals.taxExclusiveAmount', inv.totals?.taxExclusiveAmount)) report({ path: 'totals.taxExclusiveAmount' });
  },
});
