/**
 * Evaluates the syntax rule tables over a CII element tree in one walk.
 *
 * The tables are compiled once into lookup structures: a trie of the absolute
 * context paths, maps from element names (and parent/child name pairs) to the
 * first context they can match, and, per context, a trie of the relative
 * paths its checks look at. The walk then visits each element once, picks its
 * first matching context (schematron rule order), and follows only the
 * context's check trie below it, instead of evaluating an XPath per rule.
 * Tests that look beyond their context (CII-SR-462, 467..469, CII-DT-033) read
 * facts gathered during the same walk and run when it is done.
 */
import { ElementLocator } from '../../cii/reader/locate.js';
import type { CiiElement } from '../../cii/reader/tree.js';
import type { Finding } from '../types.js';
import type { ContextMatch, CustomCheck, DocumentFacts, PathCheck, SyntaxCheck, SyntaxContext, SyntaxFailure } from './types.js';
import { localName } from './xpath-values.js';

interface CheckTrie {
  children: Map<string, CheckTrie>;
  /** Path checks whose path ends at this element. */
  ends: number[];
  /** Path checks whose path ends at an attribute of this element: [attribute, check index]. */
  attrs: Array<[string, number]>;
}

interface CompiledContext {
  context: SyntaxContext;
  trie: CheckTrie;
  pathChecks: Array<PathCheck | undefined>;
  customs: CustomCheck[];
  /** Indexes of the `exactly` checks: judged even when nothing was counted. */
  exact: number[];
  /** Scratch state of one evaluation, reset after use: counts, first hits, and which checks counted anything. */
  counts: Int32Array;
  hits: Array<{ at: CiiElement; attr?: string } | undefined>;
  /** The checks that counted something, in `touched[0 .. touchedCount)`: a fixed array, so that no evaluation allocates. */
  touched: Int32Array;
  touchedCount: number;
}

interface PathNode {
  children: Map<string, PathNode>;
  /** First context anchored at this absolute path. */
  context: number;
  /** `/rsm:CrossIndustryInvoice/.../ram:SpecifiedLineTradeDelivery/ram:BilledQuantity` (CII-DT-033). */
  billedQuantity: boolean;
}

const NONE = Number.MAX_SAFE_INTEGER;
const BILLED_QUANTITY =
  '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity';

const newTrie = (): CheckTrie => ({ children: new Map(), ends: [], attrs: [] });
const newPathNode = (): PathNode => ({ children: new Map(), context: NONE, billedQuantity: false });

function pathNodeFor(root: PathNode, path: string): PathNode {
  let node = root;
  for (const step of path.split('/').filter((s) => s !== '')) {
    let next = node.children.get(step);
    if (next === undefined) {
      next = newPathNode();
      node.children.set(step, next);
    }
    node = next;
  }
  return node;
}

function compileContext(context: SyntaxContext): CompiledContext {
  const trie = newTrie();
  const pathChecks: Array<PathCheck | undefined> = [];
  const customs: CustomCheck[] = [];
  context.checks.forEach((check: SyntaxCheck, i) => {
    if (check.kind === 'custom') {
      customs.push(check);
      pathChecks.push(undefined);
      return;
    }
    pathChecks.push(check);
    let node = trie;
    const steps = check.path.split('/');
    for (const [k, step] of steps.entries()) {
      if (step.startsWith('@')) {
        if (k !== steps.length - 1 || check.kind !== 'absent') throw new Error(`${check.id}: an attribute can only end an absence path`);
        node.attrs.push([step.slice(1), i]);
        return;
      }
      let next = node.children.get(step);
      if (next === undefined) {
        next = newTrie();
        node.children.set(step, next);
      }
      node = next;
    }
    node.ends.push(i);
  });
  return {
    context,
    trie,
    pathChecks,
    customs,
    exact: pathChecks.flatMap((c, i) => (c?.kind === 'exactly' ? [i] : [])),
    counts: new Int32Array(context.checks.length),
    hits: new Array(context.checks.length).fill(undefined),
    // Each check is touched at most once per evaluation.
    touched: new Int32Array(context.checks.length),
    touchedCount: 0,
  };
}

