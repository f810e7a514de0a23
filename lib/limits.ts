/**
 * The resource limits on documents, in one place (issue 15, "Hostile
 * documents cannot hang or exhaust the service"). Everything that inflates
 * (zip members, PDF streams, image pixels, rendered pages) is checked against
 * these before or while inflating, never after.
 *
 * A document past a limit is answered 422 `DOCUMENT_TOO_COMPLEX` (a
 * {@link DocumentTooComplexError}) with `details[{reason: "limit", limit, max,
 * message}]`, `limit` being the id below. The README ("Limits") and
 * lib/pdf/README.md list them; a test keeps those tables in step with this
 * module.
 *
 * Structural damage is not a limit: a zip whose directory cannot be read is an
 * ExtractionError (422 `EXTRACTION_FAILED`), a PDF whose page tree loops is a
 * PdfInvalidError (400 `BAD_REQUEST`), as any other corrupt input.
 */
import { DocumentTooComplexError } from './errors.js';

const MiB = 1024 * 1024;

// -- zip containers (xlsx, docx, ods) -------------------------------------------------------------

/** Most entries a zip container (xlsx, docx, ods) may list in its central directory. */
export const ZIP_MAX_ENTRIES = 2_000;

/** Largest total uncompressed size the entries of a zip container may declare: 100 MiB. */
export const ZIP_MAX_UNCOMPRESSED_BYTES = 100 * MiB;

/** Largest uncompressed size one zip entry may declare: 50 MiB. */
export const ZIP_MAX_ENTRY_BYTES = 50 * MiB;

/**
 * Highest compression ratio (uncompressed / compressed) of a zip entry that
 * declares more than {@link ZIP_RATIO_MIN_ENTRY_BYTES}: 200:1. Office XML
 * compresses 5-30:1; deflate cannot exceed about 1032:1, which is what bombs use.
 */
export const ZIP_MAX_COMPRESSION_RATIO = 200;

/** Entries up to this declared size (1 MiB) are exempt from the ratio check (small, very repetitive parts are normal). */
export const ZIP_RATIO_MIN_ENTRY_BYTES = 1 * MiB;

/**
 * Largest total uncompressed size of the XML parts (`.xml`, `.rels`) of an
 * office file: 10 MiB. The readers parse them whole, and their memory grows
 * with them well past the size (measured: mammoth on 10 MiB of text 0.7 s and
 * about 190 MB; SheetJS on a 10 MiB sheet 0.3 s and about 140 MB; mammoth on
 * 40 MiB 3.1 GB, then a stack overflow).
 */
export const OFFICE_MAX_XML_BYTES = 10 * MiB;

/**
 * Most XML elements (start tags) in the XML parts of a docx: 50,000. mammoth
 * builds objects for every element, about 3 KB each (measured: 1 MiB of
 * one-word paragraphs, 92,000 elements, 1 s and 270 MB). An invoice has a
 * few thousand; a 300-line table about 15,000.
 */
export const DOCX_MAX_XML_ELEMENTS = 50_000;

/**
 * Legacy Excel (xls, an OLE2 compound file) is not compressed: it is capped by
 * its input size only, 6 MiB (the request body limit).
 */
export const XLS_MAX_BYTES = 6 * MiB;

// -- images (OCR) ---------------------------------------------------------------------------------

/**
 * Most pixels an image may have to be read by OCR (PNG, JPEG, and the pages
 * rendered from scanned PDFs): 40 megapixels. An A4 page at 600 dpi is 35 MP;
 * OCR decodes every pixel, so memory grows with this number.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Longest side, in pixels, of an image read by OCR: 20,000. */
export const IMAGE_MAX_SIDE = 20_000;

// -- PDF ------------------------------------------------------------------------------------------

/** Most pages a PDF may have: 1,000 (v1 reads text from the first 20, OCR from the first 3). */
export const PDF_MAX_PAGES = 1_000;

/** Largest decoded size of one PDF stream (each filter stage included): 50 MiB. */
export const PDF_MAX_STREAM_BYTES = 50 * MiB;

/**
 * Largest decoded size of all the streams decoded from one PDF, each stream
 * counted once: 200 MiB. Before a PDF goes to a tool that decodes it itself
 * (Ghostscript, pdf.js, pdftoppm) every stream is measured against this.
 */
export const PDF_MAX_DECODED_BYTES = 200 * MiB;

/** Deepest page tree (Pages nodes from the root to a page): 64 levels. */
export const PDF_MAX_PAGE_TREE_DEPTH = 64;

/**
 * Deepest nesting in a PDF: arrays and dictionaries inside one another within
 * an object, and content drawn inside content (form XObjects, patterns, soft
 * masks, appearance streams): 100 levels. qpdf refuses data nested past 500,
 * so nothing we hand out comes near that.
 */
export const PDF_MAX_NESTING_DEPTH = 100;

/**
 * Most decoded page content (content streams and the form XObjects they
 * draw) that pdf.js reads for text from one PDF (v1): 4 MiB. pdf.js has no
 * output cap and its time grows faster than linearly with dense text
 * operators (measured: 4 MiB of `Tj` about 1.3 s, 16 MiB about 16 s). Pages
 * after the budget is spent are not read (a note says so); a first page past
 * it alone is refused.
 */
