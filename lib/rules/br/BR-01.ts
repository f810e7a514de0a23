import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';

/** BR-01: the Specification identifier (BT-24, BG-2) must be present. */
export default defineRule({
  id: 'BR-01',
  severity: 'fatal',
  terms: ['BT-24', 'BG-2'],
  message: 'The Specification identifier (BT-24) is missing.',
  check: (inv, report) => {
    if (!isPresent(inv.process?.specificationId)) report({ path: 'process.specificationId' });
  },
});
