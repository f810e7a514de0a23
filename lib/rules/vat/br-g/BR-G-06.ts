/**
 * BR-G-06 (export outside the EU, category G): document allowance of the category has rate = 0.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-G-06',
  severity: 'fatal',
  terms: ['BT-95', 'BT-96'],
  message: 'A document level allowance in VAT category G (BT-95): its VAT rate (BT-96) must be 0.',
  check: (inv, report) => checkRates(inv, 'allowance', 'G', 'zero', report),
});
