import { defineRule } from '../types.js';
import { isPresent } from '../br/support/presence.js';
import { elementPresent } from '../../model/source-facts.js';
import { IndexedPaths } from '../../model/model-path.js';

const LINE_PERIOD = new IndexedPaths('lines', 'period');
const LINE_PERIOD_START = new IndexedPaths('lines', 'period.start');
const LINE_PERIOD_END = new IndexedPaths('lines', 'period.end');

/**
 * BR-CO-20: an Invoice line period (BG-26), when used, must have a start date
 * (BT-134) or an end date (BT-135). Officially `(ram:StartDateTime) or
 * (ram:EndDateTime)`: for a document the elements count, whatever their date.
 */
export default defineRule({
  id: 'BR-CO-20',
  severity: 'fatal',
  terms: ['BG-26', 'BT-134', 'BT-135'],
  message: 'The Invoice line period (BG-26) has neither a start date (BT-134) nor an end date (BT-135).',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      const period = line.period;
      if (period === undefined) return;
      const start = elementPresent(inv, LINE_PERIOD_START.at(i), isPresent(period.start));
      if (!start && !elementPresent(inv, LINE_PERIOD_END.at(i), isPresent(period.end))) report({ path: LINE_PERIOD.at(i) });
    });
  },
});
