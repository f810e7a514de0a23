import { defineRule } from '../types.js';
import { hasAmount } from './support/presence.js';
import { literalIndicator } from '../../model/source-facts.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BR-36: each Document level charge (BG-21) must have an amount (BT-99). */
export default defineRule({
  id: 'BR-36',
  severity: 'fatal',
  terms: ['BT-99', 'BG-21'],
  message: 'The Document level charge amount (BT-99) is missing.',
  check: (inv, report) => {
    inv.charges.forEach((charge, i) => {
      if (!literalIndicator(inv, charge)) return;
      if (!hasAmount(inv, itemPath('charges', i), charge)) report({ path: childPath(itemPath('charges', i), 'amount') });
    });
  },
});
