/**
 * BR-B-02 (split payment, category B): an invoice using category B has no
 * standard rated (S) line, allowance, charge or VAT breakdown (the CII artefact
 * looks at every category code, BT-118 included); each S place is reported.
 */
import { defineRule } from '../../types.js';
import { breakdownsOf, categoryTaxCodes, hasCategory, lineTaxCodes, usesCategory } from '../vat-checks.js';

export default defineRule({
  id: 'BR-B-02',
  severity: 'fatal',
  terms: ['BT-151', 'BT-95', 'BT-102', 'BT-118'],
  message: 'An invoice with VAT category B (split payment) must not have standard rated (S) lines, allowances, charges or breakdowns (BT-151, BT-95, BT-102, BT-118).',
  check: (inv, report) => {
    if (!usesCategory(inv, 'B')) return;
    for (const place of [...lineTaxCodes(inv), ...categoryTaxCodes(inv)]) {
      if (hasCategory(place, 'S')) report({ path: place.categoryPath });
    }
    for (const { index } of breakdownsOf(inv, 'S')) report({ path: `vatBreakdown[${index}].category` });
  },
});
