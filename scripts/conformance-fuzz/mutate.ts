/**
 * Structural mutation operators over CII and UBL documents, deterministic per
 * seed (the operators are syntax-neutral; the date and boolean forms follow
 * the element: a CII `udt:DateTimeString` / `udt:Indicator`, a UBL
 * `cbc:...Date` / `cbc:ChargeIndicator`).
 * A mutation is one text splice (an {@link Edit}) chosen from the document's
 * scanned elements; a mutant is a base document with one to three
 * non-overlapping edits, so it can be shrunk by dropping edits.
 */
import { leafText, localName, scanXml, type ScannedElement } from './xml-scan.js';
import type { ListPool, ListPools } from './code-lists.js';

/** One splice of the base text, with what it does in words. */
export interface Edit {
  start: number;
  end: number;
  text: string;
  op: string;
}

/** A pseudo-random source (mulberry32): the same seed gives the same mutants. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T | undefined {
    return xs.length === 0 ? undefined : xs[this.int(xs.length)];
  }
}

/** A scanned base document and what the operators draw from. */
export interface Base {
  name: string;
  xml: string;
  elements: ScannedElement[];
}

/** Codes seen anywhere in the corpus (element and attribute values of coded terms): "a code from another list". */
export type CodePool = readonly string[];

const CODE_ELEMENT = /(Code|ID|CountryID|Indicator)$/;
const CODE_ATTR = /^(schemeID|unitCode|currencyID|listID|listVersionID|mimeCode|format)$/;
const CODE_VALUE = /^[A-Za-z0-9:._-]{1,12}$/;
const NUMBER = /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/;

/** Scans a base document. */
export function scanBase(name: string, xml: string): Base {
  return { name, xml, elements: scanXml(xml) };
}

/** Collects the code pool of a set of bases (sorted, so the pool does not depend on reading order). */
export function collectCodes(bases: readonly Base[]): CodePool {
  const codes = new Set<string>();
  for (const b of bases) {
    for (const el of b.elements) {
      const t = leafText(b.xml, el)?.trim();
      if (t !== undefined && CODE_ELEMENT.test(localName(el)) && CODE_VALUE.test(t)) codes.add(t);
      for (const a of el.attrs) if (CODE_ATTR.test(a.name)) codes.add(b.xml.slice(a.valueStart, a.valueEnd));
    }
  }
  return [...codes].sort();
}

/** Near misses of a code: case, one character more or less, an inner space. */
function nearMiss(rng: Rng, code: string): string {
  const t = code.trim();
  switch (rng.int(5)) {
    case 0:
      return t.toLowerCase() === t ? t.toUpperCase() : t.toLowerCase();
    case 1:
      return `${t}X`;
    case 2:
      return t.slice(0, -1);
    case 3:
      return t.length > 1 ? `${t.slice(0, 1)} ${t.slice(1)}` : `${t} `;
    default:
      return `0${t}`;
  }
}

type Operator = (rng: Rng, base: Base, pool: CodePool, lists: ListPools) => Edit | undefined;

const inner = (b: Base): ScannedElement[] => b.elements.filter((e) => e.parent !== undefined);
const leaves = (b: Base): ScannedElement[] => b.elements.filter((e) => e.parent !== undefined && e.children.length === 0 && !e.selfClosing);
const replaceText = (el: ScannedElement, text: string, op: string): Edit => ({ start: el.openEnd, end: el.closeStart, text, op });
const where = (b: Base, el: ScannedElement): string => {
  const names: string[] = [];
  for (let e: ScannedElement | undefined = el; e !== undefined && e.parent !== undefined; e = e.parent) {
    const same = e.parent.children.filter((c) => c.name === e!.name);
    names.unshift(same.length > 1 ? `${localName(e)}[${same.indexOf(e) + 1}]` : localName(e));
  }
  return names.join('/') || b.name;
};
const indentBefore = (b: Base, el: ScannedElement): string => /[ \t]*$/.exec(b.xml.slice(Math.max(0, el.start - 200), el.start))?.[0] ?? '';

/** Empties an element (aggregate or leaf): nothing, a blank, or a comment in its place. */
const emptyElement: Operator = (rng, b) => {
  const el = rng.pick(inner(b).filter((e) => !e.selfClosing && e.closeStart > e.openEnd));
  if (el === undefined) return undefined;
  const filler = rng.pick(['', ' ', '<!-- emptied -->', '\n'])!;
  return replaceText(el, filler, `empty ${where(b, el)} (${JSON.stringify(filler)})`);
};

