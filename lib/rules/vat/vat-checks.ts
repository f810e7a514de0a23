/**
 * Shared checks of the EN 16931 VAT-category rule families (BR-S, BR-Z, BR-E,
 * BR-AE, BR-IC, BR-G, BR-O, BR-AF, BR-AG, BR-B), over the semantic model.
 *
 * Each rule file names its id, terms and message and delegates to one of these
 * checks. The checks follow the CII binding of the CEN validation artefacts
 * release 1.3.16 (cii/schematron/CII/EN16931-CII-model.sch), including where it
 * differs from the rule's prose; each such place is commented. Empty or
 * whitespace-only strings count as absent.
 */
import { Decimal, ZERO, sum } from '../../model/decimal.js';
import type { Invoice } from '../../model/invoice.js';
import type { Report } from '../types.js';
import { isPresent, textOf as codeOf } from '../../model/presence.js';

/** VAT category codes (BT-95, BT-102, BT-118, BT-151) of the families, UNTDID 5305. */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M' | 'B';

/** A place carrying a VAT category: an invoice line (BG-30), a document allowance (BG-20) or charge (BG-21). */
export interface VatPlace {
  /** Path of the place's category in the model, e.g. `lines[0].vat.category`. */
  categoryPath: string;
  /** Path of the place's rate in the model, e.g. `allowances[1].vatRate`. */
  ratePath: string;
  /** The category code (trimmed), undefined when absent. */
  category: string | undefined;
  /** The rate (BT-152 / BT-96 / BT-103), undefined when absent. */
  rate: Decimal | undefined;
  /** The amount (BT-131 / BT-92 / BT-99); undefined when absent (skipped by sums, as in XPath). */
  amount: Decimal | undefined;
}

/** Which kind of place a check looks at. */
export type PlaceKind = 'line' | 'allowance' | 'charge';

// The ground rule for absent terms (lib/model/presence.ts); a code term is read trimmed.
export { isPresent, codeOf };

/** Invoice lines as VAT places (BT-151, BT-152, BT-131). */
export function linePlaces(inv: Invoice): VatPlace[] {
  return inv.lines.map((line, i) => ({
    categoryPath: `lines[${i}].vat.category`,
    ratePath: `lines[${i}].vat.rate`,
    category: codeOf(line.vat.category),
    rate: line.vat.rate,
    amount: line.netAmount,
  }));
}

/** Document level allowances as VAT places (BT-95, BT-96, BT-92). */
export function allowancePlaces(inv: Invoice): VatPlace[] {
  return inv.allowances.map((a, i) => ({
    categoryPath: `allowances[${i}].vatCategory`,
    ratePath: `allowances[${i}].vatRate`,
    category: codeOf(a.vatCategory),
    rate: a.vatRate,
    amount: a.amount,
  }));
}

/** Document level charges as VAT places (BT-102, BT-103, BT-99). */
export function chargePlaces(inv: Invoice): VatPlace[] {
  return inv.charges.map((c, i) => ({
    categoryPath: `charges[${i}].vatCategory`,
    ratePath: `charges[${i}].vatRate`,
    category: codeOf(c.vatCategory),
    rate: c.vatRate,
    amount: c.amount,
  }));
}

/** The places of one kind. */
export function placesOf(inv: Invoice, kind: PlaceKind): VatPlace[] {
  if (kind === 'line') return linePlaces(inv);
  if (kind === 'allowance') return allowancePlaces(inv);
  return chargePlaces(inv);
}

/** VAT breakdowns (BG-23) of a category, with their index. */
export function breakdownsOf(inv: Invoice, category: VatCategory): Array<{ index: number; breakdown: Invoice['vatBreakdown'][number] }> {
  const out: Array<{ index: number; breakdown: Invoice['vatBreakdown'][number] }> = [];
  inv.vatBreakdown.forEach((breakdown, index) => {
    if (codeOf(breakdown.category) === category) out.push({ index, breakdown });
  });
  return out;
}

