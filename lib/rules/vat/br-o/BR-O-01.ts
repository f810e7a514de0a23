/**
 * BR-O-01 (not subject to VAT, category O): an invoice has at most one O
 * breakdown, and an O breakdown needs a line, allowance or charge in category O.
 * As in the CII artefact, only the presence of an O breakdown triggers the rule:
 * O lines without any O breakdown are left to BR-CO-18 / BR-O-08.
 */
import { defineRule } from '../../types.js';
import { breakdownsOf, categoryTaxCodes, hasCategory, lineTaxCodes } from '../vat-checks.js';

export default defineRule({
  id: 'BR-O-01',
  severity: 'fatal',
  terms: ['BG-23', 'BT-118', 'BT-151', 'BT-95', 'BT-102'],
  message: 'A "not subject to VAT" VAT breakdown (BG-23, BT-118 = O) must be the only one of its category and needs a line, allowance or charge in category O (BT-151, BT-95, BT-102).',
  check: (inv, report) => {
    const breakdowns = breakdownsOf(inv, 'O').length;
    if (breakdowns === 0) return;
    const used = [...lineTaxCodes(inv), ...categoryTaxCodes(inv)].some((p) => hasCategory(p, 'O'));
    if (breakdowns !== 1 || !used) report({ path: 'vatBreakdown' });
  },
});
