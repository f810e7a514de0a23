import { defineRule } from '../types.js';
import { isAmount } from '../br/support/presence.js';
import { firstCurrencyCode, isCurrency, taxTotalAmounts } from '../br/support/vat-breakdown.js';
import { xpathRound2 } from '../br/support/xpath-numeric.js';

/**
 * BR-CO-15: the Invoice total amount with VAT (BT-112) equals the Invoice
 * total amount without VAT (BT-109) plus the Invoice total VAT amount
 * (BT-110), rounded to two decimals. As in the official CII test, exactly one
 * VAT total in the invoice currency (BT-5) must exist for that sum, and the
 * rule also holds when BT-112 equals BT-109 (no VAT); without BT-5 it is not
 * evaluated (BR-05 reports that). The totals are matched to BT-5 as written
 * (`@currencyID = $Currency`, an empty or padded code matching none), in
 * every totals aggregate of the document (a repeated one makes two).
 */
export default defineRule({
  id: 'BR-CO-15',
  severity: 'fatal',
  terms: ['BT-112', 'BT-109', 'BT-110'],
  message: 'The Invoice total amount with VAT (BT-112) differs from BT-109 + BT-110.',
  check: (inv, report) => {
    if (firstCurrencyCode(inv, 'currency') === undefined) return;
    const withVat: unknown = inv.totals.taxInclusiveAmount;
    const withoutVat: unknown = inv.totals.taxExclusiveAmount;
    if (!isAmount(withVat) || !isAmount(withoutVat)) {
      report({ path: 'totals.taxInclusiveAmount' });
      return;
    }
    if (withVat.equals(withoutVat)) return;
    const inCurrency = taxTotalAmounts(inv).filter((t) => isCurrency(inv, 'currency', t.currency));
    const vat = inCurrency[0];
    if (inCurrency.length !== 1 || vat === undefined || !withVat.equals(xpathRound2(withoutVat.plus(vat.amount)))) {
      report({ path: 'totals.taxInclusiveAmount' });
    }
  },
});