/** The compiled form of an ordered list of contexts. */
export interface CompiledSyntaxRules {
  contexts: CompiledContext[];
  paths: PathNode;
  byName: Map<string, number>;
  byParentName: Map<string, Map<string, number>>;
  suffixes: Array<{ index: number; suffix: string; anyNamespace: boolean; except: ReadonlySet<string> }>;
  byNameAttr: Map<string, Array<{ index: number; attr: string; value: string }>>;
  /** Memo: what an element name can match (see {@link NameInfo}), by name. */
  nameMemo: Map<string, NameInfo>;
}

/** Which of the facts of the tests beyond their context an element of some name may give (checked against its parent). */
const enum Fact {
  None,
  DueDateTypeCode,
  PaymentMeansTypeCode,
  PaymentMeansInformation,
  PaymentReference,
}

/** Everything a walk asks about an element's name, found with one look-up. */
interface NameInfo {
  /** First context the name matches alone (name and suffix contexts); NONE without one. */
  first: number;
  /** First context of the name by its parent's name (parentName contexts). */
  byParent: Map<string, number> | undefined;
  /** The nameAttr contexts of the name. */
  withAttr: Array<{ index: number; attr: string; value: string }> | undefined;
  fact: Fact;
}

/** Compiles ordered contexts (see {@link SYNTAX_CONTEXTS}) for {@link runSyntaxRules}. */
export function compileSyntaxRules(contexts: readonly SyntaxContext[]): CompiledSyntaxRules {
  const compiled: CompiledSyntaxRules = {
    contexts: contexts.map(compileContext),
    paths: newPathNode(),
    byName: new Map(),
    byParentName: new Map(),
    suffixes: [],
    byNameAttr: new Map(),
    nameMemo: new Map(),
  };
  contexts.forEach(({ match }: { match: ContextMatch }, index) => {
    switch (match.kind) {
      case 'path':
        for (const p of match.paths) {
          const node = pathNodeFor(compiled.paths, p);
          node.context = Math.min(node.context, index);
        }
        break;
      case 'name':
        if (!compiled.byName.has(match.name)) compiled.byName.set(match.name, index);
        break;
      case 'parentName': {
        let byChild = compiled.byParentName.get(match.parent);
        if (byChild === undefined) {
          byChild = new Map();
          compiled.byParentName.set(match.parent, byChild);
        }
        if (!byChild.has(match.name)) byChild.set(match.name, index);
        break;
      }
      case 'suffix':
        compiled.suffixes.push({
          index,
          suffix: match.suffix,
          anyNamespace: match.anyNamespace === true,
          except: new Set(match.except ?? []),
        });
        break;
      case 'nameAttr': {
        const list = compiled.byNameAttr.get(match.name) ?? [];
        list.push({ index, attr: match.attr, value: match.value });
        compiled.byNameAttr.set(match.name, list);
        break;
      }
    }
  });
  pathNodeFor(compiled.paths, BILLED_QUANTITY).billedQuantity = true;
  return compiled;
}

/** Element names remembered by {@link firstByName}: far more than CII has; beyond it, names are looked up afresh. */
const NAME_MEMO_MAX = 4096;

function nameInfo(rules: CompiledSyntaxRules, name: string): NameInfo {
  const known = rules.nameMemo.get(name);
  if (known !== undefined) return known;
  let first = rules.byName.get(name) ?? NONE;
  const isRam = name.startsWith('ram:');
  const local = localName(name);
  for (const s of rules.suffixes) {
    if (s.index >= first) break;
    if ((s.anyNamespace || isRam) && local.endsWith(s.suffix) && !s.except.has(name)) first = s.index;
  }
  let byParent: Map<string, number> | undefined;
  for (const [parent, byChild] of rules.byParentName) {
    const index = byChild.get(name);
    if (index === undefined) continue;
    byParent ??= new Map();
    byParent.set(parent, index);
  }
  const info: NameInfo = { first, byParent, withAttr: rules.byNameAttr.get(name), fact: factOf(name) };
  // Names come from the documents: the memo is capped so hostile input cannot grow it without end.
  if (rules.nameMemo.size < NAME_MEMO_MAX) rules.nameMemo.set(name, info);
  return info;
}

