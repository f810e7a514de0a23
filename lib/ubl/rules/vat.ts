/**
 * UBL binding variants of the EN 16931 VAT category rules (BR-S, BR-Z, BR-E,
 * BR-AE, BR-IC, BR-G, BR-O, BR-AF, BR-AG, BR-B), as the official UBL
 * schematron (EN16931-UBL-model.sch, release 1.3.16) states them. They differ
 * from the CII ones throughout: a tax category counts only with
 * `cac:TaxScheme/cbc:ID` VAT (normalized, upper-cased), codes are compared
 * after `normalize-space`, the existence rules (-02..-04) are document-level
 * tests over every `cac:ClassifiedTaxCategory` / `cac:AllowanceCharge/
 * cac:TaxCategory` with party conditions that vary by category, and the
 * taxable amounts (-08) are xs:decimal sums with, for S, L and M, a tolerance
 * of 1 computed in xs:double. The tables below follow the official tests one
 * by one; where the artefact is irregular (a VAT filter missing on one side,
 * a code compared without normalize-space), so are they.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { Decimal } from '../../model/decimal.js';
import type { RuleDefinition } from '../../rules/types.js';
import { lines } from './core.js';
import { ublVariant } from './define.js';
import type { UblDocument } from './document.js';
import {
  all,
  chargeIndicatorIs,
  decimalOfDoubleArithmetic,
  descendants,
  eq,
  exists,
  first,
  gt,
  kids,
  lt,
  normalizeSpace,
  notNegative,
  ns,
  positive,
  round2,
  someNumber,
  stringValue,
  sum,
  xdec,
  xdecAt,
} from './xpath.js';

/** A VAT category code (BT-95, BT-102, BT-118, BT-151) and the id prefix of its rule family. */
type Category = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M';
const FAMILY: Readonly<Record<Category, string>> = { S: 'BR-S', Z: 'BR-Z', E: 'BR-E', AE: 'BR-AE', K: 'BR-IC', G: 'BR-G', O: 'BR-O', L: 'BR-AF', M: 'BR-AG' };

/**
 * `cac:TaxScheme/normalize-space(upper-case(cbc:ID)) = 'VAT'`; undefined where
 * the official XPath stops (a scheme with two `cbc:ID`s): a rule context with
 * this predicate then does not match.
 */
function vat(el: CiiElement): boolean | undefined {
  const known = VAT_MEMO.get(el);
  if (known !== undefined || VAT_MEMO.has(el)) return known;
  const v = vatUncached(el);
  VAT_MEMO.set(el, v);
  return v;
}

/** The scheme test of each tax category, once per element (the category rules ask it for every category). */
const VAT_MEMO = new WeakMap<CiiElement, boolean | undefined>();

function vatUncached(el: CiiElement): boolean | undefined {
  let found = false;
  for (const scheme of kids(el, 'cac:TaxScheme')) {
    const ids = kids(scheme, 'cbc:ID');
    if (ids.length > 1) return undefined;
    if (ids[0] !== undefined && normalizeSpace(stringValue(ids[0]).toUpperCase()) === 'VAT') found = true;
  }
  return found;
}

/** `[normalize-space(cbc:ID) = 'x']` on a tax category: its one code, normalized; undefined with two codes (the XPath stops). */
function code(category: CiiElement): string | undefined {
  const known = CODE_MEMO.get(category);
  if (known !== undefined || CODE_MEMO.has(category)) return known;
  const c = codeUncached(category);
  CODE_MEMO.set(category, c);
  return c;
}

/** The code of each tax category, once per element. */
const CODE_MEMO = new WeakMap<CiiElement, string | undefined>();

function codeUncached(category: CiiElement): string | undefined {
  const ids = kids(category, 'cbc:ID');
  if (ids.length > 1) return undefined;
  return ids[0] === undefined ? '' : normalizeSpace(stringValue(ids[0]));
}

