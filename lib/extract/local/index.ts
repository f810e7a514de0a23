/**
 * The local extractor (v1 convert, no cloud service): the adapter of the
 * extraction port (../port.ts) that reads documents on the machine itself.
 *
 * - PDF with a text layer: pdf.js text items with their positions.
 * - PDF without text (a scan): pages rendered with pdftoppm, then OCR.
 * - PNG / JPEG: OCR with tesseract.js (French, English, German), one worker
 *   reused across calls, started on first use, ended by `dispose()`.
 * - Excel (xlsx, xls, ods): SheetJS; Word (docx): mammoth's HTML.
 *
 * Every reader produces positioned lines for the same rule-based field
 * parser (../field-parser). PDFs that embed Factur-X XML are handled before
 * this adapter is called (lib/pdf).
 *
 * Hostile documents (lib/limits.ts): a PDF is measured before pdf.js or
 * pdftoppm reads it (./pdf-preflight.ts), zips before SheetJS or mammoth
 * inflate them (./zip-limits.ts), images before OCR decodes them
 * (./image-limits.ts, in ./ocr.ts); past a limit the answer is a
 * DocumentTooComplexError.
 */
import { ExtractionError, ServiceError } from '../../errors.js';
import { rethrowLimit } from '../../limits.js';
import { assertUsable, parseInvoice } from '../field-parser/parse-invoice.js';
import { buildLines, type PositionedItem, type TextDocument } from '../field-parser/text.js';
import type { ExtractedInvoice, ExtractionInput, ExtractionMethod, InvoiceExtractor } from '../port.js';
import { OcrEngine } from './ocr.js';
import { preflightForReading, type PageSize } from './pdf-preflight.js';
import { renderPdfPages } from './pdf-raster.js';
import { readPdfText } from './pdf-text.js';
import { decideKind, KIND_LABELS, type DocumentKind } from './sniff.js';
import { readSpreadsheet } from './spreadsheet.js';
import { readWord } from './word.js';

/** Options of {@link createLocalExtractor}. */
export interface LocalExtractorOptions {
  /** OCR languages (tesseract codes), default `['fra', 'eng', 'deu']`. */
  languages?: readonly string[];
  /** A folder holding `<lang>.traineddata.gz` for each OCR language (e.g. a Lambda layer); default: the @tesseract.js-data packages. */
  langPath?: string;
  /** Pages of a text PDF read, default 20. */
  maxPages?: number;
  /** Pages of a scanned PDF rendered and read by OCR, default 3. */
  maxOcrPages?: number;
  /** Rendering resolution for OCR, default 300 dpi. */
  ocrDpi?: number;
  /** The pdftoppm binary (poppler) used to render scanned PDFs, default `pdftoppm` on the PATH; `false` disables OCR of PDFs. */
  pdftoppm?: string | false;
  /** A PDF whose pages hold fewer non-blank characters than this on average is treated as a scan, default 25. */
  minTextCharsPerPage?: number;
  /** Time limit for rendering the pages of one PDF, default 30 s. */
  renderTimeoutMs?: number;
  /** Called when a document goes to OCR (e.g. to give the job OCR's larger time budget, lib/isolate). */
  onOcrStart?: () => void;
}

/** The local extractor: an {@link InvoiceExtractor} that holds an OCR worker until disposed. */
export interface LocalExtractor extends InvoiceExtractor {
  readonly name: 'local';
  /** Ends the OCR worker, if one was started. The extractor may be used again afterwards (a new worker starts). */
  dispose(): Promise<void>;
}

interface ReadResult {
  doc: TextDocument;
  method: ExtractionMethod;
  ocr: boolean;
  notes: string[];
  /** For a PDF read from its text layer: what OCR needs if that text turns out unusable. */
  pdf?: { bytes: Uint8Array; pageCount: number; pageSizes: readonly PageSize[] } | undefined;
}

