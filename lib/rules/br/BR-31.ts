import { defineRule } from '../types.js';
import { hasAmount } from './support/presence.js';
import { literalIndicator } from '../../model/source-facts.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BR-31: each Document level allowance (BG-20) must have an amount (BT-92). */
export default defineRule({
  id: 'BR-31',
  severity: 'fatal',
  terms: ['BT-92', 'BG-20'],
  message: 'The Document level allowance amount (BT-92) is missing.',
  check: (inv, report) => {
    inv.allowances.forEach((allowance, i) => {
      if (!literalIndicator(inv, allowance)) return;
      if (!hasAmount(inv, itemPath('allowances', i), allowance)) report({ path: childPath(itemPath('allowances', i), 'amount') });
    });
  },
});