/** `tax category [normalize-space(cbc:ID) = c][cac:TaxScheme VAT]`. */
const isVatOf = (c: string) => (t: CiiElement): boolean => code(t) === c && vat(t) === true;
/** `tax category [normalize-space(cbc:ID) = c]` (no scheme test). */
const isOf = (c: string) => (t: CiiElement): boolean => code(t) === c;
/** `tax category [cbc:ID = c][cac:TaxScheme VAT]` (the code as written, any `cbc:ID`). */
const isRawVatOf = (c: string) => (t: CiiElement): boolean => kids(t, 'cbc:ID').some((id) => stringValue(id) === c) && vat(t) === true;

/** Every `cac:TaxCategory` of the document (`//cac:TaxCategory`). */
const taxCategories = (doc: UblDocument): readonly CiiElement[] => descendants(doc, 'cac:TaxCategory');
/** Every `cac:ClassifiedTaxCategory` (`//cac:ClassifiedTaxCategory`). */
const classified = (doc: UblDocument): readonly CiiElement[] => descendants(doc, 'cac:ClassifiedTaxCategory');
/** `cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory` of the root. */
const breakdownCategories = (doc: UblDocument): readonly CiiElement[] =>
  doc.memo('breakdown categories', () => kids(doc.root, 'cac:TaxTotal').flatMap((t) => all(t, 'cac:TaxSubtotal', 'cac:TaxCategory')));
/** `//cac:AllowanceCharge[cbc:ChargeIndicator = b()]/cac:TaxCategory`, or (`rootOnly`) `(/ubl:Invoice|/cn:CreditNote)/cac:AllowanceCharge[...]/cac:TaxCategory`. */
function allowanceChargeCategories(doc: UblDocument, charge: boolean, rootOnly = false): CiiElement[] {
  const acs = rootOnly ? kids(doc.root, 'cac:AllowanceCharge') : descendants(doc, 'cac:AllowanceCharge');
  return acs.filter((ac) => chargeIndicatorIs(ac, charge)).flatMap((ac) => kids(ac, 'cac:TaxCategory'));
}

// ---- parties ---------------------------------------------------------------------------------------------

/** `exists(//cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme[VAT?]/cbc:CompanyID)`. */
function sellerTaxId(doc: UblDocument, vatOnly: boolean): boolean {
  return descendants(doc, 'cac:AccountingSupplierParty').some((s) => all(s, 'cac:Party', 'cac:PartyTaxScheme').some((t) => (!vatOnly || vat(t) === true) && exists(t, 'cbc:CompanyID')));
}
/** `exists(//cac:TaxRepresentativeParty/cac:PartyTaxScheme[VAT]/cbc:CompanyID)`. */
function representativeVatId(doc: UblDocument): boolean {
  return descendants(doc, 'cac:TaxRepresentativeParty').some((r) => kids(r, 'cac:PartyTaxScheme').some((t) => vat(t) === true && exists(t, 'cbc:CompanyID')));
}
/** `exists(//cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme[VAT]/cbc:CompanyID)`. */
function buyerVatId(doc: UblDocument): boolean {
  return descendants(doc, 'cac:AccountingCustomerParty').some((b) => all(b, 'cac:Party', 'cac:PartyTaxScheme').some((t) => vat(t) === true && exists(t, 'cbc:CompanyID')));
}
/** `exists(//cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID)`. */
function buyerLegalId(doc: UblDocument): boolean {
  return descendants(doc, 'cac:AccountingCustomerParty').some((b) => exists(b, 'cac:Party', 'cac:PartyLegalEntity', 'cbc:CompanyID'));
}

