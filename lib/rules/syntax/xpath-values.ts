/**
 * The few XPath 2.0 value semantics the CEN CII syntax schematron relies on,
 * over the plain element tree of lib/cii/reader/tree.ts.
 *
 * The official tests compare element values as `xs:untypedAtomic`: against a
 * string literal that is an exact string comparison (`ram:TypeCode='916'`, no
 * trimming), against `false()` it is a cast to `xs:boolean`, and
 * `normalize-space()` trims and collapses XML whitespace only.
 */
import type { CiiElement } from '../../cii/reader/tree.js';

const XML_SPACE = /[ \t\n\r]+/g;

/**
 * XPath `normalize-space()`: XML whitespace (space, tab, CR, LF) trimmed and collapsed to one space. Only those
 * four: a no-break space or another Unicode space stays (JavaScript's trim() would remove it).
 */
export function normalizeSpace(s: string): string {
  // Most values hold no white space at all: nothing to replace then.
  if (!ANY_SPACE.test(s)) return s;
  return s.replace(XML_SPACE, ' ').replace(EDGE_SPACE, '');
}

const ANY_SPACE = /[ \t\n\r]/;
const EDGE_SPACE = /^ | $/g;

/**
 * The XPath string value of an element: its text and its descendants' text.
 * Exact for the leaf elements the rules compare; for mixed content the tree
 * keeps an element's own text apart from its children's, so their relative
 * order is approximated (own text first).
 */
export function stringValue(el: CiiElement): string {
  if (el.children.length === 0) return el.text;
  let s = el.text;
  for (const c of el.children) s += stringValue(c);
  return s;
}

/**
 * `xs:boolean` cast of an untyped value (whitespace-collapsed `true`, `false`,
 * `1`, `0`). Undefined when the lexical form is not a boolean: XPath raises an
 * error there, which we treat as "not equal" to either boolean.
 */
export function castBoolean(s: string): boolean | undefined {
  switch (normalizeSpace(s)) {
    case 'true':
    case '1':
      return true;
    case 'false':
    case '0':
      return false;
    default:
      return undefined;
  }
}

/** The local part of a canonical element name (`ram:ID` -> `ID`, `{uri}X` -> `X`). */
export function localName(name: string): string {
  const brace = name.lastIndexOf('}');
  if (brace >= 0) return name.slice(brace + 1);
  const colon = name.indexOf(':');
  return colon >= 0 ? name.slice(colon + 1) : name;
}

/** What {@link select} answers when nothing matches: one shared, frozen empty list. */
const NOTHING: readonly CiiElement[] = Object.freeze([]);

/**
 * The children of `el` reached by following `steps` (canonical names), in
 * document order. Allocation-light (it runs for many elements of every
 * document): no list for the start, none while nothing matches, and the
 * shared empty list when nothing does.
 */
export function select(el: CiiElement, steps: readonly string[]): readonly CiiElement[] {
  if (steps.length === 0) return [el];
  const first = steps[0];
  let current: CiiElement[] | undefined;
  for (const child of el.children) {
    if (child.name !== first) continue;
    if (current === undefined) current = [child];
    else current.push(child);
  }
  for (let k = 1; k < steps.length && current !== undefined; k++) {
    const step = steps[k];
    let next: CiiElement[] | undefined;
    for (const c of current) {
      for (const child of c.children) {
        if (child.name !== step) continue;
        if (next === undefined) next = [child];
        else next.push(child);
      }
    }
    current = next;
  }
  return current ?? NOTHING;
}

/** The first child of `el` named `name` (canonical name), or undefined: `select(el, [name])[0]` without a list. */
export function firstNamed(el: CiiElement, name: string): CiiElement | undefined {
  for (const child of el.children) if (child.name === name) return child;
  return undefined;
}

/** True when `el` has an ancestor named `name` (XPath `ancestor::name`). */
export function hasAncestor(el: CiiElement, name: string): boolean {
  for (let p = el.parent; p !== undefined; p = p.parent) if (p.name === name) return true;
  return false;
}

/**
 * `normalize-space(name)` for a child step: the normalised string value of the
 * first child so named, or '' when there is none. (XPath raises a type error
 * for several such children; we read the first.)
 */
export function normalizedChild(el: CiiElement, name: string): string {
  const child = el.children.find((c) => c.name === name);
  return child === undefined ? '' : normalizeSpace(stringValue(child));
}
