/**
 * Facts about the CII document an invoice model was read from that the
 * EN 16931 semantic model has no business term for, but that decide what the
 * official CII schematron evaluates.
 *
 * The official rules are XPath over CII: a rule whose context is an
 * aggregate the document lacks is not evaluated at all, an element typed
 * other than `VAT` is invisible to the tests that filter on
 * `upper-case(ram:TypeCode) = 'VAT'`, and tests that select VAT totals by
 * `@currencyID` count every `TaxTotalAmount`, including ones the model has no
 * place for. The CII reader (lib/cii/reader) records these facts here; the
 * few rules they concern consult them. A model built any other way (the JSON
 * input, tests) has no facts, and every rule then reads the model as the
 * complete truth: an invoice we build has every aggregate, only VAT-typed
 * taxes and at most one VAT total per currency.
 *
 * Facts are keyed by the invoice object and describe the document as read;
 * code that edits a read model in a way that contradicts them should call
 * {@link forgetSourceFacts}.
 */
import type { Decimal } from './decimal.js';
import type { Identifier, Invoice, VatBreakdown } from './invoice.js';

/**
 * Model groups whose presence the official rules decide by the CII aggregate
 * alone: the parties and totals are always objects in the model, and an
 * address aggregate may be present yet empty (BR-08 passes on an empty
 * `PostalTradeAddress`, BR-09 then fails) or absent.
 */
export type MandatoryGroup =
  | 'seller'
  | 'buyer'
  | 'totals'
  | 'seller.address'
  | 'buyer.address'
  | 'taxRepresentative.address'
  | 'delivery.address';

/** A `TaxTotalAmount` of the document that is neither BT-110 nor BT-111 in the model. */
export interface UnmappedTaxTotal {
  amount: Decimal;
  /** Its `@currencyID`, undefined when it has none. */
  currency: string | undefined;
}

