/**
 * Shared checks of the EN 16931 VAT-category rule families (BR-S, BR-Z, BR-E,
 * BR-AE, BR-IC, BR-G, BR-O, BR-AF, BR-AG, BR-B), over the semantic model.
 *
 * Each rule file names its id, terms and message and delegates to one of these
 * checks. The checks follow the CII binding of the CEN validation artefacts
 * release 1.3.16 (cii/schematron/CII/EN16931-CII-model.sch), including where it
 * differs from the rule's prose; each such place is commented.
 *
 * The official string semantics, in general:
 * - category codes are compared exactly (`ram:CategoryCode = 'S'`, no
 *   trimming): ` S ` is no S category for these rules (BR-CL-17/18 judge the
 *   code itself); a tax that repeats its `CategoryCode` has each of them
 *   (`= 'S'` and `!= 'O'` are general comparisons, true when any occurrence
 *   satisfies them), and the sums select a place by a code and a rate each
 *   found in any of its taxes (`hasCategory`, `expectedTaxable`);
 * - the rule contexts of lines, allowances and charges (BR-x-02..07) and of
 *   the breakdowns of E, AE, K, G, O, L and M (BR-x-08..10, BR-O-08..14) take
 *   only taxes typed `upper-case(ram:TypeCode) = 'VAT'`; the S and Z
 *   breakdown contexts (`CategoryCode[. = 'S']`) and every count and sum
 *   (BR-x-01, the taxable amounts of BR-x-08, BR-O-11..14) take every tax
 *   whatever its TypeCode (see `isVatTyped` in lib/model/source-facts.ts);
 * - a term whose element is tested for existence (a seller VAT id in
 *   BR-S-02) is there even when empty, for a document;
 * - numbers compared directly with a constant (`RateApplicablePercent = 0`,
 *   `CalculatedAmount = 0`, `BasisAmount = ...`) see a negative zero below
 *   zero (`compareUntyped`).
 */
import { Decimal, ZERO, sum } from '../../model/decimal.js';
import type { Invoice } from '../../model/invoice.js';
import type { Report, RuleDefinition } from '../types.js';
import { isPresent, textOf as codeOf } from '../../model/presence.js';
import { elementPresent, isVatTyped, otherCategoryTaxes, otherLineTaxes, sourceFacts, textsAsWritten, valuesAsWritten, type OtherTax } from '../../model/source-facts.js';
import { compareUntyped } from '../br/support/xpath-numeric.js';
import { someAmount } from '../br/support/presence.js';
import { memoInRun } from '../engine.js';

/** VAT category codes (BT-95, BT-102, BT-118, BT-151) of the families, UNTDID 5305. */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M' | 'B';

/** A place carrying a VAT category: an invoice line (BG-30), a document allowance (BG-20) or charge (BG-21). */
export interface VatPlace {
  /** Path of the place's category in the model, e.g. `lines[0].vat.category`. */
  categoryPath: string;
  /** Path of the place's rate in the model, e.g. `allowances[1].vatRate`. */
  ratePath: string;
  /** The category code as written (compared exactly, as officially), undefined when absent. */
  category: string | undefined;
  /** Every category code of its tax element, as written, when the document repeats it; undefined otherwise (the category alone). */
  categories?: readonly string[] | undefined;
  /** Whether its tax is typed VAT, as the official rule contexts of places select them. */
  vatTyped: boolean;
  /** The rate (BT-152 / BT-96 / BT-103), undefined when absent. */
  rate: Decimal | undefined;
  /** The amount (BT-131 / BT-92 / BT-99); undefined when absent (skipped by sums, as in XPath). */
  amount: Decimal | undefined;
}

/** Which kind of place a check looks at. */
export type PlaceKind = 'line' | 'allowance' | 'charge';

// The ground rule for absent terms (lib/model/presence.ts); `codeOf` reads a code trimmed (other code checks).
export { isPresent, codeOf };

