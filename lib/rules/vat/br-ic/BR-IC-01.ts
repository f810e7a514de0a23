/**
 * BR-IC-01 (intra-community supply, category K): exactly one VAT breakdown of the category when lines, allowances or charges use it.
 */
import { defineRule } from '../../types.js';
import { checkExactlyOneBreakdown } from '../vat-checks.js';

export default defineRule({
  id: 'BR-IC-01',
  severity: 'fatal',
  terms: ['BG-23', 'BT-118', 'BT-151', 'BT-95', 'BT-102'],
  message: 'VAT category K on lines, allowances or charges (BT-151, BT-95, BT-102) needs exactly one VAT breakdown (BG-23) with category K (BT-118), and that breakdown needs such a line, allowance or charge.',
  check: (inv, report) => checkExactlyOneBreakdown(inv, 'K', report),
});
