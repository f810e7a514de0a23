/**
 * BR-O-04 (not subject to VAT, category O): with a document charge of the category, no VAT identifier for seller, tax representative or buyer (BT-31, BT-63, BT-48).
 */
import { defineRule } from '../../types.js';
import { checkPartyIds } from '../vat-checks.js';

export default defineRule({
  id: 'BR-O-04',
  severity: 'fatal',
  terms: ['BT-102', 'BT-31', 'BT-63', 'BT-48'],
  message: 'A document level charge in VAT category O (BT-102) excludes the seller VAT identifier (BT-31), the seller tax representative VAT identifier (BT-63) and the buyer VAT identifier (BT-48).',
  check: (inv, report) => checkPartyIds(inv, 'charge', 'O', 'no-vat-ids', report),
});
