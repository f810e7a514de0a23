import { defineRule } from '../types.js';
import { isAddressPresent } from './support/presence.js';
import { groupPresent } from '../../model/source-facts.js';

/** BR-10: the Buyer postal address (BG-8) must be present; an address with no non-blank term counts as absent. */
export default defineRule({
  id: 'BR-10',
  severity: 'fatal',
  terms: ['BG-8', 'BG-7'],
  message: 'The Buyer postal address (BG-8) is missing.',
  check: (inv, report) => {
    // Officially the PostalTradeAddress element, even empty, for an invoice read from CII.
    if (!groupPresent(inv, 'buyer.address', () => isAddressPresent(inv.buyer?.address))) report({ path: 'buyer.address' });
  },
});
