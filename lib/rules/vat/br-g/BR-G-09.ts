/**
 * BR-G-09 (export outside the EU, category G): BT-117 = 0.
 */
import { defineRule } from '../../types.js';
import { checkZeroTax } from '../vat-checks.js';

export default defineRule({
  id: 'BR-G-09',
  severity: 'fatal',
  terms: ['BT-117', 'BT-118'],
  message: 'The VAT category tax amount (BT-117) of a breakdown in category G (BT-118) must be 0.',
  check: (inv, report) => checkZeroTax(inv, 'G', report),
});
