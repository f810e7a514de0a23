/** BR-CL-11: the scheme of each legal registration identifier (BT-30-1 seller, BT-47-1 buyer, BT-61-1 payee) is an ISO 6523 ICD code. */
import { ICD_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-11',
  severity: 'fatal',
  terms: ['BT-30-1', 'BT-47-1', 'BT-61-1'],
  message: 'The scheme of a legal registration identifier (BT-30-1, BT-47-1, BT-61-1) must be an ISO 6523 ICD code.',
  check: (inv, report) =>
    checkCodes(
      [
        { path: 'seller.legalRegistrationId.scheme', value: inv.seller.legalRegistrationId?.scheme },
        { path: 'buyer.legalRegistrationId.scheme', value: inv.buyer.legalRegistrationId?.scheme },
        { path: 'payee.legalRegistrationId.scheme', value: inv.payee?.legalRegistrationId?.scheme },
      ],
      ICD_CODES,
      report,
    ),
});
