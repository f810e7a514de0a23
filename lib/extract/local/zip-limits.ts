/**
 * Zip containers (xlsx, docx, ods) checked against the limits of
 * lib/limits.ts before a library (SheetJS, mammoth's JSZip) inflates them.
 *
 * We read the zip's directory ourselves (APPNOTE 6.3: the End Of Central
 * Directory record, the ZIP64 end record when the classic one says so, then
 * every central-directory entry with its ZIP64 extra field), and refuse:
 * too many entries, a declared uncompressed total or entry size too large, an
 * absurd compression ratio. Declared sizes can lie, so every deflated entry
 * is then inflated here with node:zlib under `maxOutputLength` = the size it
 * declares (zlib stops with ERR_BUFFER_TOO_LARGE instead of allocating more):
 * an entry that inflates past its declared size is refused, so what the
 * library later inflates is bounded by the declared sizes we accepted. The
 * entries are verified one at a time and dropped, so the check itself holds
 * at most one entry (at most {@link ZIP_MAX_ENTRY_BYTES}) in memory.
 *
 * The XML parts (`.xml`, `.rels`) the readers parse whole are capped
 * together (`office-xml-bytes`: their memory grows far faster than the
 * inflation), and a caller may inspect every verified entry's bytes (readWord
 * counts XML elements for mammoth).
 *
 * The libraries do not read a zip the same way (SheetJS trusts the local
 * headers, JSZip the central directory), so a zip where the two disagree
 * (sizes, method), where the directory does not end at its end record, or
 * that spans disks is refused as damaged: an {@link ExtractionError}, like
 * any zip whose directory cannot be read.
 */
import { inflateRawSync } from 'node:zlib';
import { ExtractionError } from '../../errors.js';
import {
  OFFICE_MAX_XML_BYTES,
  tooComplex,
  ZIP_MAX_COMPRESSION_RATIO,
  ZIP_MAX_ENTRIES,
  ZIP_MAX_ENTRY_BYTES,
  ZIP_MAX_UNCOMPRESSED_BYTES,
  ZIP_RATIO_MIN_ENTRY_BYTES,
} from '../../limits.js';

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const U32_MAX = 0xffffffff;
const U16_MAX = 0xffff;
/** The End Of Central Directory record without its comment. */
const EOCD_SIZE = 22;

/** One entry of the central directory, as declared. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (others are left to the library, which refuses them). */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Offset of the local file header. */
  localOffset: number;
  flags: number;
}

/** What the check found: the entries and their declared total. */
export interface ZipSummary {
  entries: ZipEntry[];
  uncompressedBytes: number;
}

/** Whether the bytes start like a zip archive (a local file header). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

class Reader {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  has(at: number, length: number): boolean {
    return Number.isSafeInteger(at) && at >= 0 && at + length <= this.bytes.length;
  }
  u16(at: number): number {
    return this.view.getUint16(at, true);
  }
  u32(at: number): number {
    return this.view.getUint32(at, true);
  }
  /** A little-endian 64-bit value; Infinity past the safe integers (it can only be a lie in a 6 MB request). */
  u64(at: number): number {
    const v = this.view.getBigUint64(at, true);
    return v > BigInt(Number.MAX_SAFE_INTEGER) ? Infinity : Number(v);
  }
}

function damaged(reason: string): ExtractionError {
  return new ExtractionError(`The document is not a readable zip container (${reason}).`);
}

/** Where the End Of Central Directory record starts: the last signature that leaves room for the record. */
function findEocd(r: Reader): number {
  const last = r.bytes.length - EOCD_SIZE;
  // A signature in the final 21 bytes cannot start a record, but one reader or another may still take it: refuse.
  for (let i = r.bytes.length - 4; i > last; i--) if (i >= 0 && r.u32(i) === EOCD_SIG) throw damaged('a stray end-of-directory signature at its end');
  const first = Math.max(0, last - U16_MAX);
  for (let i = last; i >= first; i--) if (r.u32(i) === EOCD_SIG) return i;
  throw damaged('no end-of-central-directory record');
}

