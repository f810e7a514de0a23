/**
 * BR-CL-23: each unit of measure code, invoiced quantity (BT-130) and price
 * base quantity (BT-150), is a UN/ECE Rec 20 / Rec 21 code. Officially every
 * `BasisQuantity/@unitCode` is checked: for a document with both a net and a
 * gross price base quantity, the gross one the model does not keep too.
 */
import { UNIT_CODES } from '../codelists/index.js';
import { unmodelledCodes } from '../../model/source-facts.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-23',
  severity: 'fatal',
  terms: ['BT-130', 'BT-150'],
  message: 'A unit of measure code (BT-130, BT-150) must be a UN/ECE Recommendation 20 code (with the Recommendation 21 extension).',
  check: (inv, report) =>
    checkCodes(
      inv,
      inv.lines.flatMap((line, i) => [
        { path: `lines[${i}].unitCode`, value: line.unitCode },
        { path: `lines[${i}].price.baseQuantityUnitCode`, value: line.price.baseQuantityUnitCode },
      ]).concat(unmodelledCodes(inv, 'ram:BasisQuantity/@unitCode')),
      UNIT_CODES,
      report,
    ),
});
