import { defineRule } from '../types.js';
import { hasAmount } from './support/presence.js';
import { literalIndicator } from '../../model/source-facts.js';

/** BR-41: each Invoice line allowance (BG-27) must have an amount (BT-136). */
export default defineRule({
  id: 'BR-41',
  severity: 'fatal',
  terms: ['BT-136', 'BG-27'],
  message: 'The Invoice line allowance amount (BT-136) is missing.',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      line.allowances.forEach((allowance, j) => {
        if (!literalIndicator(inv, allowance)) return;
        if (!hasAmount(inv, `lines[${i}].allowances[${j}]`, allowance)) report({ path: `lines[${i}].allowances[${j}].amount` });
      });
    });
  },
});
