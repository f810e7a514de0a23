import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';

/** BR-04: the Invoice type code (BT-3) must be present. */
export default defineRule({
  id: 'BR-04',
  severity: 'fatal',
  terms: ['BT-3'],
  message: 'The Invoice type code (BT-3) is missing.',
  check: (inv, report) => {
    if (!isPresent(inv.typeCode)) report({ path: 'typeCode' });
  },
});
