import { defineRule } from '../types.js';
import { isIdentifierPresent, isPresent } from './support/presence.js';

/** BR-65: each Item classification identifier (BT-158) must have a scheme identifier (BT-158-1). */
export default defineRule({
  id: 'BR-65',
  severity: 'fatal',
  terms: ['BT-158', 'BT-158-1'],
  message: 'The Item classification identifier (BT-158) has no scheme identifier (BT-158-1).',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      line.item.classifications.forEach((classification, j) => {
        if (isIdentifierPresent(classification) && !isPresent(classification.scheme)) {
          report({ path: `lines[${i}].item.classifications[${j}].scheme` });
        }
      });
    });
  },
});