/** The party condition of each family's -02..-04 rules. */
const PARTIES: Readonly<Record<Category, (doc: UblDocument) => boolean>> = {
  // (any seller PartyTaxScheme/CompanyID or the representative's VAT id)
  S: (d) => sellerTaxId(d, false) || representativeVatId(d),
  Z: (d) => sellerTaxId(d, false) || representativeVatId(d),
  E: (d) => sellerTaxId(d, false) || representativeVatId(d),
  L: (d) => sellerTaxId(d, false) || representativeVatId(d),
  M: (d) => sellerTaxId(d, false) || representativeVatId(d),
  // ... and the buyer's VAT id or legal registration id
  AE: (d) => (sellerTaxId(d, false) || representativeVatId(d)) && (buyerVatId(d) || buyerLegalId(d)),
  // (the seller's or the representative's VAT id) and the buyer's VAT id
  K: (d) => (sellerTaxId(d, true) || representativeVatId(d)) && buyerVatId(d),
  G: (d) => sellerTaxId(d, true) || representativeVatId(d),
  // none of the three VAT ids
  O: (d) => !sellerTaxId(d, true) && !representativeVatId(d) && !buyerVatId(d),
};

// ---- the rules -------------------------------------------------------------------------------------------

/**
 * The codes of every `cbc:ID[normalize-space(.) = c]` of a VAT-typed `cac:TaxCategory` or
 * `cac:ClassifiedTaxCategory` (`used`), and how many such ids the root breakdowns have per code (`inBreakdowns`),
 * gathered once per document for the -01 rules and the breakdown tests of K and O.
 */
function vatIdCodes(doc: UblDocument): { used: ReadonlySet<string>; inBreakdowns: ReadonlyMap<string, number> } {
  return doc.memo('vat id codes', () => {
    const used = new Set<string>();
    for (const t of [...taxCategories(doc), ...classified(doc)]) {
      if (vat(t) !== true) continue;
      for (const id of kids(t, 'cbc:ID')) used.add(normalizeSpace(stringValue(id)));
    }
    const inBreakdowns = new Map<string, number>();
    for (const t of breakdownCategories(doc)) {
      if (vat(t) !== true) continue;
      for (const id of kids(t, 'cbc:ID')) {
        const c = normalizeSpace(stringValue(id));
        inBreakdowns.set(c, (inBreakdowns.get(c) ?? 0) + 1);
      }
    }
    return { used, inBreakdowns };
  });
}

/** -01 of AE, E, G, K, O, Z: a category used anywhere (typed VAT) has exactly one breakdown `cbc:ID` of it. */
function oneBreakdown(c: Category): RuleDefinition {
  return ublVariant(`${FAMILY[c]}-01`, (doc, report) => {
    const { used, inBreakdowns } = vatIdCodes(doc);
    if (used.has(c) && inBreakdowns.get(c) !== 1) report('vatBreakdown');
  });
}

/** BR-S-01, BR-AF-01, BR-AG-01: places of the category and breakdowns of it, both or neither (each with its official predicates). */
function breakdownIfUsed(c: 'S' | 'L' | 'M'): RuleDefinition {
  return ublVariant(`${FAMILY[c]}-01`, (doc, report) => {
    const place = c === 'S' ? isOf(c) : isVatOf(c);
    const acCategories = descendants(doc, 'cac:AllowanceCharge').flatMap((ac) => kids(ac, 'cac:TaxCategory'));
    const places = acCategories.filter(place).length + classified(doc).filter(place).length;
    const breakdowns = breakdownCategories(doc);
    // S: `[normalize-space(cbc:ID) = 'S']` on both sides; L: `[cbc:ID = 'L']` then `[normalize-space(cbc:ID) = 'L'][VAT]`;
    // M: `[cbc:ID = 'M'][VAT]` then `[normalize-space(cbc:ID) = 'M'][VAT]`.
    const whenUsed = c === 'S' ? breakdowns.filter(isOf(c)).length : c === 'L' ? breakdowns.filter((t) => kids(t, 'cbc:ID').some((id) => stringValue(id) === c)).length : breakdowns.filter(isRawVatOf(c)).length;
    const whenUnused = c === 'S' ? breakdowns.filter(isOf(c)).length : breakdowns.filter(isVatOf(c)).length;
    if (!((places > 0 && whenUsed > 0) || (places === 0 && whenUnused === 0))) report('vatBreakdown');
  });
}

