import { defineRule } from '../types.js';

/** BR-16: an invoice must have at least one Invoice line (BG-25). */
export default defineRule({
  id: 'BR-16',
  severity: 'fatal',
  terms: ['BG-25'],
  message: 'The invoice has no Invoice line (BG-25).',
  check: (inv, report) => {
    if ((inv.lines ?? []).length === 0) report({ path: 'lines' });
  },
});
