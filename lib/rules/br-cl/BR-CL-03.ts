/**
 * BR-CL-03: the currency of the VAT total amounts is an ISO 4217 code. In CII it
 * is the currencyID of each TaxTotalAmount: BT-5 for the invoice total VAT
 * amount (BT-110) and BT-6 for the amount in accounting currency (BT-111); the
 * model has no other place for it.
 */
import { CURRENCY_CODES } from '../codelists/index.js';
import { sourceFacts } from '../../model/source-facts.js';
import { defineRule } from '../types.js';
import { checkCodes, type CodedValue } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-03',
  severity: 'fatal',
  terms: ['BT-110', 'BT-111', 'BT-5', 'BT-6'],
  message: 'The currency of the invoice total VAT amounts (BT-110 in BT-5, BT-111 in BT-6) must be an ISO 4217 alpha-3 code.',
  check: (inv, report) => {
    const values: CodedValue[] = [];
    if (inv.totals.vatTotal !== undefined) values.push({ path: 'totals.vatTotal', value: inv.currency });
    if (inv.totals.vatTotalInAccountingCurrency !== undefined) {
      values.push({ path: 'totals.vatTotalInAccountingCurrency', value: inv.vatAccountingCurrency });
    }
    // Every TaxTotalAmount[@currencyID] is checked officially, the ones the model keeps no term for too.
    for (const t of sourceFacts(inv).unmappedTaxTotals ?? []) if (t.currency !== undefined) values.push({ path: 'totals', value: t.currency });
    checkCodes(inv, values, CURRENCY_CODES, report);
  },
});
