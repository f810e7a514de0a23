/**
 * BR-AG-05 (IPSI, Ceuta and Melilla, category M): line of the category has rate >= 0.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AG-05',
  severity: 'fatal',
  terms: ['BT-151', 'BT-152'],
  message: 'An invoice line in VAT category M (BT-151): its VAT rate (BT-152) must be 0 or greater.',
  check: (inv, report) => checkRates(inv, 'line', 'M', 'non-negative', report),
});
