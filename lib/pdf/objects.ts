/**
 * Small, total helpers over pdf-lib's object model: look-ups that never throw
 * on a wrong type or a dangling reference (third-party PDFs have both), text
 * of PDF strings, stream decoding, and a walk over a whole name tree
 * (ISO 32000-1, 7.9.6) that does not rely on the keys being sorted.
 */
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib';
import { PDF_MAX_PAGE_TREE_DEPTH } from '../limits.js';
import { decodePdfStream } from './decode.js';

/** A PDF name object, cached by pdf-lib. */
export const N = (name: string): PDFName => PDFName.of(name);

/** A new array holding `objects` (references or direct objects), unresolved. */
export function arrayOf(ctx: PDFContext, objects: readonly PDFObject[]): PDFArray {
  const arr = PDFArray.withContext(ctx);
  for (const o of objects) arr.push(o);
  return arr;
}

/** Resolves an indirect reference (one level; pdf-lib never stores a ref to a ref). */
export function resolve(ctx: PDFContext, obj: PDFObject | undefined): PDFObject | undefined {
  if (obj instanceof PDFRef) {
    try {
      return ctx.lookup(obj);
    } catch {
      return undefined;
    }
  }
  return obj;
}

/** `dict[key]`, resolved, or undefined. */
export function get(ctx: PDFContext, dict: PDFDict | undefined, key: string): PDFObject | undefined {
  if (dict === undefined) return undefined;
  return resolve(ctx, dict.get(N(key)));
}

/** `dict[key]` as a dictionary (the dictionary of a stream too), or undefined. */
export function getDict(ctx: PDFContext, dict: PDFDict | undefined, key: string): PDFDict | undefined {
  return asDict(get(ctx, dict, key));
}

/** `dict[key]` as an array, or undefined. */
export function getArray(ctx: PDFContext, dict: PDFDict | undefined, key: string): PDFArray | undefined {
  const v = get(ctx, dict, key);
  return v instanceof PDFArray ? v : undefined;
}

/** `dict[key]` as a name (without the slash), or undefined. */
export function getName(ctx: PDFContext, dict: PDFDict | undefined, key: string): string | undefined {
  const v = get(ctx, dict, key);
  return v instanceof PDFName ? v.decodeText() : undefined;
}

/** `dict[key]` as a number, or undefined. */
export function getNumber(ctx: PDFContext, dict: PDFDict | undefined, key: string): number | undefined {
  const v = get(ctx, dict, key);
  return v instanceof PDFNumber ? v.asNumber() : undefined;
}

/** `dict[key]` as a text string (PDFDocEncoding or UTF-16BE decoded), or undefined. */
export function getText(ctx: PDFContext, dict: PDFDict | undefined, key: string): string | undefined {
  return textOf(get(ctx, dict, key));
}

/** `dict[key]` as a stream, or undefined. */
export function getStream(ctx: PDFContext, dict: PDFDict | undefined, key: string): PDFStream | undefined {
  const v = get(ctx, dict, key);
  return v instanceof PDFStream ? v : undefined;
}

/** The dictionary of a dictionary or stream object. */
export function asDict(obj: PDFObject | undefined): PDFDict | undefined {
  if (obj instanceof PDFDict) return obj;
  if (obj instanceof PDFStream) return obj.dict;
  return undefined;
}

