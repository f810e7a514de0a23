/**
 * BR-S-07 (standard rated, category S): document charge of the category has rate > 0.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-S-07',
  severity: 'fatal',
  terms: ['BT-102', 'BT-103'],
  message: 'A document level charge in VAT category S (BT-102): its VAT rate (BT-103) must be greater than zero.',
  check: (inv, report) => checkRates(inv, 'charge', 'S', 'positive', report),
});
