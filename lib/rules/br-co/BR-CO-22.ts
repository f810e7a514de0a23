import { defineRule } from '../types.js';
import { hasReason } from '../br/support/presence.js';
import { literalIndicator } from '../../model/source-facts.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BR-CO-22: each Document level charge (BG-21) must have a reason (BT-104), a reason code (BT-105), or both. */
export default defineRule({
  id: 'BR-CO-22',
  severity: 'fatal',
  terms: ['BG-21', 'BT-104', 'BT-105'],
  message: 'The Document level charge (BG-21) has neither a reason (BT-104) nor a reason code (BT-105).',
  check: (inv, report) => {
    inv.charges.forEach((charge, i) => {
      if (!literalIndicator(inv, charge)) return;
      if (!hasReason(inv, itemPath('charges', i), charge)) report({ path: childPath(itemPath('charges', i), 'reason') });
    });
  },
});