/** What the reader saw beyond the semantic model. */
export interface SourceFacts {
  /**
   * Groups whose CII aggregate the document lacks; always set (possibly
   * empty) for a model read from CII. `seller` (no `SellerTradeParty`:
   * BR-CO-26 is not evaluated), `buyer` (no `BuyerTradeParty`), `totals` (no
   * `SpecifiedTradeSettlementHeaderMonetarySummation`: the document-totals
   * rules BR-12..BR-15, BR-53, BR-CO-10..13, BR-CO-16 are not evaluated), and
   * the addresses (no `PostalTradeAddress`: BR-08, BR-10, BR-19, BR-57).
   */
  missingGroups?: ReadonlySet<MandatoryGroup>;
  /**
   * The `ram:TypeCode` text, as written, of the tax element each VAT place was
   * read from: the `vat` object of each line (its first `ApplicableTradeTax`
   * typed VAT, else its first), each document allowance and charge (its
   * `CategoryTradeTax`, chosen the same way) and each breakdown (BG-23);
   * undefined when that element has no TypeCode. The official rule contexts
   * select taxes by `upper-case(ram:TypeCode) = 'VAT'` (no trimming), BR-CO-17
   * by `normalize-space(upper-case(ram:TypeCode)) = 'VAT'`, while the sums
   * and counts of the category rules (BR-S-08, BR-E-01, ...) look at every
   * tax whatever its TypeCode. Always set for a model read from CII.
   */
  taxTypeCodes?: ReadonlyMap<object, string | undefined>;
  /**
   * The `TypeCode` of every `SpecifiedTradeSettlementPaymentMeans`, in
   * document order (undefined where a means has none). The model keeps the
   * first as BT-81; BR-49 and BR-CL-16 are officially checked on each.
   */
  paymentMeansCodes?: ReadonlyArray<string | undefined>;
  /**
   * For each credit transfer (BG-17) of the model, the `TypeCode` of the
   * payment means it was read from: BR-50 and BR-61 run on the accounts of
   * means 30 and 58, means by means.
   */
  creditTransferMeansCodes?: ReadonlyArray<string | undefined>;
  /**
   * `TaxTotalAmount`s that are neither BT-110 (the first in the invoice
   * currency BT-5) nor BT-111 (the first in the VAT accounting currency BT-6),
   * in document order: a repeated total in BT-5, a total in a currency the
   * document does not declare, a total without `@currencyID`.
   */
  unmappedTaxTotals?: readonly UnmappedTaxTotal[];
  /**
   * The model paths whose element or attribute the document has (the
   * reader's locations), whatever its content. For the official XPath an
   * empty element exists: a code-list rule fires on an empty code, and a
   * test for the element itself (BR-CO-04, BR-62) is satisfied by it or
   * triggered by it. The model keeps a mandatory term the document lacks as
   * `''`, like an empty one; this tells them apart.
   */
  present?: { has(path: string): boolean };
  /**
   * Allowances and charges (document or line level) whose
   * `ChargeIndicator/udt:Indicator` is an xs:boolean other than the exact
   * strings `true` / `false` (`1`, `0`, or with white space around). The
   * official sums and code checks cast the indicator (`= true()`), so they
   * count these; the contexts of BR-31..BR-44, BR-CO-21..24 and their BR-DEC
   * rules compare the string (`udt:Indicator = 'true'`), so they skip them.
   */
  castIndicators?: ReadonlySet<object>;
  /**
   * The category paths (`charges[2].vatCategory`) of document allowances
   * and charges that are the second reading of one element: a repeated
   * indicator (`0` and `true`) puts it on both sides for the official sums
   * (`Indicator = true()` and `= false()` both hold), while
   * `//ram:CategoryTradeTax` still counts its tax once.
   */
  mirroredAllowanceCharges?: ReadonlySet<string>;
  /**
   * Identifiers (BT-29, BT-46, BT-60, BT-71, ...) read from a `ram:GlobalID`;
   * the others were a `ram:ID`. Their schemes fall under different official
   * code-list rules: BR-CL-10 (GlobalID), BR-CL-26 (ship-to GlobalID),
   * BR-CL-11 (any ram:ID with a scheme outside a tax registration).
   */
  globalIds?: ReadonlySet<Identifier>;
  /**
   * Codes the document carries where the model has no term for them, that the
   * official code-list rules check on every element of their name: the
   * `SubjectCode` of line notes (BR-CL-08), a `ReferenceTypeCode` beyond the
   * object identifiers the model keeps (BR-CL-07).
   */
  unmodelledCodes?: readonly UnmodelledCode[];
  /**
   * The text, as written, of the format-102 `udt:DateTimeString` of each
   * period start and end (BT-73/74 `invoicingPeriod.start|end`, BT-134/135
   * `lines[i].period.start|end`), keyed by model path; none where the
   * element has no format-102 date. BR-29 and BR-30 compare these untyped
   * texts as strings (`End >= Start`), not as dates.
   */
  periodDateTexts?: ReadonlyMap<string, readonly string[]>;
  /**
   * Model paths of line `AdditionalReferencedDocument`s (an invoice line
   * object identifier's, or others the model has no term for) whose
   * `IssuerAssignedID` is missing or blank: the official BR-52 runs on every
   * `//ram:AdditionalReferencedDocument`, line-level ones included.
   */
  unreferencedLineDocuments?: readonly string[];
  /**
   * `CategoryTradeTax` elements (with a `CategoryCode`) the model does not
   * carry as the VAT category of a document allowance or charge: those of an
   * allowance or charge without a `ChargeIndicator/udt:Indicator` (neither,
   * so not in the model), of line allowances and charges (EXTENDED), and
   * any beyond the one a document allowance or charge is read from. The
   * official `//ram:CategoryTradeTax[ram:CategoryCode = 'x']` of BR-x-01,
   * BR-O-13/14 and `//ram:CategoryCode` of BR-B-01/02 count them. The code
   * as written, with the model path a finding about it is reported at.
   */
  otherCategoryTaxes?: readonly OtherTax[];
  /**
   * Line `ApplicableTradeTax` elements (with a `CategoryCode`) beyond the one
   * each line's VAT terms are read from: the official counts and existence
   * tests over `//ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax`
   * (BR-x-01, BR-O-01, BR-O-11/12, BR-B-01/02) see every one. The code as
   * written, with the model path a finding about it is reported at.
   */
  otherLineTaxes?: readonly OtherTax[];
  /**
   * Every occurrence's text, as written, of a single-valued element the
   * document repeats (a second `CategoryCode` in one tax, a second
   * `TaxCurrencyCode`), keyed by the model path the first was read into.
   * The model holds the first; the official general comparisons take each
   * (`ram:CategoryCode = 'S'` holds when any of them is `S`,
   * `ram:CategoryCode != 'O'` when any is not `O`, `@currencyID =
   * ram:TaxCurrencyCode` when any matches).
   */
  repeatedTexts?: ReadonlyMap<string, readonly string[]>;
  /**
   * The same for decimal elements (a second `CalculatedAmount`, a second
   * net price `ChargeAmount`): the official comparisons of an element with
   * a value (`ram:CalculatedAmount = 0`, `ram:ChargeAmount >= 0`,
   * `ram:LineTotalAmount = round(...)`) hold when any occurrence satisfies
   * them; where one is used in arithmetic the official XSLT aborts instead.
   */
  repeatedDecimals?: ReadonlyMap<string, readonly Decimal[]>;
  /**
   * The `@currencyID`, as written, of the `TaxTotalAmount` BT-110 and BT-111
   * were read from, keyed by model path (`totals.vatTotal`,
   * `totals.vatTotalInAccountingCurrency`): the reader takes the first total
   * whose currency equals any occurrence of the code.
   */
  taxTotalCurrencies?: ReadonlyMap<string, string>;
}

