/**
 * What the pages of a PDF hold for a reader, measured without rendering or
 * pdf.js: how many characters each page shows with the text operators (ISO
 * 32000-1, 9.4.3: `Tj`, `TJ`, `'`, `"`) of its content streams and the form
 * XObjects it draws, and whether it draws images. v1 convert uses it to
 * estimate what reading a document costs (lib/v1/cost.ts): a page with a text
 * layer is read in milliseconds, a page without one needs OCR (seconds per
 * page locally, one Textract call per page on AWS).
 *
 * The count is of string operand bytes (a hex string counts half its digits),
 * so a two-byte CID font counts each glyph twice: the figure is an estimate
 * of the text a page carries, good enough to tell a text page (hundreds of
 * characters) from a scan (none, or a page number). Strings, comments,
 * dictionaries and inline image data never count as operators.
 */
import { PDFArray, PDFContext, PDFDict, PDFStream } from '@cantoo/pdf-lib';
import { DocumentTooComplexError } from '../errors.js';
import { PDF_MAX_NESTING_DEPTH } from '../limits.js';
import { decodePdfStream } from './decode.js';
import { forEachPage, get, getDict, getName, items, resolve } from './objects.js';

/** What one page shows. */
export interface PageTextMeasure {
  /** Characters shown by text operators (an estimate, see the module comment). */
  chars: number;
  /** True when the page (or a form it draws) has an image XObject or an inline image. */
  images: boolean;
  /** Decoded bytes of its content streams and forms. */
  contentBytes: number;
}

/** The pages of a PDF, measured (at most `maxPages` from the first). */
export interface PdfTextMeasure {
  pages: PageTextMeasure[];
  /** Pages in the document (more than `pages.length` when the measure stopped early). */
  pageCount: number;
}

