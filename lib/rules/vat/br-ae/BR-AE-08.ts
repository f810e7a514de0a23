/**
 * BR-AE-08 (VAT reverse charge, category AE): BT-116 = rounded sums of line nets + charges - allowances of the category; the CII artefact accepts a difference below 1.
 */
import { defineRule } from '../../types.js';
import { checkTaxableAmount } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AE-08',
  severity: 'fatal',
  terms: ['BT-116', 'BT-118', 'BT-131', 'BT-92', 'BT-99'],
  message: 'The VAT category taxable amount (BT-116) of a breakdown in category AE (BT-118) must equal the line net amounts (BT-131) minus document allowances (BT-92) plus document charges (BT-99) in category AE.',
  check: (inv, report) => checkTaxableAmount(inv, 'AE', 1, report),
});
