import { defineRule } from '../types.js';
import { amountElementPresent } from './support/presence.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BR-24: each Invoice line (BG-25) must have an Invoice line net amount (BT-131). */
export default defineRule({
  id: 'BR-24',
  severity: 'fatal',
  terms: ['BT-131', 'BG-25'],
  message: 'The Invoice line net amount (BT-131) is missing.',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      if (!amountElementPresent(inv, childPath(itemPath('lines', i), 'netAmount'), line.netAmount)) report({ path: childPath(itemPath('lines', i), 'netAmount') });
    });
  },
});