/** The decoded text of a string object, or undefined for anything else. */
export function textOf(obj: PDFObject | undefined): string | undefined {
  if (obj instanceof PDFString || obj instanceof PDFHexString) {
    try {
      return obj.decodeText();
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The raw bytes of a string object (for name-tree key ordering), or undefined. */
export function bytesOf(obj: PDFObject | undefined): Uint8Array | undefined {
  if (obj instanceof PDFString || obj instanceof PDFHexString) {
    try {
      return obj.asBytes();
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The items of an array, each resolved. */
export function items(ctx: PDFContext, arr: PDFArray | undefined): PDFObject[] {
  if (arr === undefined) return [];
  const out: PDFObject[] = [];
  for (let i = 0; i < arr.size(); i++) {
    const v = resolve(ctx, arr.get(i));
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** The names in a Filter entry (a name or an array of names), in order. */
export function filtersOf(ctx: PDFContext, dict: PDFDict): string[] {
  const f = get(ctx, dict, 'Filter');
  if (f instanceof PDFName) return [f.decodeText()];
  if (f instanceof PDFArray) return items(ctx, f).flatMap((x) => (x instanceof PDFName ? [x.decodeText()] : []));
  return [];
}

/**
 * The decoded bytes of a stream (Flate, LZW, ASCIIHex, ASCII85, RunLength, in
 * any chain), under the decoding limits of ./decode.ts; streams pdf-lib built
 * in memory in this process (PDFContentStream, PDFFlateStream) give their
 * unencoded contents.
 * @throws DocumentTooComplexError past `pdf-stream-bytes` or `pdf-decoded-bytes`
 * @throws Error when a filter is unsupported (e.g. DCT for images) or the data is corrupt.
 */
export function decodeStream(stream: PDFStream): Uint8Array {
  return decodePdfStream(stream);
}

/** One entry of a name tree: its key (as text and raw bytes) and its value (unresolved). */
export interface NameTreeEntry {
  key: string;
  keyBytes: Uint8Array;
  /** The key's string object as written. */
  keyObject: PDFString | PDFHexString;
  value: PDFObject;
}

/**
 * Every entry of a name tree, walking all Kids and Names arrays depth first
 * with a guard against cycles and absurd depth. Real files have unsorted
 * trees and misplaced Limits, so we never binary-search by key.
 */
export function walkNameTree(ctx: PDFContext, root: PDFDict | undefined): NameTreeEntry[] {
  const out: NameTreeEntry[] = [];
  const seen = new Set<PDFDict>();
  const visit = (node: PDFDict | undefined, depth: number): void => {
    if (node === undefined || seen.has(node) || depth > 64) return;
    seen.add(node);
    const names = getArray(ctx, node, 'Names');
    if (names !== undefined) {
      for (let i = 0; i + 1 < names.size(); i += 2) {
        const keyObj = resolve(ctx, names.get(i));
        const value = names.get(i + 1);
        const keyBytes = bytesOf(keyObj);
        if (keyBytes === undefined || value === undefined) continue;
        out.push({ key: textOf(keyObj) ?? '', keyBytes, keyObject: keyObj as PDFString | PDFHexString, value });
      }
    }
    for (const kid of items(ctx, getArray(ctx, node, 'Kids'))) visit(asDict(kid), depth + 1);
  };
  visit(root, 0);
  return out;
}

/** Lexical (byte-wise) order of name-tree keys, as ISO 32000-1 7.9.6 requires. */
export function compareKeyBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/**
 * Calls `fn` on every leaf page dictionary of the page tree, in order, with
 * its inherited attributes (Resources, MediaBox, CropBox, Rotate) resolved
 * from its ancestors. Cycles, nodes past the depth limit and dangling kids
 * are skipped (./load.ts has refused documents with the first two already:
 * ./structure.ts).
 */
export function forEachPage(
  ctx: PDFContext,
  pagesRoot: PDFDict | undefined,
  fn: (page: PDFDict, inherited: { resources: PDFDict | undefined }, ref: PDFRef | undefined) => void,
): void {
  const seen = new Set<PDFDict>();
  const visit = (node: PDFDict | undefined, ref: PDFRef | undefined, inheritedResources: PDFDict | undefined, depth: number): void => {
    if (node === undefined || seen.has(node) || depth > PDF_MAX_PAGE_TREE_DEPTH) return;
    seen.add(node);
    const resources = getDict(ctx, node, 'Resources') ?? inheritedResources;
    const kids = getArray(ctx, node, 'Kids');
    const type = getName(ctx, node, 'Type');
    if (kids !== undefined && type !== 'Page') {
      for (let i = 0; i < kids.size(); i++) {
        const raw = kids.get(i);
        visit(asDict(resolve(ctx, raw)), raw instanceof PDFRef ? raw : undefined, resources, depth + 1);
      }
      return;
    }
    fn(node, { resources }, ref);
  };
  visit(pagesRoot, undefined, undefined, 0);
}
