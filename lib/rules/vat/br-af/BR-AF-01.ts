/**
 * BR-AF-01 (IGIC, Canary Islands, category L): a VAT breakdown of the category exists when lines, allowances or charges use it.
 */
import { defineRule } from '../../types.js';
import { checkAtLeastOneBreakdown } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AF-01',
  severity: 'fatal',
  terms: ['BG-23', 'BT-118', 'BT-151', 'BT-95', 'BT-102'],
  message: 'An invoice with a line, allowance or charge in VAT category L (BT-151, BT-95, BT-102) must have a VAT breakdown (BG-23) with category L (BT-118).',
  check: (inv, report) => checkAtLeastOneBreakdown(inv, 'L', report),
});