/**
 * A tax element with a `CategoryCode` that the model does not carry as a VAT
 * place (see {@link SourceFacts.otherCategoryTaxes} and
 * {@link SourceFacts.otherLineTaxes}).
 */
export interface OtherTax {
  /** The first `CategoryCode`, as written. */
  category: string;
  /** Every `CategoryCode` of the element, as written (more than one when it repeats the code). */
  categories: readonly string[];
  /** The model path a finding about it is reported at. */
  path: string;
  /**
   * When the tax belongs to a line, document allowance or charge the model
   * has, the category path of that place (`lines[0].vat.category`,
   * `allowances[1].vatCategory`), with the tax's rate: the official sums
   * select a place by `ram:ApplicableTradeTax/ram:CategoryCode = 'S' and
   * ram:ApplicableTradeTax/xs:decimal(ram:RateApplicablePercent) = $rate`,
   * each test over every tax of the place.
   */
  owner?: string;
  rate?: Decimal;
}

/** A code the model has no term for (see {@link SourceFacts.unmodelledCodes}). */
export interface UnmodelledCode {
  /** Its element, e.g. `ram:SubjectCode`. */
  element: string;
  /** As written. */
  value: string;
  /** The model path a finding about it is reported at. */
  path: string;
}

const facts = new WeakMap<Invoice, SourceFacts>();
/** XPath `normalize-space`: runs of XML white space collapsed, ends trimmed. */
const XML_SPACE_RUNS = /[ \t\r\n]+/g;
const XML_SPACE_ENDS = /^ | $/g;
const NONE: SourceFacts = Object.freeze({});

/** Records what the reader saw beyond the model of `inv` (lib/cii/reader). */
export function recordSourceFacts(inv: Invoice, f: SourceFacts): void {
  facts.set(inv, f);
}

/** The source facts of `inv`; empty for a model that was not read from CII. */
export function sourceFacts(inv: Invoice): SourceFacts {
  return facts.get(inv) ?? NONE;
}

/** Drops the source facts of `inv` (after editing a read model). */
export function forgetSourceFacts(inv: Invoice): void {
  facts.delete(inv);
}

/**
 * Whether the invoice has `group`: for a model read from CII, whether the
 * document has its aggregate (see {@link SourceFacts.missingGroups});
 * otherwise what `fromModel` says (by default: present).
 */
export function groupPresent(inv: Invoice, group: MandatoryGroup, fromModel: () => boolean = () => true): boolean {
  const missing = sourceFacts(inv).missingGroups;
  return missing === undefined ? fromModel() : !missing.has(group);
}

/**
 * Whether the document has the element (or attribute) of model path `path`:
 * for a model read from CII, what the document says, even when the element
 * is empty; otherwise `fromModel` (by default: the value is not blank).
 */
export function elementPresent(inv: Invoice, path: string, fromModel: boolean): boolean {
  const present = sourceFacts(inv).present;
  return present === undefined ? fromModel : present.has(path);
}

/**
 * Whether an allowance or charge is seen by the official rules whose
 * context compares the indicator as a string (`udt:Indicator = 'false'`):
 * always for a model not read from CII.
 */
export function literalIndicator(inv: Invoice, allowanceOrCharge: object): boolean {
  return sourceFacts(inv).castIndicators?.has(allowanceOrCharge) !== true;
}

