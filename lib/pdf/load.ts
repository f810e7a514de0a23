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
 * 5. an `/Encrypt` entry in the trailer -> PdfEncryptedError (`PDF_ENCRYPTED`).
 */
import { ParseSpeeds, PDFArray, PDFDict, PDFDocument, PDFRef, PDFStream } from '@cantoo/pdf-lib';
import { PdfEncryptedError, PdfInvalidError, PdfTooLargeError } from './errors.js';
import { forEachPage, getDict, N, resolve } from './objects.js';

/** Default largest PDF accepted: 6 MiB, the synchronous Lambda payload limit (DECISIONS.md, Limits). */
export const DEFAULT_MAX_PDF_BYTES = 6 * 1024 * 1024;

/** Options of {@link loadPdf}. */
export interface LoadPdfOptions {
  /** Largest accepted input in bytes; default {@link DEFAULT_MAX_PDF_BYTES}. */
  maxBytes?: number;
  /** Accept an encrypted file (only to report on it, as the checker does); default false. */
  allowEncrypted?: boolean;
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

/**
 * Parses PDF bytes with pdf-lib (fastest parse speed, no metadata touched) and
 * checks the document is usable.
 * @throws PdfTooLargeError, PdfInvalidError, PdfEncryptedError (see the module comment)
 */
export async function loadPdf(bytes: Uint8Array, opts: LoadPdfOptions = {}): Promise<LoadedPdf> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_PDF_BYTES;
  if (bytes.byteLength > maxBytes) throw new PdfTooLargeError(maxBytes);
  if (bytes.byteLength === 0) throw new PdfInvalidError('The PDF is empty.');
  const header = findHeader(bytes);
  if (header === undefined) throw new PdfInvalidError('The input is not a PDF: no %PDF- header was found.');
  if (!hasEofMarker(bytes)) {
    throw new PdfInvalidError('The PDF is truncated or damaged: it has no %%EOF end-of-file marker.');
  }
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      parseSpeed: ParseSpeeds.Fastest,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
  } catch (err) {
    throw new PdfInvalidError(`The PDF could not be parsed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  const ctx = doc.context;
  const encrypted = ctx.trailerInfo.Encrypt !== undefined;
  if (encrypted && opts.allowEncrypted !== true) throw new PdfEncryptedError();
  const catalog = ctx.lookup(ctx.trailerInfo.Root);
  if (!(catalog instanceof PDFDict)) throw new PdfInvalidError('The PDF is damaged: it has no document catalog.');
  const pages = getDict(ctx, catalog, 'Pages');
  if (pages === undefined) throw new PdfInvalidError('The PDF is damaged: it has no page tree.');
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
  if (damaged !== undefined && !encrypted) throw new PdfInvalidError(`The PDF is damaged: ${damaged}.`);
  return { doc, headerVersion: header.version, headerOffset: header.offset, encrypted, pageCount };
}
