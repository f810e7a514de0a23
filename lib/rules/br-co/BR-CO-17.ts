import type { Decimal } from '../../model/decimal.js';
import type { VatBreakdown } from '../../model/invoice.js';
import { defineRule } from '../types.js';
import { isAmount } from '../br/support/presence.js';
import { isVatTyped } from '../../model/source-facts.js';
import { genericBreakdownRulesApply } from '../br/support/vat-breakdown.js';
import { xpathRound, xpathRound2 } from '../br/support/xpath-numeric.js';
import { childPath, itemPath } from '../../model/model-path.js';

/**
 * The official BR-CO-17 test of CEN artefacts 1.3.16, on decimals:
 * - a rate (BT-119) that rounds to 0, or no rate: the tax amount (BT-117)
 *   must round to 0;
 * - any other rate: |BT-117| must lie within 1 (one currency unit, bounds
 *   included) of |BT-116| x BT-119 / 100 rounded to two decimals. The
 *   tolerance absorbs line-level rounding; signs are not compared.
 * The official test reads the rate of VAT-typed taxes only
 * (`.[normalize-space(upper-case(ram:TypeCode)) = 'VAT']/ram:RateApplicablePercent`,
 * white space around the code ignored, unlike the rule contexts): for a
 * breakdown read from CII with another TypeCode (`vatTyped` false) it sees no rate.
 */
function taxAmountAgrees(breakdown: VatBreakdown, vatTyped: boolean): boolean {
  const taxAmount: unknown = breakdown.taxAmount;
  const taxable: unknown = breakdown.taxableAmount;
  const rate: unknown = vatTyped ? breakdown.rate : undefined;
  if (!isAmount(taxAmount)) return false;
  if (!isAmount(rate) || xpathRound(rate).isZero()) return xpathRound(taxAmount).isZero();
  if (!isAmount(taxable)) return false;
  const expected: Decimal = xpathRound2(taxable.abs().times(rate.dividedBy(100)));
  const actual = taxAmount.abs();
  return actual.minus(1).lessThanOrEqualTo(expected) && actual.plus(1).greaterThanOrEqualTo(expected);
}

/**
 * BR-CO-17: the VAT category tax amount (BT-117) equals the VAT category
 * taxable amount (BT-116) times the VAT category rate (BT-119) / 100,
 * rounded to two decimals, with the official tolerance of one currency unit
 * (see taxAmountAgrees). Not evaluated on categories O, L and M, as officially.
 */
export default defineRule({
  id: 'BR-CO-17',
  severity: 'fatal',
  terms: ['BT-117', 'BT-116', 'BT-119'],
  message: 'The VAT category tax amount (BT-117) does not match the VAT category taxable amount (BT-116) times the rate (BT-119).',
  check: (inv, report) => {
    inv.vatBreakdown.forEach((breakdown, i) => {
      if (genericBreakdownRulesApply(breakdown, inv) && !taxAmountAgrees(breakdown, isVatTyped(inv, breakdown, true))) report({ path: childPath(itemPath('vatBreakdown', i), 'taxAmount') });
    });
  },
});
