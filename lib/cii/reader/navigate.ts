/**
 * Child look-ups of the CII reader with the semantics of the official XPath
 * paths (CEN EN 16931 CII validation artefacts 1.3.16).
 *
 * The official rules read a term by a path (`ram:SpecifiedLineTradeAgreement
 * /ram:NetPriceProductTradePrice/ram:ChargeAmount`): when a single-valued
 * aggregate on the path is repeated, XPath steps through every occurrence,
 * so the path finds the term in the second occurrence when the first lacks
 * it, and an existence test (`(path)`) or an existential comparison sees
 * all of them. {@link kid} gives the same view: a repeated child is read as
 * one merged element whose children are those of every occurrence, in
 * document order, with the first occurrence's text and, for each attribute,
 * the value of the first occurrence that has it. Where two
 * occurrences both hold the term, the official functions that take one item
 * (`normalize-space`, casts) abort; the merged view then yields the first.
 *
 * A rule context, on the other hand, is evaluated once per occurrence of its
 * element: a second `SpecifiedTradeSettlementHeaderMonetarySummation` is
 * checked by BR-12 on its own. {@link PER_OCCURRENCE_CONTEXTS} lists the
 * single-valued aggregates that are official rule contexts, with the rules
 * of that context; a read records their repeated groups (see
 * {@link RepeatedContext}) and the validation reads the document once more
 * per occurrence, with that occurrence pinned in place of the merged view
 * (lib/cii/reader/validate-cii.ts).
 */
import type { CiiElement } from './tree.js';

/**
 * Single-valued aggregates (parent and element, canonical names) that are
 * the context of official rules, with the ids of those rules (abstract
 * EN16931-CII-model.sch contexts `Document_totals`, `Invoice_Period`,
 * `Invoice_Line_Period`, `Payee`, `Seller`, `Tax_Representative`,
 * `CreditTransfer_information`, `Card_information`, `Delivery_information`).
 */
export const PER_OCCURRENCE_CONTEXTS: ReadonlyMap<string, readonly string[]> = new Map([
  [
    'ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation',
    ['BR-12', 'BR-13', 'BR-14', 'BR-15', 'BR-53', 'BR-CO-10', 'BR-CO-11', 'BR-CO-12', 'BR-CO-13', 'BR-CO-16', 'BR-DEC-09', 'BR-DEC-10', 'BR-DEC-11', 'BR-DEC-12', 'BR-DEC-13', 'BR-DEC-14', 'BR-DEC-15', 'BR-DEC-16', 'BR-DEC-17', 'BR-DEC-18'],
  ],
  ['ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod', ['BR-29', 'BR-CO-19']],
  ['ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod', ['BR-30', 'BR-CO-20']],
  ['ram:ApplicableHeaderTradeSettlement/ram:PayeeTradeParty', ['BR-17']],
  ['ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty', ['BR-CO-26']],
  ['ram:ApplicableHeaderTradeAgreement/ram:SellerTaxRepresentativeTradeParty', ['BR-18', 'BR-19', 'BR-20', 'BR-56']],
  ['ram:SpecifiedTradeSettlementPaymentMeans/ram:PayeePartyCreditorFinancialAccount', ['BR-50', 'BR-61']],
  ['ram:SpecifiedTradeSettlementPaymentMeans/ram:ApplicableTradeSettlementFinancialCard', ['BR-51']],
  ['rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery', ['BR-57']],
]);

/** A repeated single-valued aggregate that is an official rule context: its occurrences and the rules evaluated on each. */
export interface RepeatedContext {
  rules: readonly string[];
  /** Every occurrence, in document order (through repeated ancestors too). */
  occurrences: readonly CiiElement[];
}

/** What one read navigates with: the occurrence pinned (per-occurrence pass) and the repeated contexts met. */
interface NavigationScope {
  pin: CiiElement | undefined;
  repeated: Map<CiiElement, RepeatedContext>;
  /** Whether the read has met a repeated element (a merged view) yet: most documents never do. */
  merged: boolean;
}

// The reader is synchronous: the scope of the read in progress (set and
// cleared by withNavigationScope) is module state only for its duration.
let scope: NavigationScope | undefined;

/** Merged views by parent and name; the tree is not changed after it is built, so they can be shared by every read of it. */
const mergedViews = new WeakMap<CiiElement, Map<string, CiiElement>>();
/** The first occurrence of each merged view: where its location points. */
const firstOccurrence = new WeakMap<CiiElement, CiiElement>();
/** Every occurrence of each merged view, in document order. */
const viewOccurrences = new WeakMap<CiiElement, readonly CiiElement[]>();

/**
 * Runs `read` with `pin` (an occurrence of a repeated context aggregate) read
 * in place of the merged view of its group; returns its result and the
 * repeated contexts the read met.
 */