/** Creates the local extractor (name `local`). */
export function createLocalExtractor(options: LocalExtractorOptions = {}): LocalExtractor {
  const ocrOptions: { languages?: readonly string[]; langPath?: string } = {};
  if (options.languages) ocrOptions.languages = options.languages;
  if (options.langPath) ocrOptions.langPath = options.langPath;
  const ocr = new OcrEngine(ocrOptions);

  async function ocrImages(images: Uint8Array[], notes: string[], what: (k: number) => string): Promise<TextDocument> {
    options.onOcrStart?.();
    const items: PositionedItem[] = [];
    let width = 0;
    for (const [k, image] of images.entries()) {
      const page = await ocr.recognize(image, k + 1, what(k));
      items.push(...page.items);
      width = Math.max(width, page.width);
      if (page.items.length > 0 && page.confidence < 0.6) notes.push(`OCR confidence low on page ${k + 1} (${Math.round(page.confidence * 100)}%).`);
    }
    return { lines: buildLines(items), pageCount: images.length, pageWidth: width };
  }

  /** Renders the first pages (one per size given) and reads them by OCR; a reason instead when no renderer is available. */
  async function ocrPdf(bytes: Uint8Array, pageSizes: readonly PageSize[], pageCount: number, notes: string[]): Promise<ReadResult | { failed: string }> {
    if (options.pdftoppm === false) return { failed: 'OCR of PDFs is disabled' };
    options.onOcrStart?.();
    const rendered = await renderPdfPages(bytes, {
      binary: options.pdftoppm ?? 'pdftoppm',
      pageSizes,
      dpi: options.ocrDpi ?? 300,
      timeoutMs: options.renderTimeoutMs ?? 30_000,
    });
    if (!rendered.ok) return { failed: rendered.reason };
    const ocrNotes = [...notes];
    if (pageCount > rendered.pages.length) ocrNotes.push(`Only the first ${rendered.pages.length} of ${pageCount} pages were read by OCR.`);
    return { doc: await ocrImages(rendered.pages, ocrNotes, (k) => `Page ${k + 1} as rendered`), method: 'ocr', ocr: true, notes: ocrNotes };
  }

  async function readPdf(bytes: Uint8Array, notes: string[]): Promise<ReadResult> {
    const maxPages = options.maxPages ?? 20;
    // pdf.js and pdftoppm decode with no output cap: measure the file first (limits, page sizes for rendering).
    const preflight = await preflightForReading(bytes, { textPages: maxPages, renderPages: options.maxOcrPages ?? 3 });
    const { pageCount, pageSizes } = preflight;
    let text: Awaited<ReturnType<typeof readPdfText>>;
    try {
      text = await readPdfText(bytes, { maxPages, preflight });
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      // pdf.js could not run here (e.g. no DOMMatrix without its canvas package): the pages may still be read by OCR.
      const ocrRead = await ocrPdf(bytes, pageSizes, pageCount, [...notes, 'The PDF text layer could not be read in this environment: read by OCR.']);
      if ('failed' in ocrRead) throw new ExtractionError(`The PDF could not be read: ${ocrRead.failed}.`, [], { cause: error });
      return ocrRead;
    }
    if (text.pageCount > text.pagesRead) notes.push(`Only the first ${text.pagesRead} of ${text.pageCount} pages were read.`);
    const chars = text.charsPerPage.reduce((a, b) => a + b, 0);
    const isScan = chars < (options.minTextCharsPerPage ?? 25) * Math.max(1, text.pagesRead);
    const fromText: ReadResult = { doc: text.doc, method: 'pdf-text', ocr: false, notes, pdf: { bytes, pageCount: text.pageCount, pageSizes } };
    if (!isScan) return fromText;
    const ocrRead = await ocrPdf(bytes, pageSizes, text.pageCount, [...notes, 'The PDF has no text layer (a scan): read by OCR.']);
    if (!('failed' in ocrRead)) return ocrRead;
    if (text.doc.lines.length > 0) return { ...fromText, pdf: undefined, notes: [...notes, `The PDF has almost no text and could not be read by OCR: ${ocrRead.failed}.`] };
    throw new ExtractionError(`The PDF has no text layer (a scan) and could not be read by OCR: ${ocrRead.failed}.`, ['text']);
  }

  async function read(input: ExtractionInput, kind: DocumentKind, notes: string[]): Promise<ReadResult> {
    switch (kind) {
      case 'pdf':
        return readPdf(input.bytes, notes);
      case 'png':
      case 'jpeg':
        return { doc: await ocrImages([input.bytes], notes, () => 'The image'), method: 'ocr', ocr: true, notes };
      case 'xlsx':
      case 'xls':
      case 'ods':
        return { doc: await readSpreadsheet(input.bytes), method: 'spreadsheet', ocr: false, notes };
      case 'docx':
        return { doc: await readWord(input.bytes), method: 'word', ocr: false, notes };
    }
  }

  /** Parses what a reader gave; undefined when it gave no text at all. */
  function parse(result: ReadResult): ExtractedInvoice | undefined {
    if (result.doc.lines.length === 0) return undefined;
    try {
      return parseInvoice(result.doc, { method: result.method, ocr: result.ocr, notes: result.notes });
    } catch (error) {
      throw new ExtractionError('The document text could not be interpreted as an invoice.', [], { cause: error });
    }
  }

  function isUsable(invoice: ExtractedInvoice | undefined): boolean {
    if (!invoice) return false;
    try {
      assertUsable(invoice);
      return true;
    } catch {
      return false;
    }
  }

  return {
    name: 'local',
    async extract(input: ExtractionInput): Promise<ExtractedInvoice> {
      const { kind, note } = decideKind(input.bytes, input.mimeType);
      let result: ReadResult;
      try {
        result = await read(input, kind, note ? [note] : []);
      } catch (error) {
        if (error instanceof ServiceError) throw error;
        throw new ExtractionError(`The ${KIND_LABELS[kind]} could not be read (damaged, or not what its type says).`, [], { cause: error });
      }
      let invoice = parse(result);
      // A text layer without invoice data (glyphs without Unicode mapping, text drawn as paths): OCR may still read the page.
      if (result.pdf && !isUsable(invoice)) {
        const retry = await ocrPdf(result.pdf.bytes, result.pdf.pageSizes, result.pdf.pageCount, [
          ...result.notes,
          'The text layer of the PDF held no usable invoice data: read by OCR.',
        ]).catch((error: unknown) => {
          // A page image past the OCR limits is an answer; any other failure leaves the text layer's result.
          rethrowLimit(error);
          return undefined;
        });
        if (retry && !('failed' in retry)) {
          const fromOcr = parse(retry);
          if (isUsable(fromOcr)) invoice = fromOcr;
        }
      }
      if (invoice === undefined) {
        throw new ExtractionError('The document holds no readable text.', ['invoiceNumber', 'invoiceDate', 'seller.name', 'totals.totalTTC']);
      }
      assertUsable(invoice);
      return invoice;
    },
    dispose: () => ocr.dispose(),
  };
}
