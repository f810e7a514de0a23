import { defineRule } from '../types.js';
import { isPresent } from '../br/support/presence.js';
import { elementPresent, isVatTyped } from '../../model/source-facts.js';
import { IndexedPaths } from '../../model/model-path.js';

const LINE_VAT_CATEGORY = new IndexedPaths('lines', 'vat.category');

/**
 * BR-CO-04: each Invoice line (BG-25) must have an Invoiced item VAT category
 * code (BT-151). The official test asks for the element
 * (`ram:ApplicableTradeTax[upper-case(ram:TypeCode) = 'VAT']/ram:CategoryCode`):
 * an empty one satisfies it (BR-CL-18 then rejects the empty code).
 */
export default defineRule({
  id: 'BR-CO-04',
  severity: 'fatal',
  terms: ['BT-151', 'BG-25'],
  message: 'The Invoiced item VAT category code (BT-151) is missing.',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      const path = LINE_VAT_CATEGORY.at(i);
      if (!isVatTyped(inv, line.vat) || !elementPresent(inv, path, isPresent(line.vat?.category))) report({ path });
    });
  },
});
