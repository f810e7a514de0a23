/**
 * A small, fast, forward-only XML text builder shared by the two syntax
 * writers (CII, lib/cii/writer.ts; UBL 2.1, lib/ubl/writer.ts): plain string
 * building, two-space indentation, no DOM.
 *
 * Containers opened with `lazy` only appear when something is written inside
 * them, so optional aggregates (contacts, addresses, referenced documents)
 * vanish when their business terms are absent, without presence checks
 * duplicated in the writers.
 */

import type { CiiElement, ElementIndex, IndexPlan, PathStep } from '../cii/reader/tree.js';

const INDENTS: string[] = [''];
function indent(depth: number): string {
  let s = INDENTS[depth];
  if (s === undefined) {
    s = '  '.repeat(depth);
    INDENTS[depth] = s;
  }
  return s;
}

// XML 1.0 Char production: tab, LF, CR, U+0020..U+D7FF, U+E000..U+FFFD, U+10000..U+10FFFF.
// Fast pre-check (no `u` flag, so it also hits surrogate halves of valid pairs; the slow path sorts those out).
const TEXT_SPECIAL = /[&<>\x00-\x08\x0B\x0C\r\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
const TEXT_REPLACE = /[&<>\r]|[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ATTR_SPECIAL = /[&<>"\t\n\x00-\x08\x0B\x0C\r\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
const ATTR_REPLACE = /[&<>"\t\n\r]|[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  // Character references keep CR, and TAB/LF in attributes, through XML end-of-line
  // and attribute-value normalisation, so the text reads back exactly.
  '\r': '&#13;',
  '\t': '&#9;',
  '\n': '&#10;',
};

function replaceChar(c: string): string {
  // Anything not in ENTITIES matched the "not an XML 1.0 Char" branch: dropped.
  return ENTITIES[c] ?? '';
}

/**
 * Escapes text content: `&`, `<`, `>` as entities, CR as a character reference;
 * characters XML 1.0 forbids (C0 controls, lone surrogates, U+FFFE/U+FFFF) are
 * removed; everything else, astral characters (emoji) included, is kept as is.
 */
export function escapeText(s: string): string {
  return TEXT_SPECIAL.test(s) ? s.replace(TEXT_REPLACE, replaceChar) : s;
}

/** Escapes a double-quoted attribute value: as {@link escapeText}, plus `"`, TAB and LF. */
export function escapeAttr(s: string): string {
  return ATTR_SPECIAL.test(s) ? s.replace(ATTR_REPLACE, replaceChar) : s;
}

/**
 * Attribute texts by name and value, shared between documents: the same few
 * (` unitCode="C62"`, ` schemeID="0009"`, ` currencyID="EUR"`) recur on every
 * line of every invoice. The same string each time also saves the mirrored
 * tree's parse of it ({@link attributes}) the hashing of a new string. The
 * values are the caller's, so each name's table is emptied at a bound.
 */
const ATTRIBUTE_TEXTS = new Map<string, Map<string, string>>();
const ATTRIBUTE_TEXTS_MAX = 256;

/** ` name="value"` with the value escaped ({@link escapeAttr}); `name` is a constant of the writer. */
export function attributeText(name: string, value: string): string {
  let byValue = ATTRIBUTE_TEXTS.get(name);
  if (byValue === undefined) {
    byValue = new Map();
    ATTRIBUTE_TEXTS.set(name, byValue);
  }
  let text = byValue.get(value);
  if (text === undefined) {
    text = flatten(` ${name}="${escapeAttr(value)}"`);
    if (byValue.size >= ATTRIBUTE_TEXTS_MAX) byValue.clear();
    byValue.set(value, text);
  }
  return text;
}

const UNESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#13;': '\r', '&#9;': '\t', '&#10;': '\n' };
const ESCAPED = /&(?:amp|lt|gt|quot|#13|#9|#10);/g;

/** The value an XML parser reads back from text written by {@link escapeText} or {@link escapeAttr}. */
function unescape(s: string): string {
  return s.includes('&') ? s.replace(ESCAPED, (e) => UNESCAPES[e]!) : s;
}

const ATTRIBUTE = / ([^\s=]+)="([^"]*)"/g;

/**
 * The attributes of the mirrored elements without any, and the children of its
 * leaves: one frozen object each, shared (most elements have no attribute, and
 * a leaf never gets a child), so the tree costs one object per element. The
 * tree is read-only once built; a write to a shared empty throws.
 */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;
const NO_CHILDREN: CiiElement[] = Object.freeze([]) as readonly CiiElement[] as CiiElement[];

/** Parses pre-escaped attribute text (` a="v" b="w"`) as a parser would; namespace declarations are not attributes. */
function attributeRecord(attrs: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of attrs.matchAll(ATTRIBUTE)) {
    const name = m[1]!;
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    out[name] = unescape(m[2]!);
  }
  return Object.freeze(out);
}

/**
 * Parsed attribute texts, shared between documents: the same few
 * (` unitCode="C62"`, ` format="102"`, ` currencyID="EUR"`) recur on every
 * line of every invoice. The records are frozen, so sharing them is safe;
 * the cache is emptied when it reaches its bound, as the texts also carry
 * the caller's values (identifiers' schemes, file names).
 */
const ATTRIBUTE_RECORDS = new Map<string, Record<string, string>>();
const ATTRIBUTE_RECORDS_MAX = 512;

/** The attributes a parser reads from pre-escaped attribute text (see {@link ATTRIBUTE_RECORDS}). */
function attributes(attrs: string): Record<string, string> {
  if (attrs === '') return NO_ATTRIBUTES;
  let record = ATTRIBUTE_RECORDS.get(attrs);
  if (record === undefined) {
    record = attributeRecord(attrs);
    if (ATTRIBUTE_RECORDS.size >= ATTRIBUTE_RECORDS_MAX) ATTRIBUTE_RECORDS.clear();
    ATTRIBUTE_RECORDS.set(attrs, record);
  }
  return record;
}

/**
 * An element of the mirrored tree: a class rather than an object literal, so
 * every element has one shape with its properties in the object, the parent
 * link included (a literal given `parent` afterwards grows a separate property
 * store), and carries no allocation-site bookkeeping.
 */
class MirroredElement implements CiiElement {
  constructor(
    public name: string,
    public attrs: Record<string, string>,
    public children: CiiElement[],
    public text: string,
    public parent: CiiElement | undefined,
  ) {}
}

/** Indentation text of a parent of a few children, by depth and count (see {@link XmlBuilder.close}). */
const PARENT_TEXTS: string[][] = [];
const PARENT_TEXT_CACHED = 64;

/** What a parser keeps of the indentation of an element at `depth` with `count` children: a line break and indent before each child, one before the end tag. */
function parentText(depth: number, count: number): string {
  const byCount = (PARENT_TEXTS[depth] ??= []);
  let text = byCount[count];
  if (text === undefined) {
    text = `\n${indent(depth + 1)}`.repeat(count) + `\n${indent(depth)}`;
    if (count <= PARENT_TEXT_CACHED) byCount[count] = text;
  }
  return text;
}

/** Matches the empty string at the start: its only use is that V8 flattens the subject of a regular expression. */
const FLATTEN = /(?:)/y;

/**
 * The same text as one flat string where the engine allows (V8 copies a
 * string built by appending, a rope of one node per piece, into one block when
 * a regular expression runs on it, and the rope's nodes become garbage);
 * elsewhere the text is unchanged all the same.
 */
function flatten(text: string): string {
  FLATTEN.lastIndex = 0;
  FLATTEN.test(text);
  return text;
}

/** A line break and the indentation of an element at `depth`: what precedes every line but the first. */
const LINE_STARTS: string[] = [];
function lineStart(depth: number): string {
  return (LINE_STARTS[depth] ??= flatten(`\n${indent(depth)}`));
}

/**
 * The texts of an element's tags, built once per name and shared by every
 * document: `<name` (before attributes), `<name>`, `</name>`, and, by depth,
 * the start and end tags with the line break and indentation before them.
 * Each flat (see {@link flatten}), so that appending one adds one rope node.
 */
interface Tags {
  readonly open: string;
  readonly start: string;
  readonly end: string;
  /** `\n`, indentation and `<name` by depth. */
  readonly lineOpen: string[];
  /** `\n`, indentation and `<name>` by depth. */
  readonly lineStart: string[];
  /** `\n`, indentation and `</name>` by depth. */
  readonly lineEnd: string[];
  /**
   * For the {@link IndexPlan} `stepPlan`: the path step of an element of this
   * name under a parent at each step (by the parent step's id), null where the
   * plan has none; filled as elements are recorded (see XmlBuilder.recordPath).
   */
  stepPlan: IndexPlan | undefined;
  stepAfter: (PathStep | null | undefined)[];
}

/**
 * Tags by element name. The writers' names are constants of the code, so the
 * map stays small; it is emptied at a bound all the same, as a guard.
 */
const TAGS = new Map<string, Tags>();
const TAGS_MAX = 4096;

function tagsOf(name: string): Tags {
  let t = TAGS.get(name);
  if (t === undefined) {
    t = { open: flatten(`<${name}`), start: flatten(`<${name}>`), end: flatten(`</${name}>`), lineOpen: [], lineStart: [], lineEnd: [], stepPlan: undefined, stepAfter: [] };
    if (TAGS.size >= TAGS_MAX) TAGS.clear();
    TAGS.set(name, t);
  }
  return t;
}

function lineOpen(t: Tags, depth: number): string {
  return (t.lineOpen[depth] ??= flatten(`${lineStart(depth)}${t.open}`));
}

function lineStartTag(t: Tags, depth: number): string {
  return (t.lineStart[depth] ??= flatten(`${lineStart(depth)}${t.start}`));
}

function lineEnd(t: Tags, depth: number): string {
  return (t.lineEnd[depth] ??= flatten(`${lineStart(depth)}${t.end}`));
}

/**
 * The length from which the builder turns the text written so far into one
 * flat chunk (see {@link XmlBuilder.out}): about 1,000 lines of XML.
 */
const CHUNK_CHARS = 65_536;

/**
 * Forward-only XML writer; see the module comment.
 *
 * With `mirrorTree`, it also builds the {@link CiiElement} tree a parser would
 * read from the text (names as written, attributes unescaped, namespace
 * declarations left out, the indentation between child elements as their
 * parent's text), so rules that work on that tree can run on our own output
 * without parsing it again. Element names are taken as written: use it only
 * with the canonical prefixes (CII `rsm:`, `ram:`, `udt:`, `qdt:`; UBL `cac:`,
 * `cbc:`, the root, written in the default namespace, renamed by the writer).
 */
export class XmlBuilder {
  /** Root of the mirrored tree (with `mirrorTree`), once opened. */
  private root: CiiElement | undefined;
  /**
   * The output so far: flat chunks of it (`done`), then the text written
   * since (`out`). Appending to a string (V8 makes a rope, one node per
   * append) is the fastest way to build the text, measured against pieces in
   * an array joined once (about twice the time for the 10-line invoice); the
   * text is flattened chunk by chunk ({@link CHUNK_CHARS}) so that a large
   * document does not hold one rope node per piece: 48 MB of heap held by the
   * 12 MB text of a 10,000-line invoice before, 13 MB now. A small document
   * (one chunk) is handed out as built, the rope flattened by its first reader.
   */
  private done = '';
  private out = '';
  /** Whether anything was written: every line but the first has a line break before it. */
  private started = false;
  /**
   * The open elements, innermost last, as parallel arrays indexed by depth and
   * reused from element to element: name, pre-escaped attribute text, tags
   * (once written), and (with `mirrorTree`) the element's node and the
   * children collected so far.
   */
  private readonly names: string[] = [];
  private readonly attrTexts: string[] = [];
  private readonly tags: Tags[] = [];
  private readonly nodes: (CiiElement | undefined)[] = [];
  /**
   * The children of the open elements, collected on one stack: those of the
   * element at `depth` start at `firstKid[depth]`, up to `kidTop` while it is
   * the innermost. Reused, never truncated (truncating frees its store).
   */
  private readonly kids: CiiElement[] = [];
  private kidTop = 0;
  private readonly firstKid: number[] = [];
  /** Number of open elements. */
  private depth = 0;
  /** Number of open elements (from the outermost) whose start tag is written or pending. */
  private written = 0;
  /** True while the innermost start tag is written without its closing `>`, held back until we know whether the element is empty. */
  private pending = false;

  /**
   * With `mirrorTree` and an {@link IndexPlan}: the mirrored elements of each
   * of its names, and at each of its paths, recorded as they are created
   * (creation order is document order), with the path step of each open
   * element (undefined off the plan's paths).
   */
  private readonly indexed: readonly string[];
  private readonly indexLists: CiiElement[][];
  private readonly plan: IndexPlan | undefined;
  private readonly byPath: (CiiElement[] | undefined)[];
  private readonly pathSteps: (PathStep | undefined)[] = [];

  /**
   * @param mirrorTree build the element tree a parser would read (see the class comment)
   * @param plan with `mirrorTree`: what {@link index} records
   */
  constructor(
    private readonly mirrorTree = false,
    plan?: IndexPlan,
  ) {
    this.plan = plan;
    this.indexed = plan?.names ?? [];
    this.indexLists = this.indexed.map((): CiiElement[] => []);
    this.byPath = new Array<CiiElement[] | undefined>(plan?.size ?? 0).fill(undefined);
  }

  /** Appends a line verbatim (the XML declaration). */
  raw(line: string): void {
    this.flush();
    this.out += this.started ? `\n${line}` : line;
    this.started = true;
  }

  /**
   * Opens an element. `attrs` is pre-escaped text starting with a space.
   * A lazy element is written only if something is written inside it.
   */
  open(name: string, attrs = '', lazy = false): void {
    const d = this.depth++;
    this.names[d] = name;
    this.attrTexts[d] = attrs;
    if (!lazy) this.materialize();
  }

  /** Closes the innermost open element (dropping it if it was lazy and stayed empty). */
  close(): void {
    if (this.depth === 0) throw new Error('XmlBuilder: close() without open()');
    const depth = --this.depth;
    if (this.written <= depth) return; // lazy and empty
    this.written = depth;
    if (this.mirrorTree) {
      const node = this.nodes[depth]!;
      const first = this.firstKid[depth]!;
      const count = this.kidTop - first;
      if (count > 0) {
        // Children collected on the reused stack, copied once to their exact size.
        node.children = this.kids.slice(first, this.kidTop);
        node.text = parentText(depth, count);
        this.kidTop = first;
      }
      this.nodes[depth] = undefined;
    }
    if (this.pending) {
      this.out += '/>';
      this.pending = false;
    } else {
      this.out += lineEnd(this.tags[depth]!, depth);
    }
    if (this.out.length >= CHUNK_CHARS) this.chunk();
  }

  /** Writes `<name attrs>content</name>`; `content` is pre-escaped. */
  leaf(name: string, content: string, attrs = ''): void {
    this.materialize();
    this.flush();
    const depth = this.depth;
    const t = tagsOf(name);
    // Only the first line has no line break before it (a document whose root is a leaf).
    const first = !this.started;
    this.started = true;
    if (attrs === '') this.out += first ? t.start : lineStartTag(t, depth);
    else this.out += `${first ? t.open : lineOpen(t, depth)}${attrs}>`;
    this.out += content;
    this.out += t.end;
    if (this.out.length >= CHUNK_CHARS) this.chunk();
    if (this.mirrorTree) this.node(name, attrs, unescape(content), depth, t);
  }

  /** The tree mirrored so far (see the class comment). @throws Error without `mirrorTree` or before the root is written. */
  tree(): CiiElement {
    if (this.root === undefined) throw new Error('XmlBuilder: no mirrored tree (construct with mirrorTree, write a root element)');
    return this.root;
  }


  /**
   * The mirrored element of an element at `depth`, appended to its parent's
   * children (the element open below it), or made the root. Created with all
   * its properties, the parent link included, so every element has the same
   * shape and no property is added afterwards. Its children, while it is open,
   * are collected apart (see {@link close}).
   */
  private node(name: string, attrs: string, text: string, depth: number, t: Tags): CiiElement {
    if (depth === 0) {
      const root = new MirroredElement(name, attributes(attrs), NO_CHILDREN, text, undefined);
      this.root = root;
      const k = this.indexed.indexOf(name);
      if (k >= 0) this.indexLists[k]!.push(root);
      if (this.plan !== undefined) this.recordPath(root, 0, t);
      return root;
    }
    const node = new MirroredElement(name, attributes(attrs), NO_CHILDREN, text, this.nodes[depth - 1]!);
    this.kids[this.kidTop++] = node;
    // A few names (those of the rules' `//` contexts): compared directly, cheaper than a look-up per element.
    const indexed = this.indexed;
    for (let k = 0; k < indexed.length; k++) {
      if (indexed[k] === name) {
        this.indexLists[k]!.push(node);
        break;
      }
    }
    if (this.plan !== undefined) this.recordPath(node, depth, t);
    return node;
  }

  /** What was recorded for the plan given to the constructor (see {@link IndexPlan}). */
  index(): ElementIndex {
    return { byName: new Map(this.indexed.map((name, i) => [name, this.indexLists[i]!])), byPath: this.byPath };
  }

  /** Records `node`, an element at `depth` with the tags `t`, at its path of the plan, if it is on one. */
  private recordPath(node: CiiElement, depth: number, t: Tags): void {
    const plan = this.plan!;
    let step: PathStep | undefined;
    if (depth === 0) step = plan.roots.get(node.name);
    else {
      const parent = this.pathSteps[depth - 1];
      if (parent !== undefined) {
        // The step after a parent's step, remembered on the name's tags: an array read instead of a map look-up per element.
        // (A step the plan's trie gains later is past `plan.size`, as are all steps below it: never recorded either way.)
        if (t.stepPlan !== plan) {
          t.stepPlan = plan;
          t.stepAfter = [];
        }
        const known = t.stepAfter[parent.id];
        if (known === undefined) {
          step = parent.next.get(node.name);
          t.stepAfter[parent.id] = step ?? null;
        } else step = known ?? undefined;
      }
    }
    // Only open elements need their step (for their children); at a leaf's depth no element is open.
    this.pathSteps[depth] = step;
    if (step === undefined || step.id >= plan.size) return;
    // Most paths select one element: a list of exactly one (an empty list's first push reserves room for 17).
    const list = this.byPath[step.id];
    if (list === undefined) this.byPath[step.id] = [node];
    else list.push(node);
  }

  /** The document, one element per line, ending with a newline. */
  toString(): string {
    if (this.depth !== 0) throw new Error(`XmlBuilder: unclosed <${this.names[this.depth - 1]!}>`);
    this.flush();
    if (this.done === '') return `${this.out}\n`;
    return `${this.done}${flatten(`${this.out}\n`)}`;
  }

  /** Adds the text written since the last chunk to the chunks, flat (see {@link out}). */
  private chunk(): void {
    this.done += flatten(this.out);
    this.out = '';
  }

  private flush(): void {
    if (this.pending) {
      this.out += '>';
      this.pending = false;
    }
  }

  private materialize(): void {
    for (let i = this.written; i < this.depth; i++) {
      this.flush();
      const t = tagsOf(this.names[i]!);
      this.tags[i] = t;
      const attrs = this.attrTexts[i]!;
      this.out += this.started ? lineOpen(t, i) : t.open;
      this.started = true;
      if (attrs !== '') this.out += attrs;
      this.pending = true;
      if (this.mirrorTree) {
        this.nodes[i] = this.node(this.names[i]!, attrs, '', i, t);
        this.firstKid[i] = this.kidTop;
      }
    }
    this.written = this.depth;
  }
}
