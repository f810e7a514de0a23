import { defineRule } from '../types.js';
import { isAmount } from './support/presence.js';
import { elementPresent } from '../../model/source-facts.js';
import { genericBreakdownRulesApply } from './support/vat-breakdown.js';
import { childPath, itemPath } from '../../model/model-path.js';

/**
 * BR-46: each VAT breakdown (BG-23) must have a VAT category tax amount
 * (BT-117). Not evaluated on categories O, L and M, as officially.
 */
export default defineRule({
  id: 'BR-46',
  severity: 'fatal',
  terms: ['BT-117', 'BG-23'],
  message: 'The VAT category tax amount (BT-117) is missing.',
  check: (inv, report) => {
    inv.vatBreakdown.forEach((breakdown, i) => {
      if (genericBreakdownRulesApply(breakdown, inv) && !elementPresent(inv, childPath(itemPath('vatBreakdown', i), 'taxAmount'), isAmount(breakdown.taxAmount))) {
        report({ path: childPath(itemPath('vatBreakdown', i), 'taxAmount') });
      }
    });
  },
});
