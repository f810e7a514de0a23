/**
 * BR-E-05 (exempt from VAT, category E): line of the category has rate = 0.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-E-05',
  severity: 'fatal',
  terms: ['BT-151', 'BT-152'],
  message: 'An invoice line in VAT category E (BT-151): its VAT rate (BT-152) must be 0.',
  check: (inv, report) => checkRates(inv, 'line', 'E', 'zero', report),
});
