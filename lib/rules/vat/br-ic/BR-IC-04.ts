/**
 * BR-IC-04 (intra-community supply, category K): with a document charge of the category, seller (BT-31 or BT-63) and buyer (BT-48) have VAT identifiers.
 */
import { defineRule } from '../../types.js';
import { checkPartyIds } from '../vat-checks.js';

export default defineRule({
  id: 'BR-IC-04',
  severity: 'fatal',
  terms: ['BT-102', 'BT-31', 'BT-63', 'BT-48'],
  message: 'A document level charge in VAT category K (BT-102) requires the seller VAT identifier (BT-31) or tax representative VAT identifier (BT-63), and the buyer VAT identifier (BT-48).',
  check: (inv, report) => checkPartyIds(inv, 'charge', 'K', 'intra-community', report),
});