/** Removes an element. */
const removeElement: Operator = (rng, b) => {
  const el = rng.pick(inner(b).filter((e) => e.parent!.parent !== undefined));
  return el && { start: el.start, end: el.end, text: '', op: `remove ${where(b, el)}` };
};

/** Duplicates an element, or a run of consecutive siblings. */
const duplicate: Operator = (rng, b) => {
  const el = rng.pick(inner(b).filter((e) => e.parent!.parent !== undefined));
  if (el === undefined) return undefined;
  const sibs = el.parent!.children;
  const i = sibs.indexOf(el);
  const j = rng.int(3) === 0 ? Math.min(sibs.length - 1, i + 1 + rng.int(3)) : i;
  const last = sibs[j]!;
  const copy = b.xml.slice(el.start, last.end);
  return { start: last.end, end: last.end, text: `\n${indentBefore(b, el)}${copy}`, op: `duplicate ${where(b, el)}${j > i ? ` .. ${localName(last)} (${j - i + 1} siblings)` : ''}` };
};

/**
 * Writes a leaf twice, one occurrence changed (a code of the corpus, a near
 * miss, or the value with white space around), the changed one first or
 * second: the official general comparisons (`CategoryCode = 'S'`,
 * `!= 'O'`, `End >= Start`) and per-element contexts see each occurrence.
 */
const repeatVariant: Operator = (rng, b, pool) => {
  const el = rng.pick(leaves(b).filter((e) => e.parent!.parent !== undefined));
  if (el === undefined) return undefined;
  const old = b.xml.slice(el.openEnd, el.closeStart);
  const kind = rng.int(3);
  const variant = kind === 0 ? rng.pick(pool)! : kind === 1 ? nearMiss(rng, old) : ` ${old} `;
  const original = b.xml.slice(el.start, el.end);
  const changed = b.xml.slice(el.start, el.openEnd) + variant + b.xml.slice(el.closeStart, el.end);
  const first = rng.int(2) === 0;
  const text = first ? `${changed}\n${indentBefore(b, el)}${original}` : `${original}\n${indentBefore(b, el)}${changed}`;
  return { start: el.start, end: el.end, text, op: `repeat ${where(b, el)} with ${JSON.stringify(variant)} ${first ? 'first' : 'second'}` };
};