/** Whether a place or tax has the category (`ram:CategoryCode = 'x'`: any occurrence of a repeated code). */
export function hasCategory(p: { category: string | undefined; categories?: readonly string[] | undefined }, category: string): boolean {
  return p.categories === undefined ? p.category === category : p.categories.includes(category);
}

/** Invoice lines as VAT places (BT-151, BT-152, BT-131). */
export const linePlaces: (inv: Invoice) => readonly VatPlace[] = memoInRun((inv: Invoice): VatPlace[] => {
  const repeated = sourceFacts(inv).repeatedTexts;
  return inv.lines.map((line, i) => ({
    categoryPath: `lines[${i}].vat.category`,
    ratePath: `lines[${i}].vat.rate`,
    category: line.vat.category,
    categories: repeated?.get(`lines[${i}].vat.category`),
    vatTyped: isVatTyped(inv, line.vat),
    rate: line.vat.rate,
    amount: line.netAmount,
  }));
});

/** Document level allowances as VAT places (BT-95, BT-96, BT-92). */
export const allowancePlaces: (inv: Invoice) => readonly VatPlace[] = memoInRun((inv: Invoice): VatPlace[] => {
  const repeated = sourceFacts(inv).repeatedTexts;
  return inv.allowances.map((a, i) => ({
    categoryPath: `allowances[${i}].vatCategory`,
    ratePath: `allowances[${i}].vatRate`,
    category: a.vatCategory,
    categories: repeated?.get(`allowances[${i}].vatCategory`),
    vatTyped: isVatTyped(inv, a),
    rate: a.vatRate,
    amount: a.amount,
  }));
});

/** Document level charges as VAT places (BT-102, BT-103, BT-99). */
export const chargePlaces: (inv: Invoice) => readonly VatPlace[] = memoInRun((inv: Invoice): VatPlace[] => {
  const repeated = sourceFacts(inv).repeatedTexts;
  return inv.charges.map((c, i) => ({
    categoryPath: `charges[${i}].vatCategory`,
    ratePath: `charges[${i}].vatRate`,
    category: c.vatCategory,
    categories: repeated?.get(`charges[${i}].vatCategory`),
    vatTyped: isVatTyped(inv, c),
    rate: c.vatRate,
    amount: c.amount,
  }));
});

/** The places of one kind. */
export function placesOf(inv: Invoice, kind: PlaceKind): readonly VatPlace[] {
  if (kind === 'line') return linePlaces(inv);
  if (kind === 'allowance') return allowancePlaces(inv);
  return chargePlaces(inv);
}

/** A VAT breakdown with its index. */
export type IndexedBreakdown = { index: number; breakdown: Invoice['vatBreakdown'][number] };

/** VAT breakdowns (BG-23) of a category (`CategoryCode = 'x'` exactly, whatever the TypeCode: the counts of BR-x-01), with their index. */
export const breakdownsOf: (inv: Invoice, category: VatCategory) => readonly IndexedBreakdown[] = memoInRun((inv: Invoice, category: VatCategory): IndexedBreakdown[] => {
  const out: IndexedBreakdown[] = [];
  const repeated = sourceFacts(inv).repeatedTexts;
  inv.vatBreakdown.forEach((breakdown, index) => {
    const has = repeated === undefined ? breakdown.category === category : breakdownCategories(inv, index).includes(category);
    if (has) out.push({ index, breakdown });
  });
  return out;
});

/** Every category code of breakdown `index`, as written (more than one when the document repeats its `CategoryCode`). */
export function breakdownCategories(inv: Invoice, index: number): readonly string[] {
  return textsAsWritten(inv, `vatBreakdown[${index}].category`, inv.vatBreakdown[index]?.category);
}

/** Categories whose official breakdown context takes any TypeCode (`ApplicableTradeTax/CategoryCode[. = 'S']`). */
const UNTYPED_BREAKDOWN_CONTEXT: ReadonlySet<VatCategory> = new Set(['S', 'Z']);

