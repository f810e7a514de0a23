/**
 * BR-IC-03 (intra-community supply, category K): with a document allowance of the category, seller (BT-31 or BT-63) and buyer (BT-48) have VAT identifiers.
 */
import { defineRule } from '../../types.js';
import { checkPartyIds } from '../vat-checks.js';

export default defineRule({
  id: 'BR-IC-03',
  severity: 'fatal',
  terms: ['BT-95', 'BT-31', 'BT-63', 'BT-48'],
  message: 'A document level allowance in VAT category K (BT-95) requires the seller VAT identifier (BT-31) or tax representative VAT identifier (BT-63), and the buyer VAT identifier (BT-48).',
  check: (inv, report) => checkPartyIds(inv, 'allowance', 'K', 'intra-community', report),
});