export const PDF_MAX_TEXT_CONTENT_BYTES = 4 * MiB;

// -- the table ------------------------------------------------------------------------------------

/** Identifier of a limit, as `details[].limit` names it. */
export type LimitId =
  | 'zip-entries'
  | 'zip-uncompressed-bytes'
  | 'zip-entry-bytes'
  | 'zip-compression-ratio'
  | 'zip-size-mismatch'
  | 'office-xml-bytes'
  | 'docx-xml-elements'
  | 'xls-bytes'
  | 'image-pixels'
  | 'image-side'
  | 'pdf-pages'
  | 'pdf-stream-bytes'
  | 'pdf-decoded-bytes'
  | 'pdf-page-tree-depth'
  | 'pdf-nesting-depth'
  | 'pdf-text-content-bytes';

/** One limit: its id, value (undefined when it depends on the document), unit, and what it bounds. */
export interface ResourceLimit {
  id: LimitId;
  max: number | undefined;
  unit: 'entries' | 'bytes' | 'ratio' | 'pixels' | 'pages' | 'levels' | 'elements';
  what: string;
}

/** Every limit, in the order the documentation lists them. */
export const RESOURCE_LIMITS: readonly ResourceLimit[] = [
  { id: 'zip-entries', max: ZIP_MAX_ENTRIES, unit: 'entries', what: 'entries in the central directory of an xlsx, docx or ods file' },
  { id: 'zip-uncompressed-bytes', max: ZIP_MAX_UNCOMPRESSED_BYTES, unit: 'bytes', what: 'total uncompressed size the zip entries declare' },
  { id: 'zip-entry-bytes', max: ZIP_MAX_ENTRY_BYTES, unit: 'bytes', what: 'uncompressed size one zip entry declares' },
  {
    id: 'zip-compression-ratio',
    max: ZIP_MAX_COMPRESSION_RATIO,
    unit: 'ratio',
    what: `uncompressed / compressed size of a zip entry declaring over ${ZIP_RATIO_MIN_ENTRY_BYTES} bytes`,
  },
  { id: 'zip-size-mismatch', max: undefined, unit: 'bytes', what: 'a zip entry may not inflate past the size it declares (checked by inflating it, capped, before the reader sees it)' },
  { id: 'office-xml-bytes', max: OFFICE_MAX_XML_BYTES, unit: 'bytes', what: 'total uncompressed size of the XML parts (.xml, .rels) of an xlsx, docx or ods file' },
  { id: 'docx-xml-elements', max: DOCX_MAX_XML_ELEMENTS, unit: 'elements', what: 'XML elements in the parts of a docx (mammoth builds objects for each)' },
  { id: 'xls-bytes', max: XLS_MAX_BYTES, unit: 'bytes', what: 'input size of a legacy xls (OLE2, not compressed: its only cap)' },
  { id: 'image-pixels', max: IMAGE_MAX_PIXELS, unit: 'pixels', what: 'width x height of a PNG or JPEG read by OCR (from its header), and of a page rendered for OCR' },
  { id: 'image-side', max: IMAGE_MAX_SIDE, unit: 'pixels', what: 'width or height of an image read by OCR' },
  { id: 'pdf-pages', max: PDF_MAX_PAGES, unit: 'pages', what: 'pages of a PDF' },
  { id: 'pdf-stream-bytes', max: PDF_MAX_STREAM_BYTES, unit: 'bytes', what: 'decoded size of one PDF stream (each filter stage)' },
  { id: 'pdf-decoded-bytes', max: PDF_MAX_DECODED_BYTES, unit: 'bytes', what: 'decoded size of all streams of one PDF, each counted once' },
  { id: 'pdf-page-tree-depth', max: PDF_MAX_PAGE_TREE_DEPTH, unit: 'levels', what: 'depth of the page tree' },
  { id: 'pdf-nesting-depth', max: PDF_MAX_NESTING_DEPTH, unit: 'levels', what: 'nesting of arrays and dictionaries, and of content drawn inside content (forms, patterns, soft masks)' },
  { id: 'pdf-text-content-bytes', max: PDF_MAX_TEXT_CONTENT_BYTES, unit: 'bytes', what: 'decoded page content pdf.js reads for text (v1); later pages are skipped, a first page past it is refused' },
];

/** The value of a limit (undefined for `zip-size-mismatch`, whose bound is each entry's own declared size). */
export function limitMax(id: LimitId): number | undefined {
  return RESOURCE_LIMITS.find((l) => l.id === id)?.max;
}

/**
 * The error for a document past limit `id`; `max` defaults to the limit's
 * value (give it when a caller set a lower one, or for `zip-size-mismatch`).
 */
export function tooComplex(id: LimitId, message: string, options: { max?: number; cause?: unknown } = {}): DocumentTooComplexError {
  return new DocumentTooComplexError(id, message, options.max ?? limitMax(id), options.cause === undefined ? undefined : { cause: options.cause });
}

/** Rethrows `err` when it is a {@link DocumentTooComplexError}: for the catch blocks that turn other failures into "unreadable". */
export function rethrowLimit(err: unknown): void {
  if (err instanceof DocumentTooComplexError) throw err;
}
