import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';

/** BR-05: the Invoice currency code (BT-5) must be present. */
export default defineRule({
  id: 'BR-05',
  severity: 'fatal',
  terms: ['BT-5'],
  message: 'The Invoice currency code (BT-5) is missing.',
  check: (inv, report) => {
    if (!isPresent(inv.currency)) report({ path: 'currency' });
  },
});
