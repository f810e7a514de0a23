/**
 * UBL binding variants of the EN 16931 calculation, conditional and decimal
 * rules (BR-CO, BR-DEC) whose official UBL test (EN16931-UBL-model.sch,
 * release 1.3.16) differs from the CII one. The UBL artefact computes the
 * totals in xs:decimal (`sum(.../xs:decimal(cbc:Amount))`, `round(x * 10 *
 * 10) div 100`) where the CII one sums untyped values as doubles, tests the
 * elements' existence rather than their values, and runs the VAT breakdown
 * rules on every `cac:TaxTotal/cac:TaxSubtotal`. Each cites the official test.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { Decimal } from '../../model/decimal.js';
import type { RuleDefinition } from '../../rules/types.js';
import { amountDigits, documentAllowancesCharges, eachContext, hasReason, headerPeriods, lineAllowancesCharges, linePeriods, lines, onAllowancesCharges } from './core.js';
import { ublVariant } from './define.js';
import type { UblDocument } from './document.js';
import { UBL_VAT_PREFIX_LIST } from '../../rules/codelists/ubl.js';
import { all, chargeIndicatorIs, contextElements, digitsAfterPoint, eq, exists, first, gt, kids, lt, round, round2, stringValue, sum, vatScheme, xdec, xdecAt } from './xpath.js';

/** `sum(nodes/xs:decimal(cbc:Amount))` over allowances or charges (an element without the amount adds nothing). */
function sumOf(nodes: readonly CiiElement[], name: string): Decimal {
  return sum(nodes.flatMap((n) => (exists(n, name) ? [xdecAt(n, name)] : [])));
}

/** The totals contexts: every `cac:LegalMonetaryTotal`. */
const totals = (doc: UblDocument): readonly CiiElement[] => contextElements(doc, 'cac:LegalMonetaryTotal');

/** `[cbc:ChargeIndicator = false()]` / `true()` among the root allowances and charges, as a sum's filter (no first-rule-wins here). */
function rootAllowancesCharges(root: CiiElement | undefined, charge: boolean): CiiElement[] {
  return kids(root, 'cac:AllowanceCharge').filter((ac) => chargeIndicatorIs(ac, charge));
}

/** BR-CO-13's `xs:decimal(cbc:X)` of an optional element: undefined when absent (the test branches on its existence). */
const opt = (el: CiiElement, name: string): Decimal | undefined => (exists(el, name) ? xdecAt(el, name) : undefined);

/** BR-CO-17's `round(...)`, `abs(...)` over an xs:decimal that may be the empty sequence (undefined). */
function within(taxAmount: Decimal, taxable: Decimal, rate: Decimal): boolean {
  const expected = round2(taxable.abs().times(rate.div(100)));
  return lt(taxAmount.abs().minus(1), expected) && gt(taxAmount.abs().plus(1), expected);
}

