import { defineRule } from '../types.js';
import { isCurrency, taxTotalAmounts } from '../br/support/vat-breakdown.js';
import { hasAtMostTwoDecimals } from '../br/support/xpath-numeric.js';

/**
 * BR-DEC-13: the Invoice total VAT amount (BT-110) has at most two decimals.
 * The official CII test passes as soon as one VAT total amount qualifies: a
 * total in the invoice currency (BT-5) with at most two decimals, or any
 * total in another currency (a BT-111). We reproduce that, so an excess of
 * decimals in BT-110 is only reported when no BT-111 in another currency is
 * given.
 */
export default defineRule({
  id: 'BR-DEC-13',
  severity: 'fatal',
  terms: ['BT-110'],
  message: 'The Invoice total VAT amount (BT-110) has more than two decimals.',
  check: (inv, report) => {
    const totals = taxTotalAmounts(inv);
    if (totals.length === 0) return;
    const qualifies = totals.some((t) => !isCurrency(inv, 'currency', t.currency) || hasAtMostTwoDecimals(t.amount));
    if (!qualifies) report({ path: 'totals.vatTotal' });
  },
});
