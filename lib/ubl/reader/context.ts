/**
 * The reading context of the UBL reader (./read.ts): the state of one
 * reading pass over one UBL 2.1 Invoice or CreditNote (term locations,
 * source facts) and the path helpers every business group reads its terms
 * with.
 *
 * Paths follow the XPath semantics of the CEN EN 16931 UBL artefacts
 * (EN16931-UBL-model.sch, release 1.3.16): `first(el, 'cac:Party',
 * 'cac:PartyName', 'cbc:Name')` is the first node, in document order, that
 * the relative path `cac:Party/cac:PartyName/cbc:Name` selects, through
 * every occurrence of a repeated aggregate on the way. Where the path selects
 * one node, that is the node the official `normalize-space(path)` or
 * `xs:decimal(path)` reads; where it selects several, those official
 * functions stop with an error, and the first is as good as any.
 */
import { decFromText, type Decimal } from '../../model/decimal.js';
import type { Identifier } from '../../model/invoice.js';
import type { MandatoryGroup } from '../../model/source-facts.js';
import { LazyLocations } from '../../cii/reader/locate.js';
import type { CiiElement } from '../../cii/reader/tree.js';
import { castBoolean, normalizeSpace, select, stringValue } from '../../rules/syntax/xpath-values.js';

/** The XPath value semantics the CII syntax rules use too (one implementation: lib/rules/syntax/xpath-values.ts). */
export { castBoolean, normalizeSpace, stringValue };

/** Every node the relative path `steps` selects from `el`, in document order. */
export function all(el: CiiElement | undefined, ...steps: string[]): readonly CiiElement[] {
  return el === undefined ? [] : select(el, steps);
}

/** The first node the relative path `steps` selects from `el` (document order), or undefined. */
export function first(el: CiiElement | undefined, ...steps: string[]): CiiElement | undefined {
  if (el === undefined) return undefined;
  return firstFrom(el, steps, 0);
}

function firstFrom(el: CiiElement, steps: readonly string[], k: number): CiiElement | undefined {
  if (k === steps.length) return el;
  const step = steps[k];
  for (const child of el.children) {
    if (child.name !== step) continue;
    const found = firstFrom(child, steps, k + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The children of `el` named `name`. */
export function kids(el: CiiElement | undefined, name: string): CiiElement[] {
  if (el === undefined) return [];
  return el.children.filter((c) => c.name === name);
}

/**
 * The sides the official contexts put a `cac:AllowanceCharge` on: a charge
 * when some `cbc:ChargeIndicator` casts to true (`[cbc:ChargeIndicator =
 * true()]`), an allowance when some casts to false. A repeated indicator
 * (`false` and `true`) puts it on both sides; none when no indicator casts.
 */
export function indicatorSides(ac: CiiElement): { allowance: boolean; charge: boolean } {
  let allowance = false;
  let charge = false;
  for (const c of ac.children) {
    if (c.name !== 'cbc:ChargeIndicator') continue;
    const b = castBoolean(stringValue(c));
    if (b === true) charge = true;
    else if (b === false) allowance = true;
  }
  return { allowance, charge };
}

/** The normalized, upper-cased `cac:TaxScheme/cbc:ID` test of the official contexts: `cac:TaxScheme/normalize-space(upper-case(cbc:ID)) = 'VAT'`. */
export function isVatScheme(taxCategoryOrPartyTaxScheme: CiiElement): boolean {
  for (const id of all(taxCategoryOrPartyTaxScheme, 'cac:TaxScheme', 'cbc:ID')) {
    if (normalizeSpace(stringValue(id).toUpperCase()) === 'VAT') return true;
  }
  return false;
}

/** One reading pass over one UBL document: what it has read and where, and the facts it has gathered. */
export class UblReadContext {
  readonly locations = new LazyLocations();
  /** Aggregates the document lacks whose model group is mandatory (lib/model/source-facts.ts). */
  readonly missingGroups = new Set<MandatoryGroup>();
  /** Decimals by lexical form: values repeat within a document and decimals are immutable. */
  private readonly decimals = new Map<string, Decimal>();

  /** Records where the value at `path` came from. */
  at(path: string, el: CiiElement | undefined, attr?: string): void {
    if (el !== undefined) this.locations.record(path, el, attr);
  }

  /** The text of an optional element (its string value, untrimmed), recording its location. */
  text(path: string, el: CiiElement | undefined): string | undefined {
    if (el === undefined) return undefined;
    this.at(path, el);
    return stringValue(el);
  }

  /** The text of a mandatory element, `''` when missing. */
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
    return this.decimalOf(stringValue(el));
  }

  /** The decimal of a lexical form, shared within the document (decFromText remembers the text, for BR-DEC). */
  decimalOf(text: string): Decimal {
    let d = this.decimals.get(text);
    if (d === undefined) {
      d = decFromText(text);
      this.decimals.set(text, d);
    }
    return d;
  }

  /** An identifier element with an optional `@schemeID`. */
  identifier(path: string, el: CiiElement | undefined, schemeAttr = 'schemeID'): Identifier | undefined {
    if (el === undefined) return undefined;
    this.at(path, el);
    const id: Identifier = { id: stringValue(el) };
    this.at(`${path}.id`, el);
    const scheme = this.attr(`${path}.scheme`, el, schemeAttr);
    if (scheme !== undefined) id.scheme = scheme;
    return id;
  }
}
