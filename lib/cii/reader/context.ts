/**
 * The reading context of the CII reader (./read.ts): the state of one
 * reading pass over one document (term locations, source facts) and the
 * helpers every business group reads its terms with, recording where each
 * came from; with the CII element names and the pure value helpers the
 * groups share (./parties.ts, ./settlement.ts, ./lines.ts).
 */
import { decFromText, type Decimal } from '../../model/decimal.js';
import type { Identifier } from '../../model/invoice.js';
import type { MandatoryGroup, OtherTax, UnmappedTaxTotal, UnmodelledCode } from '../../model/source-facts.js';
import { LazyLocations } from './locate.js';
import { dig, kid, kids, repeatedOccurrences } from './navigate.js';
import type { CiiElement } from './tree.js';
import { childPath, itemPath } from '../../model/model-path.js';

// Canonical element names (tree.ts), grouped by the aggregate they belong to.
export const ID = 'ram:ID';
export const GLOBAL_ID = 'ram:GlobalID';
export const NAME = 'ram:Name';
export const TYPE_CODE = 'ram:TypeCode';
export const CATEGORY_CODE = 'ram:CategoryCode';
export const RATE = 'ram:RateApplicablePercent';
export const ISSUER_ID = 'ram:IssuerAssignedID';
export const ADDRESS = 'ram:PostalTradeAddress';
const TAX_REGISTRATION = 'ram:SpecifiedTaxRegistration';
export const LEGAL_ORGANIZATION = 'ram:SpecifiedLegalOrganization';
export const ALLOWANCE_CHARGE = 'ram:SpecifiedTradeAllowanceCharge';
export const PERIOD = 'ram:BillingSpecifiedPeriod';
export const ADDITIONAL_DOCUMENT = 'ram:AdditionalReferencedDocument';

/** Document type codes (UNTDID 1001) that make an AdditionalReferencedDocument a term other than BG-24. */
export const TENDER_TYPE = '50';
export const INVOICED_OBJECT_TYPE = '130';

/** Element text compared the way the official tests compare codes (`upper-case(ram:TypeCode) = 'VAT'`). */
function isVatTyped(tax: CiiElement): boolean {
  return kid(tax, TYPE_CODE)?.text.toUpperCase() === 'VAT';
}

/**
 * The tax aggregate a place's VAT terms are read from: the first VAT-typed one
 * among `taxes`, else the first. The official sums and counts of the category
 * rules (BR-S-08, BR-E-01, ...) read `CategoryCode` and `RateApplicablePercent`
 * whatever the TypeCode; the rule contexts that filter on it consult the
 * TypeCode recorded in the source facts (`taxTypeCodes`).
 */
export function vatTax(taxes: readonly CiiElement[]): CiiElement | undefined {
  return taxes.find(isVatTyped) ?? taxes[0];
}

const DATE_102 = /^\d{8}$/;
/** The date element of most terms (BT-2, BT-9, BT-72..74, BT-134/135). */
export const DATE_TIME = 'udt:DateTimeString';

/**
 * The child `name` (a date string element) of `wrapper` with format 102, the
 * only dates most official rules read; with `anyFormat`, whatever its format.
 */
function dateElement(wrapper: CiiElement | undefined, name: string, anyFormat: boolean): CiiElement | undefined {
  if (wrapper === undefined) return undefined;
  for (const c of wrapper.children) if (c.name === name && (anyFormat || c.attrs.format === '102')) return c;
  return undefined;
}

/** The text of every format-102 date string child of `wrapper` (BR-29 / BR-30 compare each: `End/DateTimeString[@format = '102'] >= Start/...`). */
export function dates102(wrapper: CiiElement | undefined): string[] {
  const out: string[] = [];
  for (const c of wrapper?.children ?? []) if (c.name === DATE_TIME && c.attrs.format === '102') out.push(c.text);
  return out;
}

/** `YYYYMMDD` as `YYYY-MM-DD`; other text trimmed as written (the rules then see a malformed date). */
function isoDate(text: string): string {
  const t = text.trim();
  return DATE_102.test(t) ? `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}` : t;
}

/**
 * Parses `IndicatorType` content as the official sums and code checks do
 * (`udt:Indicator = true()` casts it to xs:boolean, white space collapsed):
 * true for a charge (`true`, `1`), false for an allowance (`false`, `0`),
 * undefined for anything else (where the official XSLT itself aborts).
 */
export function chargeIndicator(ac: CiiElement): boolean | undefined {
  const text = dig(ac, 'ram:ChargeIndicator', 'udt:Indicator')?.text.trim();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return undefined;
}

