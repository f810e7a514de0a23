/** BR-CL-05: the VAT accounting currency code (BT-6) is an ISO 4217 alpha-3 code. */
import { CURRENCY_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-05',
  severity: 'fatal',
  terms: ['BT-6'],
  message: 'The VAT accounting currency code (BT-6) must be an ISO 4217 alpha-3 code.',
  check: (inv, report) => checkCodes(inv, [{ path: 'vatAccountingCurrency', value: inv.vatAccountingCurrency }], CURRENCY_CODES, report),
});
