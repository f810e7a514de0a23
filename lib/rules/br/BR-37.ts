import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';
import { elementPresent, isVatTyped, literalIndicator } from '../../model/source-facts.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BR-37: each Document level charge (BG-21) must have a VAT category code (BT-102). */
export default defineRule({
  id: 'BR-37',
  severity: 'fatal',
  terms: ['BT-102', 'BG-21'],
  message: 'The Document level charge VAT category code (BT-102) is missing.',
  check: (inv, report) => {
    inv.charges.forEach((charge, i) => {
      if (!literalIndicator(inv, charge)) return;
      // Officially `../ram:CategoryTradeTax[upper-case(ram:TypeCode) = 'VAT']/ram:CategoryCode`: the element, even empty, of a tax typed VAT.
      const path = childPath(itemPath('charges', i), 'vatCategory');
      if (!isVatTyped(inv, charge) || !elementPresent(inv, path, isPresent(charge.vatCategory))) report({ path });
    });
  },
});
