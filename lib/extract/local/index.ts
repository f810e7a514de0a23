/**
 * The local extractor (v1 convert, no cloud service): the adapter of the
 * extraction port (../port.ts) that reads documents on the machine itself.
 *
 * - PDF with a text layer: pdf.js text items with their positions.
 * - PDF without text (a scan): pages rendered with pdftoppm one at a time, then OCR, every page while time allows
 *   (`ocrTimeMs`); a text PDF is read to its last page within `textTimeMs`. Pages left unread are named in a note.
 * - PNG / JPEG: OCR with tesseract.js (French, English, German), one worker
 *   reused across calls, started on first use, ended by `dispose()`; images
 *   (and rendered pages) are cleaned and deskewed first (./preprocess.ts).
 *   A scan whose labels say Spanish, Italian, Dutch, German or Polish, or
 *   whose parties are of a country writing one of these (an English invoice
 *   of a Polish company), is read a second time with that language's model
 *   alone, for the party names only (./name-pass.ts; for a scanned PDF its
 *   first page).
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
import { dec, sum } from '../../model/decimal.js';
import { PDF_MAX_PAGES, rethrowLimit } from '../../limits.js';
import { computed } from '../field-parser/checks.js';
import { assertUsable, parseInvoice, repairPartyNames } from '../field-parser/parse-invoice.js';
import { repairOcrLegalForms } from '../field-parser/ocr-names.js';
import { detectLanguage } from '../field-parser/language.js';
import { buildLines, type PositionedItem, type TextDocument } from '../field-parser/text.js';
import type { ExtractedInvoice, ExtractionInput, ExtractionMethod, InvoiceExtractor } from '../port.js';
import { chooseName, looksGlued, NAME_PASS_MODELS, NAME_PASS_START_MS, nameReadingLanguage, trimLeadingMarks, ungluedName } from './name-pass.js';
import { OcrEngine, otherSegmentation, overlappingWordPairs, type OcrOptions, type OcrPage, type PreparedImage, type Segmentation } from './ocr.js';
import { preflightForReading, type PageSize } from './pdf-preflight.js';
import { renderPdfPages } from './pdf-raster.js';
import { readPdfText } from './pdf-text.js';
import { decideKind, KIND_LABELS, type DocumentKind } from './sniff.js';
import { readSpreadsheet } from './spreadsheet.js';
import { readWord } from './word.js';

/** Options of {@link createLocalExtractor}. */
export interface LocalExtractorOptions {
  /** Clean-up of images before OCR (speckle removal, deskew; ./preprocess.ts), on by default; `false` turns it off. */
  ocrPreprocess?: OcrOptions['preprocess'];
  /** Tesseract.js's own deskew (`rotateAuto`), off by default. */
  ocrRotateAuto?: boolean;
  /**
   * Tesseract's page segmentation of the first reading of a page and of the names' second reading (see
   * {@link Segmentation}), default `block`; the lines' second reading, and the names' of a garbled page, use the other.
   */
  ocrSegmentation?: Segmentation;
  /** OCR languages (tesseract codes), default `['fra', 'eng', 'deu']`. */
  languages?: readonly string[];
  /** A folder holding `<lang>.traineddata.gz` for each OCR language (e.g. a Lambda layer); default: the @tesseract.js-data packages. */
  langPath?: string;
  /** Pages of a text PDF read at most, default every page (up to the `pdf-pages` limit), within `textTimeMs`. */
  maxPages?: number;
  /** Pages of a scanned PDF rendered and read by OCR at most, default 50, within `ocrTimeMs`. */
  maxOcrPages?: number;
  /** Time for reading the pages of a text PDF once it is open; later pages are left with a note. Default 2,000 ms (the pool stops a reading job at 4 s). */
  textTimeMs?: number;
  /**
   * Time for OCR, from the start of the extraction: a further page is started only when the slowest page so far would
   * still finish within it; the pages left are named in a note. Default 15,000 ms (the isolation pool stops a job at
   * 20 s, lib/isolate/budgets.ts).
   */
  ocrTimeMs?: number;
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
  /**
   * The second OCR reading of party names with the document's own language model (see {@link NAME_PASS_MODELS}), on
   * by default; `false` keeps the names of the general reading.
   */
  namePass?: boolean;
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
  /** For an OCR reading: what the second readings of names and lines need. */
  reread?: Reread | undefined;
}

