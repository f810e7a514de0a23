import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';

/** BR-03: the Invoice issue date (BT-2) must be present. */
export default defineRule({
  id: 'BR-03',
  severity: 'fatal',
  terms: ['BT-2'],
  message: 'The Invoice issue date (BT-2) is missing.',
  check: (inv, report) => {
    if (!isPresent(inv.issueDate)) report({ path: 'issueDate' });
  },
});
