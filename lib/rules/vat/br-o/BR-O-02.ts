/**
 * BR-O-02 (not subject to VAT, category O): with a line of the category, no VAT identifier for seller, tax representative or buyer (BT-31, BT-63, BT-48).
 */
import { defineRule } from '../../types.js';
import { checkPartyIds } from '../vat-checks.js';

export default defineRule({
  id: 'BR-O-02',
  severity: 'fatal',
  terms: ['BT-151', 'BT-31', 'BT-63', 'BT-48'],
  message: 'An invoice line in VAT category O (BT-151) excludes the seller VAT identifier (BT-31), the seller tax representative VAT identifier (BT-63) and the buyer VAT identifier (BT-48).',
  check: (inv, report) => checkPartyIds(inv, 'line', 'O', 'no-vat-ids', report),
});
