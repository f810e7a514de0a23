import { defineRule } from '../types.js';
import { isAmount } from './support/presence.js';
import { isVatBreakdown, textsAsWritten } from '../../model/source-facts.js';
import { genericBreakdownRulesApply } from './support/vat-breakdown.js';
import { childPath, itemPath } from '../../model/model-path.js';

/**
 * BR-48: each VAT breakdown (BG-23) must have a VAT category rate (BT-119),
 * except for category O (not subject to VAT). Like the official artefacts,
 * not evaluated on categories L and M either.
 */
export default defineRule({
  id: 'BR-48',
  severity: 'fatal',
  terms: ['BT-119', 'BT-118', 'BG-23'],
  message: 'The VAT category rate (BT-119) of a VAT breakdown is missing.',
  check: (inv, report) => {
    inv.vatBreakdown.forEach((breakdown, i) => {
      if (!genericBreakdownRulesApply(breakdown, inv)) return;
      // Officially `.[TypeCode='VAT']/RateApplicablePercent or .[TypeCode='VAT']/CategoryCode = 'O'`.
      const vat = isVatBreakdown(inv, breakdown);
      if (vat && textsAsWritten(inv, childPath(itemPath('vatBreakdown', i), 'category'), breakdown.category).includes('O')) return;
      if (!vat || !isAmount(breakdown.rate)) report({ path: childPath(itemPath('vatBreakdown', i), 'rate') });
    });
  },
});
