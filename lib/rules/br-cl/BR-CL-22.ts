/** BR-CL-22: each VAT exemption reason code (BT-121) is a VATEX code, compared upper-cased as the CEN artefact does. */
import { VATEX_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-22',
  severity: 'fatal',
  terms: ['BT-121'],
  message: 'A VAT exemption reason code (BT-121) must be a code of the CEF VATEX list.',
  check: (inv, report) =>
    checkCodes(
      inv,
      inv.vatBreakdown.map((b, i) => ({ path: `vatBreakdown[${i}].exemptionReasonCode`, value: b.exemptionReasonCode })),
      VATEX_CODES,
      report,
      'upper',
    ),
});
