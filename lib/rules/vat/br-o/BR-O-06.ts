/**
 * BR-O-06 (not subject to VAT, category O): document allowance of the category has no rate.
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-O-06',
  severity: 'fatal',
  terms: ['BT-95', 'BT-96'],
  message: 'A document level allowance in VAT category O (BT-95): its VAT rate (BT-96) must be absent.',
  check: (inv, report) => checkRates(inv, 'allowance', 'O', 'absent', report),
});