/**
 * Rounds to 2 decimals the way XPath `round(x * 100) div 100` does in the
 * artefacts: half towards positive infinity (so -0.005 becomes 0.00).
 */
export function roundXPath2(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_CEIL);
}

/**
 * The taxable amount the artefacts expect for a category (and, for S, L and M,
 * a rate): rounded sum of line nets + rounded sum of charges - rounded sum of
 * allowances of that category (BT-131, BT-99, BT-92).
 */
export function expectedTaxable(inv: Invoice, category: VatCategory, rate?: Decimal): Decimal {
  // Walks the model directly (no VatPlace objects): this runs once per breakdown on every validation.
  const matches = (cat: string | undefined, r: Decimal | undefined): boolean =>
    codeOf(cat) === category && (rate === undefined || (r !== undefined && r.eq(rate)));
  let lines: Decimal = ZERO;
  for (const l of inv.lines) if (l.netAmount !== undefined && matches(l.vat.category, l.vat.rate)) lines = lines.plus(l.netAmount);
  let charges: Decimal = ZERO;
  for (const c of inv.charges) if (c.amount !== undefined && matches(c.vatCategory, c.vatRate)) charges = charges.plus(c.amount);
  let allowances: Decimal = ZERO;
  for (const a of inv.allowances) if (a.amount !== undefined && matches(a.vatCategory, a.vatRate)) allowances = allowances.plus(a.amount);
  return roundXPath2(lines).plus(roundXPath2(charges)).minus(roundXPath2(allowances));
}

/** Seller VAT identifier (BT-31) or seller tax representative VAT identifier (BT-63) present. */
export function hasSellerVatOrRepresentative(inv: Invoice): boolean {
  return isPresent(inv.seller.vatId) || isPresent(inv.taxRepresentative?.vatId);
}

/** BT-31, seller tax registration identifier (BT-32) or BT-63 present. */
export function hasSellerTaxId(inv: Invoice): boolean {
  return hasSellerVatOrRepresentative(inv) || isPresent(inv.seller.taxRegistrationId);
}

/**
 * BR-x-01 for S, L (IGIC) and M (IPSI): "at least one breakdown". The artefacts
 * test `count(places) + count(breakdowns) >= 2`, separately for lines and for
 * allowances/charges, so two lines of the category pass even without a
 * breakdown (BR-CO-18 / BR-CO-14 catch that case). Reproduced as is.
 */
export function checkAtLeastOneBreakdown(inv: Invoice, category: VatCategory, report: Report): void {
  const breakdowns = breakdownsOf(inv, category).length;
  const lines = linePlaces(inv).filter((p) => p.category === category).length;
  const allowancesCharges = [...allowancePlaces(inv), ...chargePlaces(inv)].filter((p) => p.category === category).length;
  const linesOk = lines === 0 || lines + breakdowns >= 2;
  const acOk = allowancesCharges === 0 || allowancesCharges + breakdowns >= 2;
  if (!linesOk || !acOk) report({ path: 'vatBreakdown' });
}

/**
 * BR-x-01 for Z, E, AE, K and G: when the category appears anywhere (line,
 * allowance, charge or breakdown) there is exactly one breakdown of it, and a
 * line, allowance or charge of it.
 */
export function checkExactlyOneBreakdown(inv: Invoice, category: VatCategory, report: Report): void {
  const breakdowns = breakdownsOf(inv, category).length;
  const used = [...linePlaces(inv), ...allowancePlaces(inv), ...chargePlaces(inv)].some((p) => p.category === category);
  if (breakdowns === 0 && !used) return;
  if (breakdowns !== 1 || !used) report({ path: 'vatBreakdown' });
}