/** What the second readings of a scan need. */
interface Reread {
  /** The images read (for a scanned PDF, its first page only). */
  images: PreparedImage[];
  /** The time of the first reading, and when OCR must end. */
  ms: number;
  end: number;
  /** The first image's reading has words that overlap as two printed lines read into one do ({@link isGarbled}). */
  garbled: boolean;
}

/** Overlapping word pairs ({@link overlappingWordPairs}) from which a page's reading is taken as garbled. */
const GARBLED_PAIRS = 2;

/**
 * Whether a reading of a page is garbled: tesseract's segmentation cut printed lines and read their halves against
 * the next ones (columns of the page not aligned line for line, with the single-block segmentation), which shows as
 * words overlapping on one line ({@link overlappingWordPairs}).
 */
function isGarbled(page: OcrPage): boolean {
  return overlappingWordPairs(page.items) >= GARBLED_PAIRS;
}

/**
 * The order in which the pages of a scan are read by OCR: the first (header, parties), then the last (totals, VAT
 * breakdown, payment), then the others in order, so that a time budget that cannot cover every page still gets both.
 */
export function ocrPageOrder(pages: number): number[] {
  if (pages <= 0) return [];
  if (pages === 1) return [0];
  return [0, pages - 1, ...Array.from({ length: pages - 2 }, (_, i) => i + 1)];
}

/**
 * Whether an OCR reading's lines call for a second reading ({@link LocalExtractor}): its totals agree (total without
 * VAT + VAT = total with VAT, BR-CO-15) but its line amounts do not add up to the total without VAT (BR-CO-10), or some
 * could not be read at all (none, or one computed from the total).
 */
export function needsLineReread(invoice: ExtractedInvoice): boolean {
  const check = (name: string) => invoice.checks.find((c) => c.name === name);
  if (!invoice.totals.totalHT || !check('total-without-vat-plus-vat')?.ok) return false;
  return !(check('sum-of-lines-vs-total-without-vat')?.ok ?? check('sum-of-lines-vs-line-total')?.ok ?? false);
}

/** Whether an invoice's line net amounts (all read, none computed) add up to `total` (BR-CO-10). */
export function linesAddUpTo(invoice: ExtractedInvoice, total: string): boolean {
  if (invoice.lines.length === 0 || invoice.lines.some((l) => !l.netAmount || computed(l.netAmount))) return false;
  return sum(invoice.lines.map((l) => dec(l.netAmount!.value))).eq(dec(total));
}

