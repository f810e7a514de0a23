/**
 * BR-AE-06 (VAT reverse charge, category AE): document allowance of the category has rate = 0.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AE-06',
  severity: 'fatal',
  terms: ['BT-95', 'BT-96'],
  message: 'A document level allowance in VAT category AE (BT-95): its VAT rate (BT-96) must be 0.',
  check: (inv, report) => checkRates(inv, 'allowance', 'AE', 'zero', report),
});
