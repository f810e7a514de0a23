import { sum } from '../../model/decimal.js';
import { defineRule } from '../types.js';
import { isAmount } from '../br/support/presence.js';
import { xpathRound2 } from '../br/support/xpath-numeric.js';
import { groupPresent } from '../../model/source-facts.js';

/**
 * BR-CO-12: the Sum of charges on document level (BT-108) equals the sum of
 * the Document level charge amounts (BT-99), rounded to two decimals.
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
    const expected = xpathRound2(sum(inv.charges.map((c) => c.amount as unknown).filter(isAmount)));
    if (!isAmount(declared) || !declared.equals(expected)) report({ path: 'totals.chargeTotal' });
  },
});
