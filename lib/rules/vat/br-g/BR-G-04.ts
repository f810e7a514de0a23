/**
 * BR-G-04 (export outside the EU, category G): with a document charge of the category, the seller has a VAT identifier (BT-31 or BT-63).
 */
import { defineRule } from '../../types.js';
import { checkPartyIds } from '../vat-checks.js';

export default defineRule({
  id: 'BR-G-04',
  severity: 'fatal',
  terms: ['BT-102', 'BT-31', 'BT-63'],
  message: 'A document level charge in VAT category G (BT-102) requires the seller VAT identifier (BT-31) or the seller tax representative VAT identifier (BT-63).',
  check: (inv, report) => checkPartyIds(inv, 'charge', 'G', 'seller-vat', report),
});
