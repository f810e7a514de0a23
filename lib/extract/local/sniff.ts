/**
 * Which reader a document needs: its declared MIME type checked against its
 * first bytes (PDF, PNG and JPEG signatures; ZIP containers told apart by the
 * part names they hold; OLE2 compound files for legacy Excel).
 */
import { describeReceived } from '../../input/codes.js';
import { ExtractionError, InputError } from '../../errors.js';

/** The document kinds the local extractor reads. */
export type DocumentKind = 'pdf' | 'png' | 'jpeg' | 'xlsx' | 'xls' | 'ods' | 'docx';

/** MIME types accepted, by kind (the first is the canonical one). */
export const MIME_TYPES: Readonly<Record<DocumentKind, readonly string[]>> = {
  pdf: ['application/pdf', 'application/x-pdf'],
  png: ['image/png'],
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  xls: ['application/vnd.ms-excel', 'application/excel', 'application/x-excel', 'application/x-msexcel'],
  ods: ['application/vnd.oasis.opendocument.spreadsheet'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
};

/** MIME types that say nothing about the content: the bytes decide. */
const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/binary']);

/** The kind a MIME type declares; undefined for generic types; InputError for types we do not read. */
export function kindOfMimeType(mimeType: string): DocumentKind | undefined {
  const base = mimeType.split(';')[0]!.trim().toLowerCase();
  if (GENERIC.has(base)) return undefined;
  for (const [kind, types] of Object.entries(MIME_TYPES) as Array<[DocumentKind, readonly string[]]>) if (types.includes(base)) return kind;
  const accepted = Object.values(MIME_TYPES).map((t) => t[0]!);
  throw new InputError(`Unsupported document type "${base}". Send a PDF, a PNG or JPEG image, an Excel workbook (xlsx, xls, ods) or a Word document (docx).`, [
    { path: 'mimeType', message: `must be one of ${accepted.join(', ')}; got ${describeReceived(base)}` },
  ]);
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((b, i) => bytes[offset + i] === b);
}

/** The kind the bytes show, or undefined when they match no format we read. */
export function sniffKind(bytes: Uint8Array): DocumentKind | undefined {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // An OLE2 compound file: legacy Excel holds a "Workbook" (or "Book") stream; Word 97 a "WordDocument" one.
    const all = Buffer.from(bytes).toString('utf16le');
    if (all.includes('WordDocument')) return undefined;
    return 'xls';
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const names = Buffer.from(bytes).toString('latin1');
    if (names.includes('word/document.xml')) return 'docx';
    if (names.includes('xl/workbook.xml')) return 'xlsx';
    if (names.includes('application/vnd.oasis.opendocument.spreadsheet')) return 'ods';
  }
  return undefined;
}

/** Human names of the kinds, for messages. */
export const KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  pdf: 'PDF', png: 'PNG image', jpeg: 'JPEG image', xlsx: 'Excel workbook (xlsx)', xls: 'Excel workbook (xls)', ods: 'OpenDocument spreadsheet',
  docx: 'Word document (docx)',
};

/**
 * Decides the reader from the declared type and the bytes. The bytes win when
 * both are formats we read (a note says so); a declared type whose bytes are
 * not that format is an {@link ExtractionError}; an unreadable type an
 * {@link InputError}.
 */
export function decideKind(bytes: Uint8Array, mimeType: string): { kind: DocumentKind; note?: string } {
  if (bytes.length === 0) throw new InputError('The document is empty.', [{ path: 'document', message: 'no bytes received' }]);
  const declared = kindOfMimeType(mimeType);
  const sniffed = sniffKind(bytes);
  if (sniffed === undefined) {
    if (declared === undefined) {
      throw new InputError('The document type could not be recognised; give its MIME type (PDF, PNG, JPEG, xlsx, xls, ods or docx).', [
        { path: 'mimeType', message: 'unknown content' },
      ]);
    }
    throw new ExtractionError(`The document is not a readable ${KIND_LABELS[declared]} (damaged or another format).`, []);
  }
  if (declared !== undefined && declared !== sniffed) {
    return { kind: sniffed, note: `Declared as ${KIND_LABELS[declared]} but the content is a ${KIND_LABELS[sniffed]}; read as ${KIND_LABELS[sniffed]}.` };
  }
  return { kind: sniffed };
}
