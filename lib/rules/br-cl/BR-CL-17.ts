/** BR-CL-17: the VAT category code of each document allowance (BT-95) and charge (BT-102) is in the EN 16931 subset of UNTDID 5305. */
import { VAT_CATEGORY_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-17',
  severity: 'fatal',
  terms: ['BT-95', 'BT-102'],
  message: 'The VAT category code of a document level allowance or charge (BT-95, BT-102) must be a UNTDID 5305 code of EN 16931 (S, Z, E, AE, K, G, O, L, M, B).',
  check: (inv, report) =>
    checkCodes(
      inv,
      [
        ...inv.allowances.map((a, i) => ({ path: `allowances[${i}].vatCategory`, value: a.vatCategory })),
        ...inv.charges.map((c, i) => ({ path: `charges[${i}].vatCategory`, value: c.vatCategory })),
      ],
      VAT_CATEGORY_CODES,
      report,
    ),
});
