/** BR-CL-26: the scheme of the deliver to location identifier (BT-71-1) is an ISO 6523 ICD code. */
import { ICD_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-26',
  severity: 'fatal',
  terms: ['BT-71-1'],
  message: 'The scheme of the deliver to location identifier (BT-71-1) must be an ISO 6523 ICD code.',
  check: (inv, report) => checkCodes([{ path: 'delivery.locationId.scheme', value: inv.delivery?.locationId?.scheme }], ICD_CODES, report),
});