/**
 * Whether identifier `id` was written as a `ram:GlobalID`: for a model read
 * from CII what the document says, otherwise `fromModel`.
 */
export function isGlobalId(inv: Invoice, id: Identifier, fromModel: boolean): boolean {
  const globals = sourceFacts(inv).globalIds;
  return globals === undefined ? fromModel : globals.has(id);
}

/** The codes of element `element` the model has no term for (see {@link SourceFacts.unmodelledCodes}). */
export function unmodelledCodes(inv: Invoice, element: string): Array<{ path: string; value: string }> {
  return (sourceFacts(inv).unmodelledCodes ?? []).filter((c) => c.element === element).map(({ path, value }) => ({ path, value }));
}

/**
 * True when the tax a VAT place (a line's `vat`, a document allowance or
 * charge, a breakdown) was read from is typed VAT as the official rule
 * contexts test it, `upper-case(ram:TypeCode) = 'VAT'`: no trimming, so
 * ` VAT ` is not VAT there. With `normalized`, as BR-CO-17 tests it
 * (`normalize-space(upper-case(ram:TypeCode))`). Always true for a model not
 * read from CII (we only write VAT).
 */
export function isVatTyped(inv: Invoice, place: object, normalized = false): boolean {
  const codes = sourceFacts(inv).taxTypeCodes;
  if (codes === undefined) return true;
  const code = codes.get(place);
  if (code === undefined) return false;
  const upper = code.toUpperCase();
  return (normalized ? upper.replace(XML_SPACE_RUNS, ' ').replace(XML_SPACE_ENDS, '') : upper) === 'VAT';
}

/**
 * A period date as BR-29 / BR-30 compare it: for a model read from CII the
 * format-102 texts as written (every one, when the element repeats it; none
 * without one), otherwise the trimmed model value.
 */
export function periodDateTexts(inv: Invoice, path: string, fromModel: string | undefined): readonly string[] {
  const texts = sourceFacts(inv).periodDateTexts;
  if (texts === undefined) return fromModel === undefined || fromModel.trim() === '' ? [] : [fromModel.trim()];
  return texts.get(path) ?? [];
}

/**
 * XPath `End >= Start` over untyped period dates (BR-29, BR-30): a general
 * comparison of strings, true when some end is not before some start; false
 * when either side is empty.
 */
export function someEndNotBeforeStart(ends: readonly string[], starts: readonly string[]): boolean {
  return ends.some((end) => starts.some((start) => end >= start));
}

/** The `CategoryTradeTax` codes the model does not carry (see {@link SourceFacts.otherCategoryTaxes}); none for a model not read from CII. */
export function otherCategoryTaxes(inv: Invoice): readonly OtherTax[] {
  return sourceFacts(inv).otherCategoryTaxes ?? [];
}

/** The line `ApplicableTradeTax` codes the model does not carry (see {@link SourceFacts.otherLineTaxes}); none for a model not read from CII. */
export function otherLineTaxes(inv: Invoice): readonly OtherTax[] {
  return sourceFacts(inv).otherLineTaxes ?? [];
}

/** True when the breakdown's tax is typed VAT (`upper-case(ram:TypeCode) = 'VAT'`; always, for a model not read from CII). */
export function isVatBreakdown(inv: Invoice, breakdown: VatBreakdown): boolean {
  return isVatTyped(inv, breakdown);
}

/**
 * The texts, as written, of the element read into model path `path` whose
 * value the model holds as `value`: every occurrence when the document
 * repeats it (see {@link SourceFacts.repeatedTexts}), else the value alone
 * (none when absent).
 */
export function textsAsWritten(inv: Invoice, path: string, value: string | undefined): readonly string[] {
  const all = sourceFacts(inv).repeatedTexts?.get(path);
  if (all !== undefined) return all;
  return value === undefined ? [] : [value];
}

/**
 * The values of the decimal element read into model path `path` whose value
 * the model holds as `value`: every occurrence when the document repeats it
 * (see {@link SourceFacts.repeatedDecimals}), else the value alone (none when
 * absent). For the official general comparisons of an element with a value.
 */
export function valuesAsWritten(inv: Invoice, path: string, value: Decimal | undefined): readonly Decimal[] {
  const all = sourceFacts(inv).repeatedDecimals?.get(path);
  if (all !== undefined) return all;
  return value === undefined ? [] : [value];
}
