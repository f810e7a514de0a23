/**
 * BR-E-09 (exempt from VAT, category E): BT-117 = 0.
 */
import { defineRule } from '../../types.js';
import { checkZeroTax } from '../vat-checks.js';

export default defineRule({
  id: 'BR-E-09',
  severity: 'fatal',
  terms: ['BT-117', 'BT-118'],
  message: 'The VAT category tax amount (BT-117) of a breakdown in category E (BT-118) must be 0.',
  check: (inv, report) => checkZeroTax(inv, 'E', report),
});
