/**
 * BR-S-01 (standard rated, category S): a VAT breakdown of the category exists when lines, allowances or charges use it.
 */
import { defineRule } from '../../types.js';
import { checkAtLeastOneBreakdown } from '../vat-checks.js';

export default defineRule({
  id: 'BR-S-01',
  severity: 'fatal',
  terms: ['BG-23', 'BT-118', 'BT-151', 'BT-95', 'BT-102'],
  message: 'An invoice with a line, allowance or charge in VAT category S (BT-151, BT-95, BT-102) must have a VAT breakdown (BG-23) with category S (BT-118).',
  check: (inv, report) => checkAtLeastOneBreakdown(inv, 'S', report),
});
