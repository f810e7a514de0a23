/**
 * BR-O-07 (not subject to VAT, category O): document charge of the category has no rate.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-O-07',
  severity: 'fatal',
  terms: ['BT-102', 'BT-103'],
  message: 'A document level charge in VAT category O (BT-102): its VAT rate (BT-103) must be absent.',
  check: (inv, report) => checkRates(inv, 'charge', 'O', 'absent', report),
});
