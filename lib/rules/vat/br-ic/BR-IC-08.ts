/**
 * BR-IC-08 (intra-community supply, category K): BT-116 = rounded sums of line nets + charges - allowances of the category; the CII artefact accepts a difference below 1.
 */
import { defineRule } from '../../types.js';
import { checkTaxableAmount } from '../vat-checks.js';

export default defineRule({
  id: 'BR-IC-08',
  severity: 'fatal',
  terms: ['BT-116', 'BT-118', 'BT-131', 'BT-92', 'BT-99'],
  message: 'The VAT category taxable amount (BT-116) of a breakdown in category K (BT-118) must equal the line net amounts (BT-131) minus document allowances (BT-92) plus document charges (BT-99) in category K.',
  check: (inv, report) => checkTaxableAmount(inv, 'K', 1, report),
});