/**
 * The breakdowns the official breakdown-level rules of a category (BR-x-08,
 * 09, 10, BR-O-08..14, BR-IC-11/12) are evaluated on: those of the category,
 * typed VAT except for S and Z, whose context ignores the TypeCode.
 */
export const breakdownContexts: (inv: Invoice, category: VatCategory) => readonly IndexedBreakdown[] = memoInRun((inv: Invoice, category: VatCategory): readonly IndexedBreakdown[] => {
  let all = breakdownsOf(inv, category);
  // The L, M and O contexts are the tax element itself: one rule of the pattern takes it, the first that matches.
  if (TAX_NODE_BREAKDOWN_CONTEXTS.includes(category)) all = all.filter(({ index }) => firstIn(TAX_NODE_BREAKDOWN_CONTEXTS, breakdownCategories(inv, index)) === category);
  return UNTYPED_BREAKDOWN_CONTEXT.has(category) ? all : all.filter(({ breakdown }) => isVatTyped(inv, breakdown));
});

/**
 * The order of the category rules of lines, allowances and charges in the
 * official pattern (AE, L, M, E, G, K, O, S, Z): their context is the tax
 * element, and schematron evaluates a node by the first rule of a pattern
 * that matches it, so a tax whose repeated code says both S and Z is
 * checked as S only.
 */
const PLACE_CONTEXT_ORDER: readonly VatCategory[] = ['AE', 'L', 'M', 'E', 'G', 'K', 'O', 'S', 'Z'];
/** The breakdown categories whose context is the tax element (the others' is its `CategoryCode`), in pattern order. */
const TAX_NODE_BREAKDOWN_CONTEXTS: readonly VatCategory[] = ['L', 'M', 'O'];

/** The first of `order` among `codes`. */
function firstIn(order: readonly VatCategory[], codes: readonly string[]): string | undefined {
  if (codes.length === 1) return order.includes(codes[0] as VatCategory) ? codes[0] : undefined;
  return order.find((c) => codes.includes(c));
}

/** The places of a kind the official context of a category selects: typed VAT, and that category is the first rule of the pattern its codes match. */
function contextPlaces(inv: Invoice, kind: PlaceKind, category: VatCategory): readonly VatPlace[] {
  return contextPlacesByKey(inv, `${kind} ${category}`);
}
const contextPlacesByKey = memoInRun((inv: Invoice, key: `${PlaceKind} ${VatCategory}`): VatPlace[] => {
  const [kind, category] = key.split(' ') as [PlaceKind, VatCategory];
  return placesOf(inv, kind).filter((p) => p.vatTyped && (p.categories === undefined ? p.category === category : firstIn(PLACE_CONTEXT_ORDER, p.categories) === category));
});

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
  if (placeTaxesSimple(inv)) {
    // Walks the model directly (no VatPlace objects): this runs once per breakdown on every validation.
    const matches = (cat: string | undefined, r: Decimal | undefined): boolean =>
      cat === category && (rate === undefined || (r !== undefined && r.eq(rate)));
    let lines: Decimal = ZERO;
    for (const l of inv.lines) if (l.netAmount !== undefined && matches(l.vat.category, l.vat.rate)) lines = lines.plus(l.netAmount);
    let charges: Decimal = ZERO;
    for (const c of inv.charges) if (c.amount !== undefined && matches(c.vatCategory, c.vatRate)) charges = charges.plus(c.amount);
    let allowances: Decimal = ZERO;
    for (const a of inv.allowances) if (a.amount !== undefined && matches(a.vatCategory, a.vatRate)) allowances = allowances.plus(a.amount);
    return roundXPath2(lines).plus(roundXPath2(charges)).minus(roundXPath2(allowances));
  }
  // A document whose places repeat a code or carry several taxes: `ApplicableTradeTax/CategoryCode = 'S' and
  // ApplicableTradeTax/xs:decimal(RateApplicablePercent) = $rate`, each test over every tax of the place.
  const owned = new Map<string, OtherTax[]>();
  for (const t of [...otherLineTaxes(inv), ...otherCategoryTaxes(inv)]) {
    if (t.owner !== undefined) owned.set(t.owner, [...(owned.get(t.owner) ?? []), t]);
  }
  const sumOf = (places: readonly VatPlace[]): Decimal => {
    let total: Decimal = ZERO;
    for (const p of places) {
      if (p.amount === undefined) continue;
      const others = owned.get(p.categoryPath) ?? [];
      const placeHas = hasCategory(p, category) || others.some((t) => t.categories.includes(category));
      const rates = [p.rate, ...others.map((t) => t.rate)];
      if (placeHas && (rate === undefined || rates.some((r) => r !== undefined && r.eq(rate)))) total = total.plus(p.amount);
    }
    return roundXPath2(total);
  };
  return sumOf(linePlaces(inv)).plus(sumOf(chargePlaces(inv))).minus(sumOf(allowancePlaces(inv)));
}

