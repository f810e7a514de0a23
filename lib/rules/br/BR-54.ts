import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';
import { elementPresent } from '../../model/source-facts.js';
import { childPath } from '../../model/model-path.js';

/**
 * BR-54: each Item attribute (BG-32) must have a name (BT-160) and a value
 * (BT-161). Officially `(ram:Description) and (ram:Value)`: for a document
 * the elements count, even empty.
 */
export default defineRule({
  id: 'BR-54',
  severity: 'fatal',
  terms: ['BT-160', 'BT-161', 'BG-32'],
  message: 'An Item attribute (BG-32) lacks its name (BT-160) or its value (BT-161).',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      line.item.attributes.forEach((attribute, j) => {
        const path = `lines[${i}].item.attributes[${j}]`;
        if (!elementPresent(inv, childPath(path, 'name'), isPresent(attribute.name))) report({ path: childPath(path, 'name') });
        else if (!elementPresent(inv, childPath(path, 'value'), isPresent(attribute.value))) report({ path: childPath(path, 'value') });
      });
    });
  },
});
