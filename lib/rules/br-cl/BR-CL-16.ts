/** BR-CL-16: the payment means type code (BT-81) is a UNTDID 4461 code. */
import { PAYMENT_MEANS_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-16',
  severity: 'fatal',
  terms: ['BT-81'],
  message: 'The payment means type code (BT-81) must be a UNTDID 4461 code.',
  check: (inv, report) =>
    checkCodes([{ path: 'paymentInstructions.typeCode', value: inv.paymentInstructions?.typeCode }], PAYMENT_MEANS_CODES, report),
});
