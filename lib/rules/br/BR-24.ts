import { defineRule } from '../types.js';
import { isAmount } from './support/presence.js';

/** BR-24: each Invoice line (BG-25) must have an Invoice line net amount (BT-131). */
export default defineRule({
  id: 'BR-24',
  severity: 'fatal',
  terms: ['BT-131', 'BG-25'],
  message: 'The Invoice line net amount (BT-131) is missing.',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      if (!isAmount(line.netAmount)) report({ path: `lines[${i}].netAmount` });
    });
  },
});
