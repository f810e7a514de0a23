import { defineRule } from '../types.js';
import { isAmount, someAmount } from '../br/support/presence.js';
import { untypedSumRounded2AsDecimal } from '../br/support/xpath-numeric.js';
import { groupPresent } from '../../model/source-facts.js';

/**
 * BR-CO-10: the Sum of Invoice line net amount (BT-106) equals the sum of the
 * Invoice line net amounts (BT-131). As officially, the sum is rounded to two
 * decimals (a no-op when every BT-131 obeys BR-DEC-23), lines without an
 * amount add nothing, and a missing BT-106 fails. The official
 * `xs:decimal(sum(ram:LineTotalAmount))` sums untyped elements as doubles
 * (see untypedSumAsDecimal): 8.415 rounds to 8.41 (untypedSumRounded2AsDecimal
 * rounds the sum so without building a 60-digit decimal where it can).
 */
export default defineRule({
  id: 'BR-CO-10',
  severity: 'fatal',
  terms: ['BT-106', 'BT-131'],
  message: 'The Sum of Invoice line net amount (BT-106) differs from the sum of the Invoice line net amounts (BT-131).',
  check: (inv, report) => {
    // Officially evaluated in the context of the document totals aggregate, if the document has one.
    if (!groupPresent(inv, 'totals')) return;
    const declared: unknown = inv.totals.lineNetTotal;
    const expected = untypedSumRounded2AsDecimal(inv.lines.flatMap((line) => (isAmount(line.netAmount) ? [line.netAmount] : [])));
    // `ram:LineTotalAmount = ...`: any occurrence of a repeated one.
    if (!someAmount(inv, 'totals.lineNetTotal', declared, (d) => d.equals(expected))) report({ path: 'totals.lineNetTotal' });
  },
});
