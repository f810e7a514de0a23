/**
 * A light scanner of well-formed XML text into elements with their source
 * offsets, so mutations are text splices that keep every other byte of the
 * document (namespaces, comments, formatting) as written.
 */

/** An attribute with the offsets of the whole `name="value"` and of the value. */
export interface ScannedAttr {
  name: string;
  start: number;
  end: number;
  valueStart: number;
  valueEnd: number;
}

/** An element: `start` at `<`, `openEnd` after the start tag's `>`, `closeStart` at `</` (= openEnd when self-closing), `end` after the end tag. */
export interface ScannedElement {
  name: string;
  start: number;
  openEnd: number;
  closeStart: number;
  end: number;
  selfClosing: boolean;
  attrs: ScannedAttr[];
  children: ScannedElement[];
  parent: ScannedElement | undefined;
  /** Index in document order. */
  index: number;
}

const MARKUP = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<!DOCTYPE[^>]*>|<\/?[^>]+>/g;
const NAME = /^<\/?\s*([^\s/>]+)/;
const ATTR = /([^\s=/>]+)\s*=\s*("[^"]*"|'[^']*')/g;

/** Every element of `xml` in document order (throws on mismatched tags). */
export function scanXml(xml: string): ScannedElement[] {
  const all: ScannedElement[] = [];
  const stack: ScannedElement[] = [];
  for (const m of xml.matchAll(MARKUP)) {
    const tag = m[0];
    const at = m.index;
    if (tag.startsWith('<!') || tag.startsWith('<?')) continue;
    const name = NAME.exec(tag)?.[1] ?? '';
    if (tag.startsWith('</')) {
      const el = stack.pop();
      if (el === undefined || el.name !== name) throw new Error(`mismatched </${name}> at ${at}`);
      el.closeStart = at;
      el.end = at + tag.length;
      continue;
    }
    const selfClosing = tag.endsWith('/>');
    const el: ScannedElement = {
      name,
      start: at,
      openEnd: at + tag.length,
      closeStart: at + tag.length,
      end: at + tag.length,
      selfClosing,
      attrs: [],
      children: [],
      parent: stack.at(-1),
      index: all.length,
    };
    for (const a of tag.matchAll(ATTR)) {
      const start = at + a.index;
      const valueStart = start + a[0].length - a[2]!.length + 1;
      el.attrs.push({ name: a[1]!, start, end: start + a[0].length, valueStart, valueEnd: valueStart + a[2]!.length - 2 });
    }
    el.parent?.children.push(el);
    all.push(el);
    if (!selfClosing) stack.push(el);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.at(-1)!.name}>`);
  return all;
}

/** The local name (after the prefix). */
export function localName(el: { name: string }): string {
  const i = el.name.indexOf(':');
  return i < 0 ? el.name : el.name.slice(i + 1);
}

/** The raw text between the tags of a leaf element (undefined when it has child elements). */
export function leafText(xml: string, el: ScannedElement): string | undefined {
  return el.children.length === 0 ? xml.slice(el.openEnd, el.closeStart) : undefined;
}
