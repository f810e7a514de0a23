/**
 * Hostile inputs made on the spot (no binary fixture is kept), for the
 * hostile suite (test/hostile) and `npm run fuzz` (./cases.ts): deflate
 * bombs built in a few milliseconds without ever allocating what they
 * inflate to, hand-written PDFs (flate bombs in content, attachments and
 * object streams, cyclic and shared page trees, deep nesting), zip
 * containers with honest or lying central directories, and image headers
 * that declare huge sizes.
 */
import { constants, deflateRawSync, deflateSync } from 'node:zlib';

/** One flushed raw-deflate chunk of 1 MiB of zeros (starts with a literal, so it can be repeated after anything). */
let zeroChunk: Buffer | undefined;
const CHUNK = 1 << 20;

function zeroMiB(): Buffer {
  zeroChunk ??= deflateRawSync(Buffer.alloc(CHUNK), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  return zeroChunk;
}

/** The final empty fixed-Huffman block that ends a raw deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * A raw deflate stream (no header) that inflates to `mib` MiB of zeros, made
 * by repeating one byte-aligned flushed chunk: about 1 KiB per MiB, so 1 GiB
 * of zeros costs about 1 MiB here and nothing more.
 */
export function rawZeroBomb(mib: number): Buffer {
  const chunk = zeroMiB();
  return Buffer.concat([...Array.from({ length: mib }, () => chunk), FINAL_BLOCK]);
}

/** The same as a zlib stream (PDF FlateDecode): header, raw stream, Adler-32 of `mib` MiB of zeros. */
export function zlibZeroBomb(mib: number): Buffer {
  const n = mib * CHUNK;
  // Adler-32 of n zero bytes: A stays 1, B adds A once per byte.
  const adler = ((n % 65521) * 65536 + 1) >>> 0;
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(adler);
  return Buffer.concat([Buffer.from([0x78, 0xda]), rawZeroBomb(mib), tail]);
}

// -- PDF ----------------------------------------------------------------------

/** An object body: a dictionary/array text, or a stream (dictionary text without /Length, and its encoded data). */
export type PdfObject = string | { dict: string; data: Uint8Array };

/** A classic PDF (header, objects 1..n in order, xref table, trailer with /Root 1 0 R) from object bodies. */
export function buildPdf(objects: readonly PdfObject[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (b: Buffer): void => {
    parts.push(b);
    length += b.length;
  };
  objects.forEach((o, i) => {
    offsets.push(length);
    if (typeof o === 'string') {
      push(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1'));
    } else {
      push(Buffer.from(`${i + 1} 0 obj\n${o.dict.replace(/>>\s*$/, ` /Length ${o.data.length} >>`)}\nstream\n`, 'latin1'));
      push(Buffer.from(o.data));
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
  });
  const xref = length;
  const rows = offsets.map((off) => `${String(off).padStart(10, '0')} 00000 n \n`).join('');
  push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

/** A plain text content stream drawing `text` with the font /F1. */
export function textContent(text: string): Uint8Array {
  return Buffer.from(`BT /F1 12 Tf 72 720 Td (${text}) Tj ET`, 'latin1');
}

/** A content stream that draws one line (no text, so no font is needed and nothing stands in the way of PDF/A). */
export function lineContent(): PdfObject {
  return { dict: '<< >>', data: Buffer.from('0 0 m 100 100 l S', 'latin1') };
}

/** Objects 1-4 of a one-page document without fonts: catalog, pages, page (content 4 0 R), content; then `extra` from 5 on. */
function onePage(content: PdfObject, extraCatalog = '', extra: PdfObject[] = []): PdfObject[] {
  return [
    `<< /Type /Catalog /Pages 2 0 R ${extraCatalog}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    content,
    ...extra,
  ];
}

/** A one-page PDF whose content stream is a flate bomb of `mib` MiB of zeros. */
export function contentBombPdf(mib: number): Uint8Array {
  return buildPdf(onePage({ dict: '<< /Filter /FlateDecode >>', data: zlibZeroBomb(mib) }));
}

/** A one-page PDF with an embedded file `name` whose stream is a flate bomb of `mib` MiB. */
export function attachmentBombPdf(mib: number, name = 'factur-x.xml'): Uint8Array {
  return buildPdf(
    onePage(lineContent(), '/Names << /EmbeddedFiles << /Names [(' + name + ') 5 0 R] >> >> ', [
      `<< /Type /Filespec /F (${name}) /UF (${name}) /EF << /F 6 0 R >> >>`,
      { dict: '<< /Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode >>', data: zlibZeroBomb(mib) },
    ]),
  );
}

/** A one-page PDF whose content stream is RunLength-encoded: every 2 bytes give 128 zeros, so `mib` MiB of zeros cost `mib` x 16 KiB. */
export function runLengthBombPdf(mib: number): Uint8Array {
  const pairs = (mib * 1024 * 1024) / 128;
  const data = Buffer.alloc(pairs * 2 + 1);
  for (let i = 0; i < pairs; i++) data[2 * i] = 129; // 257 - 129 = 128 copies of the next byte (0)
  data[pairs * 2] = 128; // EOD
  return buildPdf(onePage({ dict: '<< /Filter /RunLengthDecode >>', data }));
}

/** A one-page PDF with text in an embedded TrueType font whose font program is a flate bomb (pdf.js would inflate it to read the text). */
export function fontBombPdf(mib: number): Uint8Array {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    { dict: '<< >>', data: textContent('Facture FA-1') },
    '<< /Type /Font /Subtype /TrueType /BaseFont /Bomb /FirstChar 32 /LastChar 126 /FontDescriptor 6 0 R >>',
    '<< /Type /FontDescriptor /FontName /Bomb /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>',
    { dict: '<< /Filter /FlateDecode >>', data: zlibZeroBomb(mib) },
  ]);
}

/**
 * A PDF whose pages hold text-showing operators: page k has `kib[k]` KiB of
 * `(Ab) Tj` (Flate-compressed, so a few KiB each), in the standard Helvetica.
 */
export function denseTextPdf(kib: readonly number[]): Uint8Array {
  const unit = Buffer.from('(Ab) Tj\n', 'latin1');
  const kids = kib.map((_, k) => `${4 + 2 * k} 0 R`).join(' ');
  const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${kib.length} >>`, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  kib.forEach((size, k) => {
    const n = Math.floor((size * 1024) / unit.length);
    const body = Buffer.concat([Buffer.from(`BT /F1 12 Tf 72 720 Td (Page ${k + 1} Facture) Tj 0 -14 Td\n`, 'latin1'), Buffer.alloc(n * unit.length, unit), Buffer.from('ET', 'latin1')]);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * k} 0 R >>`,
      { dict: '<< /Filter /FlateDecode >>', data: deflateSync(body) },
    );
  });
  return buildPdf(objects);
}

/** A one-page PDF with an object stream (/Type /ObjStm) that inflates to `mib` MiB: pdf-lib decodes these while loading. */
export function objectStreamBombPdf(mib: number): Uint8Array {
  return buildPdf(onePage(lineContent(), '', [{ dict: '<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode >>', data: zlibZeroBomb(mib) }]));
}

/** A PDF whose page content is ok but which draws a form XObject nested `depth` deep (each form draws the next). */
export function nestedFormsPdf(depth: number): Uint8Array {
  const objects: PdfObject[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /X 5 0 R >> >> /Contents 4 0 R >>',
    { dict: '<< >>', data: Buffer.from('/X Do') },
  ];
  for (let k = 0; k < depth; k++) {
    const self = 5 + k;
    const next = k + 1 < depth ? `/Resources << /XObject << /X ${self + 1} 0 R >> >>` : '';
    objects.push({ dict: `<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] ${next} >>`, data: Buffer.from(k + 1 < depth ? '/X Do' : '0 0 m 1 1 l S') });
  }
  return buildPdf(objects);
}

/** A one-page PDF whose catalog holds an array nested `depth` deep. */
export function deepArrayPdf(depth: number): Uint8Array {
  return buildPdf(onePage(lineContent(), `/Deep ${'['.repeat(depth)}${']'.repeat(depth)} `));
}

/**
 * Page trees that are not trees. Each has the catalog at 1, the root Pages
 * node at 2, and fonts/content at the end.
 * - `kids-cycle`: an intermediate node lists the root among its Kids;
 * - `self-kid`: the root lists itself;
 * - `page-twice`: the same page appears twice in Kids;
 * - `own-parent`: the page's /Parent is the page itself;
 * - `parent-cycle`: two intermediate nodes whose /Parent entries point at each other;
 * - `deep`: a chain of `depth` intermediate nodes above the one page.
 */
export type PageTreeShape = 'kids-cycle' | 'self-kid' | 'page-twice' | 'own-parent' | 'parent-cycle' | 'deep';

export function pageTreePdf(shape: PageTreeShape, depth = 100): Uint8Array {
  const content = lineContent();
  const p = (parent: number, contents: number): string => `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 595 842] /Contents ${contents} 0 R >>`;
  switch (shape) {
    case 'kids-cycle':
      // 2 -> [3, 4]; 4 is an intermediate node whose Kids hold 2 again.
      return buildPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
        p(2, 5),
        '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
        content,
      ]);
    case 'self-kid':
      return buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>', p(2, 4), content]);
    case 'page-twice':
      return buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>', p(2, 4), content]);
    case 'own-parent':
      return buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', p(3, 4), content]);
    case 'parent-cycle':
      // 2 -> 3 -> 4 -> page 5; but 3's /Parent is 4 and 4's /Parent is 3.
      return buildPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Pages /Parent 4 0 R /Kids [4 0 R] /Count 1 >>',
        '<< /Type /Pages /Parent 3 0 R /Kids [5 0 R] /Count 1 >>',
        p(4, 6),
        content,
      ]);
    case 'deep': {
      // 2 -> 3 -> ... -> (2 + depth - 1) -> page.
      const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
      for (let k = 0; k < depth; k++) {
        const self = 2 + k;
        objects.push(`<< /Type /Pages ${k > 0 ? `/Parent ${self - 1} 0 R ` : ''}/Kids [${self + 1} 0 R] /Count 1 >>`);
      }
      const pageObj = 2 + depth;
      objects.push(p(pageObj - 1, pageObj + 1), content);
      return buildPdf(objects);
    }
  }
}

/** A PDF with `pages` pages sharing one content stream. */
export function manyPagesPdf(pages: number): Uint8Array {
  const kids = Array.from({ length: pages }, (_, k) => `${4 + k} 0 R`).join(' ');
  const objects: PdfObject[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    lineContent(),
  ];
  for (let k = 0; k < pages; k++) objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>');
  return buildPdf(objects);
}

/** A one-page PDF whose page is `widthPt` x `heightPt` points (no content), for rendering limits. */
export function bigPagePdf(widthPt: number, heightPt: number): Uint8Array {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${widthPt} ${heightPt}] /Contents 4 0 R >>`,
    { dict: '<< >>', data: Buffer.from('0 0 m 10 10 l S') },
  ]);
}

// -- ZIP ----------------------------------------------------------------------

/** One member of a zip made by {@link buildZip}. */
export interface ZipMember {
  name: string;
  /** The data as stored (already deflated when `method` is 8). */
  data: Uint8Array;
  method: 0 | 8;
  /** Declared uncompressed size (central directory and local header). */
  size: number;
  /** CRC-32 to declare (0 is fine: the readers we guard do not check it). */
  crc?: number;
  /** Local header sizes when they should differ from the central directory's. */
  localSize?: number;
  /** Declare `size` through a ZIP64 extra field (the 32-bit fields say 0xFFFFFFFF), as sizes over 4 GiB must be. */
  zip64Size?: boolean;
}

/**
 * A zip archive (no data descriptors) from members whose sizes are declared
 * as given; with `zip64Count` the end records are ZIP64 ones (the classic
 * record says 0xFFFF entries) declaring that many entries.
 */
export function buildZip(members: readonly ZipMember[], options: { zip64Count?: number } = {}): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const name = Buffer.from(m.name, 'utf8');
    const extra = Buffer.alloc(m.zip64Size ? 20 : 0);
    if (m.zip64Size) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(BigInt(m.size), 4);
      extra.writeBigUInt64LE(BigInt(m.data.length), 12);
    }
    const declared = m.zip64Size ? 0xffffffff : m.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(m.method, 8);
    local.writeUInt32LE(m.crc ?? 0, 14);
    local.writeUInt32LE(m.zip64Size ? 0xffffffff : m.data.length, 18);
    local.writeUInt32LE(m.localSize ?? declared, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    locals.push(local, name, extra, Buffer.from(m.data));
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x0800, 8);
    cd.writeUInt16LE(m.method, 10);
    cd.writeUInt32LE(m.crc ?? 0, 16);
    cd.writeUInt32LE(m.zip64Size ? 0xffffffff : m.data.length, 20);
    cd.writeUInt32LE(declared, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt16LE(extra.length, 30);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name, extra);
    offset += 30 + name.length + extra.length + m.data.length;
  }
  const cdBytes = Buffer.concat(central);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  if (options.zip64Count === undefined) {
    eocd.writeUInt16LE(members.length, 8);
    eocd.writeUInt16LE(members.length, 10);
    eocd.writeUInt32LE(cdBytes.length, 12);
    eocd.writeUInt32LE(offset, 16);
    return new Uint8Array(Buffer.concat([...locals, cdBytes, eocd]));
  }
  // APPNOTE 4.3.14-4.3.15: the ZIP64 end record, its locator, then the classic record with its fields saturated.
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(options.zip64Count), 24);
  record.writeBigUInt64LE(BigInt(options.zip64Count), 32);
  record.writeBigUInt64LE(BigInt(cdBytes.length), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + cdBytes.length), 8);
  locator.writeUInt32LE(1, 16);
  eocd.writeUInt16LE(0xffff, 8);
  eocd.writeUInt16LE(0xffff, 10);
  eocd.writeUInt32LE(0xffffffff, 12);
  eocd.writeUInt32LE(0xffffffff, 16);
  return new Uint8Array(Buffer.concat([...locals, cdBytes, record, locator, eocd]));
}

