import { ZERO } from '../../model/decimal.js';
import { defineRule } from '../types.js';
import { isAmount, someAmount } from '../br/support/presence.js';
import { xpathRound2 } from '../br/support/xpath-numeric.js';
import { groupPresent } from '../../model/source-facts.js';

/**
 * BR-CO-13: the Invoice total amount without VAT (BT-109) equals the Sum of
 * Invoice line net amount (BT-106) minus the Sum of allowances (BT-107) plus
 * the Sum of charges (BT-108), rounded to two decimals; absent BT-107/BT-108
 * count as zero. As in the official CII test, BT-106 stands for the sum of
 * BT-131 (BR-CO-10 ties the two) and a missing BT-106 or BT-109 fails.
 */
export default defineRule({
  id: 'BR-CO-13',
  severity: 'fatal',
  terms: ['BT-109', 'BT-106', 'BT-107', 'BT-108'],
  message: 'The Invoice total amount without VAT (BT-109) differs from BT-106 - BT-107 + BT-108.',
  check: (inv, report) => {
    // Officially evaluated in the context of the document totals aggregate, if the document has one.
    if (!groupPresent(inv, 'totals')) return;
    const t = inv.totals;
    const lineNetTotal: unknown = t.lineNetTotal;
    const allowanceTotal: unknown = t.allowanceTotal;
    const chargeTotal: unknown = t.chargeTotal;
    const taxExclusiveAmount: unknown = t.taxExclusiveAmount;
    if (!isAmount(lineNetTotal) || !isAmount(taxExclusiveAmount)) {
      report({ path: 'totals.taxExclusiveAmount' });
      return;
    }
    const allowances = isAmount(allowanceTotal) ? allowanceTotal : ZERO;
    const charges = isAmount(chargeTotal) ? chargeTotal : ZERO;
    const expected = xpathRound2(lineNetTotal.minus(allowances).plus(charges));
    if (!someAmount(inv, 'totals.taxExclusiveAmount', taxExclusiveAmount, (d) => d.equals(expected))) {
      report({ path: 'totals.taxExclusiveAmount' });
    }
  },
});
