import { defineRule } from '../types.js';
import { hasReason } from './support/presence.js';
import { literalIndicator } from '../../model/source-facts.js';

/** BR-42: each Invoice line allowance (BG-27) must have a reason (BT-139) or a reason code (BT-140). */
export default defineRule({
  id: 'BR-42',
  severity: 'fatal',
  terms: ['BT-139', 'BT-140', 'BG-27'],
  message: 'The Invoice line allowance has neither a reason (BT-139) nor a reason code (BT-140).',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      line.allowances.forEach((allowance, j) => {
        if (!literalIndicator(inv, allowance)) return;
        if (!hasReason(inv, `lines[${i}].allowances[${j}]`, allowance)) report({ path: `lines[${i}].allowances[${j}].reason` });
      });
    });
  },
});
