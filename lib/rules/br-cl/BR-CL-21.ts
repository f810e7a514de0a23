/** BR-CL-21: the scheme of each item standard identifier (BT-157-1) is an ISO 6523 ICD code. */
import { ICD_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-21',
  severity: 'fatal',
  terms: ['BT-157-1'],
  message: 'The scheme of an item standard identifier (BT-157-1) must be an ISO 6523 ICD code.',
  check: (inv, report) =>
    checkCodes(inv, inv.lines.map((line, i) => ({ path: `lines[${i}].item.standardId.scheme`, value: line.item.standardId?.scheme })), ICD_CODES, report),
});
