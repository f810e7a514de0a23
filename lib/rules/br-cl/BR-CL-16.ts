/** BR-CL-16: the payment means type code (BT-81) is a UNTDID 4461 code; in CII, that of every payment means. */
import { PAYMENT_MEANS_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { paymentMeansCodes } from '../br/support/payment.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-16',
  severity: 'fatal',
  terms: ['BT-81'],
  message: 'The payment means type code (BT-81) must be a UNTDID 4461 code.',
  check: (inv, report) =>
    checkCodes(
      inv,
      paymentMeansCodes(inv).map(({ code, path }) => ({ path, value: code })),
      PAYMENT_MEANS_CODES,
      report,
    ),
});
