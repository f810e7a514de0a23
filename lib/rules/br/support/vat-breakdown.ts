/**
 * Where the official CII artefacts evaluate the generic VAT BREAKDOWN (BG-23)
 * assertions, and which VAT total amounts (BT-110, BT-111) a document carries.
 */
import type { Decimal } from '../../../model/decimal.js';
import type { Invoice, VatBreakdown } from '../../../model/invoice.js';
import { isAmount, textOf } from './presence.js';
import { isVatBreakdown, sourceFacts, textsAsWritten } from '../../../model/source-facts.js';

/**
 * VAT category codes (BT-118) whose category-specific schematron rule
 * (BR-O-*, BR-AF-* for IGIC `L`, BR-AG-* for IPSI `M`) has the same context
 * node as the generic VAT breakdown rule. Schematron fires only the first
 * matching rule of a pattern, so in the CEN 1.3.16 artefacts BR-45, BR-46,
 * BR-47, BR-48, BR-CO-03, BR-CO-17, BR-DEC-19 and BR-DEC-20 are never
 * evaluated on a breakdown of these categories.
 */
export const CATEGORIES_WITHOUT_GENERIC_BREAKDOWN_RULES: ReadonlySet<string> = new Set(['O', 'L', 'M']);

/**
 * True when the official generic BG-23 assertions (BR-45..48, BR-CO-03,
 * BR-CO-17, BR-DEC-19/20) apply to `breakdown` of `inv`. The category rules
 * of O, L and M only match VAT-typed taxes, so a breakdown read from CII
 * with another `TypeCode` gets the generic assertions whatever its category.
 */
export function genericBreakdownRulesApply(breakdown: VatBreakdown, inv: Invoice): boolean {
  // The O, L and M contexts compare the code exactly (`ram:CategoryCode = 'O'`): ` O ` gets the generic assertions,
  // unless the element repeats its code and another occurrence is exactly O, L or M.
  const repeated = sourceFacts(inv).repeatedTexts;
  const codes = repeated === undefined ? undefined : repeated.get(`vatBreakdown[${inv.vatBreakdown.indexOf(breakdown)}].category`);
  const taken = codes === undefined ? CATEGORIES_WITHOUT_GENERIC_BREAKDOWN_RULES.has(breakdown.category) : codes.some((c) => CATEGORIES_WITHOUT_GENERIC_BREAKDOWN_RULES.has(c));
  return !taken || !isVatBreakdown(inv, breakdown);
}

/** One document-level VAT total amount as it appears in CII (`TaxTotalAmount` with its `currencyID`). */
export interface TaxTotalAmount {
  amount: Decimal;
  /** The currency the amount is expressed in (BT-5 for BT-110, BT-6 for BT-111); undefined when unknown. */
  currency: string | undefined;
  /** Model path of the amount (`totals` for a VAT total the model has no term for). */
  path: string;
}

/**
 * The VAT total amounts of the invoice: BT-110 in the invoice currency (BT-5)
 * and BT-111 in the VAT accounting currency (BT-6), each when present, and,
 * for an invoice read from CII, any further `TaxTotalAmount` of the document
 * with its own currency (see lib/model/source-facts.ts). Several official tests
 * (BR-53, BR-CO-14, BR-CO-15, BR-DEC-13, BR-DEC-15) select these amounts by
 * `@currencyID` rather than by term.
 */
export function taxTotalAmounts(inv: Invoice): TaxTotalAmount[] {
  const out: TaxTotalAmount[] = [];
  const facts = sourceFacts(inv);
  // A document's totals carry their own `@currencyID`; a model's are in the first code of their currency.
  const vatTotal: unknown = inv.totals.vatTotal;
  if (isAmount(vatTotal)) {
    const path = 'totals.vatTotal';
    out.push({ amount: vatTotal, currency: facts.taxTotalCurrencies?.get(path) ?? firstCurrencyCode(inv, 'currency'), path });
  }
  const accounting: unknown = inv.totals.vatTotalInAccountingCurrency;
  if (isAmount(accounting)) {
    const path = 'totals.vatTotalInAccountingCurrency';
    out.push({ amount: accounting, currency: facts.taxTotalCurrencies?.get(path) ?? firstCurrencyCode(inv, 'vatAccountingCurrency'), path });
  }
  for (const extra of facts.unmappedTaxTotals ?? []) {
    if (isAmount(extra.amount)) out.push({ amount: extra.amount, currency: extra.currency, path: 'totals' });
  }
  return out;
}

/**
 * The invoice currency code (BT-5) or the VAT accounting currency code (BT-6)
 * as the official tests compare it with `@currencyID`
 * (`@currencyID = .../ram:InvoiceCurrencyCode`, no trimming): for a document,
 * the element's text as written whenever the element exists, even blank, and
 * every occurrence's text when the element is repeated (the general
 * comparison takes any of them); for a model not read from CII the trimmed
 * code. Undefined when absent.
 * (The reader takes BT-110 and BT-111 by that same comparison.)
 */
export function currencyCodes(inv: Invoice, term: 'currency' | 'vatAccountingCurrency'): readonly string[] | undefined {
  const present = sourceFacts(inv).present;
  if (present === undefined) {
    const code = textOf(inv[term]);
    return code === undefined ? undefined : [code];
  }
  return present.has(term) ? textsAsWritten(inv, term, inv[term] ?? '') : undefined;
}

/**
 * Whether `currency` (a total's `@currencyID`) is the invoice currency code
 * (BT-5) or the VAT accounting currency code (BT-6) as {@link currencyCodes}
 * gives it (any occurrence of a repeated code), without building the list.
 */
export function isCurrency(inv: Invoice, term: 'currency' | 'vatAccountingCurrency', currency: string | undefined): boolean {
  if (currency === undefined) return false;
  const facts = sourceFacts(inv);
  if (facts.present === undefined) return textOf(inv[term]) === currency;
  const all = facts.repeatedTexts?.get(term);
  if (all !== undefined) return all.includes(currency);
  return facts.present.has(term) && (inv[term] ?? '') === currency;
}

/** The first (or only) occurrence of {@link currencyCodes}, without building a list; undefined when absent. */
export function firstCurrencyCode(inv: Invoice, term: 'currency' | 'vatAccountingCurrency'): string | undefined {
  const present = sourceFacts(inv).present;
  if (present === undefined) return textOf(inv[term]);
  return present.has(term) ? (inv[term] ?? '') : undefined;
}

/** True when the currency is one of the codes (XPath `@currencyID = $code`, a general comparison). */
export function sameCurrency(currency: string | undefined, codes: readonly string[] | undefined): boolean {
  return currency !== undefined && codes !== undefined && codes.includes(currency);
}