/** Replaces a code (element text or coded attribute) with another code of the corpus or a near miss. */
const replaceCode: Operator = (rng, b, pool) => {
  if (rng.int(2) === 0) {
    const el = rng.pick(leaves(b).filter((e) => CODE_ELEMENT.test(localName(e)) && CODE_VALUE.test(b.xml.slice(e.openEnd, e.closeStart).trim())));
    if (el === undefined) return undefined;
    const old = b.xml.slice(el.openEnd, el.closeStart);
    const code = rng.int(2) === 0 ? rng.pick(pool)! : nearMiss(rng, old);
    return replaceText(el, code, `code ${where(b, el)}: ${JSON.stringify(old)} -> ${JSON.stringify(code)}`);
  }
  const cands = b.elements.flatMap((e) => e.attrs.filter((a) => CODE_ATTR.test(a.name)).map((a) => ({ e, a })));
  const c = rng.pick(cands);
  if (c === undefined) return undefined;
  const old = b.xml.slice(c.a.valueStart, c.a.valueEnd);
  const code = rng.int(2) === 0 ? rng.pick(pool)! : nearMiss(rng, old);
  return { start: c.a.valueStart, end: c.a.valueEnd, text: code.replace(/"/g, ''), op: `code ${where(b, c.e)}/@${c.a.name}: ${JSON.stringify(old)} -> ${JSON.stringify(code)}` };
};

/**
 * Replaces a code (element text or coded attribute) with a code of an official
 * list that covers a field of that name (./code-lists.ts): codes the corpus
 * never uses, codes of one list in the field of another, half the time the
 * edge codes (the newest of a list, those not in every list of the field).
 */
const listCode: Operator = (rng, b, _pool, lists) => {
  const cands: Array<{ e: ScannedElement; a?: { name: string; valueStart: number; valueEnd: number }; codes: ListPool }> = [];
  for (const e of b.elements) {
    if (e.parent === undefined) continue;
    const own = e.children.length === 0 && !e.selfClosing ? lists.get(localName(e)) : undefined;
    if (own !== undefined) cands.push({ e, codes: own });
    for (const a of e.attrs) {
      const codes = lists.get(a.name);
      if (codes !== undefined) cands.push({ e, a, codes });
    }
  }
  const c = rng.pick(cands);
  if (c === undefined) return undefined;
  const code = (c.codes.edge.length > 0 && rng.int(2) === 0 ? rng.pick(c.codes.edge) : rng.pick(c.codes.codes))!;
  if (c.a === undefined) {
    const old = b.xml.slice(c.e.openEnd, c.e.closeStart);
    return replaceText(c.e, code, `list code ${where(b, c.e)}: ${JSON.stringify(old)} -> ${JSON.stringify(code)}`);
  }
  const old = b.xml.slice(c.a.valueStart, c.a.valueEnd);
  return { start: c.a.valueStart, end: c.a.valueEnd, text: code, op: `list code ${where(b, c.e)}/@${c.a.name}: ${JSON.stringify(old)} -> ${JSON.stringify(code)}` };
};

/** xs:boolean lexical forms (and, rarely, forms outside it) in a CII udt:Indicator or a UBL cbc:ChargeIndicator. */
const booleanForm: Operator = (rng, b) => {
  const el = rng.pick(leaves(b).filter((e) => localName(e).endsWith('Indicator')));
  if (el === undefined) return undefined;
  const forms = ['0', '1', 'true', 'false', ' true ', '\nfalse\n', ' 1', '0 '];
  const form = rng.int(20) === 0 ? rng.pick(['TRUE', 'yes', ''])! : rng.pick(forms)!;
  return replaceText(el, form, `indicator ${where(b, el)} -> ${JSON.stringify(form)}`);
};

/** White space around a value. */
const whitespace: Operator = (rng, b) => {
  const el = rng.pick(leaves(b).filter((e) => b.xml.slice(e.openEnd, e.closeStart).trim() !== ''));
  if (el === undefined) return undefined;
  const t = b.xml.slice(el.openEnd, el.closeStart);
  const pad = rng.pick([[' ', ' '], ['\n\t', '\n'], ['', '  '], ['  ', '']])!;
  return replaceText(el, `${pad[0]}${t}${pad[1]}`, `whitespace around ${where(b, el)}`);
};

const numericLeaves = (b: Base): ScannedElement[] => leaves(b).filter((e) => NUMBER.test(b.xml.slice(e.openEnd, e.closeStart)) && !/(ID|Code|DateTimeString|DateString)$/.test(localName(e)));

/** More or fewer decimals. */
const decimals: Operator = (rng, b) => {
  const el = rng.pick(numericLeaves(b));
  if (el === undefined) return undefined;
  const t = b.xml.slice(el.openEnd, el.closeStart).trim();
  const [int, frac = ''] = t.split('.');
  const next = rng.pick([`${int}.${frac}0`, `${int}.${frac}5`, frac.length > 0 ? `${int}.${frac.slice(0, -1)}`.replace(/\.$/, '') : `${int}.0`, int!, `${int}.${frac}${'0'.repeat(1 + rng.int(4))}1`])!;
  return replaceText(el, next, `decimals ${where(b, el)}: ${t} -> ${next}`);
};

/** Signs: negate, drop a minus, an explicit plus. */
const sign: Operator = (rng, b) => {
  const el = rng.pick(numericLeaves(b));
  if (el === undefined) return undefined;
  const t = b.xml.slice(el.openEnd, el.closeStart).trim();
  const next = t.startsWith('-') ? rng.pick([t.slice(1), `+${t.slice(1)}`])! : rng.pick([`-${t}`, `+${t}`, `-0${t.replace(/^\+/, '')}`])!;
  return replaceText(el, next, `sign ${where(b, el)}: ${t} -> ${next}`);
};

/** Dates out of range or in another form: CII format 102 (`udt:DateTimeString`), UBL xs:date (`cbc:IssueDate`, `cbc:StartDate`, ...). */
const date: Operator = (rng, b) => {
  // A CII document has no leaf whose name ends with Date: its candidates (and so its mutants per seed) are unchanged.
  const el = rng.pick(leaves(b).filter((e) => /DateTimeString|DateString$/.test(localName(e)) || localName(e).endsWith('Date')));
  if (el === undefined) return undefined;
  const t = b.xml.slice(el.openEnd, el.closeStart).trim();
  const y = /^\d{4}/.exec(t)?.[0] ?? '2024';
  const forms = localName(el).endsWith('Date')
    ? [`${y}-13-01`, `${y}-02-30`, `${y}-02-29`, `${y}-04-31`, `${y}-00-10`, `${y}0115`, `${t}Z`, `${t}+14:00`, `${t}-12:00`, `${y}-12-31`, `${y}-01-01`, '9999-12-31', '0001-01-01', `${t}T10:00:00`, t.slice(0, -1)]
    : [`${y}1301`, `${y}0230`, `${y}0229`, `${y}0431`, `${y}0001`, `${y}-01-15`, '00000000', '99991231', `${t}0`, t.slice(0, -1), `${y}1231`];
  const next = rng.pick(forms)!;
  return replaceText(el, next, `date ${where(b, el)}: ${t} -> ${next}`);
};

/** An attribute removed or emptied. */
const attribute: Operator = (rng, b) => {
  const cands = b.elements.filter((e) => e.parent !== undefined).flatMap((e) => e.attrs.filter((a) => !a.name.startsWith('xmlns')).map((a) => ({ e, a })));
  const c = rng.pick(cands);
  if (c === undefined) return undefined;
  if (rng.int(2) === 0) return { start: c.a.start - 1, end: c.a.end, text: '', op: `remove ${where(b, c.e)}/@${c.a.name}` };
  const v = rng.pick(['', ' '])!;
  return { start: c.a.valueStart, end: c.a.valueEnd, text: v, op: `empty ${where(b, c.e)}/@${c.a.name} (${JSON.stringify(v)})` };
};

/** Swaps two adjacent siblings (of the same name: a reordering CII allows; rarely of different names). */
const reorder: Operator = (rng, b) => {
  const sameName = rng.int(4) !== 0;
  const pairs: Array<[ScannedElement, ScannedElement]> = [];
  for (const e of b.elements) {
    for (let i = 0; i + 1 < e.children.length; i++) {
      const [x, y] = [e.children[i]!, e.children[i + 1]!];
      if ((x.name === y.name) === sameName) pairs.push([x, y]);
    }
  }
  const p = rng.pick(pairs);
  if (p === undefined) return undefined;
  const [x, y] = p;
  const between = b.xml.slice(x.end, y.start);
  return { start: x.start, end: y.end, text: b.xml.slice(y.start, y.end) + between + b.xml.slice(x.start, x.end), op: `swap ${where(b, x)} and ${localName(y)}` };
};

/** The operators with their weights. */
const OPERATORS: ReadonlyArray<[Operator, number]> = [
  [emptyElement, 4],
  [removeElement, 4],
  [duplicate, 3],
  [repeatVariant, 2],
  [replaceCode, 4],
  [booleanForm, 2],
  [whitespace, 2],
  [decimals, 2],
  [sign, 2],
  [date, 2],
  [attribute, 2],
  [reorder, 2],
  [listCode, 2],
];
const TOTAL = OPERATORS.reduce((s, [, w]) => s + w, 0);

function pickOperator(rng: Rng): Operator {
  let r = rng.int(TOTAL);
  for (const [op, w] of OPERATORS) {
    if (r < w) return op;
    r -= w;
  }
  return OPERATORS[0]![0];
}

/** One to three non-overlapping edits of `base`. */
export function mutate(rng: Rng, base: Base, pool: CodePool, lists: ListPools = new Map()): Edit[] {
  const wanted = rng.pick([1, 1, 1, 2, 2, 3])!;
  const edits: Edit[] = [];
  for (let tries = 0; edits.length < wanted && tries < 20; tries++) {
    const e = pickOperator(rng)(rng, base, pool, lists);
    if (e === undefined) continue;
    if (edits.some((o) => e.start < o.end && o.start < e.end || (e.start === e.end && e.start > o.start && e.start < o.end) || (o.start === o.end && o.start > e.start && o.start < e.end))) continue;
    edits.push(e);
  }
  return edits;
}

/** The base text with `edits` applied. */
export function applyEdits(xml: string, edits: readonly Edit[]): string {
  let out = xml;
  for (const e of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
