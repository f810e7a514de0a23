/**
 * BR-Z-06 (zero rated, category Z): document allowance of the category has rate = 0.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-Z-06',
  severity: 'fatal',
  terms: ['BT-95', 'BT-96'],
  message: 'A document level allowance in VAT category Z (BT-95): its VAT rate (BT-96) must be 0.',
  check: (inv, report) => checkRates(inv, 'allowance', 'Z', 'zero', report),
});
