/**
 * BR-IC-12 (intra-community supply, category K): an invoice with a K breakdown
 * has a deliver to country code (BT-80).
 */
import { defineRule } from '../../types.js';
import { elementPresent } from '../../../model/source-facts.js';
import { breakdownContexts, isPresent } from '../vat-checks.js';

export default defineRule({
  id: 'BR-IC-12',
  severity: 'fatal',
  terms: ['BT-118', 'BT-80'],
  message: 'An invoice with an intra-community supply VAT breakdown (BT-118 = K) needs the deliver to country code (BT-80).',
  check: (inv, report) => {
    if (breakdownContexts(inv, 'K').length === 0) return;
    // The artefact tests the element (`.../ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID`): for a document, an empty one is there (BR-CL-14 judges it).
    if (!elementPresent(inv, 'delivery.address.countryCode', isPresent(inv.delivery?.address?.countryCode))) report({ path: 'delivery.address.countryCode' });
  },
});