/** Which places a -02..-04 rule looks at. */
type Where = 'line' | 'allowance' | 'charge';

/**
 * -02 (lines), -03 (allowances), -04 (charges): `(exists(places) and
 * parties) or not(exists(places'))`, where the two place sets carry the
 * official predicates (they differ for BR-S-02, BR-G-03/04, BR-AF-04).
 */
function partyRule(c: Category, where: Where): RuleDefinition {
  const n = where === 'line' ? '02' : where === 'allowance' ? '03' : '04';
  return ublVariant(`${FAMILY[c]}-${n}`, (doc, report) => {
    const places = where === 'line' ? classified(doc) : doc.memo(`${where} categories${c === 'O' ? ' (root)' : ''}`, () => allowanceChargeCategories(doc, where === 'charge', c === 'O'));
    // Most documents have no place of most categories: nothing to check.
    if (!places.some((t) => code(t) === c || kids(t, 'cbc:ID').some((id) => stringValue(id) === c))) return;
    const triggers = places.filter(c === 'G' && where !== 'line' ? isOf(c) : isVatOf(c));
    const guard = places.filter(c === 'S' && where === 'line' ? isOf(c) : c === 'L' && where === 'charge' ? isRawVatOf(c) : isVatOf(c));
    if ((triggers.length > 0 && PARTIES[c](doc)) || guard.length === 0) return;
    // Reported at the first place of the category (a line's VAT category, an allowance or charge).
    const at = triggers[0] ?? guard[0]!;
    report(where === 'line' ? at : at.parent!);
  });
}

/**
 * A place rule's context: tax categories of lines (`cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory[...]`), of
 * allowances or of charges (`cac:AllowanceCharge[cbc:ChargeIndicator = false()]/cac:TaxCategory[...]`, the allowance
 * rule first), of category `c` and typed VAT. Grouped once per document.
 */
function contextPlaces(doc: UblDocument, c: Category, where: Where): readonly CiiElement[] {
  const groups = doc.memo('context places', () => {
    const byKey = new Map<string, CiiElement[]>();
    const add = (w: Where, t: CiiElement): void => {
      const cc = code(t);
      if (cc === undefined || vat(t) !== true) return;
      const key = `${w} ${cc}`;
      const list = byKey.get(key);
      if (list === undefined) byKey.set(key, [t]);
      else list.push(t);
    };
    for (const t of classified(doc)) {
      if (t.parent?.name === 'cac:Item' && (t.parent.parent?.name === 'cac:InvoiceLine' || t.parent.parent?.name === 'cac:CreditNoteLine')) add('line', t);
    }
    for (const t of taxCategories(doc)) {
      const ac = t.parent;
      if (ac?.name !== 'cac:AllowanceCharge') continue;
      if (chargeIndicatorIs(ac, false)) add('allowance', t);
      else if (chargeIndicatorIs(ac, true)) add('charge', t);
    }
    return byKey;
  });
  return groups.get(`${where} ${c}`) ?? [];
}

/** The rate test of the -05..-07 rules. */
const RATE_TESTS: Readonly<Record<Category, (t: CiiElement) => boolean>> = {
  // `(cbc:Percent) > 0`
  S: (t) => someNumber(kids(t, 'cbc:Percent'), positive),
  // `(xs:decimal(cbc:Percent) = 0)`
  Z: (t) => eq(xdecAt(t, 'cbc:Percent'), new Decimal(0)),
  E: (t) => eq(xdecAt(t, 'cbc:Percent'), new Decimal(0)),
  AE: (t) => eq(xdecAt(t, 'cbc:Percent'), new Decimal(0)),
  K: (t) => eq(xdecAt(t, 'cbc:Percent'), new Decimal(0)),
  G: (t) => eq(xdecAt(t, 'cbc:Percent'), new Decimal(0)),
  // `not(cbc:Percent)`
  O: (t) => !exists(t, 'cbc:Percent'),
  // `(cbc:Percent) >= 0`
  L: (t) => someNumber(kids(t, 'cbc:Percent'), notNegative),
  M: (t) => someNumber(kids(t, 'cbc:Percent'), notNegative),
};

