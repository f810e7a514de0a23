/**
 * BR-S-08 (standard rated, category S): per rate, BT-116 = rounded sums of S line nets + S charges - S allowances at that rate (exact).
 */
import { defineRule } from '../../types.js';
import { checkTaxableAmountPerRate } from '../vat-checks.js';

export default defineRule({
  id: 'BR-S-08',
  severity: 'fatal',
  terms: ['BT-116', 'BT-118', 'BT-119', 'BT-131', 'BT-152', 'BT-92', 'BT-96', 'BT-99', 'BT-103'],
  message: 'For each standard rated breakdown (BT-118 = S), the VAT category taxable amount (BT-116) must equal the line net amounts (BT-131) plus document charges (BT-99) minus document allowances (BT-92) in category S at that rate (BT-152, BT-103, BT-96 = BT-119).',
  check: (inv, report) => checkTaxableAmountPerRate(inv, 'S', report),
});
