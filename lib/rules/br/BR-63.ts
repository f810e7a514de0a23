import { defineRule } from '../types.js';
import { isIdentifierPresent, isPresent } from './support/presence.js';
import { elementPresent } from '../../model/source-facts.js';

/** BR-63: the Buyer electronic address (BT-49) must have a scheme identifier (BT-49-1). */
export default defineRule({
  id: 'BR-63',
  severity: 'fatal',
  terms: ['BT-49', 'BT-49-1'],
  message: 'The Buyer electronic address (BT-49) has no scheme identifier (BT-49-1).',
  check: (inv, report) => {
    const address = inv.buyer.electronicAddress;
    // Officially: whenever the first URIUniversalCommunication exists, with or without a URIID.
    if (elementPresent(inv, 'buyer.electronicAddress', isIdentifierPresent(address)) && !isPresent(address?.scheme)) report({ path: 'buyer.electronicAddress.scheme' });
  },
});