/** True when no place of the document repeats its category code or carries a tax beyond the one the model reads (always, for a model not read from CII). */
const placeTaxesSimple = memoInRun((inv: Invoice): boolean => {
  const facts = sourceFacts(inv);
  if (facts.repeatedTexts !== undefined) {
    for (const path of facts.repeatedTexts.keys()) if (path.endsWith('.category') || path.endsWith('.vatCategory')) return false;
  }
  return !otherLineTaxes(inv).some((t) => t.owner !== undefined) && !otherCategoryTaxes(inv).some((t) => t.owner !== undefined);
});

/**
 * Whether the term at `path` is there as the official tests ask it
 * (`ram:SpecifiedTaxRegistration/ram:ID[@schemeID = 'VA']`): for a document,
 * its element exists, even empty; otherwise the value is not blank.
 */
function has(inv: Invoice, path: string, value: string | undefined): boolean {
  return elementPresent(inv, path, isPresent(value));
}

/** Seller VAT identifier (BT-31) or seller tax representative VAT identifier (BT-63) present. */
export function hasSellerVatOrRepresentative(inv: Invoice): boolean {
  return has(inv, 'seller.vatId', inv.seller.vatId) || has(inv, 'taxRepresentative.vatId', inv.taxRepresentative?.vatId);
}

/** BT-31, seller tax registration identifier (BT-32) or BT-63 present. */
export function hasSellerTaxId(inv: Invoice): boolean {
  return hasSellerVatOrRepresentative(inv) || has(inv, 'seller.taxRegistrationId', inv.seller.taxRegistrationId);
}

/**
 * BR-x-01 for S, L (IGIC) and M (IPSI): "at least one breakdown". The artefacts
 * test `count(places) + count(breakdowns) >= 2`, separately for lines and for
 * allowances/charges, so two lines of the category pass even without a
 * breakdown (BR-CO-18 / BR-CO-14 catch that case). Reproduced as is.
 */
