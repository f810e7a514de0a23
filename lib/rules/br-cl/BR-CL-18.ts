/** BR-CL-18: the VAT category code of each VAT breakdown (BT-118) and invoice line (BT-151) is in the EN 16931 subset of UNTDID 5305. */
import { VAT_CATEGORY_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-18',
  severity: 'fatal',
  terms: ['BT-118', 'BT-151'],
  message: 'The VAT category code of a VAT breakdown or invoice line (BT-118, BT-151) must be a UNTDID 5305 code of EN 16931 (S, Z, E, AE, K, G, O, L, M, B).',
  check: (inv, report) =>
    checkCodes(
      inv,
      [
        ...inv.vatBreakdown.map((b, i) => ({ path: `vatBreakdown[${i}].category`, value: b.category })),
        ...inv.lines.map((line, i) => ({ path: `lines[${i}].vat.category`, value: line.vat.category })),
      ],
      VAT_CATEGORY_CODES,
      report,
    ),
});
