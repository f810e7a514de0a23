/**
 * BR-IC-02 (intra-community supply, category K): with a line of the category, seller (BT-31 or BT-63) and buyer (BT-48) have VAT identifiers.
 */
import { defineRule } from '../../types.js';
import { checkPartyIds } from '../vat-checks.js';

export default defineRule({
  id: 'BR-IC-02',
  severity: 'fatal',
  terms: ['BT-151', 'BT-31', 'BT-63', 'BT-48'],
  message: 'An invoice line in VAT category K (BT-151) requires the seller VAT identifier (BT-31) or tax representative VAT identifier (BT-63), and the buyer VAT identifier (BT-48).',
  check: (inv, report) => checkPartyIds(inv, 'line', 'K', 'intra-community', report),
});
