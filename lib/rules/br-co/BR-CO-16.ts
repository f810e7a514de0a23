import { ZERO } from '../../model/decimal.js';
import { defineRule } from '../types.js';
import { isAmount, someAmount } from '../br/support/presence.js';
import { groupPresent } from '../../model/source-facts.js';

/**
 * BR-CO-16: the Amount due for payment (BT-115) equals the Invoice total
 * amount with VAT (BT-112) minus the Paid amount (BT-113) plus the Rounding
 * amount (BT-114), exactly (no rounding in the official test); absent BT-113
 * and BT-114 count as zero, a missing BT-112 or BT-115 fails.
 */
export default defineRule({
  id: 'BR-CO-16',
  severity: 'fatal',
  terms: ['BT-115', 'BT-112', 'BT-113', 'BT-114'],
  message: 'The Amount due for payment (BT-115) differs from BT-112 - BT-113 + BT-114.',
  check: (inv, report) => {
    // Officially evaluated in the context of the document totals aggregate, if the document has one.
    if (!groupPresent(inv, 'totals')) return;
    const t = inv.totals;
    const amountDue: unknown = t.amountDue;
    const taxInclusiveAmount: unknown = t.taxInclusiveAmount;
    const prepaidAmount: unknown = t.prepaidAmount;
    const roundingAmount: unknown = t.roundingAmount;
    if (!isAmount(amountDue) || !isAmount(taxInclusiveAmount)) {
      report({ path: 'totals.amountDue' });
      return;
    }
    const paid = isAmount(prepaidAmount) ? prepaidAmount : ZERO;
    const rounding = isAmount(roundingAmount) ? roundingAmount : ZERO;
    const expected = taxInclusiveAmount.minus(paid).plus(rounding);
    if (!someAmount(inv, 'totals.amountDue', amountDue, (d) => d.equals(expected))) report({ path: 'totals.amountDue' });
  },
});
