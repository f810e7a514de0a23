/**
 * Capped decoding of PDF streams (ISO 32000-1, 7.4): every stream our code
 * decodes, and the object and cross-reference streams pdf-lib decodes while
 * it loads a file, goes through here, under the limits of lib/limits.ts:
 * - each filter stage of one stream at most `pdf-stream-bytes` (50 MiB);
 * - all streams of one document, each counted once, at most
 *   `pdf-decoded-bytes` (200 MiB).
 *
 * FlateDecode is inflated with node:zlib under `maxOutputLength` (zlib stops
 * with ERR_BUFFER_TOO_LARGE instead of allocating more), leniently as readers
 * are: the zlib header is checked as pdf-lib checks it, the Adler-32 trailer
 * is not, a truncated stream gives what it holds. LZW, RunLength, ASCII85 and
 * ASCIIHex keep pdf-lib's decoders, pulled in chunks and stopped at the cap.
 * As before, predictors (DecodeParms) are not applied and other filters
 * (DCT, JPX, CCITT, JBIG2, Crypt) are not decoded: those throw.
 *
 * Budgets live beside the document's PDFContext. Once a document has gone past
 * a limit, the breach is kept and every later decode of it fails at once, so
 * a file with many bombs costs one bomb's work. pdf-lib swallows errors
 * thrown while it parses an object stream (it drops the object and goes on):
 * {@link assertWithinDecodeLimits} raises the kept breach after loading.
 */
import { inflateRawSync, constants as zlibConstants } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFContext,
  PDFDict,
  PDFName,
  PDFObjectStreamParser,
  PDFRawStream,
  PDFStream,
  PDFXRefStreamParser,
} from '@cantoo/pdf-lib';
import { DocumentTooComplexError } from '../errors.js';
import { PDF_MAX_DECODED_BYTES, PDF_MAX_STREAM_BYTES, tooComplex } from '../limits.js';

/** What has been decoded from one document. */
interface Budget {
  used: number;
  counted: WeakSet<PDFStream>;
  breach?: DocumentTooComplexError;
}

const budgets = new WeakMap<PDFContext, Budget>();

function budgetOf(ctx: PDFContext): Budget {
  let b = budgets.get(ctx);
  if (b === undefined) {
    b = { used: 0, counted: new WeakSet() };
    budgets.set(ctx, b);
  }
  return b;
}

/** Bytes decoded so far from the document of `ctx` (each stream once). */
export function decodedBytes(ctx: PDFContext): number {
  return budgets.get(ctx)?.used ?? 0;
}

/** Throws the limit a document went past while it was decoded (also inside pdf-lib's loading), if any. */
export function assertWithinDecodeLimits(ctx: PDFContext): void {
  const breach = budgets.get(ctx)?.breach;
  if (breach !== undefined) throw breach;
}

/** A stage went past `cap`: which limit that is depends on whether the stream or the document budget was the smaller. */
class CapExceeded extends Error {}

const CHUNK = 64 * 1024;
const SUPPORTED = new Set(['FlateDecode', 'LZWDecode', 'ASCII85Decode', 'ASCIIHexDecode', 'RunLengthDecode']);