/** One side an allowance or charge is on: a charge or an allowance, and whether its indicator says so literally. */
export interface IndicatorSide {
  charge: boolean;
  /** Written exactly `true` / `false`, as the string-comparing official contexts want (BR-31..BR-44). */
  literal: boolean;
}

/**
 * The sides the official tests put an allowance or charge on: a charge when
 * `udt:Indicator = true()`, an allowance when `= false()`. With a repeated
 * indicator both general comparisons may hold (`0` and `true`): it is then
 * in both sums, and in the string contexts of each side whose word is
 * written exactly. None when no indicator casts (neither).
 */
export function indicatorSides(ac: CiiElement): IndicatorSide[] {
  const el = dig(ac, 'ram:ChargeIndicator', 'udt:Indicator');
  if (el === undefined) return [];
  const repeated = repeatedOccurrences(el);
  if (repeated === undefined) {
    // One indicator (the usual case): its side, if it casts.
    const text = el.text.trim();
    const charge = text === 'true' || text === '1' ? true : text === 'false' || text === '0' ? false : undefined;
    return charge === undefined ? [] : [{ charge, literal: el.text === (charge ? 'true' : 'false') }];
  }
  const texts = repeated.map((o) => o.text);
  const sides: IndicatorSide[] = [];
  for (const [charge, word, digit] of [[false, 'false', '0'], [true, 'true', '1']] as const) {
    if (texts.some((t) => t.trim() === word || t.trim() === digit)) sides.push({ charge, literal: texts.includes(word) });
  }
  // The side of the first occurrence first: the model reads a single indicator as before.
  return chargeIndicator(ac) === true ? sides.reverse() : sides;
}

/** One reading pass over one document: what it has read and where, and the facts it has gathered. */
export class ReadContext {
  readonly locations = new LazyLocations();
  /** Aggregates the document lacks whose model group is mandatory (source-facts.ts). */
  readonly missingGroups = new Set<MandatoryGroup>();
  /** Line documents without reference (source-facts.ts unreferencedLineDocuments). */
  readonly unreferencedLineDocuments: string[] = [];
  /** Period dates as written (source-facts.ts periodDateTexts). */
  readonly periodDateTexts = new Map<string, string[]>();
  /** The TypeCode of the tax each VAT place was read from (source-facts.ts taxTypeCodes). */
  readonly taxTypeCodes = new Map<object, string | undefined>();
  /** Tax totals that are neither BT-110 nor BT-111. */
  readonly unmappedTaxTotals: UnmappedTaxTotal[] = [];
  /** Texts of repeated single-valued elements (source-facts.ts repeatedTexts). */
  readonly repeatedTexts = new Map<string, string[]>();
  /** Values of repeated single-valued decimal elements (source-facts.ts repeatedDecimals). */
  readonly repeatedDecimals = new Map<string, Decimal[]>();
  /** The currencyID of the totals BT-110 / BT-111 were read from (source-facts.ts taxTotalCurrencies). */
  readonly taxTotalCurrencies = new Map<string, string>();
  /** TypeCode of each payment means, and of the means of each credit transfer. */
  readonly paymentMeansCodes: Array<string | undefined> = [];
  readonly creditTransferMeansCodes: Array<string | undefined> = [];
  /** Allowances and charges whose indicator is cast, not literal (source-facts.ts castIndicators). */
  readonly castIndicators = new Set<object>();
  /** Category paths of the second reading of an allowance or charge on both sides (source-facts.ts mirroredAllowanceCharges). */
  readonly mirroredAllowanceCharges = new Set<string>();
  /** Identifiers read from a `ram:GlobalID` (the others from a `ram:ID`). */
  readonly globalIds = new Set<Identifier>();
  /** Codes the model has no term for that the official code-list rules check (every SubjectCode, ReferenceTypeCode). */
  readonly unmodelledCodes: UnmodelledCode[] = [];
  /** Line ApplicableTradeTax codes the model does not carry (source-facts.ts otherLineTaxes). */
  readonly lineTaxesOutsideModel: OtherTax[] = [];
  /** CategoryTradeTax codes the model does not carry (source-facts.ts otherCategoryTaxes). */
  readonly categoryTaxesOutsideModel: OtherTax[] = [];
  /** Decimals by lexical form: values repeat within a document (rates, quantities) and decimals are immutable. */
  private readonly decimals = new Map<string, Decimal>();

  /** Records where the value at `path` came from. */
  at(path: string, el: CiiElement | undefined, attr?: string): void {
    if (el !== undefined) this.locations.record(path, el, attr);
  }

