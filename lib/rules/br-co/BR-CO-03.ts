import { defineRule } from '../types.js';
import { isPresent } from '../br/support/presence.js';
import { genericBreakdownRulesApply } from '../br/support/vat-breakdown.js';

/**
 * BR-CO-03: the Value added tax point date (BT-7) and its code (BT-8) are
 * mutually exclusive. Both live in the VAT breakdown in CII and the official
 * test runs in the generic VAT breakdown rule, so it is only evaluated when
 * the invoice has a breakdown that rule applies to (not O, L or M).
 */
export default defineRule({
  id: 'BR-CO-03',
  severity: 'fatal',
  terms: ['BT-7', 'BT-8'],
  message: 'The Value added tax point date (BT-7) and the Value added tax point date code (BT-8) must not both be given.',
  check: (inv, report) => {
    if (!isPresent(inv.taxPointDate) || !isPresent(inv.taxPointDateCode)) return;
    if (inv.vatBreakdown.some((b) => genericBreakdownRulesApply(b, inv))) report({ path: 'taxPointDateCode' });
  },
});
