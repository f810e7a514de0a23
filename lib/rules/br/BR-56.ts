import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';

/** BR-56: a Seller tax representative party (BG-11) must have a VAT identifier (BT-63). */
export default defineRule({
  id: 'BR-56',
  severity: 'fatal',
  terms: ['BT-63', 'BG-11'],
  message: 'The Seller tax representative VAT identifier (BT-63) is missing.',
  check: (inv, report) => {
    const rep = inv.taxRepresentative;
    if (rep !== undefined && !isPresent(rep.vatId)) report({ path: 'taxRepresentative.vatId' });
  },
});
