/** BR-CL-15: each item country of origin (BT-159) is an ISO 3166-1 alpha-2 code of the CEN list. */
import { COUNTRY_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-15',
  severity: 'fatal',
  terms: ['BT-159'],
  message: 'The item country of origin (BT-159) must be an ISO 3166-1 alpha-2 code.',
  check: (inv, report) =>
    checkCodes(inv, inv.lines.map((line, i) => ({ path: `lines[${i}].item.originCountry`, value: line.item.originCountry })), COUNTRY_CODES, report),
});