/** -05 (lines), -06 (allowances), -07 (charges): the rate of each place of the category. */
function rateRule(c: Category, where: Where): RuleDefinition {
  const n = where === 'line' ? '05' : where === 'allowance' ? '06' : '07';
  return ublVariant(`${FAMILY[c]}-${n}`, (doc, report) => {
    for (const t of contextPlaces(doc, c, where)) if (!RATE_TESTS[c](t)) report(where === 'line' ? t : t.parent!);
  });
}

/** The breakdown contexts of a category: `/*\/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory[normalize-space(cbc:ID) = c][VAT]`. */
function breakdownContexts(doc: UblDocument, c: Category): CiiElement[] {
  return breakdownCategories(doc).filter(isVatOf(c));
}

/** `sum(../../../cac:InvoiceLine[...]/xs:decimal(cbc:LineExtensionAmount)) + sum(charges[...]/xs:decimal(cbc:Amount)) - sum(allowances[...]/...)` for lines named `lineName`. */
function expectedTaxable(doc: UblDocument, c: Category, lineName: string, rate: Decimal | undefined): Decimal {
  const ofCategory = (categories: readonly CiiElement[]): boolean => categories.some((t) => ns(t, 'cbc:ID') === c);
  const ofRate = (categories: readonly CiiElement[]): boolean => rate === undefined || categories.some((t) => eq(xdec(first(t, 'cbc:Percent')), rate));
  const lineSum = sum(
    kids(doc.root, lineName)
      .filter((l) => ofCategory(all(l, 'cac:Item', 'cac:ClassifiedTaxCategory')) && ofRate(all(l, 'cac:Item', 'cac:ClassifiedTaxCategory')))
      .flatMap((l) => (exists(l, 'cbc:LineExtensionAmount') ? [xdecAt(l, 'cbc:LineExtensionAmount')] : [])),
  );
  const acSum = (charge: boolean): Decimal =>
    sum(
      kids(doc.root, 'cac:AllowanceCharge')
        .filter((ac) => chargeIndicatorIs(ac, charge) && ofCategory(kids(ac, 'cac:TaxCategory')) && ofRate(kids(ac, 'cac:TaxCategory')))
        .flatMap((ac) => (exists(ac, 'cbc:Amount') ? [xdecAt(ac, 'cbc:Amount')] : [])),
    );
  return lineSum.plus(acSum(true)).minus(acSum(false));
}

/** -08 of E, AE, K, G, O, Z: `xs:decimal(../cbc:TaxableAmount)` equals the sum of the category's lines, charges and allowances. */
function exactTaxable(c: Category): RuleDefinition {
  return ublVariant(`${FAMILY[c]}-08`, (doc, report) => {
    for (const t of breakdownContexts(doc, c)) {
      const taxable = xdecAt(t.parent, 'cbc:TaxableAmount');
      const ok = ['cac:InvoiceLine', 'cac:CreditNoteLine'].some((name) => descendants(doc, name).length > 0 && eq(taxable, expectedTaxable(doc, c, name, undefined)));
      if (!ok) report(t.parent!);
    }
  });
}

