import { defineRule } from '../types.js';
import { isAddressPresent, isPresent } from './support/presence.js';
import { groupPresent } from '../../model/source-facts.js';

/** BR-57: a Deliver to address (BG-15) must contain a Deliver to country code (BT-80). */
export default defineRule({
  id: 'BR-57',
  severity: 'fatal',
  terms: ['BT-80', 'BG-15'],
  message: 'The Deliver to country code (BT-80) is missing.',
  check: (inv, report) => {
    const address = inv.delivery?.address;
    // Officially the PostalTradeAddress element, even empty, for an invoice read from CII.
    if (groupPresent(inv, 'delivery.address', () => isAddressPresent(address)) && !isPresent(address?.countryCode)) report({ path: 'delivery.address.countryCode' });
  },
});
