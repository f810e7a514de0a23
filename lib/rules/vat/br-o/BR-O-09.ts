/**
 * BR-O-09 (not subject to VAT, category O): BT-117 = 0.
 */
import { defineRule } from '../../types.js';
import { checkZeroTax } from '../vat-checks.js';

export default defineRule({
  id: 'BR-O-09',
  severity: 'fatal',
  terms: ['BT-117', 'BT-118'],
  message: 'The VAT category tax amount (BT-117) of a breakdown in category O (BT-118) must be 0.',
  check: (inv, report) => checkZeroTax(inv, 'O', report),
});
