/**
 * BR-IC-11 (intra-community supply, category K): an invoice with a K breakdown
 * has an actual delivery date (BT-72) or an invoicing period (BG-14) with a
 * start (BT-73) or end (BT-74) date.
 */
import { defineRule } from '../../types.js';
import { breakdownContexts, isPresent } from '../vat-checks.js';

export default defineRule({
  id: 'BR-IC-11',
  severity: 'fatal',
  terms: ['BT-118', 'BT-72', 'BG-14', 'BT-73', 'BT-74'],
  message: 'An invoice with an intra-community supply VAT breakdown (BT-118 = K) needs the actual delivery date (BT-72) or an invoicing period (BG-14: BT-73 or BT-74).',
  check: (inv, report) => {
    if (breakdownContexts(inv, 'K').length === 0) return;
    const period = inv.invoicingPeriod;
    if (isPresent(inv.delivery?.actualDate) || isPresent(period?.start) || isPresent(period?.end)) return;
    report({ path: 'delivery.actualDate' });
  },
});
