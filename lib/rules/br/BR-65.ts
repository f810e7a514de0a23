import { defineRule } from '../types.js';
import { isIdentifierPresent, isPresent } from './support/presence.js';
import { elementPresent } from '../../model/source-facts.js';
import { childPath } from '../../model/model-path.js';

/**
 * BR-65: each Item classification identifier (BT-158) must have a scheme
 * identifier (BT-158-1). Officially `normalize-space(ram:ClassCode/@listID) != ''
 * or not(ram:ClassCode)`: an empty ClassCode element still needs its scheme.
 */
export default defineRule({
  id: 'BR-65',
  severity: 'fatal',
  terms: ['BT-158', 'BT-158-1'],
  message: 'The Item classification identifier (BT-158) has no scheme identifier (BT-158-1).',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      line.item.classifications.forEach((classification, j) => {
        const path = `lines[${i}].item.classifications[${j}]`;
        if (elementPresent(inv, childPath(path, 'id'), isIdentifierPresent(classification)) && !isPresent(classification.scheme)) {
          report({ path: `lines[${i}].item.classifications[${j}].scheme` });
        }
      });
    });
  },
});
