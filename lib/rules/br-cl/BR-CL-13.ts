/** BR-CL-13: the scheme of each item classification identifier (BT-158-1) is a UNTDID 7143 code. */
import { ITEM_CLASSIFICATION_CODES } from '../codelists/index.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-13',
  severity: 'fatal',
  terms: ['BT-158-1'],
  message: 'The scheme of an item classification identifier (BT-158-1) must be a UNTDID 7143 code.',
  check: (inv, report) =>
    checkCodes(
      inv,
      inv.lines.flatMap((line, i) =>
        line.item.classifications.map((c, j) => ({ path: `lines[${i}].item.classifications[${j}].scheme`, value: c.scheme })),
      ),
      ITEM_CLASSIFICATION_CODES,
      report,
    ),
});
