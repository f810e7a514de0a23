/** BR-CL-20: each charge reason code, document (BT-105) or line (BT-145), is a UNTDID 7161 code. */
import { CHARGE_REASON_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-20',
  severity: 'fatal',
  terms: ['BT-105', 'BT-145'],
  message: 'A charge reason code (BT-105, BT-145) must be a UNTDID 7161 code.',
  check: (inv, report) =>
    checkCodes(
      inv,
      [
        ...inv.charges.map((c, i) => ({ path: `charges[${i}].reasonCode`, value: c.reasonCode })),
        ...inv.lines.flatMap((line, i) => line.charges.map((c, j) => ({ path: `lines[${i}].charges[${j}].reasonCode`, value: c.reasonCode }))),
      ],
      CHARGE_REASON_CODES,
      report,
    ),
});
