/**
 * BR-AG-07 (IPSI, Ceuta and Melilla, category M): document charge of the category has rate >= 0.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AG-07',
  severity: 'fatal',
  terms: ['BT-102', 'BT-103'],
  message: 'A document level charge in VAT category M (BT-102): its VAT rate (BT-103) must be 0 or greater.',
  check: (inv, report) => checkRates(inv, 'charge', 'M', 'non-negative', report),
});
