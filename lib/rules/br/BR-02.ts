import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';

/** BR-02: the Invoice number (BT-1) must be present. */
export default defineRule({
  id: 'BR-02',
  severity: 'fatal',
  terms: ['BT-1'],
  message: 'The Invoice number (BT-1) is missing.',
  check: (inv, report) => {
    if (!isPresent(inv.number)) report({ path: 'number' });
  },
});
