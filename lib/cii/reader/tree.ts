/**
 * A lightweight, plain-JavaScript element tree of a parsed CII document.
 *
 * libxml2-wasm nodes are thin handles into WebAssembly memory: every property
 * read crosses into the wasm module. Readers and rule engines that visit the
 * same elements many times (the CII reader, the CII-SR / CII-DT syntax rules
 * of EN 16931-3-3) therefore work on this tree instead, built in one walk.
 *
 * Element names are canonicalised by namespace URI, whatever prefixes (or
 * default namespaces) the source document uses (the UBL 2.1 prefixes are those
 * of the CEN EN 16931 UBL artefacts, lib/ubl/namespaces.ts):
 *
 * | namespace URI                                                               | canonical prefix |
 * |-----------------------------------------------------------------------------|------------------|
 * | urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100                | `rsm:`           |
 * | urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100 | `ram:`    |
 * | urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100                 | `udt:`           |
 * | urn:un:unece:uncefact:data:standard:QualifiedDataType:100                   | `qdt:`           |
 * | urn:oasis:names:specification:ubl:schema:xsd:Invoice-2 (UBL 2.1)           | `ubl:`           |
 * | urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2                   | `cn:`            |
 * | urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2    | `cac:`           |
 * | urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2        | `cbc:`           |
 * | urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2    | `ext:`           |
 * | any other namespace                                                         | `{uri}local`     |
 * | no namespace                                                                | `local`          |
 *
 * Attributes without a namespace keep their local name (`schemeID`); attributes
 * in a namespace are keyed `{uri}local` (e.g. `xsi:schemaLocation`), so a rule
 * asking for the unqualified `@schemeID` never sees a namespaced look-alike.
 */
import { XmlCData, XmlElement, XmlText } from 'libxml2-wasm';
// Internal struct helpers of libxml2-wasm 0.7 (same module instance as the public API).
import { XmlNodeSetStruct } from 'libxml2-wasm/lib/libxml2.mjs';
import type { XmlDocument } from 'libxml2-wasm';
import { NS_QDT, NS_RAM, NS_RSM, NS_UDT } from '../namespaces.js';
import { UBL_PREFIXES } from '../../ubl/namespaces.js';
import { ElementLocator } from './locate.js';

export { NS_QDT, NS_RAM, NS_RSM, NS_UDT };

/** Canonical prefix of each CII namespace URI. */
export const CII_PREFIXES: Readonly<Record<string, string>> = Object.freeze({
  [NS_RSM]: 'rsm',
  [NS_RAM]: 'ram',
  [NS_UDT]: 'udt',
  [NS_QDT]: 'qdt',
});

/** Canonical prefix of every namespace the tree names by prefix: CII D16B and UBL 2.1. */
const PREFIXES: Readonly<Record<string, string>> = Object.freeze({ ...CII_PREFIXES, ...UBL_PREFIXES });

/**
 * One element of the tree. Trees are read-only once built: the tree the
 * writers mirror (lib/xml/xml-builder.ts) shares one frozen empty `attrs`
 * between elements without attributes, one frozen record per distinct
 * attribute text, and one frozen empty `children` between its leaves.
 */
export interface CiiElement {
  /** Canonical prefixed name: `rsm:`, `ram:`, `udt:`, `qdt:` (CII) or `ubl:`, `cn:`, `cac:`, `cbc:`, `ext:` (UBL) by namespace URI, else `{uri}local` (or `local`). */
  name: string;
  /** Attributes by name: local name when unqualified, `{uri}local` when in a namespace. */
  attrs: Record<string, string>;
  /** Child elements in document order. */
  children: CiiElement[];
  /** Concatenated direct text and CDATA content, untrimmed (descendants' text excluded). */
  text: string;
  /** Source line, when the element was parsed from text. */
  line?: number;
  /** Parent element; absent on the root. */
  parent?: CiiElement;
}

/** One step of a trie of element paths from the root (canonical names), numbered by `id`. */
export interface PathStep {
  readonly id: number;
  readonly name: string;
  /** The steps that continue this path, by name. */
  readonly next: ReadonlyMap<string, PathStep>;
}

