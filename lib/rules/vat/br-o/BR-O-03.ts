/**
 * BR-O-03 (not subject to VAT, category O): with a document allowance of the category, no VAT identifier for seller, tax representative or buyer (BT-31, BT-63, BT-48).
 */
import { defineRule } from '../../types.js';
import { checkPartyIds } from '../vat-checks.js';

export default defineRule({
  id: 'BR-O-03',
  severity: 'fatal',
  terms: ['BT-95', 'BT-31', 'BT-63', 'BT-48'],
  message: 'A document level allowance in VAT category O (BT-95) excludes the seller VAT identifier (BT-31), the seller tax representative VAT identifier (BT-63) and the buyer VAT identifier (BT-48).',
  check: (inv, report) => checkPartyIds(inv, 'allowance', 'O', 'no-vat-ids', report),
});
