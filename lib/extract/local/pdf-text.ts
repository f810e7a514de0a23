/**
 * Reads the text layer of a PDF with pdf.js (legacy Node build): every text
 * item with its position (transform x/y, width, font height), mapped through
 * the page viewport (so rotated pages read top-down, left to right), then
 * rebuilt into lines and chunks by {@link buildLines}.
 *
 * pdf.js decodes what it reads with no output cap, so a PDF is measured
 * first (./pdf-preflight.ts, lib/limits.ts): every stream within the
 * decoding limits, at most `pdf-pages` pages, and only the first pages whose
 * content fits `pdf-text-content-bytes` are read.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ExtractionError } from '../../errors.js';
import { buildLines, type PositionedItem, type TextDocument } from '../field-parser/text.js';
import { ensureDomMatrix } from './dom-matrix.js';
import { preflightForReading, type PdfPreflight } from './pdf-preflight.js';
import { repairTracking, trackingRepairs, type GlyphRun } from './tracking.js';

/** What the text layer gave. */
export interface PdfText {
  doc: TextDocument;
  /** Number of pages in the file. */
  pageCount: number;
  /** Pages whose text was read. */
  pagesRead: number;
  /** Non-blank characters per page read. */
  charsPerPage: number[];
  /** True when pages were left unread because the deadline passed. */
  timedOut?: boolean;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<PdfJs> | undefined;

/** Loads pdf.js once (lazily: callers that never see a PDF never pay for it). */
export function loadPdfJs(): Promise<PdfJs> {
  // Without the native canvas (Lambda arm64), pdf.js needs a DOMMatrix just to load: a 2-D stand-in suffices for text.
  ensureDomMatrix();
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
}

let assetDir: string | undefined;
function pdfjsAssets(): string {
  if (assetDir === undefined) {
    const require = createRequire(import.meta.url);
    assetDir = dirname(require.resolve('pdfjs-dist/package.json'));
  }
  return assetDir;
}

/** Opens a PDF with pdf.js for its text (pdf.js 6 compiles no code from the document: it has no eval path left): no font faces, no images, no network; a copy of the bytes is handed over (pdf.js detaches its buffer). */
export async function openPdf(bytes: Uint8Array): Promise<import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy> {
  const pdfjs = await loadPdfJs();
  const assets = pdfjsAssets();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    disableAutoFetch: true,
    stopAtErrors: false,
    verbosity: 0,
    // Only text is read here (scans go to pdftoppm + OCR): images are dropped before pdf.js decodes them.
    maxImageSize: 1,
    cMapUrl: join(assets, 'cmaps') + '/',
    cMapPacked: true,
    standardFontDataUrl: join(assets, 'standard_fonts') + '/',
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new ExtractionError('The PDF is password-protected; send it without a password.', [], { cause: error });
    throw new ExtractionError('The PDF could not be read (damaged or not a PDF).', [], { cause: error });
  }
}

/** Pages (from the first) whose letter-spaced words are repaired: the parties and the header are on the first, and the glyph runs cost a second pass over the page. */
const TRACKING_PAGES = 1;

/** The shown text runs of a page, for {@link trackingRepairs}; none when pdf.js cannot build the operator list. */
async function glyphRuns(page: import('pdfjs-dist/legacy/build/pdf.mjs').PDFPageProxy, showText: number): Promise<GlyphRun[]> {
  try {
    const ops = await page.getOperatorList();
    const runs: GlyphRun[] = [];
    ops.fnArray.forEach((fn, i) => {
      const arg: unknown = ops.argsArray[i]?.[0];
      if (fn === showText && Array.isArray(arg)) runs.push(arg as GlyphRun);
    });
    return runs;
  } catch {
    return [];
  }
}

/** Options of {@link readPdfText}. */
export interface ReadPdfTextOptions {
  /** Pages read at most, from the first; default 20. */
  maxPages?: number;
  /** Epoch ms after which no further page is read (the first page always is); `timedOut` then says so. */
  deadline?: number;
  /** Time for reading pages once the PDF is open (pdf.js loaded, file parsed); no further page is read after it. */
  pagesTimeMs?: number;
  /** The PDF's preflight when the caller made it already (with `textPages` >= `maxPages`); otherwise it is made here. */
  preflight?: PdfPreflight;
}

/**
 * Reads the positioned text of up to `maxPages` pages (fewer when their content passes `pdf-text-content-bytes`).
 * @throws DocumentTooComplexError past a PDF limit; ExtractionError when the PDF cannot be read
 */
export async function readPdfText(bytes: Uint8Array, options: ReadPdfTextOptions = {}): Promise<PdfText> {
  const preflight = options.preflight ?? (await preflightForReading(bytes, { textPages: options.maxPages ?? 20, renderPages: 0 }));
  const maxPages = Math.min(options.maxPages ?? 20, preflight.textPages);
  const pdf = await openPdf(bytes);
  const pdfjs = await loadPdfJs();
  try {
    const items: PositionedItem[] = [];
    const charsPerPage: number[] = [];
    let pagesRead = Math.min(pdf.numPages, maxPages);
    let timedOut = false;
    const deadline = Math.min(options.deadline ?? Infinity, options.pagesTimeMs === undefined ? Infinity : Date.now() + options.pagesTimeMs);
    let width = 0;
    for (let p = 1; p <= pagesRead; p++) {
      if (p > 1 && Date.now() > deadline) {
        pagesRead = p - 1;
        timedOut = true;
        break;
      }
      let chars = 0;
      try {
        const page = await pdf.getPage(p);
        const viewport = page.getViewport({ scale: 1 });
        width = Math.max(width, viewport.width);
        const content = await page.getTextContent();
        const pageItems: PositionedItem[] = [];
        for (const item of content.items) {
          if (!('str' in item) || item.str === '') continue;
          const t = pdfjs.Util.transform(viewport.transform, item.transform);
          const a = t[0] ?? 0;
          const b = t[1] ?? 0;
          const c = t[2] ?? 0;
          const d = t[3] ?? 0;
          // Vertical or upside-down text (margins, stamps) is not part of the reading order.
          if (Math.abs(b) > Math.abs(a) * 0.2 || a <= 0) continue;
          const fontHeight = Math.hypot(c, d) || item.height || 10;
          const scaleX = Math.hypot(a, b) / (Math.hypot(item.transform[0] ?? 1, item.transform[1] ?? 0) || 1);
          pageItems.push({ text: item.str, page: p, x: t[4] ?? 0, y: t[5] ?? 0, width: item.width * scaleX, height: fontHeight });
          chars += item.str.replace(/\s/g, '').length;
        }
        const repairs = p <= TRACKING_PAGES && chars > 0 ? trackingRepairs(await glyphRuns(page, pdfjs.OPS.showText)) : new Map<string, string>();
        for (const item of pageItems) items.push(repairs.size > 0 ? { ...item, text: repairTracking(item.text, repairs) } : item);
        page.cleanup();
      } catch {
        // A broken page is skipped; the others may still hold the invoice.
      }
      charsPerPage.push(chars);
    }
    return { doc: { lines: buildLines(items), pageCount: pagesRead, pageWidth: width }, pageCount: pdf.numPages, pagesRead, charsPerPage, ...(timedOut ? { timedOut } : {}) };
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}