/** Entry count, directory offset and size, from the classic or ZIP64 end record; and where the directory must end. */
function readDirectoryLocation(r: Reader, eocd: number): { count: number; offset: number; size: number; end: number } {
  if (r.u16(eocd + 4) !== 0 || r.u16(eocd + 6) !== 0) throw damaged('it spans several disks');
  let count = r.u16(eocd + 10);
  let size = r.u32(eocd + 12);
  let offset = r.u32(eocd + 16);
  if (r.u16(eocd + 8) !== count) throw damaged('it spans several disks');
  let end = eocd;
  if (count === U16_MAX || size === U32_MAX || offset === U32_MAX) {
    const locator = eocd - 20;
    if (!r.has(locator, 20) || r.u32(locator) !== ZIP64_LOCATOR_SIG) throw damaged('ZIP64 fields without a ZIP64 locator');
    const at = r.u64(locator + 8);
    if (!r.has(at, 56) || r.u32(at) !== ZIP64_EOCD_SIG) throw damaged('the ZIP64 end record is missing');
    if (r.u32(at + 16) !== 0 || r.u32(at + 20) !== 0) throw damaged('it spans several disks');
    count = r.u64(at + 32);
    size = r.u64(at + 40);
    offset = r.u64(at + 48);
    end = at;
  }
  if (!r.has(offset, size) || offset + size !== end) throw damaged('the central directory is not where the end record says');
  return { count, offset, size, end };
}

/** Values of the ZIP64 extended information extra field (id 1), in the order present. */
function zip64Values(r: Reader, from: number, length: number): number[] {
  for (let p = from; p + 4 <= from + length; ) {
    const id = r.u16(p);
    const size = r.u16(p + 2);
    if (p + 4 + size > from + length) break;
    if (id === 0x0001) {
      const values: number[] = [];
      for (let q = p + 4; q + 8 <= p + 4 + size; q += 8) values.push(r.u64(q));
      return values;
    }
    p += 4 + size;
  }
  return [];
}

/** The entries of the central directory, checked against the declared-size limits as they are read. */
function readEntries(r: Reader, dir: { count: number; offset: number; size: number }): ZipSummary {
  if (dir.count > ZIP_MAX_ENTRIES) throw tooComplex('zip-entries', `The document lists ${dir.count} zip entries; at most ${ZIP_MAX_ENTRIES} are read.`);
  const entries: ZipEntry[] = [];
  let total = 0;
  let xml = 0;
  let p = dir.offset;
  const end = dir.offset + dir.size;
  for (let k = 0; k < dir.count; k++) {
    if (p + 46 > end || r.u32(p) !== CENTRAL_SIG) throw damaged(`central directory entry ${k + 1} is missing`);
    const nameLength = r.u16(p + 28);
    const extraLength = r.u16(p + 30);
    const commentLength = r.u16(p + 32);
    const next = p + 46 + nameLength + extraLength + commentLength;
    if (next > end) throw damaged(`central directory entry ${k + 1} overruns the directory`);
    if (r.u16(p + 34) !== 0 && r.u16(p + 34) !== U16_MAX) throw damaged('it spans several disks');
    const name = Buffer.from(r.bytes.subarray(p + 46, p + 46 + nameLength)).toString('utf8');
    let uncompressedSize = r.u32(p + 24);
    let compressedSize = r.u32(p + 20);
    let localOffset = r.u32(p + 42);
    if (uncompressedSize === U32_MAX || compressedSize === U32_MAX || localOffset === U32_MAX) {
      // APPNOTE 4.5.3: only the fields that overflowed are in the extra field, in this order.
      const values = zip64Values(r, p + 46 + nameLength, extraLength);
      const take = (): number => {
        const v = values.shift();
        if (v === undefined) throw damaged(`entry "${name}" lacks its ZIP64 sizes`);
        return v;
      };
      if (uncompressedSize === U32_MAX) uncompressedSize = take();
      if (compressedSize === U32_MAX) compressedSize = take();
      if (localOffset === U32_MAX) localOffset = take();
    }
    const entry: ZipEntry = { name, method: r.u16(p + 10), compressedSize, uncompressedSize, localOffset, flags: r.u16(p + 8) };
    checkDeclared(entry, (total += uncompressedSize));
    if (isXmlPart(name) && (xml += uncompressedSize) > OFFICE_MAX_XML_BYTES) {
      throw tooComplex('office-xml-bytes', `The XML parts of the document declare more than ${OFFICE_MAX_XML_BYTES} bytes uncompressed.`);
    }
    entries.push(entry);
    p = next;
  }
  return { entries, uncompressedBytes: total };
}

/** Whether an entry is an XML part the office readers parse (`.xml`, `.rels`). */
export function isXmlPart(name: string): boolean {
  return /\.(xml|rels)$/i.test(name);
}

function checkDeclared(e: ZipEntry, runningTotal: number): void {
  if (e.uncompressedSize > ZIP_MAX_ENTRY_BYTES) {
    throw tooComplex('zip-entry-bytes', `The zip entry "${e.name}" declares ${e.uncompressedSize} bytes uncompressed; at most ${ZIP_MAX_ENTRY_BYTES} are read.`);
  }
  if (runningTotal > ZIP_MAX_UNCOMPRESSED_BYTES) {
    throw tooComplex('zip-uncompressed-bytes', `The zip entries declare more than ${ZIP_MAX_UNCOMPRESSED_BYTES} bytes uncompressed in total.`);
  }
  if (e.uncompressedSize > ZIP_RATIO_MIN_ENTRY_BYTES && e.uncompressedSize > ZIP_MAX_COMPRESSION_RATIO * Math.max(1, e.compressedSize)) {
    const ratio = Math.round(e.uncompressedSize / Math.max(1, e.compressedSize));
    throw tooComplex('zip-compression-ratio', `The zip entry "${e.name}" is compressed ${ratio}:1; more than ${ZIP_MAX_COMPRESSION_RATIO}:1 is refused.`);
  }
}