/** The BR-CO and BR-DEC variants. */
export const TOTALS_VARIANTS: readonly RuleDefinition[] = [
  // BR-CO-03: `(exists(cbc:TaxPointDate) and not(cac:InvoicePeriod/cbc:DescriptionCode)) or (not(cbc:TaxPointDate) and
  // exists(cac:InvoicePeriod/cbc:DescriptionCode)) or (not(cbc:TaxPointDate) and not(cac:InvoicePeriod/cbc:DescriptionCode))`.
  ublVariant('BR-CO-03', (doc, report) => {
    if (exists(doc.root, 'cbc:TaxPointDate') && exists(doc.root, 'cac:InvoicePeriod', 'cbc:DescriptionCode')) report('taxPointDate');
  }),
  // BR-CO-04: `(cac:Item/cac:ClassifiedTaxCategory[cac:TaxScheme/(normalize-space(upper-case(cbc:ID))='VAT')]/cbc:ID)` on each line.
  ublVariant('BR-CO-04', (doc, report) => {
    for (const line of lines(doc)) if (!all(line, 'cac:Item', 'cac:ClassifiedTaxCategory').some((c) => vatScheme(c) && exists(c, 'cbc:ID'))) report(line);
  }),
  // BR-CO-09: context `//cac:PartyTaxScheme[cac:TaxScheme/normalize-space(upper-case(cbc:ID))='VAT']`:
  // `contains(' 1A AD AE ... ', substring(cbc:CompanyID, 1, 2))` (a substring of the quoted list, so '' and one letter pass).
  ublVariant('BR-CO-09', eachContext('cac:PartyTaxScheme', (s) => !vatScheme(s) || UBL_VAT_PREFIX_LIST.includes([...stringValueOf(first(s, 'cbc:CompanyID'))].slice(0, 2).join('')))),
  // BR-CO-10: `xs:decimal(cbc:LineExtensionAmount) = xs:decimal(round(sum(//(cac:InvoiceLine|cac:CreditNoteLine)/xs:decimal(cbc:LineExtensionAmount)) * 10 * 10) div 100)`.
  ublVariant('BR-CO-10', (doc, report) => {
    const expected = round2(sumOf(lines(doc), 'cbc:LineExtensionAmount'));
    for (const t of totals(doc)) if (!eq(xdecAt(t, 'cbc:LineExtensionAmount'), expected)) report(t);
  }),
  // BR-CO-11 / BR-CO-12: `xs:decimal(cbc:AllowanceTotalAmount) = (round(sum(../cac:AllowanceCharge[cbc:ChargeIndicator=false()]/xs:decimal(cbc:Amount)) * 10 * 10) div 100)
  // or (not(cbc:AllowanceTotalAmount) and not(../cac:AllowanceCharge[cbc:ChargeIndicator=false()]))`, the same for charges.
  ...([
    ['BR-CO-11', 'cbc:AllowanceTotalAmount', false],
    ['BR-CO-12', 'cbc:ChargeTotalAmount', true],
  ] as const).map(([id, name, charge]) =>
    ublVariant(id, (doc, report) => {
      for (const t of totals(doc)) {
        const acs = rootAllowancesCharges(t.parent, charge);
        const ok = (exists(t, name) && eq(xdecAt(t, name), round2(sumOf(acs, 'cbc:Amount')))) || (!exists(t, name) && acs.length === 0);
        if (!ok) report(t);
      }
    }),
  ),
  // BR-CO-13: BT-109 = round(BT-106 + BT-108 - BT-107), in four branches on the existence of BT-107 and BT-108.
  ublVariant('BR-CO-13', (doc, report) => {
    for (const t of totals(doc)) {
      const base = xdecAt(t, 'cbc:TaxExclusiveAmount');
      const lineTotal = xdecAt(t, 'cbc:LineExtensionAmount');
      const charges = opt(t, 'cbc:ChargeTotalAmount');
      const allowances = opt(t, 'cbc:AllowanceTotalAmount');
      let expected: Decimal;
      if (charges !== undefined && allowances !== undefined) expected = round2(lineTotal.plus(charges).minus(allowances));
      else if (allowances !== undefined) expected = round2(lineTotal.minus(allowances));
      else if (charges !== undefined) expected = round2(lineTotal.plus(charges));
      else expected = lineTotal;
      if (!eq(base, expected)) report(t);
    }
  }),
  // BR-CO-14: context `/ubl:Invoice/cac:TaxTotal`: `(xs:decimal(child::cbc:TaxAmount) = round((sum(cac:TaxSubtotal/xs:decimal(cbc:TaxAmount)) * 10 * 10)) div 100) or not(cac:TaxSubtotal)`.
  ublVariant('BR-CO-14', (doc, report) => {
    for (const total of kids(doc.root, 'cac:TaxTotal')) {
      const subtotals = kids(total, 'cac:TaxSubtotal');
      if (subtotals.length === 0) continue;
      if (!eq(xdecAt(total, 'cbc:TaxAmount'), round2(sumOf(subtotals, 'cbc:TaxAmount')))) report(total);
    }
  }),
  // BR-CO-15: `every $Currency in cbc:DocumentCurrencyCode satisfies (count(cac:TaxTotal/xs:decimal(cbc:TaxAmount[@currencyID=$Currency])) eq 1)
  // and (cac:LegalMonetaryTotal/xs:decimal(cbc:TaxInclusiveAmount) = round((cac:LegalMonetaryTotal/xs:decimal(cbc:TaxExclusiveAmount) +
  // cac:TaxTotal/xs:decimal(cbc:TaxAmount[@currencyID=$Currency])) * 10 * 10) div 100)`.
  ublVariant('BR-CO-15', (doc, report) => {
    for (const code of kids(doc.root, 'cbc:DocumentCurrencyCode')) {
      const currency = stringValue(code);
      const vat = kids(doc.root, 'cac:TaxTotal').flatMap((t) => kids(t, 'cbc:TaxAmount').filter((a) => a.attrs.currencyID === currency));
      // `cac:LegalMonetaryTotal/xs:decimal(...)`: the amount by its path through every totals aggregate.
      const withVat = xdecAt(doc.root, 'cac:LegalMonetaryTotal', 'cbc:TaxInclusiveAmount');
      const withoutVat = xdecAt(doc.root, 'cac:LegalMonetaryTotal', 'cbc:TaxExclusiveAmount');
      const ok = vat.length === 1 && eq(withVat, round2(withoutVat.plus(xdec(vat[0]))));
      if (!ok) report('totals.taxInclusiveAmount');
    }
  }),
  // BR-CO-16: BT-115 = round(BT-112 - BT-113) (+ BT-114), in four branches on the existence of BT-113 and BT-114.
  ublVariant('BR-CO-16', (doc, report) => {
    for (const t of totals(doc)) {
      const due = xdecAt(t, 'cbc:PayableAmount');
      const withVat = xdecAt(t, 'cbc:TaxInclusiveAmount');
      const paid = opt(t, 'cbc:PrepaidAmount');
      const rounding = opt(t, 'cbc:PayableRoundingAmount');
      let ok: boolean;
      if (paid !== undefined && rounding === undefined) ok = eq(due, round2(withVat.minus(paid)));
      else if (paid === undefined && rounding === undefined) ok = eq(due, withVat);
      else if (paid !== undefined && rounding !== undefined) ok = eq(round2(due.minus(rounding)), round2(withVat.minus(paid)));
      else ok = eq(round2(due.minus(rounding!)), withVat);
      if (!ok) report(t);
    }
  }),
  // BR-CO-17: context `cac:TaxTotal/cac:TaxSubtotal`: a VAT amount within 1 of round(taxable * rate / 100), or 0 when the rate rounds to 0 or is absent.
  ublVariant(
    'BR-CO-17',
    eachContext('cac:TaxTotal/cac:TaxSubtotal', (s) => {
      const rates = kids(s, 'cac:TaxCategory').filter(vatScheme).flatMap((c) => kids(c, 'cbc:Percent')).map(xdec);
      const tax = exists(s, 'cbc:TaxAmount') ? xdecAt(s, 'cbc:TaxAmount') : undefined;
      const taxable = exists(s, 'cbc:TaxableAmount') ? xdecAt(s, 'cbc:TaxableAmount') : undefined;
      // `round(cac:TaxCategory[VAT]/xs:decimal(cbc:Percent))` is one value where the official test gives a verdict.
      const rate = rates[0];
      if (rate === undefined) return tax !== undefined && eq(round(tax), new Decimal(0));
      if (eq(round(rate), new Decimal(0))) return tax !== undefined && eq(round(tax), new Decimal(0));
      if (!rate.isFinite()) return false;
      return tax !== undefined && taxable !== undefined && within(tax, taxable, rate);
    }),
  ),
  // BR-CO-18: `exists(cac:TaxTotal/cac:TaxSubtotal)`.
  ublVariant('BR-CO-18', (doc, report) => {
    if (!exists(doc.root, 'cac:TaxTotal', 'cac:TaxSubtotal')) report('vatBreakdown');
  }),
  // BR-CO-19: context every header `cac:InvoicePeriod`: `exists(cbc:StartDate) or exists(cbc:EndDate) or (exists(cbc:DescriptionCode) and not(...))`.
  ublVariant('BR-CO-19', (doc, report) => {
    for (const p of headerPeriods(doc)) if (!exists(p, 'cbc:StartDate') && !exists(p, 'cbc:EndDate') && !exists(p, 'cbc:DescriptionCode')) report(p);
  }),
  // BR-CO-20: context every line `cac:InvoicePeriod`: `exists(cbc:StartDate) or exists(cbc:EndDate)`.
  ublVariant('BR-CO-20', (doc, report) => {
    for (const p of linePeriods(doc)) if (!exists(p, 'cbc:StartDate') && !exists(p, 'cbc:EndDate')) report(p);
  }),
  onAllowancesCharges('BR-CO-21', 'document', false, hasReason),
  onAllowancesCharges('BR-CO-22', 'document', true, hasReason),
  onAllowancesCharges('BR-CO-23', 'line', false, hasReason),
  onAllowancesCharges('BR-CO-24', 'line', true, hasReason),
  // BR-CO-26: context `cac:AccountingSupplierParty`: `exists(cac:Party/cac:PartyTaxScheme[VAT]/cbc:CompanyID) or
  // exists(cac:Party/cac:PartyIdentification/cbc:ID[not(@schemeID = 'SEPA')]) or exists(cac:Party/cac:PartyLegalEntity/cbc:CompanyID)`.
  ublVariant(
    'BR-CO-26',
    eachContext('cac:AccountingSupplierParty', (s) => {
      const parties = kids(s, 'cac:Party');
      return (
        parties.some((p) => kids(p, 'cac:PartyTaxScheme').some((t) => vatScheme(t) && exists(t, 'cbc:CompanyID'))) ||
        parties.some((p) => all(p, 'cac:PartyIdentification', 'cbc:ID').some((id) => id.attrs.schemeID !== 'SEPA')) ||
        parties.some((p) => exists(p, 'cac:PartyLegalEntity', 'cbc:CompanyID'))
      );
    }),
  ),
  // Decimals of document (BR-DEC-01, 02, 05, 06) and line (24, 25, 27, 28) allowances and charges, in their contexts.
  onAllowancesCharges('BR-DEC-01', 'document', false, amountDigits('cbc:Amount')),
  onAllowancesCharges('BR-DEC-02', 'document', false, amountDigits('cbc:BaseAmount')),
  onAllowancesCharges('BR-DEC-05', 'document', true, amountDigits('cbc:Amount')),
  onAllowancesCharges('BR-DEC-06', 'document', true, amountDigits('cbc:BaseAmount')),
  onAllowancesCharges('BR-DEC-24', 'line', false, amountDigits('cbc:Amount')),
  onAllowancesCharges('BR-DEC-25', 'line', false, amountDigits('cbc:BaseAmount')),
  onAllowancesCharges('BR-DEC-27', 'line', true, amountDigits('cbc:Amount')),
  onAllowancesCharges('BR-DEC-28', 'line', true, amountDigits('cbc:BaseAmount')),
  // BR-DEC-09..12, 14, 16..18: context every `cac:LegalMonetaryTotal`.
  ...([
    ['BR-DEC-09', 'cbc:LineExtensionAmount'],
    ['BR-DEC-10', 'cbc:AllowanceTotalAmount'],
    ['BR-DEC-11', 'cbc:ChargeTotalAmount'],
    ['BR-DEC-12', 'cbc:TaxExclusiveAmount'],
    ['BR-DEC-14', 'cbc:TaxInclusiveAmount'],
    ['BR-DEC-16', 'cbc:PrepaidAmount'],
    ['BR-DEC-17', 'cbc:PayableRoundingAmount'],
    ['BR-DEC-18', 'cbc:PayableAmount'],
  ] as const).map(([id, name]) => ublVariant(id, eachContext('cac:LegalMonetaryTotal', (t) => digitsAfterPoint(first(t, name)) <= 2))),
  // BR-DEC-13 / BR-DEC-15: `//cac:TaxTotal/cbc:TaxAmount[@currencyID = cbc:DocumentCurrencyCode]` reads the currency
  // code as a child of the TaxAmount, which has none: the predicate never holds and the rules never fail.
  ublVariant('BR-DEC-13', () => undefined),
  ublVariant('BR-DEC-15', () => undefined),
  // BR-DEC-19 / BR-DEC-20: context every `cac:TaxTotal/cac:TaxSubtotal`.
  ublVariant('BR-DEC-19', eachContext('cac:TaxTotal/cac:TaxSubtotal', (s) => digitsAfterPoint(first(s, 'cbc:TaxableAmount')) <= 2)),
  ublVariant('BR-DEC-20', eachContext('cac:TaxTotal/cac:TaxSubtotal', (s) => digitsAfterPoint(first(s, 'cbc:TaxAmount')) <= 2)),
  // BR-DEC-23: context every line: `string-length(substring-after(cbc:LineExtensionAmount, '.')) <= 2`.
  ublVariant('BR-DEC-23', (doc, report) => {
    for (const line of lines(doc)) if (digitsAfterPoint(first(line, 'cbc:LineExtensionAmount')) > 2) report(line);
  }),
];

/** The string value of an optional node ('' for none). */
function stringValueOf(el: CiiElement | undefined): string {
  return el === undefined ? '' : stringValue(el);
}

export { documentAllowancesCharges, lineAllowancesCharges };
