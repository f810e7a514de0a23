import { defineRule } from '../types.js';
import { textOf } from './support/presence.js';

/**
 * BR-29: when both the Invoicing period start date (BT-73) and end date
 * (BT-74) are given, the end must not precede the start. ISO dates compare
 * lexically, as the official test compares the CII date strings.
 */
export default defineRule({
  id: 'BR-29',
  severity: 'fatal',
  terms: ['BT-73', 'BT-74', 'BG-14'],
  message: 'The Invoicing period end date (BT-74) is before its start date (BT-73).',
  check: (inv, report) => {
    const start = textOf(inv.invoicingPeriod?.start);
    const end = textOf(inv.invoicingPeriod?.end);
    if (start !== undefined && end !== undefined && end < start) report({ path: 'invoicingPeriod.end' });
  },
});
