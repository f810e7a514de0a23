import { defineRule } from '../types.js';
import { isIdentifierPresent, isPresent } from './support/presence.js';
import { elementPresent } from '../../model/source-facts.js';

/** BR-62: the Seller electronic address (BT-34) must have a scheme identifier (BT-34-1). */
export default defineRule({
  id: 'BR-62',
  severity: 'fatal',
  terms: ['BT-34', 'BT-34-1'],
  message: 'The Seller electronic address (BT-34) has no scheme identifier (BT-34-1).',
  check: (inv, report) => {
    const address = inv.seller.electronicAddress;
    // Officially: whenever the first URIUniversalCommunication exists, with or without a URIID.
    if (elementPresent(inv, 'seller.electronicAddress', isIdentifierPresent(address)) && !isPresent(address?.scheme)) report({ path: 'seller.electronicAddress.scheme' });
  },
});
