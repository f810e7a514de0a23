import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';

/** BR-18: a Seller tax representative party (BG-11) must have a name (BT-62). */
export default defineRule({
  id: 'BR-18',
  severity: 'fatal',
  terms: ['BT-62', 'BG-11'],
  message: 'The Seller tax representative name (BT-62) is missing.',
  check: (inv, report) => {
    const rep = inv.taxRepresentative;
    if (rep !== undefined && !isPresent(rep.name)) report({ path: 'taxRepresentative.name' });
  },
});