  /** Text of an optional element (untrimmed), recording its location. */
  text(path: string, el: CiiElement | undefined): string | undefined {
    if (el === undefined) return undefined;
    this.at(path, el);
    const all = repeatedOccurrences(el);
    if (all !== undefined) this.repeatedTexts.set(path, all.map((o) => o.text));
    return el.text;
  }

  /** Text of a mandatory element, `''` when missing. */
  required(path: string, el: CiiElement | undefined): string {
    return this.text(path, el) ?? '';
  }

  /** An attribute value, recording its location. */
  attr(path: string, el: CiiElement | undefined, name: string): string | undefined {
    const value = el?.attrs[name];
    if (value === undefined) return undefined;
    this.at(path, el, name);
    return value;
  }

  /** A decimal element (amount, quantity, percentage) with its lexical form. */
  decimal(path: string, el: CiiElement | undefined): Decimal | undefined {
    if (el === undefined) return undefined;
    this.at(path, el);
    const all = repeatedOccurrences(el);
    if (all !== undefined) this.repeatedDecimals.set(path, all.map((o) => this.decimalOf(o.text)));
    return this.decimalOf(el.text);
  }

  /** The decimal of a lexical form, shared within the document (the lexical form is what decFromText remembers). */
  decimalOf(text: string): Decimal {
    let d = this.decimals.get(text);
    if (d === undefined) {
      d = decFromText(text);
      this.decimals.set(text, d);
    }
    return d;
  }

  /**
   * A date inside `wrapper` (e.g. `ram:IssueDateTime`), `YYYYMMDD` given as
   * `YYYY-MM-DD`; `name` is the date element the CII binding uses there
   * (`udt:DateTimeString` but for BT-7 and BT-26). A date in another format
   * than 102 counts as absent, as for the official tests (BR-03, BR-29,
   * BR-30), unless `anyFormat`: BT-7 and BT-72 are only tested for presence
   * (BR-CO-03, BR-IC-11), whatever their format.
   */
  date(path: string, wrapper: CiiElement | undefined, name = DATE_TIME, anyFormat = false): string | undefined {
    const el = dateElement(wrapper, name, anyFormat);
    if (el === undefined) return undefined;
    this.at(path, el);
    return isoDate(el.text);
  }

  /** An identifier element with an optional `@schemeID`. */
  identifier(path: string, el: CiiElement | undefined): Identifier | undefined {
    if (el === undefined) return undefined;
    this.at(path, el);
    const id: Identifier = { id: el.text };
    const scheme = this.attr(childPath(path, 'scheme'), el, 'schemeID');
    if (scheme !== undefined) id.scheme = scheme;
    this.at(childPath(path, 'id'), el);
    if (el.name === GLOBAL_ID) this.globalIds.add(id);
    return id;
  }

  /** The single party identifier (BT-46, BT-60, BT-71): the first `ram:ID` or `ram:GlobalID` in document order. */
  partyIdentifier(path: string, party: CiiElement): Identifier | undefined {
    const ids = party.children.filter((c) => c.name === ID || c.name === GLOBAL_ID);
    // The model keeps the first; the official BR-CL-10/11/26 check the @schemeID of every one.
    ids.slice(1).forEach((c, k) => {
      const scheme = c.attrs.schemeID;
      if (scheme === undefined) return;
      const p = childPath(itemPath(childPath(path, 'others'), k), 'scheme');
      this.at(p, c, 'schemeID');
      const kind = c.name === ID ? 'id' : path === 'delivery.locationId' ? 'ship-to' : 'global';
      this.unmodelledCodes.push({ element: `${kind} @schemeID`, value: scheme, path: p });
    });
    return this.identifier(path, ids[0]);
  }

  /** The VAT identifier (`SpecifiedTaxRegistration/ID[@schemeID='VA']`) or another scheme's. */
  taxRegistration(path: string, party: CiiElement | undefined, scheme: string): string | undefined {
    const ids: CiiElement[] = [];
    for (const reg of kids(party, TAX_REGISTRATION)) {
      for (const id of kids(reg, ID)) if (id.attrs.schemeID === scheme) ids.push(id);
    }
    if (ids.length === 0) return undefined;
    const first = this.text(path, ids[0]);
    // Every one is an official context (`//ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`, BR-CO-09).
    if (ids.length > 1) this.repeatedTexts.set(path, ids.map((id) => id.text));
    return first;
  }

  /** Records a code the model has no place for, reported at model path `path` (source-facts.ts unmodelledCodes). */
  unmodelled(path: string, el: CiiElement): void {
    if (!this.locations.has(path)) this.at(path, el);
    this.unmodelledCodes.push({ element: el.name, value: el.text, path });
  }
}