/** What a seller/buyer identification rule requires. */
export type PartyRequirement =
  /** BT-31, BT-32 or BT-63 (S, Z, E, IGIC, IPSI). */
  | 'seller-tax-id'
  /** (BT-31, BT-32 or BT-63) and (BT-48 or BT-47) (AE). */
  | 'reverse-charge'
  /** (BT-31 or BT-63) and BT-48 (K). */
  | 'intra-community'
  /** BT-31 or BT-63 (G). */
  | 'seller-vat'
  /** none of BT-31, BT-63, BT-48 (O). */
  | 'no-vat-ids';

/**
 * BR-x-02/03/04: when a line (02), allowance (03) or charge (04) has the
 * category, the parties carry (or, for O, do not carry) the required
 * identifiers. Reported once per missing or forbidden term.
 */
export function checkPartyIds(inv: Invoice, kind: PlaceKind, category: VatCategory, requirement: PartyRequirement, report: Report): void {
  if (!placesOf(inv, kind).some((p) => p.category === category)) return;
  const buyerVat = isPresent(inv.buyer.vatId);
  switch (requirement) {
    case 'seller-tax-id':
      if (!hasSellerTaxId(inv)) report({ path: 'seller.vatId' });
      return;
    case 'seller-vat':
      if (!hasSellerVatOrRepresentative(inv)) report({ path: 'seller.vatId' });
      return;
    case 'reverse-charge':
      if (!hasSellerTaxId(inv)) report({ path: 'seller.vatId' });
      if (!buyerVat && !isPresent(inv.buyer.legalRegistrationId?.id)) report({ path: 'buyer.vatId' });
      return;
    case 'intra-community':
      if (!hasSellerVatOrRepresentative(inv)) report({ path: 'seller.vatId' });
      if (!buyerVat) report({ path: 'buyer.vatId' });
      return;
    case 'no-vat-ids':
      if (isPresent(inv.seller.vatId)) report({ path: 'seller.vatId' });
      if (isPresent(inv.taxRepresentative?.vatId)) report({ path: 'taxRepresentative.vatId' });
      if (buyerVat) report({ path: 'buyer.vatId' });
      return;
  }
}

/** What a rate rule requires of BT-152 / BT-96 / BT-103. A missing rate fails every test but `absent`. */
export type RateRequirement = 'positive' | 'zero' | 'non-negative' | 'absent';

/** BR-x-05/06/07: the rate of each line / allowance / charge of the category. */
export function checkRates(inv: Invoice, kind: PlaceKind, category: VatCategory, requirement: RateRequirement, report: Report): void {
  for (const place of placesOf(inv, kind)) {
    if (place.category !== category) continue;
    const rate = place.rate;
    let ok: boolean;
    switch (requirement) {
      case 'positive':
        ok = rate !== undefined && rate.gt(0);
        break;
      case 'zero':
        ok = rate !== undefined && rate.isZero();
        break;
      case 'non-negative':
        ok = rate !== undefined && rate.gte(0);
        break;
      case 'absent':
        ok = rate === undefined;
        break;
    }
    if (!ok) report({ path: place.ratePath });
  }
}

/**
 * BR-x-08 without rates (Z, E, AE, K, G, O): the taxable amount (BT-116) of each
 * breakdown of the category equals the expected sum. The artefacts accept a
 * difference strictly below 1 for Z, E, AE, K and G (`tolerance: 1`) and demand
 * equality for O (`tolerance: 0`).
 */
export function checkTaxableAmount(inv: Invoice, category: VatCategory, tolerance: 0 | 1, report: Report): void {
  const breakdowns = breakdownsOf(inv, category);
  if (breakdowns.length === 0) return;
  const expected = expectedTaxable(inv, category);
  for (const { index, breakdown } of breakdowns) {
    // An absent BT-116 fails, as the artefact's comparison with an empty value does.
    const diff = breakdown.taxableAmount?.minus(expected).abs();
    const ok = diff !== undefined && (tolerance === 0 ? diff.isZero() : diff.lt(tolerance));
    if (!ok) report({ path: `vatBreakdown[${index}].taxableAmount` });
  }
}

