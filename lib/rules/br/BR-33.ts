import { defineRule } from '../types.js';
import { hasReason } from './support/presence.js';
import { literalIndicator } from '../../model/source-facts.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BR-33: each Document level allowance (BG-20) must have a reason (BT-97) or a reason code (BT-98). */
export default defineRule({
  id: 'BR-33',
  severity: 'fatal',
  terms: ['BT-97', 'BT-98', 'BG-20'],
  message: 'The Document level allowance has neither a reason (BT-97) nor a reason code (BT-98).',
  check: (inv, report) => {
    inv.allowances.forEach((allowance, i) => {
      if (!literalIndicator(inv, allowance)) return;
      if (!hasReason(inv, itemPath('allowances', i), allowance)) report({ path: childPath(itemPath('allowances', i), 'reason') });
    });
  },
});
