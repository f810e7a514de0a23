import { defineRule } from '../types.js';
import { hasReason } from '../br/support/presence.js';
import { literalIndicator } from '../../model/source-facts.js';

/** BR-CO-23: each Invoice line allowance (BG-27) must have a reason (BT-139), a reason code (BT-140), or both. */
export default defineRule({
  id: 'BR-CO-23',
  severity: 'fatal',
  terms: ['BG-27', 'BT-139', 'BT-140'],
  message: 'The Invoice line allowance (BG-27) has neither a reason (BT-139) nor a reason code (BT-140).',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      line.allowances.forEach((allowance, j) => {
        if (!literalIndicator(inv, allowance)) return;
        if (!hasReason(inv, `lines[${i}].allowances[${j}]`, allowance)) report({ path: `lines[${i}].allowances[${j}].reason` });
      });
    });
  },
});
