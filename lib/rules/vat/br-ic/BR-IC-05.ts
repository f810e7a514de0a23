/**
 * BR-IC-05 (intra-community supply, category K): line of the category has rate = 0.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-IC-05',
  severity: 'fatal',
  terms: ['BT-151', 'BT-152'],
  message: 'An invoice line in VAT category K (BT-151): its VAT rate (BT-152) must be 0.',
  check: (inv, report) => checkRates(inv, 'line', 'K', 'zero', report),
});
