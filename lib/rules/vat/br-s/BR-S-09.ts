/**
 * BR-S-09 (standard rated, category S): the VAT category tax amount (BT-117) of
 * each S breakdown equals its taxable amount (BT-116) times its rate (BT-119)
 * / 100, rounded to 2 decimals. As in the CII artefact the comparison is on
 * absolute values and accepts a difference strictly below 1; a breakdown without
 * rate fails.
 */
import { defineRule } from '../../types.js';
import { breakdownContexts, roundXPath2 } from '../vat-checks.js';

export default defineRule({
  id: 'BR-S-09',
  severity: 'fatal',
  terms: ['BT-117', 'BT-116', 'BT-119', 'BT-118'],
  message: 'The VAT category tax amount (BT-117) of a standard rated breakdown (BT-118 = S) must equal its taxable amount (BT-116) multiplied by its rate (BT-119) / 100.',
  check: (inv, report) => {
    for (const { index, breakdown } of breakdownContexts(inv, 'S')) {
      const rate = breakdown.rate;
      let ok = false;
      if (rate !== undefined && breakdown.taxableAmount !== undefined && breakdown.taxAmount !== undefined) {
        const expected = roundXPath2(breakdown.taxableAmount.abs().times(rate).div(100));
        const actual = breakdown.taxAmount.abs();
        ok = actual.minus(1).lt(expected) && actual.plus(1).gt(expected);
      }
      if (!ok) report({ path: `vatBreakdown[${index}].taxAmount` });
    }
  },
});
