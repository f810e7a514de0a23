import { defineRule } from '../types.js';
import { elementPresent } from '../../model/source-facts.js';
import { isAmount, isPresent } from './support/presence.js';
import { IndexedPaths } from '../../model/model-path.js';

const LINE_UNIT_CODE = new IndexedPaths('lines', 'unitCode');

/**
 * BR-23: each Invoice line (BG-25) must have an Invoiced quantity unit of
 * measure code (BT-130). The unit code is an attribute of the quantity
 * (BT-129) in CII, so a line without a quantity has no unit code either, as
 * the official validator reports.
 */
export default defineRule({
  id: 'BR-23',
  severity: 'fatal',
  terms: ['BT-130', 'BG-25'],
  message: 'The Invoiced quantity unit of measure code (BT-130) is missing.',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      // Officially the @unitCode attribute of BilledQuantity, even empty.
      if (!elementPresent(inv, LINE_UNIT_CODE.at(i), isPresent(line.unitCode) && isAmount(line.quantity))) report({ path: LINE_UNIT_CODE.at(i) });
    });
  },
});
