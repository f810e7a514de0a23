import { defineRule } from '../types.js';
import { checkAmountDecimals } from '../br/support/decimal-places.js';
import { genericBreakdownRulesApply } from '../br/support/vat-breakdown.js';
import { childPath, itemPath } from '../../model/model-path.js';

/**
 * BR-DEC-20: the VAT category tax amount (BT-117) has at most two decimals.
 * Not evaluated on categories O, L and M, as officially.
 */
export default defineRule({
  id: 'BR-DEC-20',
  severity: 'fatal',
  terms: ['BT-117'],
  message: 'The VAT category tax amount (BT-117) has more than two decimals.',
  check: checkAmountDecimals((inv) =>
    inv.vatBreakdown.flatMap((b, i) => (genericBreakdownRulesApply(b, inv) ? [{ value: b.taxAmount, path: childPath(itemPath('vatBreakdown', i), 'taxAmount') }] : []))),
});
