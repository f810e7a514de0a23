/**
 * The data shapes of the EN 16931 CII syntax binding rules (CII-SR-nnn,
 * CII-DT-nnn; EN 16931-3-3 and the CEN validation artefacts, release 1.3.16,
 * `cii/schematron/{abstract,CII}/EN16931-CII-syntax.sch`).
 *
 * A rule lives in exactly one context, as in the schematron: a pattern whose
 * rules are tried in order, the first rule whose context matches an element
 * being the only one that checks it. Most rules are data (a child path that
 * should not be present, a count bound); the irregular ones are named
 * functions citing the official test.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import type { Severity } from '../types.js';

/**
 * How a context selects elements; element names are canonical (`ram:X`, see
 * lib/cii/reader/tree.ts).
 * - `path`: absolute paths from the root (`/rsm:CrossIndustryInvoice/...`)
 * - `name`: any element of that name (`//ram:X`)
 * - `parentName`: any element of that name under a parent of that name (`//ram:P/ram:X`)
 * - `suffix`: any `ram:` element (or, with `anyNamespace`, any element) whose
 *   local name ends with the suffix, except the names listed
 *   (`//ram:*[ends-with(name(), 'ID')]`)
 * - `nameAttr`: any element of that name whose attribute equals the value
 *   (`//udt:DateTimeString[@format = '102']`)
 */
export type ContextMatch =
  | { kind: 'path'; paths: readonly string[] }
  | { kind: 'name'; name: string }
  | { kind: 'parentName'; parent: string; name: string }
  | { kind: 'suffix'; suffix: string; anyNamespace?: boolean; except?: readonly string[] }
  | { kind: 'nameAttr'; name: string; attr: string; value: string };

/** Facts gathered over the whole document during the walk, for tests that look outside their context. */
export interface DocumentFacts {
  /** Some `/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity` has `@unitCode` (BT-130-1; CII-DT-033). */
  billedQuantityHasUnit: boolean;
  /** Every `//ram:ApplicableTradeTax/ram:DueDateTypeCode` (BT-8; CII-SR-462), document order. */
  dueDateTypeCodes: CiiElement[];
  /** Every `//ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode` (BT-81; CII-SR-467), document order. */
  paymentMeansCodes: CiiElement[];
  /** Every `//ram:SpecifiedTradeSettlementPaymentMeans/ram:Information` (BT-82; CII-SR-468), document order. */
  paymentMeansTexts: CiiElement[];
  /** Every `//ram:ApplicableHeaderTradeSettlement/ram:PaymentReference` (BT-83; CII-SR-469), document order. */
  paymentReferences: CiiElement[];
}

/** Where a failed test points: an element, optionally one of its attributes, and an optional specific message. */
export interface SyntaxFailure {
  at: CiiElement;
  attr?: string;
  message?: string;
}

/** The common part of every syntax rule. */
interface CheckBase {
  /** Official rule id, e.g. `CII-SR-013` (note the catalogue's two-digit `CII-SR-04` and `CII-SR-05`). */
  id: string;
  severity: Severity;
  /** Our message; the finding's path says where. */
  message: string;
}

/**
 * A test on the context element's descendants along a relative path of
 * canonical names (`ram:IncludedNote/ram:Subject`); a last step `@attr` tests
 * an attribute of the elements reached (`ram:RateApplicablePercent/@format`,
 * or `@languageID` on the context itself).
 * - `absent`: `not(path)`, reported at the first element (or attribute) found
 * - `max`: `count(path) <= bound`, reported at the first excess element
 * - `exactly`: `count(path) = bound`, reported at the first excess element, or at the context when too few
 */
export interface PathCheck extends CheckBase {
  kind: 'absent' | 'max' | 'exactly';
  path: string;
  bound?: number;
}

/** An irregular test, evaluated after the walk so document-wide facts are complete. */
export interface CustomCheck extends CheckBase {
  kind: 'custom';
  /** The official XPath test, for the reader. */
  xpath: string;
  /** Returns the failure, or undefined when the context element passes. */
  test: (context: CiiElement, facts: DocumentFacts) => SyntaxFailure | undefined;
}

/** One syntax rule. */
export type SyntaxCheck = PathCheck | CustomCheck;

/** One schematron rule context and the checks it carries, in official order. */
export interface SyntaxContext {
  /** The official context parameter name, e.g. `ApplicableHeaderTradeAgreement`. */
  name: string;
  /** The official context, for the reader. */
  xpath: string;
  match: ContextMatch;
  checks: readonly SyntaxCheck[];
}
