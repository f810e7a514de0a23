/**
 * BR-AE-05 (VAT reverse charge, category AE): line of the category has rate = 0.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AE-05',
  severity: 'fatal',
  terms: ['BT-151', 'BT-152'],
  message: 'An invoice line in VAT category AE (BT-151): its VAT rate (BT-152) must be 0.',
  check: (inv, report) => checkRates(inv, 'line', 'AE', 'zero', report),
});