/** Creates the local extractor (name `local`). */
export function createLocalExtractor(options: LocalExtractorOptions = {}): LocalExtractor {
  const ocrOptions: OcrOptions = {};
  if (options.languages) ocrOptions.languages = options.languages;
  if (options.langPath) ocrOptions.langPath = options.langPath;
  if (options.ocrPreprocess !== undefined) ocrOptions.preprocess = options.ocrPreprocess;
  if (options.ocrRotateAuto) ocrOptions.rotateAuto = true;
  if (options.ocrSegmentation) ocrOptions.segmentation = options.ocrSegmentation;
  const ocr = new OcrEngine(ocrOptions);

  async function ocrImages(images: Uint8Array[], notes: string[], what: (k: number) => string, end: number): Promise<ReadResult> {
    options.onOcrStart?.();
    const items: PositionedItem[] = [];
    const prepared: PreparedImage[] = [];
    const t0 = Date.now();
    let width = 0;
    let garbled: boolean | undefined;
    for (const [k, image] of images.entries()) {
      const ready = ocr.prepare(image, k + 1, what(k));
      const page = await ocr.recognizePrepared(ready);
      garbled ??= isGarbled(page);
      prepared.push(ready);
      items.push(...page.items);
      width = Math.max(width, page.width);
      if (page.items.length > 0 && page.confidence < 0.6) notes.push(`OCR confidence low on page ${k + 1} (${Math.round(page.confidence * 100)}%).`);
    }
    const doc = { lines: buildLines(items), pageCount: images.length, pageWidth: width };
    return { doc, method: 'ocr', ocr: true, notes, reread: { images: prepared, ms: Date.now() - t0, end, garbled: garbled ?? false } };
  }

  /**
   * Renders the pages (one per size given) one at a time and reads each by OCR, while time allows (`ocrTimeMs` from
   * `started`, and the caller's deadline): the total or the VAT breakdown is often on the last page. A reason instead
   * when no renderer is available.
   */
  async function ocrPdf(
    bytes: Uint8Array,
    pageSizes: readonly PageSize[],
    pageCount: number,
    notes: string[],
    started: number,
    deadline: number | undefined,
  ): Promise<ReadResult | { failed: string }> {
    if (options.pdftoppm === false) return { failed: 'OCR of PDFs is disabled' };
    options.onOcrStart?.();
    const ocrNotes = [...notes];
    const end = Math.min(started + (options.ocrTimeMs ?? 15_000), deadline === undefined ? Infinity : deadline - 1_000);
    const items: PositionedItem[] = [];
    let width = 0;
    let read = 0;
    let slowest = 0;
    let first: Reread | undefined;
    const done: number[] = [];
    for (const k of ocrPageOrder(pageSizes.length)) {
      const size = pageSizes[k]!;
      // The first page is always read; a further one only when it would end in time, judged by the slowest page so far.
      if (read > 0 && Date.now() + slowest > end) break;
      const t0 = Date.now();
      const rendered = await renderPdfPages(bytes, {
        binary: options.pdftoppm ?? 'pdftoppm',
        pageSizes: [size],
        firstPage: k + 1,
        dpi: options.ocrDpi ?? 300,
        timeoutMs: Math.max(1_000, Math.min(options.renderTimeoutMs ?? 30_000, end - Date.now())),
      });
      if (!rendered.ok) {
        if (k === 0) return { failed: rendered.reason };
        ocrNotes.push(`Page ${k + 1} could not be rendered for OCR (${rendered.reason}).`);
        break;
      }
      options.onOcrStart?.();
      const ready = ocr.prepare(rendered.pages[0]!, k + 1, `Page ${k + 1} as rendered`);
      const page = await ocr.recognizePrepared(ready);
      // The parties are in the header of the first page: only that one is kept for the second reading of names.
      if (k === 0) first = { images: [ready], ms: Date.now() - t0, end, garbled: isGarbled(page) };
      items.push(...page.items);
      width = Math.max(width, page.width);
      if (page.items.length > 0 && page.confidence < 0.6) ocrNotes.push(`OCR confidence low on page ${k + 1} (${Math.round(page.confidence * 100)}%).`);
      read += 1;
      done.push(k + 1);
      slowest = Math.max(slowest, Date.now() - t0);
    }
    if (pageCount > read) {
      const why = read < pageSizes.length ? `time (${Math.round((Date.now() - started) / 100) / 10} s)` : `the ${pageSizes.length}-page OCR limit`;
      const which = done.sort((a, b) => a - b).join(', ');
      ocrNotes.push(`Only ${read} of ${pageCount} pages were read by OCR (page${read === 1 ? '' : 's'} ${which}; ${why}): check the values of the pages left.`);
    }
    return { doc: { lines: buildLines(items), pageCount: read, pageWidth: width }, method: 'ocr', ocr: true, notes: ocrNotes, reread: first };
  }

  async function readPdf(bytes: Uint8Array, notes: string[], started: number, deadline: number | undefined): Promise<ReadResult> {
    const maxPages = options.maxPages ?? PDF_MAX_PAGES;
    // pdf.js and pdftoppm decode with no output cap: measure the file first (limits, page sizes for rendering).
    const preflight = await preflightForReading(bytes, { textPages: maxPages, renderPages: options.maxOcrPages ?? 50 });
    const { pageCount, pageSizes } = preflight;
    let text: Awaited<ReturnType<typeof readPdfText>>;
    try {
      text = await readPdfText(bytes, {
        maxPages,
        preflight,
        pagesTimeMs: options.textTimeMs ?? 2_000,
        ...(deadline === undefined ? {} : { deadline: deadline - 1_000 }),
      });
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      // pdf.js could not run here (e.g. no DOMMatrix without its canvas package): the pages may still be read by OCR.
      const ocrRead = await ocrPdf(bytes, pageSizes, pageCount, [...notes, 'The PDF text layer could not be read in this environment: read by OCR.'], started, deadline);
      if ('failed' in ocrRead) throw new ExtractionError(`The PDF could not be read: ${ocrRead.failed}.`, [], { cause: error });
      return ocrRead;
    }
    if (text.pageCount > text.pagesRead) {
      notes.push(`Only the first ${text.pagesRead} of ${text.pageCount} pages were read${text.timedOut ? ' (time)' : ''}: check the values of the pages left.`);
    }
    const chars = text.charsPerPage.reduce((a, b) => a + b, 0);
    const isScan = chars < (options.minTextCharsPerPage ?? 25) * Math.max(1, text.pagesRead);
    const fromText: ReadResult = { doc: text.doc, method: 'pdf-text', ocr: false, notes, pdf: { bytes, pageCount: text.pageCount, pageSizes } };
    if (!isScan) return fromText;
    const ocrRead = await ocrPdf(bytes, pageSizes, text.pageCount, [...notes, 'The PDF has no text layer (a scan): read by OCR.'], started, deadline);
    if (!('failed' in ocrRead)) return ocrRead;
    if (text.doc.lines.length > 0) return { ...fromText, pdf: undefined, notes: [...notes, `The PDF has almost no text and could not be read by OCR: ${ocrRead.failed}.`] };
    throw new ExtractionError(`The PDF has no text layer (a scan) and could not be read by OCR: ${ocrRead.failed}.`, ['text']);
  }

  async function read(input: ExtractionInput, kind: DocumentKind, notes: string[], started: number): Promise<ReadResult> {
    switch (kind) {
      case 'pdf':
        return readPdf(input.bytes, notes, started, input.deadline);
      case 'png':
      case 'jpeg':
        return ocrImages([input.bytes], notes, () => 'The image', Math.min(started + (options.ocrTimeMs ?? 15_000), input.deadline === undefined ? Infinity : input.deadline - 1_000));
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

  /**
   * The second reading of party names (see {@link NAME_PASS_MODELS}): the language of the first reading's labels, or of
   * its parties' country ({@link nameReadingLanguage}), and when its model is at hand and time allows (the first
   * reading's time and a worker start before `end`), the same images read again with that model alone; its seller and
   * buyer names, when it found them and they are the first ones better spelt ({@link chooseName}), replace the first
   * ones.
   * On a garbled first page ({@link isGarbled}) where a name came out glued to its neighbours ({@link looksGlued}:
   * `Fiirma BäckereiBäcerei`, `VotreGarnierpartenaire...`), the second reading uses the other page segmentation (the
   * general models when the language has none of its own), and replaces only the glued or missing names, with names
   * that are not glued themselves (or, when it names no such party, with the text of that reading the glued name holds
   * the letters of: {@link ungluedName}): the other segmentation reads the page's structure right, not always its
   * letters.
   * Any failure of that reading leaves the first one's names.
   */
  async function rereadNames(result: ReadResult, invoice: ExtractedInvoice | undefined): Promise<void> {
    if (options.namePass === false || !invoice || !result.reread || result.reread.images.length === 0) return;
    const text = result.doc.lines.map((l) => l.text).join('\n');
    const lang = nameReadingLanguage(detectLanguage(text), [invoice.seller.country?.value, invoice.buyer.country?.value], text);
    const ownModel = lang === undefined ? undefined : NAME_PASS_MODELS[lang];
    const model = ownModel !== undefined && ocr.hasLanguage(ownModel) && ocr.defaultLanguages.join('+') !== ownModel ? ownModel : undefined;
    const parties = ['seller', 'buyer'] as const;
    const glued = result.reread.garbled ? parties.filter((p) => looksGlued(invoice[p].name?.value)) : [];
    const repairGlued = glued.length > 0;
    if (model === undefined && !repairGlued) return;
    const { images, ms, end } = result.reread;
    if (Date.now() + ms + (model === undefined ? 0 : NAME_PASS_START_MS) > end) return;
    try {
      const items: PositionedItem[] = [];
      let width = 0;
      const segmentation = repairGlued ? otherSegmentation(ocr.segmentation) : ocr.segmentation;
      for (const image of images) {
        const page = await ocr.recognizePrepared(image, model === undefined ? undefined : [model], { segmentation });
        items.push(...page.items);
        width = Math.max(width, page.width);
      }
      if (items.length === 0) return;
      const secondDoc: TextDocument = { lines: buildLines(items), pageCount: images.length, pageWidth: width };
      const second = parseInvoice(secondDoc, { method: result.method, ocr: true, notes: [] });
      const how = [model === undefined ? undefined : `with ${model}`, repairGlued ? `${segmentation} page segmentation` : undefined].filter(Boolean).join(', ');
      const tag = (source: string | undefined): string => `${source ?? 'OCR'} (re-read ${how})`;
      for (const party of parties) {
        const name = second[party].name;
        const value = name && trimLeadingMarks(name.value);
        const first = invoice[party].name;
        if (repairGlued && first && glued.includes(party) && (!value || looksGlued(value))) {
          // The second reading did not name the party (its own reading of the block went wrong elsewhere): the text it
          // read where the glued name stands, when the glued name holds its letters.
          const unglued = ungluedName(first.value, secondDoc);
          if (unglued !== undefined) invoice[party].name = { ...first, value: unglued, source: tag(first.source) };
          continue;
        }
        if (!name || !value) continue;
        const replace = repairGlued ? (glued.includes(party) || first === undefined) && !looksGlued(value) : chooseName(first?.value, value);
        if (replace) invoice[party].name = { ...name, value, source: tag(name.source) };
      }
      // The names chosen, repaired from the spellings of both readings (a tie goes to the model of the party's language).
      repairPartyNames(invoice, [repairOcrLegalForms(result.doc), repairOcrLegalForms(secondDoc)], model === undefined ? undefined : lang);
    } catch (error) {
      // A page past the limits was refused by the first reading already; anything else leaves the first names.
      rethrowLimit(error);
    }
  }

  /**
   * The second OCR reading of the lines table: when a one-page scan's line amounts do not add up to a total without VAT
   * that the VAT and total with VAT confirm (BR-CO-10, BR-CO-15), a row may be missing from the reading (each of
   * tesseract's page segmentations skips some); the page is read again with the other segmentation and, when time allows
   * (the first reading's time before `end`), its lines replace the first ones if they add up to that same total.
   */
  async function rereadLines(result: ReadResult, invoice: ExtractedInvoice | undefined): Promise<void> {
    if (!invoice || !result.reread || result.reread.images.length !== 1 || result.doc.pageCount !== 1) return;
    if (!needsLineReread(invoice)) return;
    const { images, ms, end } = result.reread;
    if (Date.now() + ms > end) return;
    try {
      const page = await ocr.recognizePrepared(images[0]!, undefined, { segmentation: otherSegmentation(ocr.segmentation) });
      if (page.items.length === 0) return;
      const second = parseInvoice({ lines: buildLines(page.items), pageCount: 1, pageWidth: page.width }, { method: result.method, ocr: true, notes: [] });
      if (!linesAddUpTo(second, invoice.totals.totalHT!.value)) return;
      invoice.lines = second.lines;
      const isLineCheck = (name: string): boolean => name.startsWith('line-') || name.startsWith('sum-of-lines');
      invoice.checks = [...invoice.checks.filter((c) => !isLineCheck(c.name)), ...second.checks.filter((c) => isLineCheck(c.name))];
      invoice.notes.push('The lines table was read a second time by OCR (another page segmentation): its lines add up to the total without VAT.');
    } catch (error) {
      // A page past the limits was refused by the first reading already; anything else leaves the first lines.
      rethrowLimit(error);
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
      const started = Date.now();
      const { kind, note } = decideKind(input.bytes, input.mimeType);
      let result: ReadResult;
      try {
        result = await read(input, kind, note ? [note] : [], started);
      } catch (error) {
        if (error instanceof ServiceError) throw error;
        throw new ExtractionError(`The ${KIND_LABELS[kind]} could not be read (damaged, or not what its type says).`, [], { cause: error });
      }
      let invoice = parse(result);
      await rereadNames(result, invoice);
      // After the names' reading, which the same time budget serves first.
      await rereadLines(result, invoice);
      // A text layer without invoice data (glyphs without Unicode mapping, text drawn as paths): OCR may still read the page.
      if (result.pdf && !isUsable(invoice)) {
        const retry = await ocrPdf(
          result.pdf.bytes,
          result.pdf.pageSizes,
          result.pdf.pageCount,
          [...result.notes, 'The text layer of the PDF held no usable invoice data: read by OCR.'],
          started,
          input.deadline,
        ).catch((error: unknown) => {
          // A page image past the OCR limits is an answer; any other failure leaves the text layer's result.
          rethrowLimit(error);
          return undefined;
        });
        if (retry && !('failed' in retry)) {
          const fromOcr = parse(retry);
          if (isUsable(fromOcr)) {
            await rereadNames(retry, fromOcr);
            invoice = fromOcr;
          }
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
