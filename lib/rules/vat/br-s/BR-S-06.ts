/**
 * BR-S-06 (standard rated, category S): document allowance of the category has rate > 0.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-S-06',
  severity: 'fatal',
  terms: ['BT-95', 'BT-96'],
  message: 'A document level allowance in VAT category S (BT-95): its VAT rate (BT-96) must be greater than zero.',
  check: (inv, report) => checkRates(inv, 'allowance', 'S', 'positive', report),
});
