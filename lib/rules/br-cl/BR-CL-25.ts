/** BR-CL-25: the scheme of the seller (BT-34-1) and buyer (BT-49-1) electronic addresses is a CEF EAS code. */
import { EAS_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-25',
  severity: 'fatal',
  terms: ['BT-34-1', 'BT-49-1'],
  message: 'The scheme of an electronic address (BT-34-1, BT-49-1) must be a CEF EAS code.',
  check: (inv, report) =>
    checkCodes(
      inv,
      [
        { path: 'seller.electronicAddress.scheme', value: inv.seller.electronicAddress?.scheme },
        { path: 'buyer.electronicAddress.scheme', value: inv.buyer.electronicAddress?.scheme },
      ],
      EAS_CODES,
      report,
    ),
});
