import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BR-55: each Preceding invoice reference (BG-3) must contain the Preceding Invoice reference (BT-25). */
export default defineRule({
  id: 'BR-55',
  severity: 'fatal',
  terms: ['BT-25', 'BG-3'],
  message: 'The Preceding Invoice reference (BT-25) is missing.',
  check: (inv, report) => {
    inv.precedingInvoices.forEach((preceding, i) => {
      if (!isPresent(preceding.reference)) report({ path: childPath(itemPath('precedingInvoices', i), 'reference') });
    });
  },
});