/** -08 of S, L, M: for the breakdown's rate, the taxable amount within 1 (in xs:double) of the sum of the category's places at that rate. */
function taxableAtRate(c: 'S' | 'L' | 'M'): RuleDefinition {
  return ublVariant(`${FAMILY[c]}-08`, (doc, report) => {
    for (const t of breakdownContexts(doc, c)) {
      // `every $rate in xs:decimal(cbc:Percent)`: nothing to check without a rate.
      if (!exists(t, 'cbc:Percent')) continue;
      const rate = xdecAt(t, 'cbc:Percent');
      const taxableNode = first(t.parent, 'cbc:TaxableAmount');
      const lower = decimalOfDoubleArithmetic(taxableNode, -1);
      const upper = decimalOfDoubleArithmetic(taxableNode, 1);
      const ok = ['cac:InvoiceLine', 'cac:CreditNoteLine'].some((name) => {
        let present: boolean;
        if (c === 'S') {
          // `exists(//cac:InvoiceLine[S][rate]) or exists(//cac:AllowanceCharge[cac:TaxCategory S][rate])`
          const placeOf = (cats: readonly CiiElement[]): boolean => cats.some((x) => ns(x, 'cbc:ID') === c) && cats.some((x) => eq(xdec(first(x, 'cbc:Percent')), rate));
          present = descendants(doc, name).some((l) => placeOf(all(l, 'cac:Item', 'cac:ClassifiedTaxCategory'))) || descendants(doc, 'cac:AllowanceCharge').some((ac) => placeOf(kids(ac, 'cac:TaxCategory')));
        } else {
          present = descendants(doc, name).length > 0;
        }
        if (!present) return false;
        const expected = expectedTaxable(doc, c, name, rate);
        return lt(lower, expected) && gt(upper, expected);
      });
      if (!ok) report(t.parent!);
    }
  });
}

/** -09 of S, L, M: `abs(xs:decimal(../cbc:TaxAmount))` within 1 of `round(abs(taxable) * rate / 100)`; of the others: `xs:decimal(../cbc:TaxAmount) = 0`. */
function taxAmountRule(c: Category): RuleDefinition {
  return ublVariant(`${FAMILY[c]}-09`, (doc, report) => {
    for (const t of breakdownContexts(doc, c)) {
      const tax = xdecAt(t.parent, 'cbc:TaxAmount');
      let ok: boolean;
      if (c === 'S' || c === 'L' || c === 'M') {
        const expected = round2(xdecAt(t.parent, 'cbc:TaxableAmount').abs().times(xdecAt(t, 'cbc:Percent').div(100)));
        ok = lt(tax.abs().minus(1), expected) && gt(tax.abs().plus(1), expected);
      } else {
        ok = eq(tax, new Decimal(0));
      }
      if (!ok) report(t.parent!);
    }
  });
}

/** -10: an exemption reason (BT-120 or BT-121) forbidden (S, Z, L, M) or required (E, AE, K, G, O) on each breakdown. */
function exemptionRule(c: Category): RuleDefinition {
  const forbidden = c === 'S' || c === 'Z' || c === 'L' || c === 'M';
  return ublVariant(`${FAMILY[c]}-10`, (doc, report) => {
    for (const t of breakdownContexts(doc, c)) {
      const has = exists(t, 'cbc:TaxExemptionReason') || exists(t, 'cbc:TaxExemptionReasonCode');
      if (has === forbidden) report(t.parent!);
    }
  });
}

/** `exists(cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory[VAT]/cbc:ID[normalize-space(.) = c])` on the root. */
function hasBreakdown(doc: UblDocument, c: Category): boolean {
  return (vatIdCodes(doc).inBreakdowns.get(c) ?? 0) > 0;
}

/** XPath `string-length(path)` of the first node (0 without one). */
function length(el: CiiElement | undefined, ...steps: string[]): number {
  const node = first(el, ...steps);
  return node === undefined ? 0 : [...stringValue(node)].length;
}

