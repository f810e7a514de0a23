/**
 * PDF/A implementation limits and page boundaries (ISO 19005-2, 6.1.13, which
 * ISO 19005-3 takes over; the values are those of ISO 32000-1, Annex C):
 *
 * | limit | value | what we do |
 * |---|---|---|
 * | string | 32,767 bytes | an entry of the Info dictionary past it is removed (metadata, nothing printed); elsewhere refused |
 * | name | 127 bytes | refused (renaming would have to follow every use) |
 * | integer | -2^31 .. 2^31-1 | refused |
 * | real | magnitude at most 3.403e38 | refused |
 * | real | a non-zero magnitude under 1.175e-38 | set to 0 (what readers compute with anyway) |
 * | q/Q nesting | 28 | refused |
 * | page boxes | 3 .. 14,400 units per side, times UserUnit (6.1.13) | boxes clipped to the visible area (the crop box within the media box) when that area is within the limits; refused otherwise |
 *
 * Strings and numbers are checked in every object (not inside content
 * streams, whose q/Q nesting is checked); the page boxes of every page, with
 * the inherited MediaBox and CropBox.
 */
import { PDFArray, PDFContext, PDFDict, PDFHexString, PDFName, PDFNumber, PDFObject, PDFStream, PDFString } from '@cantoo/pdf-lib';
import { arrayOf, asDict, getNumber, items, N, resolve } from './objects.js';

/** Where a finding goes: an issue code, whether a structural repair fixes it, and the object concerned. */
export type LimitReport = (code: 'IMPLEMENTATION_LIMIT' | 'PAGE_BOX', remedy: 'repair' | 'refuse', detail: string) => void;

export const MAX_STRING_BYTES = 32_767;
export const MAX_NAME_BYTES = 127;
export const MAX_INTEGER = 2_147_483_647;
export const MIN_INTEGER = -2_147_483_648;
export const MAX_REAL = 3.403e38;
export const MIN_NONZERO_REAL = 1.175e-38;
export const MAX_Q_NESTING = 28;
export const MAX_PAGE_SIDE = 14_400;
export const MIN_PAGE_SIDE = 3;

/** Decoded byte length of a name (its `#xx` escapes count one byte each). */
function nameBytes(name: PDFName): number {
  const encoded = name.asString().slice(1);
  return encoded.length - 2 * (encoded.match(/#[0-9A-Fa-f]{2}/g)?.length ?? 0);
}

function stringBytes(s: PDFString | PDFHexString): number {
  return s.asBytes().length;
}

/**
 * Checks (and with `repair` fixes, see the module comment) the strings, names
 * and numbers of every object of the document.
 */
export function checkObjectLimits(ctx: PDFContext, repair: boolean, report: LimitReport): void {
  const seen = new Set<PDFObject>();
  const visit = (obj: PDFObject, label: string, replace: (o: PDFObject) => void, depth: number): void => {
    if (depth > 200) return; // loadPdf already refused data nested past pdf-nesting-depth
    if (obj instanceof PDFNumber) {
      const n = obj.asNumber();
      const a = Math.abs(n);
      if (Number.isInteger(n) && (n > MAX_INTEGER || n < MIN_INTEGER)) {
        report('IMPLEMENTATION_LIMIT', 'refuse', `${label}: the integer ${n} (limit ${MIN_INTEGER}..${MAX_INTEGER})`);
      } else if (a > MAX_REAL) {
        report('IMPLEMENTATION_LIMIT', 'refuse', `${label}: the real ${n} (limit ±${MAX_REAL})`);
      } else if (a !== 0 && a < MIN_NONZERO_REAL) {
        report('IMPLEMENTATION_LIMIT', 'repair', `${label}: the real ${n} (non-zero values under ${MIN_NONZERO_REAL}), set to 0`);
        if (repair) replace(PDFNumber.of(0));
      }
    } else if (obj instanceof PDFString || obj instanceof PDFHexString) {
      const len = stringBytes(obj);
      if (len > MAX_STRING_BYTES) report('IMPLEMENTATION_LIMIT', 'refuse', `${label}: a ${len}-byte string (limit ${MAX_STRING_BYTES})`);
    } else if (obj instanceof PDFName) {
      const len = nameBytes(obj);
      if (len > MAX_NAME_BYTES) report('IMPLEMENTATION_LIMIT', 'refuse', `${label}: a ${len}-byte name (limit ${MAX_NAME_BYTES})`);
    } else if (obj instanceof PDFDict || obj instanceof PDFStream) {
      const dict = obj instanceof PDFStream ? obj.dict : obj;
      if (seen.has(dict)) return;
      seen.add(dict);
      for (const [key, value] of dict.entries()) {
        visit(key, label, () => undefined, depth + 1);
        visit(value, label, (o) => dict.set(key, o), depth + 1);
      }
    } else if (obj instanceof PDFArray) {
      if (seen.has(obj)) return;
      seen.add(obj);
      for (let i = 0; i < obj.size(); i++) visit(obj.get(i), label, (o) => obj.set(i, o), depth + 1);
    }
  };
  // The Info dictionary's oversized strings are metadata, nothing printed: they go; its other values are walked as usual.
  const info = asDict(resolve(ctx, ctx.trailerInfo.Info));
  if (info !== undefined) {
    seen.add(info);
    for (const [key, value] of info.entries()) {
      const v = resolve(ctx, value);
      if ((v instanceof PDFString || v instanceof PDFHexString) && stringBytes(v) > MAX_STRING_BYTES) {
        report('IMPLEMENTATION_LIMIT', 'repair', `Info ${key.asString()}: a ${stringBytes(v)}-byte string (limit ${MAX_STRING_BYTES}), removed`);
        if (repair) info.delete(key);
      } else {
        visit(value, 'Info', (o) => info.set(key, o), 1);
      }
    }
  }
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) visit(obj, `object ${ref.objectNumber}`, (o) => ctx.assign(ref, o), 0);
}

const WS = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));

