/**
 * BR-IC-11 (intra-community supply, category K): an invoice with a K breakdown
 * has an actual delivery date (BT-72) or an invoicing period (BG-14) with a
 * start (BT-73) or end (BT-74) date.
 */
import { defineRule } from '../../types.js';
import { elementPresent } from '../../../model/source-facts.js';
import { breakdownContexts, isPresent } from '../vat-checks.js';

export default defineRule({
  id: 'BR-IC-11',
  severity: 'fatal',
  terms: ['BT-118', 'BT-72', 'BG-14', 'BT-73', 'BT-74'],
  message: 'An invoice with an intra-community supply VAT breakdown (BT-118 = K) needs the actual delivery date (BT-72) or an invoicing period (BG-14: BT-73 or BT-74).',
  check: (inv, report) => {
    if (breakdownContexts(inv, 'K').length === 0) return;
    const period = inv.invoicingPeriod;
    // The artefact tests the elements (`(OccurrenceDateTime/udt:DateTimeString) or (BillingSpecifiedPeriod/ram:StartDateTime) or ...`):
    // for a document, a date element that is empty or not in format 102 is there.
    const there = (path: string, value: string | undefined): boolean => elementPresent(inv, path, isPresent(value));
    if (there('delivery.actualDate', inv.delivery?.actualDate) || there('invoicingPeriod.start', period?.start) || there('invoicingPeriod.end', period?.end)) return;
    report({ path: 'delivery.actualDate' });
  },
});
