/**
 * BR-O-05 (not subject to VAT, category O): line of the category has no rate.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-O-05',
  severity: 'fatal',
  terms: ['BT-151', 'BT-152'],
  message: 'An invoice line in VAT category O (BT-151): its VAT rate (BT-152) must be absent.',
  check: (inv, report) => checkRates(inv, 'line', 'O', 'absent', report),
});