export function withNavigationScope<T>(pin: CiiElement | undefined, read: () => T): { result: T; repeated: RepeatedContext[] } {
  const outer = scope;
  const current: NavigationScope = { pin, repeated: new Map(), merged: false };
  scope = current;
  try {
    const result = read();
    return { result, repeated: [...current.repeated.values()] };
  } finally {
    scope = outer;
  }
}

/** The element a model location should point at: the first occurrence of a merged view, else `el` itself. */
export function sourceElement(el: CiiElement): CiiElement {
  return firstOccurrence.get(el) ?? el;
}

/**
 * The elements behind `el`: every occurrence when it is a merged view of a
 * repeated element (the official `=` and `!=` compare each of them), else
 * `el` alone.
 */
export function occurrences(el: CiiElement): readonly CiiElement[] {
  return viewOccurrences.get(el) ?? [el];
}

/**
 * The occurrences behind `el` when it is a merged view of a repeated
 * element, else undefined; without a lookup while the read in progress has
 * met no repeated element (the reader asks for every value it reads).
 */
export function repeatedOccurrences(el: CiiElement): readonly CiiElement[] | undefined {
  if (scope !== undefined && !scope.merged) return undefined;
  return viewOccurrences.get(el);
}

/**
 * The child `name` of `el` as the official paths see it: the child itself
 * when there is one, a merged view of every occurrence when it is repeated
 * (see the module comment), the pinned occurrence in a per-occurrence pass.
 */
export function kid(el: CiiElement | undefined, name: string): CiiElement | undefined {
  if (el === undefined) return undefined;
  let first: CiiElement | undefined;
  let repeated = false;
  const children = el.children;
  for (let i = 0; i < children.length; i++) {
    const c = children[i]!;
    if (c.name !== name) continue;
    if (first !== undefined) {
      repeated = true;
      break;
    }
    first = c;
  }
  return repeated ? repeatedKid(el, name) : first;
}

function repeatedKid(el: CiiElement, name: string): CiiElement {
  const group = el.children.filter((c) => c.name === name);
  const first = group[0]!;
  if (scope !== undefined) {
    scope.merged = true;
    if (scope.pin !== undefined && group.includes(scope.pin)) return scope.pin;
    const rules = PER_OCCURRENCE_CONTEXTS.get(`${el.name}/${name}`);
    if (rules !== undefined && !scope.repeated.has(first)) scope.repeated.set(first, { rules, occurrences: group });
  }
  let byName = mergedViews.get(el);
  if (byName === undefined) {
    byName = new Map();
    mergedViews.set(el, byName);
  }
  let view = byName.get(name);
  if (view === undefined) {
    // `X/@a` steps through every X too: an attribute the first occurrence lacks is taken from the next that has it.
    const attrs: Record<string, string> = {};
    for (let i = group.length - 1; i >= 0; i--) Object.assign(attrs, group[i]!.attrs);
    view = { name, attrs, children: group.flatMap((c) => c.children), text: first.text };
    if (first.line !== undefined) view.line = first.line;
    if (first.parent !== undefined) view.parent = first.parent;
    firstOccurrence.set(view, first);
    viewOccurrences.set(view, group);
    byName.set(name, view);
  }
  return view;
}

/** All child elements named `name` (of a merged view: of every occurrence); only the pinned one where it is among them. */
export function kids(el: CiiElement | undefined, name: string): readonly CiiElement[] {
  if (el === undefined) return NO_KIDS;
  // No list until a child matches: most calls match none.
  let out: CiiElement[] | undefined;
  const children = el.children;
  for (let i = 0; i < children.length; i++) {
    const c = children[i]!;
    if (c.name !== name) continue;
    if (out === undefined) out = [c];
    else out.push(c);
  }
  if (out === undefined) return NO_KIDS;
  const pin = scope?.pin;
  return pin !== undefined && out.length > 1 && out.includes(pin) ? [pin] : out;
}

/** What {@link kids} answers when no child matches: one shared, frozen empty list. */
const NO_KIDS: readonly CiiElement[] = Object.freeze([]);

/** Follows {@link kid} along `names`. */
export function dig(el: CiiElement | undefined, ...names: string[]): CiiElement | undefined {
  let cur = el;
  for (const n of names) {
    if (cur === undefined) return undefined;
    cur = kid(cur, n);
  }
  return cur;
}

/** The first child element named `name`, for the official paths that say `[1]` (BR-62 / BR-63 `URIUniversalCommunication[1]`). */
export function firstKid(el: CiiElement | undefined, name: string): CiiElement | undefined {
  if (el === undefined) return undefined;
  for (const c of el.children) if (c.name === name) return c;
  return undefined;
}
