import { defineRule } from '../types.js';
import { isAddressPresent } from './support/presence.js';
import { groupPresent } from '../../model/source-facts.js';

/** BR-08: the Seller postal address (BG-5) must be present; an address with no non-blank term counts as absent. */
export default defineRule({
  id: 'BR-08',
  severity: 'fatal',
  terms: ['BG-5', 'BG-4'],
  message: 'The Seller postal address (BG-5) is missing.',
  check: (inv, report) => {
    // Officially the PostalTradeAddress element, even empty, for an invoice read from CII.
    if (!groupPresent(inv, 'seller.address', () => isAddressPresent(inv.seller?.address))) report({ path: 'seller.address' });
  },
});
