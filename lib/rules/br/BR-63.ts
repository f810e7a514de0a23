import { defineRule } from '../types.js';
import { isIdentifierPresent, isPresent } from './support/presence.js';

/** BR-63: the Buyer electronic address (BT-49) must have a scheme identifier (BT-49-1). */
export default defineRule({
  id: 'BR-63',
  severity: 'fatal',
  terms: ['BT-49', 'BT-49-1'],
  message: 'The Buyer electronic address (BT-49) has no scheme identifier (BT-49-1).',
  check: (inv, report) => {
    const address = inv.buyer.electronicAddress;
    if (isIdentifierPresent(address) && !isPresent(address.scheme)) report({ path: 'buyer.electronicAddress.scheme' });
  },
});