export function checkAtLeastOneBreakdown(inv: Invoice, category: VatCategory, report: Report): void {
  const breakdowns = breakdownsOf(inv, category).length;
  const lines = lineTaxCodes(inv).filter((p) => hasCategory(p, category)).length;
  const allowancesCharges = categoryTaxCodes(inv).filter((p) => hasCategory(p, category)).length;
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
  const used = [...lineTaxCodes(inv), ...categoryTaxCodes(inv)].some((p) => hasCategory(p, category));
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
  if (contextPlaces(inv, kind, category).length === 0) return;
  const buyerVat = has(inv, 'buyer.vatId', inv.buyer.vatId);
  switch (requirement) {
    case 'seller-tax-id':
      if (!hasSellerTaxId(inv)) report({ path: 'seller.vatId' });
      return;
    case 'seller-vat':
      if (!hasSellerVatOrRepresentative(inv)) report({ path: 'seller.vatId' });
      return;
    case 'reverse-charge':
      if (!hasSellerTaxId(inv)) report({ path: 'seller.vatId' });
      if (!buyerVat && !has(inv, 'buyer.legalRegistrationId.id', inv.buyer.legalRegistrationId?.id)) report({ path: 'buyer.vatId' });
      return;
    case 'intra-community':
      if (!hasSellerVatOrRepresentative(inv)) report({ path: 'seller.vatId' });
      if (!buyerVat) report({ path: 'buyer.vatId' });
      return;
    case 'no-vat-ids':
      if (has(inv, 'seller.vatId', inv.seller.vatId)) report({ path: 'seller.vatId' });
      if (has(inv, 'taxRepresentative.vatId', inv.taxRepresentative?.vatId)) report({ path: 'taxRepresentative.vatId' });
      if (buyerVat) report({ path: 'buyer.vatId' });
      return;
  }
}

/** What a rate rule requires of BT-152 / BT-96 / BT-103. A missing rate fails every test but `absent`. */
export type RateRequirement = 'positive' | 'zero' | 'non-negative' | 'absent';

const RATE_TESTS: Record<Exclude<RateRequirement, 'absent'>, (rate: Decimal) => boolean> = {
  positive: (r) => compareUntyped(r, 0) > 0,
  zero: (r) => compareUntyped(r, 0) === 0,
  'non-negative': (r) => compareUntyped(r, 0) >= 0,
};

