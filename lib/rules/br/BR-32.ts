import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';
import { elementPresent, isVatTyped, literalIndicator } from '../../model/source-facts.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BR-32: each Document level allowance (BG-20) must have a VAT category code (BT-95). */
export default defineRule({
  id: 'BR-32',
  severity: 'fatal',
  terms: ['BT-95', 'BG-20'],
  message: 'The Document level allowance VAT category code (BT-95) is missing.',
  check: (inv, report) => {
    inv.allowances.forEach((allowance, i) => {
      if (!literalIndicator(inv, allowance)) return;
      // Officially `../ram:CategoryTradeTax[upper-case(ram:TypeCode) = 'VAT']/ram:CategoryCode`: the element, even empty, of a tax typed VAT.
      const path = childPath(itemPath('allowances', i), 'vatCategory');
      if (!isVatTyped(inv, allowance) || !elementPresent(inv, path, isPresent(allowance.vatCategory))) report({ path });
    });
  },
});
