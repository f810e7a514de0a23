import { defineRule } from '../types.js';
import { hasReason } from './support/presence.js';
import { literalIndicator } from '../../model/source-facts.js';

/** BR-44: each Invoice line charge (BG-28) must have a reason (BT-144) or a reason code (BT-145). */
export default defineRule({
  id: 'BR-44',
  severity: 'fatal',
  terms: ['BT-144', 'BT-145', 'BG-28'],
  message: 'The Invoice line charge has neither a reason (BT-144) nor a reason code (BT-145).',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      line.charges.forEach((charge, j) => {
        if (!literalIndicator(inv, charge)) return;
        if (!hasReason(inv, `lines[${i}].charges[${j}]`, charge)) report({ path: `lines[${i}].charges[${j}].reason` });
      });
    });
  },
});
