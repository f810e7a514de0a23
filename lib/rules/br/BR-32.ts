import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';
import { literalIndicator } from '../../model/source-facts.js';

/** BR-32: each Document level allowance (BG-20) must have a VAT category code (BT-95). */
export default defineRule({
  id: 'BR-32',
  severity: 'fatal',
  terms: ['BT-95', 'BG-20'],
  message: 'The Document level allowance VAT category code (BT-95) is missing.',
  check: (inv, report) => {
    inv.allowances.forEach((allowance, i) => {
      if (!literalIndicator(inv, allowance)) return;
      if (!isPresent(allowance.vatCategory)) report({ path: `allowances[${i}].vatCategory` });
    });
  },
});
