import { defineRule } from '../types.js';
import { isAmount, textOf } from './support/presence.js';
import { groupPresent } from '../../model/source-facts.js';

/**
 * BR-53: with a VAT accounting currency code (BT-6), the Invoice total VAT
 * amount in accounting currency (BT-111) must be given. As in the official
 * test, BT-6 must also differ from the Invoice currency code (BT-5).
 */
export default defineRule({
  id: 'BR-53',
  severity: 'fatal',
  terms: ['BT-111', 'BT-6', 'BT-5'],
  message: 'With a VAT accounting currency (BT-6) other than the invoice currency (BT-5), the total VAT amount in accounting currency (BT-111) is required.',
  check: (inv, report) => {
    // Officially evaluated in the context of the document totals aggregate, if the document has one.
    if (!groupPresent(inv, 'totals')) return;
    const accountingCurrency = textOf(inv.vatAccountingCurrency);
    if (accountingCurrency === undefined) return;
    if (accountingCurrency === textOf(inv.currency)) report({ path: 'vatAccountingCurrency' });
    else if (!isAmount(inv.totals.vatTotalInAccountingCurrency)) report({ path: 'totals.vatTotalInAccountingCurrency' });
  },
});
