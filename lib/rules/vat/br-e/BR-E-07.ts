/**
 * BR-E-07 (exempt from VAT, category E): document charge of the category has rate = 0.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-E-07',
  severity: 'fatal',
  terms: ['BT-102', 'BT-103'],
  message: 'A document level charge in VAT category E (BT-102): its VAT rate (BT-103) must be 0.',
  check: (inv, report) => checkRates(inv, 'charge', 'E', 'zero', report),
});
