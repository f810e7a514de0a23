/**
 * BR-Z-09 (zero rated, category Z): BT-117 = 0.
 */
import { defineRule } from '../../types.js';
import { checkZeroTax } from '../vat-checks.js';

export default defineRule({
  id: 'BR-Z-09',
  severity: 'fatal',
  terms: ['BT-117', 'BT-118'],
  message: 'The VAT category tax amount (BT-117) of a breakdown in category Z (BT-118) must be 0.',
  check: (inv, report) => checkZeroTax(inv, 'Z', report),
});