function factOf(name: string): Fact {
  switch (name) {
    case 'ram:DueDateTypeCode':
      return Fact.DueDateTypeCode;
    case 'ram:TypeCode':
      return Fact.PaymentMeansTypeCode;
    case 'ram:Information':
      return Fact.PaymentMeansInformation;
    case 'ram:PaymentReference':
      return Fact.PaymentReference;
    default:
      return Fact.None;
  }
}

// The walks below use indexed loops: they run for every element of every document, and for-of over arrays
// allocated an iterator per loop in the tiers that ran them (heap sampling of checkCiiSyntax).
function walkTrie(cc: CompiledContext, el: CiiElement, node: CheckTrie): void {
  const attrs = node.attrs;
  for (let a = 0; a < attrs.length; a++) {
    const [attr, i] = attrs[a]!;
    if (!(attr in el.attrs)) continue;
    const n = (cc.counts[i] as number) + 1;
    cc.counts[i] = n;
    if (n === 1) {
      cc.hits[i] = { at: el, attr };
      cc.touched[cc.touchedCount++] = i;
    }
  }
  const children = el.children;
  for (let c = 0; c < children.length; c++) {
    const child = children[c]!;
    const next = node.children.get(child.name);
    if (next === undefined) continue;
    const ends = next.ends;
    for (let e = 0; e < ends.length; e++) {
      const i = ends[e]!;
      const check = cc.pathChecks[i] as PathCheck;
      const n = (cc.counts[i] as number) + 1;
      cc.counts[i] = n;
      if (n === 1) cc.touched[cc.touchedCount++] = i;
      // Report where the rule breaks: the first element for an absence, the first excess one for a bound.
      if (n === (check.kind === 'absent' ? 1 : (check.bound ?? 0) + 1)) cc.hits[i] = { at: child };
    }
    if (next.children.size > 0 || next.attrs.length > 0) walkTrie(cc, child, next);
  }
}

/** A broken check and where, located once the walk is done. */
type Failed = [SyntaxCheck, SyntaxFailure];

function finding([check, failure]: Failed, locator: ElementLocator): Finding {
  const path = failure.attr === undefined ? locator.of(failure.at) : locator.ofAttribute(failure.at, failure.attr);
  return { rule: check.id, severity: check.severity, message: failure.message ?? check.message, path };
}

/** Sorts the first `length` check indexes of `list` in place (insertion sort: few, and Array#sort allocated a work area at each call). */
function sortAscending(list: Int32Array, length: number): void {
  for (let i = 1; i < length; i++) {
    const v = list[i]!;
    let j = i - 1;
    while (j >= 0 && list[j]! > v) {
      list[j + 1] = list[j]!;
      j--;
    }
    list[j + 1] = v;
  }
}

function evaluatePathChecks(cc: CompiledContext, el: CiiElement, out: Failed[]): void {
  walkTrie(cc, el, cc.trie);
  const { counts, hits, pathChecks, touched, exact } = cc;
  let touchedCount = cc.touchedCount;
  // Only the checks that counted something can fail, and the `exactly` ones (a count of 0 breaks them too);
  // judged in check order, as the tables list them.
  for (let e = 0; e < exact.length; e++) {
    const i = exact[e]!;
    if (counts[i] === 0) touched[touchedCount++] = i;
  }
  cc.touchedCount = 0;
  if (touchedCount === 0) return;
  if (touchedCount > 1) sortAscending(touched, touchedCount);
  for (let t = 0; t < touchedCount; t++) {
    const i = touched[t]!;
    const check = pathChecks[i] as PathCheck;
    const n = counts[i] as number;
    const hit = hits[i];
    if (check.kind === 'absent') {
      if (n > 0 && hit !== undefined) out.push([check, hit]);
    } else if (check.kind === 'max') {
      if (n > (check.bound ?? 0) && hit !== undefined) out.push([check, hit]);
    } else if (n !== check.bound) {
      out.push([check, n > (check.bound ?? 0) && hit !== undefined ? hit : { at: el }]);
    }
    counts[i] = 0;
    hits[i] = undefined;
  }
}

