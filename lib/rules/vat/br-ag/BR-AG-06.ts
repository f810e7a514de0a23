/**
 * BR-AG-06 (IPSI, Ceuta and Melilla, category M): document allowance of the category has rate >= 0.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AG-06',
  severity: 'fatal',
  terms: ['BT-95', 'BT-96'],
  message: 'A document level allowance in VAT category M (BT-95): its VAT rate (BT-96) must be 0 or greater.',
  check: (inv, report) => checkRates(inv, 'allowance', 'M', 'non-negative', report),
});
