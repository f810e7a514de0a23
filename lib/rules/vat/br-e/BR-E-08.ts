/**
 * BR-E-08 (exempt from VAT, category E): BT-116 = rounded sums of line nets + charges - allowances of the category; the CII artefact accepts a difference below 1.
 */
import { defineRule } from '../../types.js';
import { checkTaxableAmount } from '../vat-checks.js';

export default defineRule({
  id: 'BR-E-08',
  severity: 'fatal',
  terms: ['BT-116', 'BT-118', 'BT-131', 'BT-92', 'BT-99'],
  message: 'The VAT category taxable amount (BT-116) of a breakdown in category E (BT-118) must equal the line net amounts (BT-131) minus document allowances (BT-92) plus document charges (BT-99) in category E.',
  check: (inv, report) => checkTaxableAmount(inv, 'E', 1, report),
});
