import { defineRule } from '../types.js';
import { isAmount, someAmount } from '../br/support/presence.js';
import { untypedEqualsDouble, untypedSumRounded2 } from '../br/support/xpath-numeric.js';
import { groupPresent } from '../../model/source-facts.js';

/**
 * BR-CO-12: the Sum of charges on document level (BT-108) equals the sum of
 * the Document level charge amounts (BT-99), rounded to two decimals. As officially
 * (`. = round(sum(ram:ActualAmount[1]) * 10 * 10) div 100` over untyped
 * elements), the sum and the comparison are xs:double arithmetic (see
 * untypedSumRounded2).
 * Without charges BT-108 may be absent; when given it must then be zero.
 */
export default defineRule({
  id: 'BR-CO-12',
  severity: 'fatal',
  terms: ['BT-108', 'BT-99'],
  message: 'The Sum of charges on document level (BT-108) differs from the sum of the Document level charge amounts (BT-99).',
  check: (inv, report) => {
    // Officially evaluated in the context of the document totals aggregate, if the document has one.
    if (!groupPresent(inv, 'totals')) return;
    const declared: unknown = inv.totals.chargeTotal;
    if (inv.charges.length === 0 && !isAmount(declared)) return;
    const expected = untypedSumRounded2(inv.charges.flatMap((c) => (isAmount(c.amount) ? [c.amount] : [])));
    if (!someAmount(inv, 'totals.chargeTotal', declared, (d) => untypedEqualsDouble(d, expected))) report({ path: 'totals.chargeTotal' });
  },
});
