import { defineRule } from '../types.js';
import { firstCurrencyCode, isCurrency, taxTotalAmounts } from '../br/support/vat-breakdown.js';
import { hasAtMostTwoDecimals } from '../br/support/xpath-numeric.js';

/**
 * BR-DEC-15: the Invoice total VAT amount in accounting currency (BT-111) has
 * at most two decimals. As in the official CII test, it is only evaluated
 * when a VAT accounting currency (BT-6) is given and a VAT total amount
 * exists; it then also fails when no VAT total is expressed in BT-6 (a
 * missing BT-111, which BR-53 reports as well).
 */
export default defineRule({
  id: 'BR-DEC-15',
  severity: 'fatal',
  terms: ['BT-111', 'BT-6'],
  message: 'The Invoice total VAT amount in accounting currency (BT-111) is missing or has more than two decimals.',
  check: (inv, report) => {
    if (firstCurrencyCode(inv, 'vatAccountingCurrency') === undefined) return;
    const totals = taxTotalAmounts(inv);
    if (totals.length === 0) return;
    const qualifies = totals.some((t) => isCurrency(inv, 'vatAccountingCurrency', t.currency) && hasAtMostTwoDecimals(t.amount));
    if (!qualifies) report({ path: 'totals.vatTotalInAccountingCurrency' });
  },
});
