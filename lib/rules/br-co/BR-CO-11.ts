import { defineRule } from '../types.js';
import { isAmount, someAmount } from '../br/support/presence.js';
import { untypedEqualsDouble, untypedSumRounded2 } from '../br/support/xpath-numeric.js';
import { groupPresent } from '../../model/source-facts.js';

/**
 * BR-CO-11: the Sum of allowances on document level (BT-107) equals the sum
 * of the Document level allowance amounts (BT-92), rounded to two decimals. As officially
 * (`. = round(sum(ram:ActualAmount[1]) * 10 * 10) div 100` over untyped
 * elements), the sum and the comparison are xs:double arithmetic (see
 * untypedSumRounded2).
 * Without allowances BT-107 may be absent; when given it must then be zero.
 */
export default defineRule({
  id: 'BR-CO-11',
  severity: 'fatal',
  terms: ['BT-107', 'BT-92'],
  message: 'The Sum of allowances on document level (BT-107) differs from the sum of the Document level allowance amounts (BT-92).',
  check: (inv, report) => {
    // Officially evaluated in the context of the document totals aggregate, if the document has one.
    if (!groupPresent(inv, 'totals')) return;
    const declared: unknown = inv.totals.allowanceTotal;
    if (inv.allowances.length === 0 && !isAmount(declared)) return;
    const expected = untypedSumRounded2(inv.allowances.flatMap((a) => (isAmount(a.amount) ? [a.amount] : [])));
    if (!someAmount(inv, 'totals.allowanceTotal', declared, (d) => untypedEqualsDouble(d, expected))) report({ path: 'totals.allowanceTotal' });
  },
});