/**
 * What rules ask a builder of the tree to record as it creates the elements,
 * so they need not walk the tree again: the elements of some names anywhere
 * (`//name`), and the elements at each path of a trie from the root.
 */
export interface IndexPlan {
  readonly names: readonly string[];
  /** The first steps of the paths (the names the root element may have). */
  readonly roots: ReadonlyMap<string, PathStep>;
  /** The paths recorded are those with an id below `size` (steps added to the trie later are not). */
  readonly size: number;
}

/** What a builder recorded for an {@link IndexPlan}; every list in document order. */
export interface ElementIndex {
  /** The elements of each of the plan's names. */
  readonly byName: ReadonlyMap<string, readonly CiiElement[]>;
  /** The elements at each path of the plan, by step id (length: the plan's size); undefined where there are none. */
  readonly byPath: readonly (readonly CiiElement[] | undefined)[];
}

/** The one frozen attribute record of every element without attributes. */
const NO_ATTRS: Record<string, string> = Object.freeze({}) as Record<string, string>;
/**
 * The one empty child list of every leaf element, so that a leaf allocates no
 * array. Not frozen: a frozen array has another elements kind than the lists
 * of the other elements, which makes every loop over `children` in the rule
 * engines polymorphic (measured: the CII syntax rules on a typical invoice
 * went from 71 to 96 us with a frozen one). Trees are read-only.
 */
const NO_CHILDREN: CiiElement[] = [];

/**
 * The elements this module builds: one class whose instances all have the
 * same fields in the same order (`parent` and `line` included, undefined when
 * absent), so that the readers and rule engines reading them keep
 * monomorphic property accesses. Leaves share {@link NO_CHILDREN}, elements
 * without attributes {@link NO_ATTRS}.
 */
class TreeElement implements CiiElement {
  name: string;
  attrs: Record<string, string>;
  children: CiiElement[];
  text: string;
  line: number | undefined;
  parent: CiiElement | undefined;

  constructor(name: string, attrs: Record<string, string>, line: number | undefined, parent: CiiElement | undefined) {
    this.name = name;
    this.attrs = attrs;
    this.children = NO_CHILDREN;
    this.text = '';
    this.line = line;
    this.parent = parent;
  }
}

/** Appends `child` to `node`'s children, allocating the list on the first one. */
function adopt(node: TreeElement, child: CiiElement): void {
  if (node.children === NO_CHILDREN) node.children = [child];
  else node.children.push(child);
}

/**
 * The engine's unique copy of a string (a property key's), the one string
 * literals in the code are: comparing element names with literals
 * (`el.name === 'ram:ID'`, switches over names, in every reader and rule
 * engine) is then a pointer comparison instead of one of characters. Done
 * once per distinct name per document.
 */
function internalized(s: string): string {
  const key: Record<string, 0> = {};
  key[s] = 0;
  for (const k in key) return k;
  return s;
}

/** Element names by namespace URI and local name, across documents (the same few hundred names come back in every invoice). */
const CANONICAL_NAMES = new Map<string, Map<string, string>>();
let canonicalNameCount = 0;
/** Names remembered across documents: far more than CII and UBL have; beyond it (hostile input), names are built afresh. */
const CANONICAL_NAMES_MAX = 4096;

/** The canonical, internalized element name of (`uri`, `local`): built once per process, then looked up. */
function canonicalName(uri: string, local: string): string {
  let byLocal = CANONICAL_NAMES.get(uri);
  let name = byLocal?.get(local);
  if (name !== undefined) return name;
  name = internalized(canonical(uri, local));
  if (canonicalNameCount < CANONICAL_NAMES_MAX) {
    if (byLocal === undefined) {
      byLocal = new Map();
      CANONICAL_NAMES.set(uri, byLocal);
    }
    byLocal.set(local, name);
    canonicalNameCount++;
  }
  return name;
}

function canonical(uri: string, local: string): string {
  if (uri === '') return local;
  const prefix = PREFIXES[uri];
  return prefix === undefined ? `{${uri}}${local}` : `${prefix}:${local}`;
}

