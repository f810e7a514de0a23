/**
 * BR-AE-03 (VAT reverse charge, category AE): with a document allowance of the category, seller (BT-31, BT-32 or BT-63) and buyer (BT-48 or BT-47) are identified.
 */
import { defineRule } from '../../types.js';
import { checkPartyIds } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AE-03',
  severity: 'fatal',
  terms: ['BT-95', 'BT-31', 'BT-32', 'BT-63', 'BT-48', 'BT-47'],
  message: 'A document level allowance in VAT category AE (BT-95) requires a seller VAT or tax registration identifier or tax representative VAT identifier (BT-31, BT-32, BT-63) and the buyer VAT identifier (BT-48) or legal registration identifier (BT-47).',
  check: (inv, report) => checkPartyIds(inv, 'allowance', 'AE', 'reverse-charge', report),
});
