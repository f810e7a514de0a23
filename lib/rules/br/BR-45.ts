import { defineRule } from '../types.js';
import { isAmount } from './support/presence.js';
import { elementPresent } from '../../model/source-facts.js';
import { genericBreakdownRulesApply } from './support/vat-breakdown.js';
import { childPath, itemPath } from '../../model/model-path.js';

/**
 * BR-45: each VAT breakdown (BG-23) must have a VAT category taxable amount
 * (BT-116). Like the official artefacts, not evaluated on breakdowns of
 * categories O, L and M (see genericBreakdownRulesApply).
 */
export default defineRule({
  id: 'BR-45',
  severity: 'fatal',
  terms: ['BT-116', 'BG-23'],
  message: 'The VAT category taxable amount (BT-116) is missing.',
  check: (inv, report) => {
    inv.vatBreakdown.forEach((breakdown, i) => {
      if (genericBreakdownRulesApply(breakdown, inv) && !elementPresent(inv, childPath(itemPath('vatBreakdown', i), 'taxableAmount'), isAmount(breakdown.taxableAmount))) {
        report({ path: childPath(itemPath('vatBreakdown', i), 'taxableAmount') });
      }
    });
  },
});
