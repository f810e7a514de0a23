/** BR-CL-26: the scheme of the deliver to location identifier (BT-71-1), written as a ship-to GlobalID, is an ISO 6523 ICD code. */
import { ICD_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';
import { partySchemes } from './party-schemes.js';

export default defineRule({
  id: 'BR-CL-26',
  severity: 'fatal',
  terms: ['BT-71-1'],
  message: 'The scheme of the deliver to location identifier (BT-71-1) must be an ISO 6523 ICD code.',
  check: (inv, report) => checkCodes(inv, partySchemes(inv, 'ship-to'), ICD_CODES, report),
});
