/**
 * BR-CL-10: the scheme of each party identifier written as a CII GlobalID is an
 * ISO 6523 ICD code (seller BT-29-1, buyer BT-46-1, payee BT-60-1). Item
 * standard identifiers (BR-CL-21) and the deliver-to GlobalID (BR-CL-26) have
 * their own rules; a party identifier written as `ram:ID` falls under
 * BR-CL-11 (see party-schemes.ts).
 */
import { ICD_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';
import { partySchemes } from './party-schemes.js';

export default defineRule({
  id: 'BR-CL-10',
  severity: 'fatal',
  terms: ['BT-29-1', 'BT-46-1', 'BT-60-1'],
  message: 'The scheme of a seller, buyer or payee identifier (BT-29-1, BT-46-1, BT-60-1) must be an ISO 6523 ICD code.',
  check: (inv, report) => checkCodes(inv, partySchemes(inv, 'global'), ICD_CODES, report),
});
