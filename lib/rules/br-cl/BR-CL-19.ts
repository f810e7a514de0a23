/** BR-CL-19: each allowance reason code, document (BT-98) or line (BT-140), is a UNTDID 5189 code. */
import { ALLOWANCE_REASON_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-19',
  severity: 'fatal',
  terms: ['BT-98', 'BT-140'],
  message: 'An allowance reason code (BT-98, BT-140) must be a UNTDID 5189 code.',
  check: (inv, report) =>
    checkCodes(
      inv,
      [
        ...inv.allowances.map((a, i) => ({ path: `allowances[${i}].reasonCode`, value: a.reasonCode })),
        ...inv.lines.flatMap((line, i) => line.allowances.map((a, j) => ({ path: `lines[${i}].allowances[${j}].reasonCode`, value: a.reasonCode }))),
      ],
      ALLOWANCE_REASON_CODES,
      report,
    ),
});
