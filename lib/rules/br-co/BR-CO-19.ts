import { defineRule } from '../types.js';
import { isPresent } from '../br/support/presence.js';
import { elementPresent } from '../../model/source-facts.js';

/**
 * BR-CO-19: an Invoicing period (BG-14), when used, must have a start date
 * (BT-73) or an end date (BT-74). Officially `(ram:StartDateTime) or
 * (ram:EndDateTime)`: for a document the elements count, whatever their date.
 */
export default defineRule({
  id: 'BR-CO-19',
  severity: 'fatal',
  terms: ['BG-14', 'BT-73', 'BT-74'],
  message: 'The Invoicing period (BG-14) has neither a start date (BT-73) nor an end date (BT-74).',
  check: (inv, report) => {
    const period = inv.invoicingPeriod;
    if (period === undefined) return;
    const start = elementPresent(inv, 'invoicingPeriod.start', isPresent(period.start));
    if (!start && !elementPresent(inv, 'invoicingPeriod.end', isPresent(period.end))) report({ path: 'invoicingPeriod' });
  },
});