/**
 * BR-S-08 (and the prose of BR-AF-08 / BR-AG-08): for each breakdown of the
 * category that has a rate (BT-119), BT-116 equals the expected sum over the
 * places of that category and rate, exactly. A breakdown without rate passes
 * (the artefact iterates over its rates).
 */
export function checkTaxableAmountPerRate(inv: Invoice, category: VatCategory, report: Report): void {
  for (const { index, breakdown } of breakdownsOf(inv, category)) {
    if (breakdown.rate === undefined) continue;
    if (!breakdown.taxableAmount?.eq(expectedTaxable(inv, category, breakdown.rate))) {
      report({ path: `vatBreakdown[${index}].taxableAmount` });
    }
  }
}

/** BR-x-09 for Z, E, AE, K, G, O: the tax amount (BT-117) of each breakdown of the category is 0. */
export function checkZeroTax(inv: Invoice, category: VatCategory, report: Report): void {
  for (const { index, breakdown } of breakdownsOf(inv, category)) {
    if (!breakdown.taxAmount?.isZero()) report({ path: `vatBreakdown[${index}].taxAmount` });
  }
}

/** BR-x-10 for S, Z, IGIC, IPSI: no exemption reason (BT-120) nor code (BT-121) on a breakdown of the category. */
export function checkNoExemption(inv: Invoice, category: VatCategory, report: Report): void {
  for (const { index, breakdown } of breakdownsOf(inv, category)) {
    if (isPresent(breakdown.exemptionReason)) report({ path: `vatBreakdown[${index}].exemptionReason` });
    else if (isPresent(breakdown.exemptionReasonCode)) report({ path: `vatBreakdown[${index}].exemptionReasonCode` });
  }
}

/**
 * BR-x-10 for E, AE, K, G, O: an exemption reason (BT-120) or code (BT-121) on
 * each breakdown of the category. Like the artefacts, only presence is tested,
 * not that the text or code means this category (BR-CL-22 checks the code list).
 */
export function checkExemptionPresent(inv: Invoice, category: VatCategory, report: Report): void {
  for (const { index, breakdown } of breakdownsOf(inv, category)) {
    if (!isPresent(breakdown.exemptionReason) && !isPresent(breakdown.exemptionReasonCode)) {
      report({ path: `vatBreakdown[${index}].exemptionReason` });
    }
  }
}

/** True when any line, allowance, charge or breakdown has the category (the artefacts' `//ram:CategoryCode = 'x'`). */
export function usesCategory(inv: Invoice, category: VatCategory): boolean {
  return (
    breakdownsOf(inv, category).length > 0 ||
    [...linePlaces(inv), ...allowancePlaces(inv), ...chargePlaces(inv)].some((p) => p.category === category)
  );
}

/**
 * BR-O-11..14: with a breakdown O, nothing else may carry another category.
 * The artefacts test the same condition for BR-O-11 and BR-O-12 (any line or
 * breakdown, `//ram:ApplicableTradeTax`) and for BR-O-13 and BR-O-14 (any
 * document allowance or charge, `//ram:CategoryTradeTax`); so do we, reporting
 * each offending place.
 */
export function checkOnlyNotSubject(inv: Invoice, scope: 'lines-and-breakdowns' | 'allowances-and-charges', report: Report): void {
  if (breakdownsOf(inv, 'O').length === 0) return;
  if (scope === 'lines-and-breakdowns') {
    inv.vatBreakdown.forEach((b, i) => {
      const category = codeOf(b.category);
      if (category !== undefined && category !== 'O') report({ path: `vatBreakdown[${i}].category` });
    });
    for (const p of linePlaces(inv)) if (p.category !== undefined && p.category !== 'O') report({ path: p.categoryPath });
    return;
  }
  for (const p of [...allowancePlaces(inv), ...chargePlaces(inv)]) {
    if (p.category !== undefined && p.category !== 'O') report({ path: p.categoryPath });
  }
}