function inflatePdf(data: Uint8Array, cap: number): Uint8Array {
  const cmf = data[0];
  const flg = data[1];
  if (cmf === undefined || flg === undefined) throw new Error(`Invalid header in flate stream: ${cmf ?? -1}, ${flg ?? -1}`);
  if ((cmf & 0x0f) !== 0x08) throw new Error(`Unknown compression method in flate stream: ${cmf}, ${flg}`);
  if (((cmf << 8) + flg) % 31 !== 0) throw new Error(`Bad FCHECK in flate stream: ${cmf}, ${flg}`);
  if ((flg & 0x20) !== 0) throw new Error(`FDICT bit set in flate stream: ${cmf}, ${flg}`);
  let out: Buffer;
  try {
    out = inflateRawSync(data.subarray(2), { maxOutputLength: Math.max(1, cap), finishFlush: zlibConstants.Z_SYNC_FLUSH });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new CapExceeded();
    throw err;
  }
  if (out.length > cap) throw new CapExceeded();
  // A plain Uint8Array view: pdf-lib slices what it parses, and Buffer#slice would not copy.
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

/** One non-Flate stage with pdf-lib's decoder, read in chunks and stopped past `cap`. */
function decodeWithPdfLib(ctx: PDFContext, filter: string, params: PDFDict | undefined, data: Uint8Array, cap: number): Uint8Array {
  const dict = PDFDict.withContext(ctx);
  dict.set(PDFName.of('Filter'), PDFName.of(filter));
  if (params !== undefined) dict.set(PDFName.of('DecodeParms'), params);
  const stream = decodePDFRawStream(PDFRawStream.of(dict, data));
  let total = 0;
  for (;;) {
    const part = stream.getBytes(CHUNK);
    if (part.length === 0) break;
    total += part.length;
    if (total > cap) throw new CapExceeded();
  }
  return stream.decode();
}

/** The filter names and their DecodeParms of a stream dictionary, in order. */
function filterChain(dict: PDFDict): Array<{ name: string; params: PDFDict | undefined }> {
  const filter = dict.lookup(PDFName.of('Filter'));
  const parms = dict.lookup(PDFName.of('DecodeParms'));
  if (filter === undefined) return [];
  if (filter instanceof PDFName) return [{ name: filter.decodeText(), params: parms instanceof PDFDict ? parms : undefined }];
  if (filter instanceof PDFArray) {
    return filter.asArray().map((_, i) => {
      const f = dict.context.lookup(filter.get(i));
      if (!(f instanceof PDFName)) throw new Error('A stream filter is not a name.');
      const p = parms instanceof PDFArray ? dict.context.lookup(parms.get(i)) : undefined;
      return { name: f.decodeText(), params: p instanceof PDFDict ? p : undefined };
    });
  }
  throw new Error('The stream /Filter is neither a name nor an array.');
}

/** Options of {@link decodePdfStream}. */
export interface DecodeOptions {
  /**
   * Decode only the leading stages we know and return what they give, instead
   * of throwing at an image filter (DCT, JPX, ...): for measuring a stream.
   */
  knownStagesOnly?: boolean;
}

/**
 * The decoded bytes of a stream through its filters, under the decoding
 * limits (see the module comment); streams pdf-lib built in memory in this
 * process (our own) are returned unencoded, uncounted.
 * @throws DocumentTooComplexError `pdf-stream-bytes` or `pdf-decoded-bytes`
 * @throws Error when a filter is unsupported (e.g. DCT for images) or the data is corrupt
 */
export function decodePdfStream(stream: PDFStream, opts: DecodeOptions = {}): Uint8Array {
  if (!(stream instanceof PDFRawStream)) {
    const s = stream as PDFStream & { getUnencodedContents?: () => Uint8Array };
    if (typeof s.getUnencodedContents === 'function') return s.getUnencodedContents();
    throw new Error('Unsupported stream kind.');
  }
  const ctx = stream.dict.context;
  const budget = budgetOf(ctx);
  if (budget.breach !== undefined) throw budget.breach;
  const counted = budget.counted.has(stream);
  const remaining = counted ? Infinity : PDF_MAX_DECODED_BYTES - budget.used;
  const cap = Math.min(PDF_MAX_STREAM_BYTES, remaining);
  let data: Uint8Array = stream.contents;
  try {
    if (stream.transform !== undefined) data = decodePDFRawStream(PDFRawStream.of(PDFDict.withContext(ctx), data, stream.transform)).decode();
    for (const { name, params } of filterChain(stream.dict)) {
      if (!SUPPORTED.has(name)) {
        if (opts.knownStagesOnly === true) break;
        throw new Error(`Unsupported stream filter ${name}.`);
      }
      data = name === 'FlateDecode' ? inflatePdf(data, cap) : decodeWithPdfLib(ctx, name, params, data, cap);
    }
  } catch (err) {
    if (!(err instanceof CapExceeded)) throw err;
    budget.breach =
      cap < PDF_MAX_STREAM_BYTES
        ? tooComplex('pdf-decoded-bytes', `The PDF's streams decode to more than ${PDF_MAX_DECODED_BYTES} bytes in total.`)
        : tooComplex('pdf-stream-bytes', `A stream of the PDF decodes to more than ${PDF_MAX_STREAM_BYTES} bytes.`);
    throw budget.breach;
  }
  if (!counted) {
    budget.counted.add(stream);
    budget.used += data.length;
  }
  return data;
}

/**
 * Decodes (and drops) every stream of a document, as far as its known
 * filters go, so that a tool which decodes the file itself (Ghostscript,
 * pdf.js, pdftoppm: none has an output cap) is only ever given a document
 * within the decoding limits. Corrupt streams are skipped (the tool will
 * deal with them); only a limit stops the walk. `include` narrows the walk to
 * some streams (the PDF/A analysis measures only what it scans). Returns the decoded size of
 * each stream that decoded.
 * @throws DocumentTooComplexError `pdf-stream-bytes` or `pdf-decoded-bytes`
 */
export function assertStreamsWithinLimits(ctx: PDFContext, include: (stream: PDFRawStream) => boolean = () => true): Map<PDFStream, number> {
  const sizes = new Map<PDFStream, number>();
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream) || !include(obj)) continue;
    try {
      sizes.set(obj, decodePdfStream(obj, { knownStagesOnly: true }).length);
    } catch (err) {
      if (err instanceof DocumentTooComplexError) throw err;
    }
  }
  assertWithinDecodeLimits(ctx);
  return sizes;
}

/** A copy of a raw stream with its data decoded under the limits and no filter, for pdf-lib's parsers. */
function decodedForParser(raw: PDFRawStream): PDFRawStream {
  const bytes = decodePdfStream(raw);
  const dict = raw.dict.clone(raw.dict.context);
  dict.delete(PDFName.of('Filter'));
  dict.delete(PDFName.of('DecodeParms'));
  return PDFRawStream.of(dict, bytes);
}

let installed = false;

/**
 * Makes pdf-lib decode object streams and cross-reference streams with
 * {@link decodePdfStream} while it parses a file (it otherwise inflates them
 * with no limit, before we see the document). Idempotent; installed by
 * ./load.ts for the whole process.
 */
export function capPdfLibParserStreams(): void {
  if (installed) return;
  installed = true;
  const objectStream = PDFObjectStreamParser.forStream;
  PDFObjectStreamParser.forStream = (raw, shouldWaitForTick) => objectStream(decodedForParser(raw), shouldWaitForTick);
  const xrefStream = PDFXRefStreamParser.forStream;
  PDFXRefStreamParser.forStream = (raw) => xrefStream(decodedForParser(raw));
}
