/**
 * One document as the BR-FR rules see it: the element tree plus what several
 * rules ask of it, computed at most once per document (selections by path from
 * the root, elements by name, document order, the billing framework).
 *
 * The paths are compiled once, at module load, into {@link Selection}s: a trie
 * of steps from the root with an integer id each, so a document keeps its
 * selections in an array by id and computes each one from its parent's (the
 * lines are found once for every rule about lines), without building or
 * hashing path strings per check.
 */
import type { CiiElement, ElementIndex, IndexPlan, PathStep } from '../../cii/reader/tree.js';
import { NONE, normalizeSpace, stringValue } from './xpath.js';

/** A compiled absolute path: its last step, the selection it steps from (undefined for the root step), and an id. */
export class Selection implements PathStep {
  /** The selections one step below this one, by their last step. */
  readonly next = new Map<string, Selection>();
  /** The same, as a list. */
  readonly nextList: Selection[] = [];

  constructor(
    readonly id: number,
    readonly name: string,
    readonly parent: Selection | undefined,
    /** The path as written, for messages. */
    readonly absolute: string,
  ) {}
}

const selections = new Map<string, Selection>();
/** The first steps: selections of the root element. */
const roots = new Map<string, Selection>();

/** The compiled form of an absolute path (`rsm:CrossIndustryInvoice/...`); the same object for the same path. */
export function selection(absolute: string): Selection {
  let found = selections.get(absolute);
  if (found === undefined) {
    const slash = absolute.lastIndexOf('/');
    const parent = slash < 0 ? undefined : selection(absolute.slice(0, slash));
    // The step's name interned (a property key is), so comparing it with the names of a tree is by identity mostly.
    const name = Object.keys({ [slash < 0 ? absolute : absolute.slice(slash + 1)]: 0 })[0]!;
    found = new Selection(selections.size, name, parent, absolute);
    selections.set(absolute, found);
    parent?.next.set(found.name, found);
    parent?.nextList.push(found);
    if (parent === undefined) roots.set(found.name, found);
  }
  return found;
}

/** Shorthands of the paths the rules use (canonical names, from the root). */
export const P = {
  DOC: 'rsm:CrossIndustryInvoice/rsm:ExchangedDocument',
  CTX: 'rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext',
  TX: 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction',
  AGR: 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement',
  DEL: 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery',
  SET: 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement',
  SUM: 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation',
  LINE: 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem',
} as const;

/** BT-23 billing frameworks of the multi-vendor (S8, B8, M8) and two-way (S9, B9, M9) cases. */
const MULTI_VENDOR = new Set(['S8', 'B8', 'M8']);
const TWO_WAY = new Set(['S9', 'B9', 'M9']);

/**
 * Names whose elements anywhere in the document (`//name`) the rules ask for:
 * the first such question indexes all of them in one walk.
 */
const INDEXED = new Set<string>();

/** Declares a name the rules select anywhere in the document (see {@link FrDocument.named}); call it at module load. */
export function indexName(name: string): void {
  INDEXED.add(name);
}

/**
 * What a builder of the tree can record for the rules (see {@link IndexPlan}):
 * the declared names and every selection compiled so far.
 */
export function indexPlan(): IndexPlan {
  return Object.freeze({ names: Object.freeze([...INDEXED]), roots, size: selections.size });
}

const FRAMEWORK = selection(`${P.CTX}/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID`);

/**
 * Appends every element of the tree at `el` named `names[k]` to `lists[k]`, document order. A few names
 * (those of the `//` contexts) compared directly: cheaper per element than a hash look-up.
 */
function collectNamed(el: CiiElement, names: readonly string[], lists: CiiElement[][]): void {
  const name = el.name;
  for (let k = 0; k < names.length; k++) {
    if (name === names[k]) {
      lists[k]!.push(el);
      break;
    }
  }
  const children = el.children;
  for (let i = 0; i < children.length; i++) collectNamed(children[i]!, names, lists);
}

/** A document under BR-FR validation. */
export class FrDocument {
  /** Selections by {@link Selection.id}; sized up front, as writes far past the end of an empty array would make it a slow sparse one. */
  private readonly selected: (readonly CiiElement[] | undefined)[];
  /** Elements by name the tree's builder recorded (read, never changed). */
  private readonly given: ReadonlyMap<string, readonly CiiElement[]> | undefined;
  /** Elements by name found by walking the tree (names the builder did not record). */
  private names: Map<string, readonly CiiElement[]> | undefined;
  private readonly under = new Map<string, readonly CiiElement[]>();
  private order: Map<CiiElement, number> | undefined;
  private framework: string | undefined | null = null;

  /**
   * @param root the document element
   * @param index what the tree's builder recorded (see {@link ElementIndex}): selections and `//` names it lacks are found by walking the tree
   */
  constructor(
    readonly root: CiiElement,
    index?: ElementIndex,
  ) {
    if (index === undefined) {
      this.selected = new Array<readonly CiiElement[] | undefined>(selections.size + 16).fill(undefined);
      this.recorded = 0;
      this.given = undefined;
      return;
    }
    this.given = index.byName.size > 0 ? index.byName : undefined;
    // The recorded selections, where undefined means none (see at()).
    this.selected = index.byPath.slice();
    this.recorded = index.byPath.length;
  }

