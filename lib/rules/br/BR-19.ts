import { defineRule } from '../types.js';
import { isAddressPresent } from './support/presence.js';
import { groupPresent } from '../../model/source-facts.js';

/** BR-19: a Seller tax representative party (BG-11) must have a postal address (BG-12). */
export default defineRule({
  id: 'BR-19',
  severity: 'fatal',
  terms: ['BG-12', 'BG-11'],
  message: 'The Seller tax representative postal address (BG-12) is missing.',
  check: (inv, report) => {
    const rep = inv.taxRepresentative;
    // Officially the PostalTradeAddress element, even empty, for an invoice read from CII.
    if (rep !== undefined && !groupPresent(inv, 'taxRepresentative.address', () => isAddressPresent(rep.address))) report({ path: 'taxRepresentative.address' });
  },
});
