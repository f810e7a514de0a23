/**
 * Loading untrusted PDF bytes into pdf-lib, with every failure turned into a
 * domain error (./errors.ts) instead of a crash:
 *
 * 1. size over the limit -> PdfTooLargeError (`PAYLOAD_TOO_LARGE`), before parsing;
 * 2. no `%PDF-` header in the first 1024 bytes (ISO 32000-1, 7.5.2, as readers
 *    accept it) -> PdfInvalidError (`BAD_REQUEST`);
 * 3. no `%%EOF` marker near the end: a truncated file (pdf-lib would otherwise
 *    silently recover a part of it) -> PdfInvalidError;
 * 4. parser failure, no catalog, no page tree, no page, a page whose content
 *    does not resolve -> PdfInvalidError;
 * 5. an `/Encrypt` entry in the trailer -> PdfEncryptedError (`PDF_ENCRYPTED`);
 * 6. the resource limits of lib/limits.ts (./decode.ts, ./structure.ts):
 *    object or cross-reference streams that pdf-lib had to decode past
 *    `pdf-stream-bytes` / `pdf-decoded-bytes`, more than `pdf-pages` pages, a
 *    page tree deeper than `pdf-page-tree-depth`, objects nested past
 *    `pdf-nesting-depth` -> DocumentTooComplexError (422
 *    `DOCUMENT_TOO_COMPLEX`); a page tree that loops (Kids or /Parent) or
 *    reaches a node twice -> PdfInvalidError.
 */
import { ParseSpeeds, PDFArray, PDFDict, PDFDocument, PDFRef, PDFStream } from '@cantoo/pdf-lib';
import { rethrowLimit } from '../limits.js';
import { assertWithinDecodeLimits, capPdfLibParserStreams } from './decode.js';
import { PdfEncryptedError, PdfInvalidError, PdfTooLargeError } from './errors.js';
import { forEachPage, getDict, N, resolve } from './objects.js';
import { checkNesting, checkPageTree } from './structure.js';

// pdf-lib inflates object and cross-reference streams while it parses, with no limit: route them through our caps.
capPdfLibParserStreams();

/** Default largest PDF accepted: 6 MiB, the synchronous Lambda payload limit (DECISIONS.md, Limits). */
export const DEFAULT_MAX_PDF_BYTES = 6 * 1024 * 1024;

/** Options of {@link loadPdf}. */
export interface LoadPdfOptions {
  /** Largest accepted input in bytes; default {@link DEFAULT_MAX_PDF_BYTES}. */
  maxBytes?: number;
  /** Accept an encrypted file (only to report on it, as the checker does); default false. */
  allowEncrypted?: boolean;
  /**
   * Load as a reader would, for measuring a file another tool will read
   * (./preflight.ts): a missing %%EOF or a page content that does not resolve
   * is accepted, and an encrypted file is opened with the empty user password
   * (as viewers open it) so that its streams are decoded in clear; one that
   * needs a password is PdfEncryptedError. Default false.
   */
  lenient?: boolean;
}

/** A loaded document and facts read while loading it. */
export interface LoadedPdf {
  doc: PDFDocument;
  /** Header version, e.g. `1.4`, from the `%PDF-x.y` line. */
  headerVersion: string;
  /** Offset of `%PDF-` in the input (0 for a conforming file). */
  headerOffset: number;
  /** Whether the trailer has an /Encrypt entry. */
  encrypted: boolean;
  /** Number of pages. */
  pageCount: number;
}

const HEADER = /%PDF-(\d)\.(\d)/;

/** Where `%PDF-x.y` starts in the first 1024 bytes, and its version, or undefined. */
export function findHeader(bytes: Uint8Array): { offset: number; version: string } | undefined {
  const head = latin1(bytes.subarray(0, 1024));
  const m = HEADER.exec(head);
  if (m === null) return undefined;
  return { offset: m.index, version: `${m[1]}.${m[2]}` };
}

/** Whether `%%EOF` occurs in the last `window` bytes. */
function hasEofMarker(bytes: Uint8Array, window = 4096): boolean {
  const tail = latin1(bytes.subarray(Math.max(0, bytes.length - window)));
  return tail.includes('%%EOF');
}

function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

/** pdf-lib's parse, its failures as PdfInvalidError, a decoding limit passed inside it raised (./decode.ts). */
async function parse(bytes: Uint8Array, password?: string): Promise<PDFDocument> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      parseSpeed: ParseSpeeds.Fastest,
      updateMetadata: false,
      throwOnInvalidObject: false,
      ...(password === undefined ? {} : { password }),
    });
  } catch (err) {
    rethrowLimit(err);
    throw new PdfInvalidError(`The PDF could not be parsed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  assertWithinDecodeLimits(doc.context);
  return doc;
}

/**
 * Parses PDF bytes with pdf-lib (fastest parse speed, no metadata touched) and
 * checks the document is usable.
 * @throws PdfTooLargeError, PdfInvalidError, PdfEncryptedError, DocumentTooComplexError (see the module comment)
 */
export async function loadPdf(bytes: Uint8Array, opts: LoadPdfOptions = {}): Promise<LoadedPdf> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_PDF_BYTES;
  if (bytes.byteLength > maxBytes) throw new PdfTooLargeError(maxBytes);
  if (bytes.byteLength === 0) throw new PdfInvalidError('The PDF is empty.');
  const header = findHeader(bytes);
  if (header === undefined) throw new PdfInvalidError('The input is not a PDF: no %PDF- header was found.');
  const lenient = opts.lenient === true;
  if (!lenient && !hasEofMarker(bytes)) {
    throw new PdfInvalidError('The PDF is truncated or damaged: it has no %%EOF end-of-file marker.');
  }
  let doc = await parse(bytes);
  let encrypted = doc.context.trailerInfo.Encrypt !== undefined;
  if (encrypted && lenient) {
    try {
      doc = await parse(bytes, '');
    } catch (err) {
      rethrowLimit(err);
      throw new PdfEncryptedError();
    }
    encrypted = doc.context.trailerInfo.Encrypt !== undefined;
  } else if (encrypted && opts.allowEncrypted !== true) {
    throw new PdfEncryptedError();
  }
  const ctx = doc.context;
  const catalog = ctx.lookup(ctx.trailerInfo.Root);
  if (!(catalog instanceof PDFDict)) throw new PdfInvalidError('The PDF is damaged: it has no document catalog.');
  const pages = getDict(ctx, catalog, 'Pages');
  if (pages === undefined) throw new PdfInvalidError('The PDF is damaged: it has no page tree.');
  checkPageTree(ctx, catalog.get(N('Pages')));
  checkNesting(ctx);
  let pageCount = 0;
  let damaged: string | undefined;
  forEachPage(ctx, pages, (page) => {
    pageCount++;
    if (damaged !== undefined) return;
    const contents = page.get(N('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : contents === undefined ? [] : [contents];
    for (const r of refs) {
      if (r instanceof PDFRef && !(resolve(ctx, r) instanceof PDFStream)) {
        damaged = `page ${pageCount} refers to content ${r.toString()} that is missing`;
        return;
      }
    }
  });
  if (pageCount === 0) throw new PdfInvalidError('The PDF has no pages.');
  if (damaged !== undefined && !encrypted && !lenient) throw new PdfInvalidError(`The PDF is damaged: ${damaged}.`);
  return { doc, headerVersion: header.version, headerOffset: header.offset, encrypted, pageCount };
}
