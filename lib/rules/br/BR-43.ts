import { defineRule } from '../types.js';
import { hasAmount } from './support/presence.js';
import { literalIndicator } from '../../model/source-facts.js';

/** BR-43: each Invoice line charge (BG-28) must have an amount (BT-141). */
export default defineRule({
  id: 'BR-43',
  severity: 'fatal',
  terms: ['BT-141', 'BG-28'],
  message: 'The Invoice line charge amount (BT-141) is missing.',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      line.charges.forEach((charge, j) => {
        if (!literalIndicator(inv, charge)) return;
        if (!hasAmount(inv, `lines[${i}].charges[${j}]`, charge)) report({ path: `lines[${i}].charges[${j}].amount` });
      });
    });
  },
});