/**
 * Converts a parsed libxml2-wasm document into a {@link CiiElement} tree in one
 * walk over its nodes. The document stays owned by the caller (dispose it when
 * done); the returned tree holds no reference into it.
 *
 * The walk reads libxml2's node structs straight from WebAssembly memory
 * (see {@link readTreeFromMemory}); when that is not possible with the
 * installed libxml2-wasm build it falls back to the public node API, which
 * gives the same tree several times slower.
 *
 * @throws Error when the document has no root element.
 */
export function toElementTree(doc: XmlDocument): CiiElement {
  const root = doc.root;
  if (!(root instanceof XmlElement)) throw new Error('The XML document has no root element.');
  return readTreeFromMemory(root) ?? readTreeWithNodeApi(root);
}

/**
 * The portable walk over the public libxml2-wasm node API. Every property read
 * crosses into WebAssembly and allocates a wrapper, hence the fast path above;
 * exported for the test that proves both walks build the same tree.
 */
export function readTreeWithNodeApi(root: XmlElement): CiiElement {
  // Namespace URIs repeat on almost every element: resolve each (uri, local)
  // pair once per document instead of building the same string again.
  const names = new Map<string, string>();
  const nameOf = (uri: string, local: string): string => {
    const key = `${uri} ${local}`;
    let name = names.get(key);
    if (name === undefined) {
      name = canonicalName(uri, local);
      names.set(key, name);
    }
    return name;
  };
  const convert = (el: XmlElement, parent: CiiElement | undefined): CiiElement => {
    let attrs = NO_ATTRS;
    for (const a of el.attrs) {
      if (attrs === NO_ATTRS) attrs = {};
      attrs[canonical(a.namespaceUri, a.name)] = a.value;
    }
    const node = new TreeElement(nameOf(el.namespaceUri, el.name), attrs, el.line & 0xffff, parent);
    let text = '';
    for (let child = el.firstChild; child !== null; child = child.next) {
      if (child instanceof XmlElement) adopt(node, convert(child, node));
      else if (child instanceof XmlText || child instanceof XmlCData) text += child.content;
    }
    node.text = text;
    return node;
  };
  return convert(root, undefined);
}

// libxml2 2.x struct layout on wasm32 (4-byte pointers), as compiled into
// libxml2-wasm 0.7: xmlNode {_private, type, name, children, last, parent,
// next, prev, doc, ns, content, properties, nsDef, psvi, line:u16, extra:u16},
// xmlAttr {_private, type, name, children, ...}, xmlNs {next, type, href, prefix}.
const OFF_TYPE = 4;
const OFF_NAME = 8;
const OFF_CHILDREN = 12;
const OFF_NEXT = 24;
const OFF_NS = 36;
const OFF_CONTENT = 40;
const OFF_PROPERTIES = 44;
const OFF_LINE = 56;
const OFF_NS_HREF = 8;
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

const utf8 = new TextDecoder('utf-8');

/** Runs of blanks up to this length are remembered by their bytes, as a base-5 number of their blank codes (5^12 < 2^30: a small integer, no boxed key). */
const SHORT_BLANKS = 12;
/** Distinct short blank runs remembered, across documents: far more than indentation needs, so hostile input cannot grow the memo without end. */
const SHORT_BLANK_MEMO_MAX = 1024;
const SHORT_BLANK_TEXT = new Map<number, string>();

/** 1..4 for the XML blanks (space, LF, tab, CR), 0 for anything else. */
function blankCode(byte: number): number {
  switch (byte) {
    case 0x20:
      return 1;
    case 0x0a:
      return 2;
    case 0x09:
      return 3;
    case 0x0d:
      return 4;
    default:
      return 0;
  }
}

