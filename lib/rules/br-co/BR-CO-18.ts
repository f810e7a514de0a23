import { defineRule } from '../types.js';

/**
 * BR-CO-18: an invoice must have at least one VAT breakdown (BG-23). The
 * official test runs per Invoice line (BG-25), so an invoice without lines
 * only gets BR-16.
 */
export default defineRule({
  id: 'BR-CO-18',
  severity: 'fatal',
  terms: ['BG-23'],
  message: 'The invoice has no VAT breakdown (BG-23).',
  check: (inv, report) => {
    if (inv.lines.length > 0 && inv.vatBreakdown.length === 0) report({ path: 'vatBreakdown' });
  },
});
