/**
 * BR-AE-02 (VAT reverse charge, category AE): with a line of the category, seller (BT-31, BT-32 or BT-63) and buyer (BT-48 or BT-47) are identified.
 */
import { defineRule } from '../../types.js';
import { checkPartyIds } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AE-02',
  severity: 'fatal',
  terms: ['BT-151', 'BT-31', 'BT-32', 'BT-63', 'BT-48', 'BT-47'],
  message: 'An invoice line in VAT category AE (BT-151) requires a seller VAT or tax registration identifier or tax representative VAT identifier (BT-31, BT-32, BT-63) and the buyer VAT identifier (BT-48) or legal registration identifier (BT-47).',
  check: (inv, report) => checkPartyIds(inv, 'line', 'AE', 'reverse-charge', report),
});