/** The WebAssembly memory libxml2-wasm parses into, reached through its struct helpers. */
function wasmMemory(probePtr: number): ArrayBuffer | undefined {
  try {
    // nodeTable() answers a view of the module's HEAP32; an empty view over any
    // readable address is enough to reach the underlying memory buffer.
    const view = XmlNodeSetStruct.nodeTable(probePtr, 0);
    return view.buffer instanceof ArrayBuffer ? view.buffer : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The fast walk: reads the libxml2 structs of `root` and its descendants from
 * WebAssembly memory, decoding each interned name once. Returns undefined, so
 * the caller falls back to the node API, when the memory or the node pointer
 * cannot be reached or the root does not read back as the node API sees it.
 */
function readTreeFromMemory(root: XmlElement): CiiElement | undefined {
  const rootPtr = (root as unknown as { _nodePtr?: unknown })._nodePtr;
  if (typeof rootPtr !== 'number' || rootPtr <= 0) return undefined;
  const buffer = wasmMemory(rootPtr);
  if (buffer === undefined) return undefined;
  const u8 = new Uint8Array(buffer);
  const u32 = new Uint32Array(buffer);
  const u16 = new Uint16Array(buffer);
  // A Buffer over the same memory (no copy): its latin1 decoding makes an ASCII string in one step, where building
  // it a character at a time allocated a string per character.
  const bytes = Buffer.from(buffer);
  // Buffer's own latin1 slice, without toString's argument checks (a few hundred calls per document); toString where absent.
  const latin1 = (bytes as unknown as { latin1Slice?: (start: number, end: number) => string }).latin1Slice;
  const ascii = typeof latin1 === 'function' ? (start: number, end: number) => latin1.call(bytes, start, end) : (start: number, end: number) => bytes.toString('latin1', start, end);

  const cString = (ptr: number): string => {
    let end = ptr;
    let isAscii = true;
    while (u8[end] !== 0) {
      if ((u8[end] as number) > 0x7f) isAscii = false;
      end++;
    }
    return isAscii ? ascii(ptr, end) : utf8.decode(u8.subarray(ptr, end));
  };
  // Element and attribute names live in libxml2's dictionary: one pointer per
  // distinct name, so each is decoded once per document.
  const nameCache = new Map<number, string>();
  const nameAt = (ptr: number): string => {
    let s = nameCache.get(ptr);
    if (s === undefined) {
      s = cString(ptr);
      nameCache.set(ptr, s);
    }
    return s;
  };
  const uriCache = new Map<number, string>();
  const uriOf = (nsPtr: number): string => {
    if (nsPtr === 0) return '';
    let s = uriCache.get(nsPtr);
    if (s === undefined) {
      const href = u32[(nsPtr + OFF_NS_HREF) >>> 2] as number;
      s = href === 0 ? '' : cString(href);
      uriCache.set(nsPtr, s);
    }
    return s;
  };
  const elementNames = new Map<number, Map<number, string>>();
  // Neighbouring elements mostly share a namespace: the names of the last one's are at hand.
  let lastNs = -1;
  let lastNames: Map<number, string> | undefined;
  const elementName = (nsPtr: number, namePtr: number): string => {
    let byName = nsPtr === lastNs ? lastNames : elementNames.get(nsPtr);
    if (byName === undefined) {
      byName = new Map();
      elementNames.set(nsPtr, byName);
    }
    lastNs = nsPtr;
    lastNames = byName;
    let s = byName.get(namePtr);
    if (s === undefined) {
      s = canonicalName(uriOf(nsPtr), nameAt(namePtr));
      byName.set(namePtr, s);
    }
    return s;
  };
  // Text between elements (indentation) repeats on every line of a document:
  // libxml2's parser interns each distinct blank run (under 60 bytes) in its
  // dictionary, one string shared by every text node holding it, so text
  // starting with a blank is first looked up by its pointer, decoded once per
  // document. On a miss, a run of at most 12 blanks is decoded once per
  // process, looked up by its bytes. Other text (one node per value) is
  // decoded where it stands.
  const blanks = new Map<number, string>();
  const contentOf = (ptr: number): string => {
    if (blankCode(u8[ptr] as number) === 0) return cString(ptr);
    const known = blanks.get(ptr);
    return known !== undefined ? known : blankStarting(ptr);
  };
  const blankStarting = (ptr: number): string => {
    let key = 0;
    let end = ptr;
    for (; end - ptr < SHORT_BLANKS; end++) {
      const code = blankCode(u8[end] as number);
      if (code === 0) break;
      key = key * 5 + code;
    }
    let s: string | undefined;
    if (u8[end] === 0) {
      s = SHORT_BLANK_TEXT.get(key);
      if (s === undefined) {
        s = ascii(ptr, end);
        if (SHORT_BLANK_TEXT.size < SHORT_BLANK_MEMO_MAX) SHORT_BLANK_TEXT.set(key, s);
      }
    } else {
      s = cString(ptr);
    }
    blanks.set(ptr, s);
    return s;
  };
  const textOf = (firstChild: number): string => {
    let s = '';
    for (let c = firstChild; c !== 0; c = u32[(c + OFF_NEXT) >>> 2] as number) {
      const type = u32[(c + OFF_TYPE) >>> 2];
      if (type === TEXT_NODE || type === CDATA_SECTION_NODE) {
        const content = u32[(c + OFF_CONTENT) >>> 2] as number;
        if (content !== 0) s += cString(content);
      }
    }
    return s;
  };

  const convert = (ptr: number, parent: CiiElement | undefined): CiiElement => {
    const base = ptr >>> 2;
    let attrs = NO_ATTRS;
    for (let a = u32[base + OFF_PROPERTIES / 4] as number; a !== 0; a = u32[(a + OFF_NEXT) >>> 2] as number) {
      const ab = a >>> 2;
      if (attrs === NO_ATTRS) attrs = {};
      attrs[canonical(uriOf(u32[ab + OFF_NS / 4] as number), nameAt(u32[ab + OFF_NAME / 4] as number))] = textOf(
        u32[ab + OFF_CHILDREN / 4] as number,
      );
    }
    const node = new TreeElement(
      elementName(u32[base + OFF_NS / 4] as number, u32[base + OFF_NAME / 4] as number),
      attrs,
      u16[(ptr + OFF_LINE) >>> 1] as number,
      parent,
    );
    let text = '';
    // The children gather on a stack shared by the whole walk and leave it as one list of the exact size
    // (pushing onto a list of its own left the slack of V8's growth steps in every parent's list).
    const first = top;
    for (let c = u32[base + OFF_CHILDREN / 4] as number; c !== 0; c = u32[(c + OFF_NEXT) >>> 2] as number) {
      const type = u32[(c + OFF_TYPE) >>> 2];
      if (type === ELEMENT_NODE) {
        const child = convert(c, node);
        if (top === stack.length) stack.push(child);
        else stack[top] = child;
        top++;
      } else if (type === TEXT_NODE || type === CDATA_SECTION_NODE) {
        const content = u32[(c + OFF_CONTENT) >>> 2] as number;
        if (content !== 0) text += contentOf(content);
      }
    }
    if (top > first) {
      node.children = stack.slice(first, top);
      top = first;
    }
    node.text = text;
    return node;
  };
  const stack: CiiElement[] = [];
  let top = 0;

  // Guard against a different build or struct layout: the root must read back
  // exactly as the node API reports it, else the portable walk is used. The
  // layout is that of the one libxml2 module of the process: once a root has
  // read back right, the (wasm-crossing) comparison is not made again.
  if (u32[(rootPtr + OFF_TYPE) >>> 2] !== ELEMENT_NODE) return undefined;
  if (!layoutConfirmed) {
    const rootNamePtr = u32[(rootPtr + OFF_NAME) >>> 2] as number;
    if (rootNamePtr === 0 || nameAt(rootNamePtr) !== root.name) return undefined;
    if (uriOf(u32[(rootPtr + OFF_NS) >>> 2] as number) !== root.namespaceUri) return undefined;
    layoutConfirmed = true;
  }
  return convert(rootPtr, undefined);
}

/** Whether a root has read back from memory as the node API reports it (see readTreeFromMemory). */
let layoutConfirmed = false;

/**
 * The XPath-like location of an element, from the root, with canonical
 * prefixes: `/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[2]/ram:SpecifiedTradeProduct/ram:Name`.
 * A step carries a 1-based position `[n]` only when its parent has more than
 * one child of that name, so unique elements read as plain paths.
 */
export function elementPath(el: CiiElement): string {
  // The numbering rules live in one place (./locate.ts); locating many elements of a document should share one locator.
  return new ElementLocator().of(el);
}

/** The child elements of `el` named `name` (canonical name, e.g. `ram:ID`). */
export function childrenNamed(el: CiiElement, name: string): CiiElement[] {
  return el.children.filter((c) => c.name === name);
}

/** The first child element of `el` named `name`, or undefined. */
export function firstChild(el: CiiElement, name: string): CiiElement | undefined {
  return el.children.find((c) => c.name === name);
}
