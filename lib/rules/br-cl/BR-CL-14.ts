/** BR-CL-14: every address country code (BT-40, BT-55, BT-69, BT-80) is an ISO 3166-1 alpha-2 code of the CEN list. */
import { COUNTRY_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { addressCountries, checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-14',
  severity: 'fatal',
  terms: ['BT-40', 'BT-55', 'BT-69', 'BT-80'],
  message: 'An address country code (BT-40, BT-55, BT-69, BT-80) must be an ISO 3166-1 alpha-2 code.',
  check: (inv, report) => checkCodes(inv, addressCountries(inv), COUNTRY_CODES, report),
});
