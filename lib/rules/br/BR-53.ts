import { defineRule } from '../types.js';
import { currencyCodes, sameCurrency, taxTotalAmounts } from './support/vat-breakdown.js';
import { groupPresent } from '../../model/source-facts.js';

/**
 * BR-53: with a VAT accounting currency code (BT-6), the Invoice total VAT
 * amount in accounting currency (BT-111) must be given. As in the official
 * test, BT-6 must also differ from the Invoice currency code (BT-5). The
 * codes are compared as written (`ram:TaxTotalAmount/@currencyID =
 * ram:TaxCurrencyCode`): an empty or padded BT-6 element is there and
 * matches no total.
 */
export default defineRule({
  id: 'BR-53',
  severity: 'fatal',
  terms: ['BT-111', 'BT-6', 'BT-5'],
  message: 'With a VAT accounting currency (BT-6) other than the invoice currency (BT-5), the total VAT amount in accounting currency (BT-111) is required.',
  check: (inv, report) => {
    // Officially evaluated in the context of the document totals aggregate, if the document has one.
    if (!groupPresent(inv, 'totals')) return;
    const accountingCurrency = currencyCodes(inv, 'vatAccountingCurrency');
    if (accountingCurrency === undefined) return;
    // `not(TaxCurrencyCode = InvoiceCurrencyCode)`: no occurrence of the one may equal one of the other.
    const invoiceCurrency = currencyCodes(inv, 'currency');
    if (accountingCurrency.some((code) => sameCurrency(code, invoiceCurrency))) report({ path: 'vatAccountingCurrency' });
    else if (!taxTotalAmounts(inv).some((t) => sameCurrency(t.currency, accountingCurrency))) report({ path: 'totals.vatTotalInAccountingCurrency' });
  },
});
