import { defineRule } from '../types.js';
import { hasReason } from '../br/support/presence.js';
import { literalIndicator } from '../../model/source-facts.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BR-CO-21: each Document level allowance (BG-20) must have a reason (BT-97), a reason code (BT-98), or both. */
export default defineRule({
  id: 'BR-CO-21',
  severity: 'fatal',
  terms: ['BG-20', 'BT-97', 'BT-98'],
  message: 'The Document level allowance (BG-20) has neither a reason (BT-97) nor a reason code (BT-98).',
  check: (inv, report) => {
    inv.allowances.forEach((allowance, i) => {
      if (!literalIndicator(inv, allowance)) return;
      if (!hasReason(inv, itemPath('allowances', i), allowance)) report({ path: childPath(itemPath('allowances', i), 'reason') });
    });
  },
});
