import { defineRule } from '../types.js';
import { elementPresent, periodDateTexts, someEndNotBeforeStart } from '../../model/source-facts.js';
import { IndexedPaths } from '../../model/model-path.js';

const LINE_PERIOD_START = new IndexedPaths('lines', 'period.start');
const LINE_PERIOD_END = new IndexedPaths('lines', 'period.end');

/**
 * BR-30: when both the Invoice line period start date (BT-134) and end date
 * (BT-135) are given, the end must not precede the start.
 */
export default defineRule({
  id: 'BR-30',
  severity: 'fatal',
  terms: ['BT-134', 'BT-135', 'BG-26'],
  message: 'The Invoice line period end date (BT-135) is before its start date (BT-134).',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      const start = periodDateTexts(inv, LINE_PERIOD_START.at(i), line.period?.start);
      const end = periodDateTexts(inv, LINE_PERIOD_END.at(i), line.period?.end);
      // As BR-29: with both elements there, a date missing in format 102 fails the comparison.
      if (!elementPresent(inv, LINE_PERIOD_START.at(i), start.length > 0) || !elementPresent(inv, LINE_PERIOD_END.at(i), end.length > 0)) return;
      if (!someEndNotBeforeStart(end, start)) report({ path: LINE_PERIOD_END.at(i) });
    });
  },
});
