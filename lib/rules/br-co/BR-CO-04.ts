import { defineRule } from '../types.js';
import { isPresent } from '../br/support/presence.js';

/** BR-CO-04: each Invoice line (BG-25) must have an Invoiced item VAT category code (BT-151). */
export default defineRule({
  id: 'BR-CO-04',
  severity: 'fatal',
  terms: ['BT-151', 'BG-25'],
  message: 'The Invoiced item VAT category code (BT-151) is missing.',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      if (!isPresent(line.vat?.category)) report({ path: `lines[${i}].vat.category` });
    });
  },
});