/** The deepest q/Q nesting of a content stream (strings, comments and inline image data skipped). */
export function maxQNesting(data: Uint8Array): number {
  let depth = 0;
  let max = 0;
  let i = 0;
  const n = data.length;
  while (i < n) {
    const c = data[i]!;
    if (WS.has(c)) {
      i++;
    } else if (c === 0x25) {
      while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      let level = 1;
      i++;
      while (i < n && level > 0) {
        const d = data[i]!;
        if (d === 0x5c) i++;
        else if (d === 0x28) level++;
        else if (d === 0x29) level--;
        i++;
      }
    } else if (c === 0x3c && data[i + 1] !== 0x3c) {
      while (i < n && data[i] !== 0x3e) i++;
      i++;
    } else if (DELIM.has(c)) {
      i++;
      if (c === 0x2f) while (i < n && !WS.has(data[i]!) && !DELIM.has(data[i]!)) i++;
    } else {
      const start = i;
      while (i < n && !WS.has(data[i]!) && !DELIM.has(data[i]!)) i++;
      const len = i - start;
      if (len === 1 && c === 0x71) max = Math.max(max, ++depth);
      else if (len === 1 && c === 0x51) depth = Math.max(0, depth - 1);
      else if (len === 2 && c === 0x49 && data[start + 1] === 0x44) {
        // Inline image data runs to an EI between white space.
        i++;
        while (i < n && !(WS.has(data[i - 1]!) && data[i] === 0x45 && data[i + 1] === 0x49 && (i + 2 >= n || WS.has(data[i + 2]!)))) i++;
        i += 2;
      }
    }
  }
  return max;
}

type Box = [number, number, number, number];

function readBox(ctx: PDFContext, obj: PDFObject | undefined): Box | undefined {
  const arr = resolve(ctx, obj);
  if (!(arr instanceof PDFArray) || arr.size() !== 4) return undefined;
  const v = items(ctx, arr).map((x) => (x instanceof PDFNumber ? x.asNumber() : NaN));
  if (v.some((x) => !Number.isFinite(x))) return undefined;
  return [Math.min(v[0]!, v[2]!), Math.min(v[1]!, v[3]!), Math.max(v[0]!, v[2]!), Math.max(v[1]!, v[3]!)];
}

function inherited(ctx: PDFContext, page: PDFDict, key: string): PDFObject | undefined {
  let node: PDFDict | undefined = page;
  for (let depth = 0; node !== undefined && depth < 64; depth++) {
    const v = node.get(N(key));
    if (v !== undefined) return v;
    node = asDict(resolve(ctx, node.get(N('Parent'))));
  }
  return undefined;
}

function intersect(a: Box, b: Box): Box {
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

function boxOk(b: Box, unit: number): boolean {
  const w = (b[2] - b[0]) * unit;
  const h = (b[3] - b[1]) * unit;
  return w >= MIN_PAGE_SIDE && h >= MIN_PAGE_SIDE && w <= MAX_PAGE_SIDE && h <= MAX_PAGE_SIDE;
}

const fmt = (b: Box): string => `[${b.map((x) => Math.round(x * 100) / 100).join(' ')}]`;

/**
 * Checks (and with `repair` clips) the page boundaries of one page: the
 * visible area (CropBox within MediaBox) must be 3 to 14,400 units per side
 * (times UserUnit). When it is, MediaBox and CropBox past the limit become
 * that area and Bleed/Trim/Art boxes are clipped to it (a box left under the
 * minimum is removed: it then defaults to the crop box); nothing shown
 * changes, as a viewer shows only that area. When it is not, the page is
 * refused: clipping it would hide content.
 */
export function checkPageBoxes(ctx: PDFContext, page: PDFDict, where: string, repair: boolean, report: LimitReport): void {
  const unit = getNumber(ctx, page, 'UserUnit') ?? 1;
  const media = readBox(ctx, inherited(ctx, page, 'MediaBox'));
  if (media === undefined) return;
  const crop = readBox(ctx, inherited(ctx, page, 'CropBox'));
  const visible = crop === undefined ? media : intersect(media, crop);
  const boxes: Array<[string, Box | undefined]> = [
    ['MediaBox', media],
    ['CropBox', crop],
    ...['BleedBox', 'TrimBox', 'ArtBox'].map((k): [string, Box | undefined] => [k, readBox(ctx, page.get(N(k)))]),
  ];
  const bad = boxes.filter(([, b]) => b !== undefined && !boxOk(b, unit));
  if (bad.length === 0) return;
  const detail = bad.map(([k, b]) => `${k} ${fmt(b!)}`).join(', ') + (unit === 1 ? '' : ` with UserUnit ${unit}`);
  if (!boxOk(visible, unit)) {
    report('PAGE_BOX', 'refuse', `${where}: ${detail}; the visible area ${fmt(visible)} is outside ${MIN_PAGE_SIDE}..${MAX_PAGE_SIDE} units per side`);
    return;
  }
  report('PAGE_BOX', 'repair', `${where}: ${detail}, clipped to the visible area ${fmt(visible)}`);
  if (!repair) return;
  const boxObj = (b: Box): PDFArray => arrayOf(ctx, b.map((x) => PDFNumber.of(x)));
  for (const [key, b] of bad) {
    if (key === 'MediaBox' || key === 'CropBox') page.set(N(key), boxObj(visible));
    else {
      const clipped = intersect(b!, visible);
      if (boxOk(clipped, unit)) page.set(N(key), boxObj(clipped));
      else page.delete(N(key));
    }
  }
}
