/**
 * BR-AE-09 (VAT reverse charge, category AE): BT-117 = 0.
 */
import { defineRule } from '../../types.js';
import { checkZeroTax } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AE-09',
  severity: 'fatal',
  terms: ['BT-117', 'BT-118'],
  message: 'The VAT category tax amount (BT-117) of a breakdown in category AE (BT-118) must be 0.',
  check: (inv, report) => checkZeroTax(inv, 'AE', report),
});
