import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';
import { genericBreakdownRulesApply } from '../br/support/vat-breakdown.js';
import { childPath, itemPath } from '../../model/model-path.js';

/**
 * BR-DEC-19: the VAT category taxable amount (BT-116) has at most two
 * decimals. Not evaluated on categories O, L and M, as officially.
 */
export default defineRule({
  id: 'BR-DEC-19',
  severity: 'fatal',
  terms: ['BT-116'],
  message: 'The VAT category taxable amount (BT-116) has more than two decimals.',
  check: checkAmountDecimals((inv) =>
    inv.vatBreakdown.flatMap((b, i) => (genericBreakdownRulesApply(b, inv) ? [{ value: b.taxableAmount, path: childPath(itemPath('vatBreakdown', i), 'taxableAmount') }] : []))),
});