/** BR-x-05/06/07: the rate of each line / allowance / charge of the category (compared as the element itself: a negative zero is below zero). */
export function checkRates(inv: Invoice, kind: PlaceKind, category: VatCategory, requirement: RateRequirement, report: Report): void {
  for (const place of contextPlaces(inv, kind, category)) {
    const rate = place.rate;
    // `RateApplicablePercent > 0` and the like: any occurrence of a repeated rate.
    const ok = requirement === 'absent' ? rate === undefined : someAmount(inv, place.ratePath, rate, RATE_TESTS[requirement]);
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
  const breakdowns = breakdownContexts(inv, category);
  if (breakdowns.length === 0) return;
  const expected = expectedTaxable(inv, category);
  for (const { index, breakdown } of breakdowns) {
    // An absent BT-116 fails, as the artefact's comparison with an empty value does.
    // O compares the element itself (`ram:BasisAmount = ...`), the others subtract 1 from it first (the sign of a zero is lost).
    const taxable = breakdown.taxableAmount;
    const ok =
      tolerance === 0
        ? someAmount(inv, `vatBreakdown[${index}].taxableAmount`, taxable, (t) => compareUntyped(t, expected) === 0)
        : taxable !== undefined && taxable.minus(expected).abs().lt(tolerance);
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
  for (const { index, breakdown } of breakdownContexts(inv, category)) {
    // `every $rate in ../RateApplicablePercent/xs:decimal(.) satisfies ../BasisAmount = ...`: each rate of a
    // repeated one (none: nothing to check), and any occurrence of a repeated taxable amount.
    const path = `vatBreakdown[${index}].taxableAmount`;
    for (const rate of valuesAsWritten(inv, `vatBreakdown[${index}].rate`, breakdown.rate)) {
      const expected = expectedTaxable(inv, category, rate);
      if (!someAmount(inv, path, breakdown.taxableAmount, (t) => compareUntyped(t, expected) === 0)) {
        report({ path });
        break;
      }
    }
  }
}

/** BR-x-09 for Z, E, AE, K, G, O: the tax amount (BT-117) of each breakdown of the category is 0 (`ram:CalculatedAmount = 0`: not a negative zero). */
export function checkZeroTax(inv: Invoice, category: VatCategory, report: Report): void {
  for (const { index, breakdown } of breakdownContexts(inv, category)) {
    // `ram:CalculatedAmount = 0`: any occurrence of a repeated one.
    const path = `vatBreakdown[${index}].taxAmount`;
    if (!someAmount(inv, path, breakdown.taxAmount, (tax) => compareUntyped(tax, 0) === 0)) report({ path });
  }
}

/** BR-x-10 for S, Z, IGIC, IPSI: no exemption reason (BT-120) nor code (BT-121) on a breakdown of the category. */
export function checkNoExemption(inv: Invoice, category: VatCategory, report: Report): void {
  for (const { index, breakdown } of breakdownContexts(inv, category)) {
    // `not(../ram:ExemptionReason) and not(../ram:ExemptionReasonCode)`: an empty element is one.
    if (has(inv, `vatBreakdown[${index}].exemptionReason`, breakdown.exemptionReason)) report({ path: `vatBreakdown[${index}].exemptionReason` });
    else if (has(inv, `vatBreakdown[${index}].exemptionReasonCode`, breakdown.exemptionReasonCode)) report({ path: `vatBreakdown[${index}].exemptionReasonCode` });
  }
}

/**
 * BR-x-10 for E, AE, K, G, O: an exemption reason (BT-120) or code (BT-121) on
 * each breakdown of the category. Like the artefacts, only presence is tested,
 * not that the text or code means this category (BR-CL-22 checks the code list).
 */
export function checkExemptionPresent(inv: Invoice, category: VatCategory, report: Report): void {
  for (const { index, breakdown } of breakdownContexts(inv, category)) {
    // `(../ram:ExemptionReason) or (../ram:ExemptionReasonCode)`: an empty element is one.
    if (!has(inv, `vatBreakdown[${index}].exemptionReason`, breakdown.exemptionReason) && !has(inv, `vatBreakdown[${index}].exemptionReasonCode`, breakdown.exemptionReasonCode)) {
      report({ path: `vatBreakdown[${index}].exemptionReason` });
    }
  }
}

/** True when any line, allowance, charge or breakdown has the category (the artefacts' `//ram:CategoryCode = 'x'`). */
export function usesCategory(inv: Invoice, category: VatCategory): boolean {
  return (
    breakdownsOf(inv, category).length > 0 ||
    [...lineTaxCodes(inv), ...categoryTaxCodes(inv)].some((p) => hasCategory(p, category))
  );
}

/**
 * Every VAT category code the invoice writes anywhere, each occurrence as
 * written: its lines, document allowances and charges, breakdowns, and, for a
 * document, the taxes the model does not carry (otherLineTaxes,
 * otherCategoryTaxes) and the repeats of a code. Computed once per run.
 */
const categoriesWritten: (inv: Invoice) => ReadonlySet<string> = memoInRun((inv: Invoice): ReadonlySet<string> => {
  const out = new Set<string>();
  const add = (p: { category: string | undefined; categories?: readonly string[] | undefined }): void => {
    if (p.category !== undefined) out.add(p.category);
    if (p.categories !== undefined) for (const c of p.categories) out.add(c);
  };
  for (const list of [linePlaces(inv), allowancePlaces(inv), chargePlaces(inv), otherLineTaxes(inv), otherCategoryTaxes(inv)]) {
    for (let i = 0; i < list.length; i++) add(list[i]!);
  }
  // A breakdown's code as written: the category itself, or every repeat of it in a document.
  for (let i = 0; i < inv.vatBreakdown.length; i++) for (const c of breakdownCategories(inv, i)) out.add(c);
  return out;
});

/**
 * Whether the rules of a category family can concern the invoice at all:
 * every rule of the families but S (Z, E, AE, K, G, O, L, M, B) selects a
 * line, allowance, charge or breakdown whose category code is exactly that
 * category (any occurrence of a repeated code), so where no such code is
 * written none of them can fail and the engine need not run them
 * ({@link onlyWithCategory}).
 */
export function writesCategory(inv: Invoice, category: VatCategory): boolean {
  return categoriesWritten(inv).has(category);
}

/** `rule`, run only on invoices that write `category` somewhere ({@link writesCategory}); the same id, terms and message. */
export function onlyWithCategory(rule: RuleDefinition, category: VatCategory): RuleDefinition {
  const check = rule.check;
  return { ...rule, check: (inv, report) => (writesCategory(inv, category) ? check(inv, report) : undefined) };
}

/** The category codes of one tax element (a VAT place's, or one the model does not carry), with the path a finding is reported at. */
export interface TaxCodes {
  /** The first code as written, undefined when absent. */
  category: string | undefined;
  /** Every code as written when the element repeats it (see {@link hasCategory}). */
  categories?: readonly string[] | undefined;
  categoryPath: string;
}

/**
 * Every line `ApplicableTradeTax` category as the official
 * `//ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax` counts them
 * (BR-x-01, BR-O-01, BR-O-11/12, BR-B-02): one per line, and, for a
 * document, the further taxes of a line (`otherLineTaxes` in
 * lib/model/source-facts.ts).
 */
export const lineTaxCodes: (inv: Invoice) => readonly TaxCodes[] = memoInRun((inv: Invoice): readonly TaxCodes[] => {
  const others = otherLineTaxes(inv).map((t) => ({ category: t.category, categories: t.categories, categoryPath: t.path }));
  return others.length === 0 ? linePlaces(inv) : [...linePlaces(inv), ...others];
});

/**
 * Every `CategoryTradeTax` category as the official `//ram:CategoryTradeTax`
 * counts them (BR-x-01, BR-O-13/14): those of the document allowances and
 * charges, and, for a document, those the model does not carry (an
 * allowance without indicator, line allowances and charges; see
 * `otherCategoryTaxes` in lib/model/source-facts.ts).
 */
export const categoryTaxCodes: (inv: Invoice) => readonly TaxCodes[] = memoInRun((inv: Invoice): readonly TaxCodes[] => {
  const others = otherCategoryTaxes(inv).map((t) => ({ category: t.category, categories: t.categories, categoryPath: t.path }));
  const all = [...allowancePlaces(inv), ...chargePlaces(inv), ...others];
  // An element read on both sides (a repeated indicator) is one CategoryTradeTax.
  const mirrored = sourceFacts(inv).mirroredAllowanceCharges;
  return mirrored === undefined ? all : all.filter((p) => !mirrored.has(p.categoryPath));
});

/**
 * BR-O-11..14: with a breakdown O, nothing else may carry another category.
 * The artefacts test the same condition for BR-O-11 and BR-O-12 (any line or
 * breakdown, `//ram:ApplicableTradeTax`) and for BR-O-13 and BR-O-14 (any
 * document allowance or charge, `//ram:CategoryTradeTax`); so do we, reporting
 * each offending place.
 */
export function checkOnlyNotSubject(inv: Invoice, scope: 'lines-and-breakdowns' | 'allowances-and-charges', report: Report): void {
  if (breakdownContexts(inv, 'O').length === 0) return;
  // `ram:CategoryCode != 'O'`: any category element other than exactly O, an empty one included (any occurrence of a repeated one).
  const other = (p: TaxCodes): boolean => (p.categories === undefined ? p.category !== 'O' : p.categories.some((c) => c !== 'O')) && has(inv, p.categoryPath, p.category);
  if (scope === 'lines-and-breakdowns') {
    inv.vatBreakdown.forEach((b, i) => {
      const categoryPath = `vatBreakdown[${i}].category`;
      if (other({ category: b.category, categories: sourceFacts(inv).repeatedTexts?.get(categoryPath), categoryPath })) report({ path: categoryPath });
    });
    for (const p of lineTaxCodes(inv)) if (other(p)) report({ path: p.categoryPath });
    return;
  }
  for (const p of categoryTaxCodes(inv)) {
    if (other(p)) report({ path: p.categoryPath });
  }
}
