import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';
import { creditTransferAccounts } from './support/payment.js';
import { childPath } from '../../model/model-path.js';

/**
 * BR-50: a credit transfer account (BG-17) given with payment means 30 or 58
 * (BT-81) must carry a Payment account identifier (BT-84).
 */
export default defineRule({
  id: 'BR-50',
  severity: 'fatal',
  terms: ['BT-84', 'BG-17', 'BT-81'],
  message: 'The Payment account identifier (BT-84) of a credit transfer (BG-17) is missing.',
  check: (inv, report) => {
    for (const { transfer, path } of creditTransferAccounts(inv)) {
      if (!isPresent(transfer.accountId)) report({ path: childPath(path, 'accountId') });
    }
  },
});
