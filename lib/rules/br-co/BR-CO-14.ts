import { sum } from '../../model/decimal.js';
import { defineRule } from '../types.js';
import { isAmount, textOf } from '../br/support/presence.js';
import { sameCurrency, taxTotalAmounts } from '../br/support/vat-breakdown.js';
import { xpathRound2 } from '../br/support/xpath-numeric.js';

/**
 * BR-CO-14: the Invoice total VAT amount (BT-110) equals the sum of the VAT
 * category tax amounts (BT-117), rounded to two decimals. Checked, as
 * officially, on each VAT total expressed in the invoice currency (BT-5);
 * without one there is nothing to check.
 */
export default defineRule({
  id: 'BR-CO-14',
  severity: 'fatal',
  terms: ['BT-110', 'BT-117'],
  message: 'The Invoice total VAT amount (BT-110) differs from the sum of the VAT category tax amounts (BT-117).',
  check: (inv, report) => {
    const currency = textOf(inv.currency);
    const expected = xpathRound2(sum(inv.vatBreakdown.map((b) => b.taxAmount as unknown).filter(isAmount)));
    for (const total of taxTotalAmounts(inv)) {
      if (sameCurrency(total.currency, currency) && !total.amount.equals(expected)) report({ path: total.path });
    }
  },
});
