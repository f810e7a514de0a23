/**
 * BR-G-03 (export outside the EU, category G): with a document allowance of the category, the seller has a VAT identifier (BT-31 or BT-63).
 */
import { defineRule } from '../../types.js';
import { checkPartyIds } from '../vat-checks.js';

export default defineRule({
  id: 'BR-G-03',
  severity: 'fatal',
  terms: ['BT-95', 'BT-31', 'BT-63'],
  message: 'A document level allowance in VAT category G (BT-95) requires the seller VAT identifier (BT-31) or the seller tax representative VAT identifier (BT-63).',
  check: (inv, report) => checkPartyIds(inv, 'allowance', 'G', 'seller-vat', report),
});