  /** Selections with an id below this one were recorded by the tree's builder (see {@link ElementIndex}). */
  private readonly recorded: number;

  /** The elements at an absolute path (`rsm:CrossIndustryInvoice/...`, or its compiled {@link selection}), document order; memoised. */
  at(absolute: Selection | string): readonly CiiElement[] {
    const sel = typeof absolute === 'string' ? selection(absolute) : absolute;
    let found = this.selected[sel.id];
    if (found === undefined) {
      if (sel.id < this.recorded) return NONE;
      if (sel.parent === undefined) this.selected[sel.id] = found = sel.name === this.root.name ? [this.root] : NONE;
      else {
        this.step(sel.parent);
        found = this.selected[sel.id]!;
      }
    }
    return found;
  }

  /**
   * Computes every selection one step below `from` in one pass over the children of its elements
   * (one name look-up per child, however many paths continue from there). Children of elements of a
   * selection, in the selection's order, are in document order again.
   */
  private step(from: Selection): void {
    const parents = this.at(from);
    const next = from.next;
    const nextList = from.nextList;
    const selected = this.selected;
    // Selections the tree's builder recorded are complete already: only the others are computed.
    const recorded = this.recorded;
    for (let i = 0; i < nextList.length; i++) if (nextList[i]!.id >= recorded) selected[nextList[i]!.id] = NONE;
    if (parents.length === 0) return;
    // One continuation (the common case below a line's aggregates): compare names, no look-up.
    const only = nextList.length === 1 ? nextList[0]! : undefined;
    for (let p = 0; p < parents.length; p++) {
      const children = parents[p]!.children;
      for (let i = 0; i < children.length; i++) {
        const c = children[i]!;
        const sel = only === undefined ? next.get(c.name) : c.name === only.name ? only : undefined;
        if (sel === undefined || sel.id < recorded) continue;
        const list = selected[sel.id]!;
        if (list === NONE) selected[sel.id] = [c];
        else (list as CiiElement[]).push(c);
      }
    }
  }

  /** Every element named `name` anywhere (`//name`), document order. */
  named(name: string): readonly CiiElement[] {
    const given = this.given?.get(name);
    if (given !== undefined) return given;
    let names = this.names;
    if (names === undefined || !names.has(name)) {
      // One walk finds the asked name and every declared one not known yet; a later undeclared name costs a walk of its own.
      const wanted = [...INDEXED].filter((n) => names?.has(n) !== true && this.given?.has(n) !== true);
      if (!wanted.includes(name)) wanted.push(name);
      const lists = wanted.map((): CiiElement[] => []);
      collectNamed(this.root, wanted, lists);
      names ??= this.names = new Map();
      for (let i = 0; i < wanted.length; i++) names.set(wanted[i]!, lists[i]!);
    }
    return names.get(name)!;
  }

  /** `//parent/name`: the elements named `name` whose parent is named `parent`, document order; memoised. */
  namedUnder(parent: string, name: string, key: string): readonly CiiElement[] {
    let found = this.under.get(key);
    if (found === undefined) {
      const out: CiiElement[] = [];
      for (const el of this.named(name)) if (el.parent?.name === parent) out.push(el);
      found = out.length === 0 ? NONE : out;
      this.under.set(key, found);
    }
    return found;
  }

  /** The position of `el` in document order. */
  position(el: CiiElement): number {
    if (this.order === undefined) {
      const order = new Map<CiiElement, number>();
      const visit = (e: CiiElement): void => {
        order.set(e, order.size);
        for (const c of e.children) visit(c);
      };
      visit(this.root);
      this.order = order;
    }
    return this.order.get(el) ?? -1;
  }

  /** BT-23 normalised, when the document has one (`custom:isSpecialContract*` read it this way). */
  billingFramework(): string | undefined {
    if (this.framework === null) {
      const id = this.at(FRAMEWORK)[0];
      this.framework = id === undefined ? undefined : normalizeSpace(stringValue(id));
    }
    return this.framework;
  }

  /** `custom:isSpecialContract`: BT-23 is S8, B8, M8, S9, B9 or M9. */
  isSpecialContract(): boolean {
    const f = this.billingFramework();
    return f !== undefined && (MULTI_VENDOR.has(f) || TWO_WAY.has(f));
  }

  /** `custom:isSpecialContractMV`: multi-vendor (S8, B8, M8). */
  isMultiVendor(): boolean {
    const f = this.billingFramework();
    return f !== undefined && MULTI_VENDOR.has(f);
  }

  /** `custom:isSpecialContractBD`: two-way (S9, B9, M9). */
  isTwoWay(): boolean {
    const f = this.billingFramework();
    return f !== undefined && TWO_WAY.has(f);
  }
}
