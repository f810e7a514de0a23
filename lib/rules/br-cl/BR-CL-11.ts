/**
 * BR-CL-11: the scheme of each identifier written as a CII `ram:ID` outside a
 * tax registration is an ISO 6523 ICD code: the legal registration
 * identifiers (BT-30-1 seller, BT-47-1 buyer, BT-61-1 payee), and party or
 * deliver-to identifiers written as `ram:ID` with a scheme (see party-schemes.ts).
 */
import { ICD_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';
import { partySchemes } from './party-schemes.js';

export default defineRule({
  id: 'BR-CL-11',
  severity: 'fatal',
  terms: ['BT-30-1', 'BT-47-1', 'BT-61-1'],
  message: 'The scheme of a legal registration identifier (BT-30-1, BT-47-1, BT-61-1) or of another identifier written as ram:ID must be an ISO 6523 ICD code.',
  check: (inv, report) => checkCodes(inv, partySchemes(inv, 'id'), ICD_CODES, report),
});
