/** BR-CL-01: the invoice type code (BT-3) is in the UNTDID 1001 subset of the CEN artefacts. */
import { INVOICE_TYPE_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-01',
  severity: 'fatal',
  terms: ['BT-3'],
  message: 'The invoice type code (BT-3) must be an invoice or credit note code of UNTDID 1001.',
  check: (inv, report) => checkCodes(inv, [{ path: 'typeCode', value: inv.typeCode }], INVOICE_TYPE_CODES, report),
});
