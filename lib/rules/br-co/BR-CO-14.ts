import { defineRule } from '../types.js';
import { isAmount } from '../br/support/presence.js';
import { isCurrency, taxTotalAmounts } from '../br/support/vat-breakdown.js';
import { untypedEqualsDouble, untypedSumRounded2 } from '../br/support/xpath-numeric.js';

/**
 * BR-CO-14: the Invoice total VAT amount (BT-110) equals the sum of the VAT
 * category tax amounts (BT-117), rounded to two decimals. As officially
 * (context `TaxTotalAmount[@currencyID = ram:InvoiceCurrencyCode]`, test
 * `. = round(sum(ram:CalculatedAmount) * 10 * 10) div 100`): checked on each
 * VAT total whose currency is BT-5 exactly as written, in every totals
 * aggregate of the document; the elements are untyped, so the sum and the
 * comparison are xs:double arithmetic (see untypedSumRounded2). Without such
 * a total there is nothing to check.
 */
export default defineRule({
  id: 'BR-CO-14',
  severity: 'fatal',
  terms: ['BT-110', 'BT-117'],
  message: 'The Invoice total VAT amount (BT-110) differs from the sum of the VAT category tax amounts (BT-117).',
  check: (inv, report) => {
    const totals = taxTotalAmounts(inv).filter((t) => isCurrency(inv, 'currency', t.currency));
    if (totals.length === 0) return;
    const expected = untypedSumRounded2(inv.vatBreakdown.flatMap((b) => (isAmount(b.taxAmount) ? [b.taxAmount] : [])));
    for (const total of totals) {
      if (!untypedEqualsDouble(total.amount, expected)) report({ path: total.path });
    }
  },
});