const WS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WS[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIM[c.charCodeAt(0)] = 1;

/** Text-showing operators: their string operands are shown glyphs. */
const SHOW = new Set(['Tj', 'TJ', "'", '"']);

/**
 * Scans one content stream: the characters its text operators show, and whether it paints an inline image.
 * Exported for tests.
 */
export function scanContentText(data: Uint8Array): { chars: number; inlineImage: boolean } {
  const n = data.length;
  let i = 0;
  let pending = 0;
  let chars = 0;
  let inlineImage = false;
  while (i < n) {
    const c = data[i]!;
    if (WS[c] === 1) {
      i++;
      continue;
    }
    if (c === 0x25) {
      while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i++;
      continue;
    }
    if (c === 0x28) {
      // ( literal string ): balanced parentheses, backslash escapes (an escape is one shown byte).
      let depth = 1;
      let bytes = 0;
      i++;
      while (i < n && depth > 0) {
        const d = data[i]!;
        if (d === 0x5c) {
          i += 2;
          bytes++;
          continue;
        }
        if (d === 0x28) depth++;
        else if (d === 0x29) depth--;
        if (depth > 0) bytes++;
        i++;
      }
      pending += bytes;
      continue;
    }
    if (c === 0x3c) {
      if (data[i + 1] === 0x3c) {
        // A dictionary (marked-content properties): its strings are not shown.
        let depth = 0;
        while (i < n) {
          if (data[i] === 0x3c && data[i + 1] === 0x3c) {
            depth++;
            i += 2;
          } else if (data[i] === 0x3e && data[i + 1] === 0x3e) {
            depth--;
            i += 2;
            if (depth === 0) break;
          } else if (data[i] === 0x28) {
            let d = 1;
            i++;
            while (i < n && d > 0) {
              if (data[i] === 0x5c) i++;
              else if (data[i] === 0x28) d++;
              else if (data[i] === 0x29) d--;
              i++;
            }
          } else i++;
        }
        continue;
      }
      let digits = 0;
      i++;
      while (i < n && data[i] !== 0x3e) {
        if (WS[data[i]!] === 0) digits++;
        i++;
      }
      i++;
      pending += Math.floor((digits + 1) / 2);
      continue;
    }
    if (c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d) {
      i++;
      continue;
    }
    if (c === 0x2f) {
      // A name operand.
      i++;
      while (i < n && WS[data[i]!] === 0 && DELIM[data[i]!] === 0) i++;
      continue;
    }
    const start = i;
    while (i < n && WS[data[i]!] === 0 && DELIM[data[i]!] === 0) i++;
    if (i === start) {
      i++;
      continue;
    }
    const first = data[start]!;
    // Numbers are operands; anything else is an operator.
    if ((first >= 0x30 && first <= 0x39) || first === 0x2d || first === 0x2b || first === 0x2e) continue;
    const op = String.fromCharCode(...data.subarray(start, Math.min(i, start + 3)));
    if (SHOW.has(op)) chars += pending;
    pending = 0;
    if (op === 'ID' && i - start === 2) {
      inlineImage = true;
      // Inline image data runs to `EI` between white space.
      i++;
      while (i + 2 < n && !(WS[data[i]!] === 1 && data[i + 1] === 0x45 && data[i + 2] === 0x49 && (i + 3 >= n || WS[data[i + 3]!] === 1))) i++;
      i += 3;
    }
  }
  return { chars, inlineImage };
}

/** Decoded bytes of a stream, or undefined when its filters cannot be decoded (a limit still throws). */
function decoded(stream: PDFStream): Uint8Array | undefined {
  try {
    return decodePdfStream(stream);
  } catch (err) {
    if (err instanceof DocumentTooComplexError) throw err;
    return undefined;
  }
}

/** Measures one page: its content streams, then the forms its resources hold (each once, to the nesting limit). */
function measurePage(ctx: PDFContext, page: PDFDict, resources: PDFDict | undefined): PageTextMeasure {
  const out: PageTextMeasure = { chars: 0, images: false, contentBytes: 0 };
  const seen = new Set<PDFStream>();
  const scan = (stream: PDFStream): void => {
    if (seen.has(stream)) return;
    seen.add(stream);
    const data = decoded(stream);
    if (data === undefined) return;
    out.contentBytes += data.length;
    const found = scanContentText(data);
    out.chars += found.chars;
    if (found.inlineImage) out.images = true;
  };
  const xobjects = (res: PDFDict | undefined, depth: number): void => {
    if (depth > PDF_MAX_NESTING_DEPTH) return;
    for (const [, value] of getDict(ctx, res, 'XObject')?.entries() ?? []) {
      const x = resolve(ctx, value);
      if (!(x instanceof PDFStream) || seen.has(x)) continue;
      const subtype = getName(ctx, x.dict, 'Subtype');
      if (subtype === 'Image') out.images = true;
      else if (subtype === 'Form') {
        scan(x);
        xobjects(getDict(ctx, x.dict, 'Resources'), depth + 1);
      }
    }
  };
  const contents = get(ctx, page, 'Contents');
  for (const c of contents instanceof PDFArray ? items(ctx, contents) : contents === undefined ? [] : [contents]) {
    if (c instanceof PDFStream) scan(c);
  }
  xobjects(resources, 0);
  return out;
}

/**
 * Measures the text of the first `maxPages` pages of a loaded PDF (default 200; a longer document is judged by them).
 * @throws DocumentTooComplexError past a decoding limit (lib/limits.ts)
 */
export function measurePdfText(ctx: PDFContext, catalog: PDFDict, options: { maxPages?: number } = {}): PdfTextMeasure {
  const maxPages = options.maxPages ?? 200;
  const pages: PageTextMeasure[] = [];
  let pageCount = 0;
  forEachPage(ctx, getDict(ctx, catalog, 'Pages'), (page, { resources }) => {
    pageCount++;
    if (pages.length < maxPages) pages.push(measurePage(ctx, page, resources));
  });
  return { pages, pageCount };
}
