/**
 * BR-AF-05 (IGIC, Canary Islands, category L): line of the category has rate > 0.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AF-05',
  severity: 'fatal',
  terms: ['BT-151', 'BT-152'],
  message: 'An invoice line in VAT category L (BT-151): its VAT rate (BT-152) must be greater than zero.',
  check: (inv, report) => checkRates(inv, 'line', 'L', 'positive', report),
});
