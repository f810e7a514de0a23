import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';
import { creditTransferAccounts } from './support/payment.js';
import { elementPresent } from '../../model/source-facts.js';
import { childPath } from '../../model/model-path.js';

/**
 * BR-61: with payment means SEPA credit transfer (58) or credit transfer (30)
 * (BT-81), each credit transfer account (BG-17) must carry a Payment account
 * identifier (BT-84).
 */
export default defineRule({
  id: 'BR-61',
  severity: 'fatal',
  terms: ['BT-84', 'BT-81', 'BG-17'],
  message: 'Payment means 30 or 58 (BT-81) require the Payment account identifier (BT-84).',
  check: (inv, report) => {
    for (const { transfer, path } of creditTransferAccounts(inv)) {
      // Officially `(ram:IBANID) or (ram:ProprietaryID)`: the element, even empty.
      if (!elementPresent(inv, childPath(path, 'accountId'), isPresent(transfer.accountId))) report({ path: childPath(path, 'accountId') });
    }
  },
});
