import { defineRule } from '../types.js';
import { isPresent } from '../br/support/presence.js';

/** BR-CO-20: an Invoice line period (BG-26), when used, must have a start date (BT-134) or an end date (BT-135). */
export default defineRule({
  id: 'BR-CO-20',
  severity: 'fatal',
  terms: ['BG-26', 'BT-134', 'BT-135'],
  message: 'The Invoice line period (BG-26) has neither a start date (BT-134) nor an end date (BT-135).',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      const period = line.period;
      if (period !== undefined && !isPresent(period.start) && !isPresent(period.end)) report({ path: `lines[${i}].period` });
    });
  },
});