/** The VAT category rule variants (the UBL artefact's full set, BR-AF-08/09 and BR-AG-08/09 apart: see ./ubl-only.ts). */
export const VAT_VARIANTS: readonly RuleDefinition[] = [
  ...(['AE', 'E', 'G', 'K', 'O', 'Z'] as const).map(oneBreakdown),
  breakdownIfUsed('S'),
  breakdownIfUsed('L'),
  breakdownIfUsed('M'),
  ...(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] as const).flatMap((c) => [partyRule(c, 'line'), partyRule(c, 'allowance'), partyRule(c, 'charge')]),
  ...(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] as const).flatMap((c) => [rateRule(c, 'line'), rateRule(c, 'allowance'), rateRule(c, 'charge')]),
  ...(['Z', 'E', 'AE', 'K', 'G', 'O'] as const).map(exactTaxable),
  taxableAtRate('S'),
  ...(['S', 'Z', 'E', 'AE', 'K', 'G', 'O'] as const).map(taxAmountRule),
  ...(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] as const).map(exemptionRule),
  // BR-IC-11: a K breakdown needs `string-length(cac:Delivery/cbc:ActualDeliveryDate) > 1 or (cac:InvoicePeriod/*)`.
  ublVariant('BR-IC-11', (doc, report) => {
    if (hasBreakdown(doc, 'K') && !(length(doc.root, 'cac:Delivery', 'cbc:ActualDeliveryDate') > 1 || all(doc.root, 'cac:InvoicePeriod').some((p) => p.children.length > 0))) report('delivery');
  }),
  // BR-IC-12: `string-length(cac:Delivery/cac:DeliveryLocation/cac:Address/cac:Country/cbc:IdentificationCode) > 1`.
  ublVariant('BR-IC-12', (doc, report) => {
    if (hasBreakdown(doc, 'K') && !(length(doc.root, 'cac:Delivery', 'cac:DeliveryLocation', 'cac:Address', 'cac:Country', 'cbc:IdentificationCode') > 1)) report('delivery.address.countryCode');
  }),
  // BR-O-11..14: with an O breakdown, no breakdown, line, allowance or charge of another category (typed VAT; a code-less one counts).
  ...([
    ['BR-O-11', (doc: UblDocument) => breakdownCategories(doc), 'vatBreakdown'],
    ['BR-O-12', (doc: UblDocument) => [...classified(doc)], 'lines'],
    ['BR-O-13', (doc: UblDocument) => allowanceChargeCategories(doc, false), 'allowances'],
    ['BR-O-14', (doc: UblDocument) => allowanceChargeCategories(doc, true), 'charges'],
  ] as const).map(([id, places]) =>
    ublVariant(id, (doc, report) => {
      if (!hasBreakdown(doc, 'O')) return;
      // Reported at the first place of another category: a breakdown, a line's VAT category, an allowance or charge.
      const other = places(doc).find((t) => code(t) !== 'O' && vat(t) === true);
      if (other !== undefined) report(other.parent?.name === 'cac:Item' ? other : other.parent!);
    }),
  ),
  // BR-B-01: `(not(//cbc:IdentificationCode != 'IT') and (//cac:TaxCategory/cbc:ID = 'B' or //cac:ClassifiedTaxCategory/cbc:ID = 'B')) or not(...B...)`.
  ublVariant('BR-B-01', (doc, report) => {
    const b = (list: readonly CiiElement[]): boolean => list.some((t) => kids(t, 'cbc:ID').some((id) => stringValue(id) === 'B'));
    if (!b(taxCategories(doc)) && !b(classified(doc))) return;
    if (descendants(doc, 'cbc:IdentificationCode').some((c) => stringValue(c) !== 'IT')) report('seller.address.countryCode');
  }),
  // BR-B-02: B (root breakdowns, root allowances and charges, any line) and S may not be used together.
  ublVariant('BR-B-02', (doc, report) => {
    const rootCategories = [...breakdownCategories(doc), ...kids(doc.root, 'cac:AllowanceCharge').flatMap((ac) => kids(ac, 'cac:TaxCategory')), ...classified(doc)];
    const has = (c: string): boolean => rootCategories.some((t) => kids(t, 'cbc:ID').some((id) => stringValue(id) === c));
    if (has('B') && has('S')) report('vatBreakdown');
  }),
];

/** The L and M taxable amount and VAT amount rules (BR-AF-08/09, BR-AG-08/09): in the UBL artefact only. */
export const UBL_ONLY_VAT_RULES = { taxableAtRate, taxAmountRule } as const;

export { lines };