/**
 * Runs compiled syntax rules over a tree: one walk, each element checked by
 * its first matching context only. Findings of path checks come in document
 * order of their context; those of irregular checks follow.
 */
export function runSyntaxRules(rules: CompiledSyntaxRules, root: CiiElement): Finding[] {
  const out: Failed[] = [];
  // The irregular checks to run once the walk is done, and the element of each (two lists: no pair per entry).
  const deferredChecks: CustomCheck[] = [];
  const deferredAt: CiiElement[] = [];
  const facts: DocumentFacts = {
    billedQuantityHasUnit: false,
    dueDateTypeCodes: [],
    paymentMeansCodes: [],
    paymentMeansTexts: [],
    paymentReferences: [],
  };

  const visit = (el: CiiElement, parentPath: PathNode | undefined): void => {
    const name = el.name;
    const pathNode = parentPath?.children.get(name);
    const info = nameInfo(rules, name);
    let best = info.first;
    if (pathNode !== undefined && pathNode.context < best) best = pathNode.context;
    const parent = el.parent;
    if (parent !== undefined) {
      const byParent = info.byParent?.get(parent.name);
      if (byParent !== undefined && byParent < best) best = byParent;
      // Facts for the tests that reach beyond their context.
      switch (info.fact) {
        case Fact.None:
          break;
        case Fact.DueDateTypeCode:
          if (parent.name === 'ram:ApplicableTradeTax') facts.dueDateTypeCodes.push(el);
          break;
        case Fact.PaymentMeansTypeCode:
          if (parent.name === 'ram:SpecifiedTradeSettlementPaymentMeans') facts.paymentMeansCodes.push(el);
          break;
        case Fact.PaymentMeansInformation:
          if (parent.name === 'ram:SpecifiedTradeSettlementPaymentMeans') facts.paymentMeansTexts.push(el);
          break;
        case Fact.PaymentReference:
          if (parent.name === 'ram:ApplicableHeaderTradeSettlement') facts.paymentReferences.push(el);
          break;
      }
    }
    const withAttr = info.withAttr;
    if (withAttr !== undefined) {
      for (let k = 0; k < withAttr.length; k++) {
        const m = withAttr[k]!;
        if (m.index < best && el.attrs[m.attr] === m.value) best = m.index;
      }
    }
    if (pathNode?.billedQuantity === true && 'unitCode' in el.attrs) facts.billedQuantityHasUnit = true;

    if (best !== NONE) {
      const cc = rules.contexts[best] as CompiledContext;
      evaluatePathChecks(cc, el, out);
      const customs = cc.customs;
      for (let k = 0; k < customs.length; k++) {
        deferredChecks.push(customs[k]!);
        deferredAt.push(el);
      }
    }
    const children = el.children;
    for (let c = 0; c < children.length; c++) visit(children[c]!, pathNode);
  };
  visit(root, rules.paths);

  for (let i = 0; i < deferredChecks.length; i++) {
    const check = deferredChecks[i]!;
    const failure = check.test(deferredAt[i]!, facts);
    if (failure !== undefined) out.push([check, failure]);
  }
  // One locator for the whole document: each parent's children are numbered once, however many findings.
  const locator = new ElementLocator();
  return out.map((failed) => finding(failed, locator));
}
