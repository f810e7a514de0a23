/**
 * A PDF measured before a tool that decodes it itself reads it (pdf.js for
 * its text, pdftoppm for OCR; neither has an output cap): v1 extraction calls
 * {@link preflightPdf} first.
 *
 * The file is loaded as a reader would (./load.ts, `lenient`), which already
 * enforces `pdf-pages`, `pdf-page-tree-depth`, `pdf-nesting-depth` and a page
 * tree without loops; then every stream is decoded once under
 * `pdf-stream-bytes` / `pdf-decoded-bytes` and dropped (./decode.ts), so the
 * tool never meets a flate bomb; then the content pdf.js would read for text
 * is counted page by page against `pdf-text-content-bytes`, and the size of
 * the pages to render is read so the renderer can keep to the image limits.
 */
import { PDFArray, PDFContext, PDFDict, PDFNumber, PDFStream } from '@cantoo/pdf-lib';
import { PDF_MAX_NESTING_DEPTH, PDF_MAX_TEXT_CONTENT_BYTES, tooComplex } from '../limits.js';
import { assertStreamsWithinLimits } from './decode.js';
import { loadPdf } from './load.js';
import { asDict, forEachPage, get, getDict, getName, items, N, resolve } from './objects.js';

/** A page's size in PDF points (1/72 inch), as displayed (after /Rotate and /UserUnit). */
export interface PageSize {
  width: number;
  height: number;
}

/** Options of {@link preflightPdf}. */
export interface PreflightOptions {
  /** Pages, from the first, that will be read for text at most. */
  textPages: number;
  /** Pages, from the first, whose size is wanted for rendering. */
  renderPages: number;
  /** The text content budget; default {@link PDF_MAX_TEXT_CONTENT_BYTES}. */
  maxTextContentBytes?: number;
}

/** What {@link preflightPdf} found. */
export interface PdfPreflight {
  pageCount: number;
  /** How many pages, from the first, may be read for text within the text content budget (at most `textPages`). */
  textPages: number;
  /** Decoded content (content streams and the forms they draw) of each of those pages, in bytes. */
  textContentBytes: number[];
  /** Size of the first `renderPages` pages. */
  pageSizes: PageSize[];
}

/** An inheritable page attribute (ISO 32000-1, 7.7.3.4): the page's own, else its nearest ancestor's. */
function inherited(ctx: PDFContext, page: PDFDict, key: string): ReturnType<typeof get> {
  let node: PDFDict | undefined = page;
  // The page tree was checked for /Parent loops when loading; the bound is only a guard.
  for (let step = 0; node !== undefined && step <= 2 * PDF_MAX_NESTING_DEPTH; step++) {
    const v = get(ctx, node, key);
    if (v !== undefined) return v;
    node = asDict(resolve(ctx, node.get(N('Parent'))));
  }
  return undefined;
}

function numberAt(ctx: PDFContext, arr: PDFArray, i: number): number | undefined {
  const v = resolve(ctx, arr.get(i));
  return v instanceof PDFNumber ? v.asNumber() : undefined;
}

/** The displayed size of a page: MediaBox (as pdftoppm renders by default; US Letter when missing), scaled by UserUnit, turned by Rotate. */
export function pageSize(ctx: PDFContext, page: PDFDict): PageSize {
  const box = inherited(ctx, page, 'MediaBox');
  let width = 612;
  let height = 792;
  if (box instanceof PDFArray && box.size() === 4) {
    const [x0, y0, x1, y1] = [0, 1, 2, 3].map((i) => numberAt(ctx, box, i));
    if (x0 !== undefined && y0 !== undefined && x1 !== undefined && y1 !== undefined) {
      width = Math.abs(x1 - x0);
      height = Math.abs(y1 - y0);
    }
  }
  const unit = get(ctx, page, 'UserUnit');
  const scale = unit instanceof PDFNumber && unit.asNumber() > 0 ? unit.asNumber() : 1;
  const rotate = inherited(ctx, page, 'Rotate');
  const quarterTurns = rotate instanceof PDFNumber ? Math.round(rotate.asNumber() / 90) : 0;
  const turned = Math.abs(quarterTurns) % 2 === 1;
  return { width: (turned ? height : width) * scale, height: (turned ? width : height) * scale };
}

/**
 * Decoded bytes of a page's content streams and of the form XObjects it may
 * draw (each once), as pdf.js would read them; `sizes` holds what every
 * stream decoded to (streams that did not decode count nothing).
 */
function pageContentBytes(ctx: PDFContext, page: PDFDict, resources: PDFDict | undefined, sizes: ReadonlyMap<PDFStream, number>): number {
  const seen = new Set<PDFStream>();
  let total = 0;
  const add = (s: PDFStream): void => {
    if (seen.has(s)) return;
    seen.add(s);
    total += sizes.get(s) ?? 0;
  };
  const forms = (res: PDFDict | undefined, depth: number): void => {
    if (depth > PDF_MAX_NESTING_DEPTH) return;
    for (const [, value] of getDict(ctx, res, 'XObject')?.entries() ?? []) {
      const x = resolve(ctx, value);
      if (!(x instanceof PDFStream) || seen.has(x) || getName(ctx, x.dict, 'Subtype') !== 'Form') continue;
      add(x);
      forms(getDict(ctx, x.dict, 'Resources'), depth + 1);
    }
  };
  const contents = get(ctx, page, 'Contents');
  for (const c of contents instanceof PDFArray ? items(ctx, contents) : contents === undefined ? [] : [contents]) {
    if (c instanceof PDFStream) add(c);
  }
  forms(resources, 0);
  return total;
}

/**
 * Measures a PDF for the readers (see the module comment).
 * @throws DocumentTooComplexError past any PDF limit (a first page over the text content budget included)
 * @throws PdfInvalidError, PdfEncryptedError, PdfTooLargeError as ./load.ts does in its lenient mode
 */
export async function preflightPdf(bytes: Uint8Array, opts: PreflightOptions): Promise<PdfPreflight> {
  const { doc, pageCount } = await loadPdf(bytes, { lenient: true });
  const ctx = doc.context;
  const sizes = assertStreamsWithinLimits(ctx);
  const budget = opts.maxTextContentBytes ?? PDF_MAX_TEXT_CONTENT_BYTES;
  const textContentBytes: number[] = [];
  const pageSizes: PageSize[] = [];
  let spent = 0;
  let textPages = 0;
  let textDone = false;
  let index = 0;
  forEachPage(ctx, getDict(ctx, doc.catalog, 'Pages'), (page, { resources }) => {
    index++;
    if (index <= opts.renderPages) pageSizes.push(pageSize(ctx, page));
    if (textDone || index > opts.textPages) return;
    const bytesOfPage = pageContentBytes(ctx, page, resources, sizes);
    if (spent + bytesOfPage > budget) {
      if (index === 1) {
        throw tooComplex('pdf-text-content-bytes', `The first page of the PDF holds ${bytesOfPage} bytes of content; at most ${budget} are read for text.`, { max: budget });
      }
      textDone = true;
      return;
    }
    spent += bytesOfPage;
    textContentBytes.push(bytesOfPage);
    textPages++;
  });
  return { pageCount, textPages, textContentBytes, pageSizes };
}
