/**
 * BR-CL-10: the scheme of each party identifier written as a CII GlobalID is an
 * ISO 6523 ICD code: seller identifiers (BT-29-1), buyer identifier (BT-46-1),
 * payee identifier (BT-60-1). Item standard identifiers (BR-CL-21) and the
 * deliver-to location (BR-CL-26) have their own rules.
 */
import { ICD_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-10',
  severity: 'fatal',
  terms: ['BT-29-1', 'BT-46-1', 'BT-60-1'],
  message: 'The scheme of a seller, buyer or payee identifier (BT-29-1, BT-46-1, BT-60-1) must be an ISO 6523 ICD code.',
  check: (inv, report) =>
    checkCodes(
      [
        ...inv.seller.identifiers.map((id, i) => ({ path: `seller.identifiers[${i}].scheme`, value: id.scheme })),
        { path: 'buyer.identifier.scheme', value: inv.buyer.identifier?.scheme },
        { path: 'payee.identifier.scheme', value: inv.payee?.identifier?.scheme },
      ],
      ICD_CODES,
      report,
    ),
});
