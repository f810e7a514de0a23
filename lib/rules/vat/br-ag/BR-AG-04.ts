/**
 * BR-AG-04 (IPSI, Ceuta and Melilla, category M): with a document charge of the category, the seller is identified for VAT (BT-31, BT-32 or BT-63).
 */
import { defineRule } from '../../types.js';
import { checkPartyIds } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AG-04',
  severity: 'fatal',
  terms: ['BT-102', 'BT-31', 'BT-32', 'BT-63'],
  message: 'A document level charge in VAT category M (BT-102) requires the seller VAT identifier (BT-31), the seller tax registration identifier (BT-32) or the seller tax representative VAT identifier (BT-63).',
  check: (inv, report) => checkPartyIds(inv, 'charge', 'M', 'seller-tax-id', report),
});
