/**
 * BR-Z-03 (zero rated, category Z): with a document allowance of the category, the seller is identified for VAT (BT-31, BT-32 or BT-63).
 */
import { defineRule } from '../../types.js';
import { checkPartyIds } from '../vat-checks.js';

export default defineRule({
  id: 'BR-Z-03',
  severity: 'fatal',
  terms: ['BT-95', 'BT-31', 'BT-32', 'BT-63'],
  message: 'A document level allowance in VAT category Z (BT-95) requires the seller VAT identifier (BT-31), the seller tax registration identifier (BT-32) or the seller tax representative VAT identifier (BT-63).',
  check: (inv, report) => checkPartyIds(inv, 'allowance', 'Z', 'seller-tax-id', report),
});