/** Where an entry's data starts, after checking its local header agrees with the central directory. */
function dataStart(r: Reader, e: ZipEntry): number {
  const at = e.localOffset;
  if (!r.has(at, 30) || r.u32(at) !== LOCAL_SIG) throw damaged(`entry "${e.name}" has no local header`);
  if (r.u16(at + 8) !== e.method) throw damaged(`entry "${e.name}" has two compression methods`);
  const nameLength = r.u16(at + 26);
  const extraLength = r.u16(at + 28);
  const start = at + 30 + nameLength + extraLength;
  if (!r.has(start, e.compressedSize)) throw damaged(`entry "${e.name}" runs past the end of the file`);
  let localCompressed = r.u32(at + 18);
  let localUncompressed = r.u32(at + 22);
  if (localUncompressed === U32_MAX || localCompressed === U32_MAX) {
    // In a local header the ZIP64 field holds both sizes, uncompressed first.
    const values = zip64Values(r, at + 30 + nameLength, extraLength);
    if (localUncompressed === U32_MAX) localUncompressed = values[0] ?? NaN;
    if (localCompressed === U32_MAX) localCompressed = values[1] ?? NaN;
  }
  // With a data descriptor (flag bit 3) the local sizes may be zero; otherwise both readers' sizes must agree.
  const deferred = (r.u16(at + 6) & 0x08) !== 0 && localCompressed === 0 && localUncompressed === 0;
  if (!deferred && (localCompressed !== e.compressedSize || localUncompressed !== e.uncompressedSize)) {
    throw damaged(`entry "${e.name}" declares other sizes in its local header`);
  }
  return start;
}

/** Inflates a deflated entry under its declared size and returns its bytes; throws when it inflates past it or is corrupt. */
function verifyEntry(r: Reader, e: ZipEntry): Uint8Array | undefined {
  const start = dataStart(r, e);
  if (e.method === 0) {
    if (e.compressedSize !== e.uncompressedSize) throw damaged(`stored entry "${e.name}" declares two sizes`);
    return r.bytes.subarray(start, start + e.compressedSize);
  }
  if (e.method !== 8) return undefined; // the readers refuse other methods themselves
  let out: Buffer;
  try {
    out = inflateRawSync(r.bytes.subarray(start, start + e.compressedSize), { maxOutputLength: Math.max(1, e.uncompressedSize) });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw tooComplex('zip-size-mismatch', `The zip entry "${e.name}" inflates past the ${e.uncompressedSize} bytes it declares.`, {
        max: e.uncompressedSize,
        cause: err,
      });
    }
    throw damaged(`entry "${e.name}" does not inflate: ${(err as Error).message}`);
  }
  if (out.length > e.uncompressedSize) {
    throw tooComplex('zip-size-mismatch', `The zip entry "${e.name}" inflates past the ${e.uncompressedSize} bytes it declares.`, { max: e.uncompressedSize });
  }
  return out;
}

/** Options of {@link assertZipWithinLimits}. */
export interface ZipCheckOptions {
  /** Called with each verified entry's uncompressed bytes (stored or deflated entries), one at a time; may throw to refuse. */
  inspect?: (entry: ZipEntry, data: Uint8Array) => void;
}

/**
 * Checks an office zip container (xlsx, docx, ods) against the zip limits
 * (see the module comment) and returns its entries.
 * @throws DocumentTooComplexError (`zip-entries`, `zip-entry-bytes`,
 *   `zip-uncompressed-bytes`, `zip-compression-ratio`, `zip-size-mismatch`,
 *   `office-xml-bytes`, or what `inspect` throws)
 * @throws ExtractionError when the directory cannot be read or the readers would disagree on it
 */
export function assertZipWithinLimits(bytes: Uint8Array, options: ZipCheckOptions = {}): ZipSummary {
  const r = new Reader(bytes);
  if (bytes.length < EOCD_SIZE) throw damaged('too short');
  const eocd = findEocd(r);
  const dir = readDirectoryLocation(r, eocd);
  const summary = readEntries(r, dir);
  for (const e of summary.entries) {
    const data = verifyEntry(r, e);
    if (data !== undefined) options.inspect?.(e, data);
  }
  return summary;
}
