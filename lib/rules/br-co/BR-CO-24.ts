import { defineRule } from '../types.js';
import { hasReason } from '../br/support/presence.js';
import { literalIndicator } from '../../model/source-facts.js';

/** BR-CO-24: each Invoice line charge (BG-28) must have a reason (BT-144), a reason code (BT-145), or both. */
export default defineRule({
  id: 'BR-CO-24',
  severity: 'fatal',
  terms: ['BG-28', 'BT-144', 'BT-145'],
  message: 'The Invoice line charge (BG-28) has neither a reason (BT-144) nor a reason code (BT-145).',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      line.charges.forEach((charge, j) => {
        if (!literalIndicator(inv, charge)) return;
        if (!hasReason(inv, `lines[${i}].charges[${j}]`, charge)) report({ path: `lines[${i}].charges[${j}].reason` });
      });
    });
  },
});
