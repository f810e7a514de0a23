import { defineRule } from '../types.js';
import { hasReason } from './support/presence.js';
import { literalIndicator } from '../../model/source-facts.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BR-38: each Document level charge (BG-21) must have a reason (BT-104) or a reason code (BT-105). */
export default defineRule({
  id: 'BR-38',
  severity: 'fatal',
  terms: ['BT-104', 'BT-105', 'BG-21'],
  message: 'The Document level charge has neither a reason (BT-104) nor a reason code (BT-105).',
  check: (inv, report) => {
    inv.charges.forEach((charge, i) => {
      if (!literalIndicator(inv, charge)) return;
      if (!hasReason(inv, itemPath('charges', i), charge)) report({ path: childPath(itemPath('charges', i), 'reason') });
    });
  },
});
