import { defineRule } from '../types.js';
import { elementPresent, periodDateTexts, someEndNotBeforeStart } from '../../model/source-facts.js';

/**
 * BR-29: when both the Invoicing period start date (BT-73) and end date
 * (BT-74) are given, the end must not precede the start. As officially
 * (`End/DateTimeString[@format='102'] >= Start/...`, both untyped), the texts
 * as written are compared as strings: an empty start is before any end, a
 * seven-digit date compares by its characters.
 */
export default defineRule({
  id: 'BR-29',
  severity: 'fatal',
  terms: ['BT-73', 'BT-74', 'BG-14'],
  message: 'The Invoicing period end date (BT-74) is before its start date (BT-73).',
  check: (inv, report) => {
    const start = periodDateTexts(inv, 'invoicingPeriod.start', inv.invoicingPeriod?.start);
    const end = periodDateTexts(inv, 'invoicingPeriod.end', inv.invoicingPeriod?.end);
    // Officially `End[@format='102'] >= Start[@format='102'] or not(End) or not(Start)`: with both
    // elements there, a date missing in format 102 makes the comparison false.
    if (!elementPresent(inv, 'invoicingPeriod.start', start.length > 0) || !elementPresent(inv, 'invoicingPeriod.end', end.length > 0)) return;
    if (!someEndNotBeforeStart(end, start)) report({ path: 'invoicingPeriod.end' });
  },
});