/** A deflated member holding `text`. */
export function deflatedMember(name: string, text: string): ZipMember {
  const raw = Buffer.from(text, 'utf8');
  return { name, data: deflateRawSync(raw), method: 8, size: raw.length };
}

/** The parts an OOXML reader looks for first, so a zip is sniffed as docx or xlsx. */
export function ooxmlSkeleton(kind: 'docx' | 'xlsx'): ZipMember[] {
  const main = kind === 'docx' ? 'word/document.xml' : 'xl/workbook.xml';
  return [
    deflatedMember('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    deflatedMember(main, '<?xml version="1.0"?><x/>'),
  ];
}

// -- images -------------------------------------------------------------------

/** A PNG signature, an IHDR declaring `width` x `height` (8-bit grey) and a tiny IDAT: only the header is honest. */
export function pngHeader(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return new Uint8Array(
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateRawSync(Buffer.alloc(16))), chunk('IEND', Buffer.alloc(0))]),
  );
}

/**
 * A JPEG whose frame header (SOF0, or `sof`) declares `width` x `height`,
 * preceded by an APP0 segment and an APP1 segment holding a decoy SOF marker
 * in its payload (a reader that scans for FF C0 instead of walking segments
 * gets it wrong).
 */
export function jpegHeader(width: number, height: number, sof = 0xc0): Uint8Array {
  const segment = (marker: number, payload: Buffer): Buffer => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(payload.length + 2, 2);
    return Buffer.concat([head, payload]);
  };
  const app0 = segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));
  const decoy = segment(0xe1, Buffer.from([0x45, 0x78, 0x69, 0x66, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0]));
  const sofPayload = Buffer.alloc(9);
  sofPayload[0] = 8;
  sofPayload.writeUInt16BE(height, 1);
  sofPayload.writeUInt16BE(width, 3);
  sofPayload[5] = 1; // one component
  sofPayload[6] = 1;
  sofPayload[7] = 0x11;
  sofPayload[8] = 0;
  const sos = segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0]));
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8]), app0, decoy, segment(sof, sofPayload), sos, Buffer.from([0x00, 0xff, 0xd9])]));
}
