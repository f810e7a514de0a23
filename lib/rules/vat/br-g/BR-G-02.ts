/**
 * BR-G-02 (export outside the EU, category G): with a line of the category, the seller has a VAT identifier (BT-31 or BT-63).
 */
import { defineRule } from '../../types.js';
import { checkPartyIds } from '../vat-checks.js';

export default defineRule({
  id: 'BR-G-02',
  severity: 'fatal',
  terms: ['BT-151', 'BT-31', 'BT-63'],
  message: 'An invoice line in VAT category G (BT-151) requires the seller VAT identifier (BT-31) or the seller tax representative VAT identifier (BT-63).',
  check: (inv, report) => checkPartyIds(inv, 'line', 'G', 'seller-vat', report),
});
