/**
 * BR-Z-01 (zero rated, category Z): exactly one VAT breakdown of the category when lines, allowances or charges use it.
 */
import { defineRule } from '../../types.js';
import { checkExactlyOneBreakdown } from '../vat-checks.js';

export default defineRule({
  id: 'BR-Z-01',
  severity: 'fatal',
  terms: ['BG-23', 'BT-118', 'BT-151', 'BT-95', 'BT-102'],
  message: 'VAT category Z on lines, allowances or charges (BT-151, BT-95, BT-102) needs exactly one VAT breakdown (BG-23) with category Z (BT-118), and that breakdown needs such a line, allowance or charge.',
  check: (inv, report) => checkExactlyOneBreakdown(inv, 'Z', report),
});
