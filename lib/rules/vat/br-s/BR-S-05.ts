/**
 * BR-S-05 (standard rated, category S): line of the category has rate > 0.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-S-05',
  severity: 'fatal',
  terms: ['BT-151', 'BT-152'],
  message: 'An invoice line in VAT category S (BT-151): its VAT rate (BT-152) must be greater than zero.',
  check: (inv, report) => checkRates(inv, 'line', 'S', 'positive', report),
});
