/**
 * BR-AF-02 (IGIC, Canary Islands, category L): with a line of the category, the seller is identified for VAT (BT-31, BT-32 or BT-63).
 */
import { defineRule } from '../../types.js';
import { checkPartyIds } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AF-02',
  severity: 'fatal',
  terms: ['BT-151', 'BT-31', 'BT-32', 'BT-63'],
  message: 'An invoice line in VAT category L (BT-151) requires the seller VAT identifier (BT-31), the seller tax registration identifier (BT-32) or the seller tax representative VAT identifier (BT-63).',
  check: (inv, report) => checkPartyIds(inv, 'line', 'L', 'seller-tax-id', report),
});
