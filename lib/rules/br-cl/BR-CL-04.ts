/** BR-CL-04: the invoice currency code (BT-5) is an ISO 4217 alpha-3 code. */
import { CURRENCY_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-04',
  severity: 'fatal',
  terms: ['BT-5'],
  message: 'The invoice currency code (BT-5) must be an ISO 4217 alpha-3 code.',
  check: (inv, report) => checkCodes(inv, [{ path: 'currency', value: inv.currency }], CURRENCY_CODES, report),
});
