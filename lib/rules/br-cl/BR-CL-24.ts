/** BR-CL-24: the MIME code of each attached document (BT-125-1) is one of the six allowed media types, compared exactly as the CEN artefact does. */
import { MIME_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-24',
  severity: 'fatal',
  terms: ['BT-125-1'],
  message: 'The MIME code of an attached document (BT-125-1) must be application/pdf, image/png, image/jpeg, text/csv, or an OpenXML or OpenDocument spreadsheet type.',
  check: (inv, report) =>
    checkCodes(
      inv,
      inv.supportingDocuments.map((d, i) => ({ path: `supportingDocuments[${i}].attachment.mimeCode`, value: d.attachment?.mimeCode })),
      MIME_CODES,
      report,
      'exact',
    ),
});
