/**
 * Issue 15: hostile documents cannot hang or exhaust the service. Every input
 * here is made at test time (./make.ts) and must be refused with the right
 * error and limit, in well under 5 s and without a large allocation (a 1 GiB
 * flate bomb that were inflated would show as more than 1 GB of peak RSS).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentTooComplexError, ExtractionError, ServiceError } from '../../lib/errors.js';
import { readImageSize } from '../../lib/extract/local/image-limits.js';
import { createLocalExtractor } from '../../lib/extract/local/index.js';
import { pageRaster, renderPdfPages } from '../../lib/extract/local/pdf-raster.js';
import { readPdfText } from '../../lib/extract/local/pdf-text.js';
import { readSpreadsheet } from '../../lib/extract/local/spreadsheet.js';
import { readWord } from '../../lib/extract/local/word.js';
import { assertZipWithinLimits } from '../../lib/extract/local/zip-limits.js';
import {
  DOCX_MAX_XML_ELEMENTS,
  IMAGE_MAX_PIXELS,
  OFFICE_MAX_XML_BYTES,
  IMAGE_MAX_SIDE,
  PDF_MAX_DECODED_BYTES,
  PDF_MAX_NESTING_DEPTH,
  PDF_MAX_PAGE_TREE_DEPTH,
  PDF_MAX_PAGES,
  PDF_MAX_STREAM_BYTES,
  PDF_MAX_TEXT_CONTENT_BYTES,
  ZIP_MAX_ENTRIES,
  ZIP_MAX_ENTRY_BYTES,
  ZIP_MAX_UNCOMPRESSED_BYTES,
  type LimitId,
} from '../../lib/limits.js';
import { embedFacturX } from '../../lib/pdf/embed.js';
import { PdfInvalidError } from '../../lib/pdf/errors.js';
import { extractInvoiceXml } from '../../lib/pdf/extract.js';
import { loadPdf } from '../../lib/pdf/load.js';
import { makeJavaScriptPdf } from '../fixtures/pdf/make.js';
import { invoiceXmlBytes, NOW } from '../pdf/helpers.js';
import {
  attachmentBombPdf,
  bigPagePdf,
  buildPdf,
  buildZip,
  contentBombPdf,
  deepArrayPdf,
  deflatedMember,
  denseTextPdf,
  fontBombPdf,
  jpegHeader,
  lineContent,
  manyPagesPdf,
  nestedFormsPdf,
  objectStreamBombPdf,
  ooxmlSkeleton,
  pageTreePdf,
  pngHeader,
  rawZeroBomb,
  runLengthBombPdf,
  zlibZeroBomb,
  type PageTreeShape,
  type PdfObject,
} from '../../scripts/fuzz/make.js';
import { BUDGET, measure, type Measured } from './measure.js';

const xml = invoiceXmlBytes();
const figures: Array<{ name: string; ms: number; peakMB: number; abMB: number }> = [];

/** Runs `fn`, expects a DocumentTooComplexError naming `limit`, within the time and memory budget. */
async function expectRefused(name: string, limit: LimitId, fn: () => unknown, cpuBudgetMs: number = BUDGET.ms): Promise<DocumentTooComplexError> {
  const m: Measured<unknown> = await measure(async () => fn());
  figures.push({ name, ms: Math.round(m.ms), peakMB: Math.round(m.peakGrowthMB), abMB: Math.round(m.arrayBuffersGrowthMB) });
  expect(m.error, `${name}: ${m.error === undefined ? 'accepted' : String(m.error)}`).toBeInstanceOf(DocumentTooComplexError);
  const err = m.error as DocumentTooComplexError;
  expect(err.code).toBe('DOCUMENT_TOO_COMPLEX');
  expect(err.limit, name).toBe(limit);
  expect(err.details?.[0]).toMatchObject({ reason: 'limit', limit });
  expect(m.cpuMs, `${name} took ${m.cpuMs} ms of CPU (${m.ms} ms of wall clock)`).toBeLessThan(cpuBudgetMs);
  expect(m.peakGrowthMB, `${name}: peak RSS grew ${m.peakGrowthMB} MB`).toBeLessThan(BUDGET.peakGrowthMB);
  expect(m.arrayBuffersGrowthMB, name).toBeLessThan(BUDGET.arrayBuffersGrowthMB);
  return err;
}

const tmp = mkdtempSync(join(tmpdir(), 'hostile-'));

/** `qpdf --check` over a PDF we produced: throws (with qpdf's words) unless it exits 0. */
function qpdfCheck(pdf: Uint8Array, name: string): void {
  const file = join(tmp, `${name.replace(/\W+/g, '-')}.pdf`);
  writeFileSync(file, pdf);
  try {
    execFileSync('qpdf', ['--check', file], { stdio: 'pipe' });
  } catch (err) {
    const e = err as { status?: number; stdout?: Buffer; stderr?: Buffer };
    throw new Error(`qpdf --check ${name}: exit ${e.status}\n${String(e.stdout)}${String(e.stderr)}`);
  }
}

beforeAll(async () => {
  // Warm every path once on benign input, so that module loading is not counted against the hostile calls.
  await embedFacturX(await makeJavaScriptPdf(), xml, { now: NOW, ghostscript: false });
  await readPdfText(denseTextPdf([1]));
  await readSpreadsheet(buildZip([...ooxmlSkeleton('xlsx')])).catch(() => undefined);
  await readWord(buildZip(ooxmlSkeleton('docx'))).catch(() => undefined);
}, 120_000);

afterAll(() => {
  // The figures the issue asks for (time, peak RSS growth upper bound, Buffer growth), one line per hostile input.
  console.log(['hostile input | ms | peak RSS growth MB (upper bound) | arrayBuffers growth MB', ...figures.map((f) => `${f.name} | ${f.ms} | ${f.peakMB} | ${f.abMB}`)].join('\n'));
});

describe('the hostile inputs are what they claim', () => {
  it('bombs inflate to exactly the zeros they announce (zlib for PDF, raw for zip), with a valid checksum', () => {
    const z = inflateSync(zlibZeroBomb(3));
    expect(z.length).toBe(3 * 1024 * 1024);
    expect(z.every((b) => b === 0)).toBe(true);
    expect(inflateRawSync(rawZeroBomb(2)).length).toBe(2 * 1024 * 1024);
    expect(zlibZeroBomb(1024).length).toBeLessThan(1.1 * 1024 * 1024);
  });
});

describe('zip containers (xlsx, docx, ods)', () => {
  it('refuses a docx with one entry declaring 1 GiB of zeros before mammoth inflates it', async () => {
    const bomb = buildZip([...ooxmlSkeleton('docx'), { name: 'word/media/zeros.bin', data: rawZeroBomb(1024), method: 8, size: 1024 * 1024 * 1024 }]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const err = await expectRefused('docx, 1 GiB entry declared', 'zip-entry-bytes', () => readWord(bomb));
    expect(err.max).toBe(ZIP_MAX_ENTRY_BYTES);
  });

  it('refuses an xlsx whose entry declares 900 KB but inflates to 1 GiB (a lie), without inflating past the declared size', async () => {
    const liar = buildZip([...ooxmlSkeleton('xlsx'), { name: 'xl/worksheets/sheet1.xml', data: rawZeroBomb(1024), method: 8, size: 900_000 }]);
    const err = await expectRefused('xlsx, sizes lie (900 KB declared, 1 GiB real)', 'zip-size-mismatch', () => readSpreadsheet(liar));
    expect(err.max).toBe(900_000);
  });

  it('refuses too many entries, from the classic and from the ZIP64 end record', async () => {
    const members = Array.from({ length: ZIP_MAX_ENTRIES + 1 }, (_, k) => ({ name: `f${k}`, data: new Uint8Array(0), method: 0 as const, size: 0 }));
    await expectRefused('xlsx, 2,001 entries', 'zip-entries', () => readSpreadsheet(buildZip([...ooxmlSkeleton('xlsx'), ...members])));
    const zip64 = buildZip(ooxmlSkeleton('docx'), { zip64Count: 5_000_000 });
    await expectRefused('docx, ZIP64 end record: 5,000,000 entries', 'zip-entries', () => readWord(zip64));
  });

  it('reads sizes from the ZIP64 extra field: an entry declaring 8 GiB there is refused', async () => {
    const big = buildZip([...ooxmlSkeleton('docx'), { name: 'word/big.xml', data: rawZeroBomb(8), method: 8, size: 8 * 1024 ** 3, zip64Size: true }]);
    const err = await expectRefused('docx, 8 GiB declared in ZIP64 extra', 'zip-entry-bytes', () => readWord(big));
    expect(err.message).toContain(String(8 * 1024 ** 3));
  });

  it('refuses a declared total past the limit and an absurd compression ratio', async () => {
    // Three entries of 34 MiB with 180 KB stored each: under the entry limit and the ratio, 102 MiB in total.
    const filler = new Uint8Array(180 * 1024).fill(7);
    const many = [0, 1, 2].map((k) => ({ name: `xl/part${k}.bin`, data: filler, method: 8 as const, size: 34 * 1024 * 1024 }));
    const err = await expectRefused('xlsx, 102 MiB declared in total', 'zip-uncompressed-bytes', () => readSpreadsheet(buildZip([...ooxmlSkeleton('xlsx'), ...many])));
    expect(err.max).toBe(ZIP_MAX_UNCOMPRESSED_BYTES);
    const ratio = buildZip([...ooxmlSkeleton('xlsx'), { name: 'xl/sheet.xml', data: rawZeroBomb(10), method: 8, size: 10 * 1024 * 1024 }]);
    await expectRefused('xlsx, 10 MiB at about 1000:1', 'zip-compression-ratio', () => readSpreadsheet(ratio));
  });

  it('caps the XML parts the readers parse whole: their total size, and the elements of a docx (mammoth builds objects for each)', async () => {
    const filler = new Uint8Array(64 * 1024).fill(7);
    const sheets = [0, 1].map((k) => ({ name: `xl/worksheets/sheet${k + 1}.xml`, data: filler, method: 8 as const, size: 6 * 1024 * 1024 }));
    const bytes = await expectRefused('xlsx, 12 MiB of XML parts', 'office-xml-bytes', () => readSpreadsheet(buildZip([...ooxmlSkeleton('xlsx'), ...sheets])));
    expect(bytes.max).toBe(OFFICE_MAX_XML_BYTES);
    // Stored, so no ratio stands in the way: 60,000 empty paragraphs in 360 KB.
    const paragraphs = Buffer.from(`<w:document><w:body>${'<w:p/>'.repeat(DOCX_MAX_XML_ELEMENTS + 10_000)}</w:body></w:document>`);
    const skeleton = ooxmlSkeleton('docx').filter((m) => m.name !== 'word/document.xml');
    const dense = buildZip([...skeleton, { name: 'word/document.xml', data: paragraphs, method: 0, size: paragraphs.length }]);
    const elements = await expectRefused('docx, 60,000 XML elements', 'docx-xml-elements', () => readWord(dense));
    expect(elements.max).toBe(DOCX_MAX_XML_ELEMENTS);
  });

  it('answers ExtractionError for a zip whose directory cannot be read, or whose readers would disagree', async () => {
    const good = buildZip([...ooxmlSkeleton('docx'), deflatedMember('word/x.xml', '<x/>')]);
    const cases: Array<[string, Uint8Array]> = [
      ['cut before its directory', good.subarray(0, good.length - 40)],
      ['local header sizes differ', buildZip([...ooxmlSkeleton('docx'), { ...deflatedMember('word/y.xml', '<y/>'), localSize: 999 }])],
      ['deflate data corrupt', buildZip([...ooxmlSkeleton('docx'), { name: 'word/z.xml', data: new Uint8Array([0xff, 0xff, 0xff]), method: 8, size: 10 }])],
    ];
    for (const [name, zip] of cases) {
      await expect(readWord(zip), name).rejects.toBeInstanceOf(ExtractionError);
      await expect(readSpreadsheet(zip), name).rejects.toBeInstanceOf(ExtractionError);
    }
    expect(assertZipWithinLimits(good).entries.map((e) => e.name)).toEqual(['[Content_Types].xml', 'word/document.xml', 'word/x.xml']);
  });

  it('caps a legacy xls (not compressed) by its input size', async () => {
    const ole = new Uint8Array(6 * 1024 * 1024 + 1);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expectRefused('xls over 6 MiB', 'xls-bytes', () => readSpreadsheet(ole));
  });
});

describe('images for OCR', () => {
  const extractor = createLocalExtractor();
  afterAll(() => extractor.dispose());

  it('reads sizes from PNG IHDR and JPEG frame headers (walking segments, not scanning for FF C0)', () => {
    expect(readImageSize(pngHeader(20_000, 20_000))).toEqual({ format: 'png', width: 20_000, height: 20_000 });
    expect(readImageSize(jpegHeader(9_000, 7_000))).toEqual({ format: 'jpeg', width: 9_000, height: 7_000 });
    expect(readImageSize(jpegHeader(640, 480, 0xc2))).toEqual({ format: 'jpeg', width: 640, height: 480 });
    expect(readImageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeUndefined();
  });

  it('refuses a 20,000 x 20,000 PNG and a huge JPEG before tesseract decodes anything', async () => {
    const png = await expectRefused('PNG 20000 x 20000 (header only)', 'image-pixels', () => extractor.extract({ bytes: pngHeader(20_000, 20_000), mimeType: 'image/png' }));
    expect(png.max).toBe(IMAGE_MAX_PIXELS);
    await expectRefused('PNG 30000 x 100', 'image-side', () => extractor.extract({ bytes: pngHeader(30_000, 100), mimeType: 'image/png' }));
    await expectRefused('JPEG SOF0 9000 x 7000 (behind a decoy SOF in APP1)', 'image-pixels', () =>
      extractor.extract({ bytes: jpegHeader(9_000, 7_000), mimeType: 'image/jpeg' }),
    );
    const side = await expectRefused('JPEG SOF2 65000 x 10', 'image-side', () => extractor.extract({ bytes: jpegHeader(65_000, 10, 0xc2), mimeType: 'image/jpeg' }));
    expect(side.max).toBe(IMAGE_MAX_SIDE);
  });

  it('renders scanned pages within the pixel limits: a 200-inch page gets a lower resolution and a bounded bitmap', async () => {
    const raster = pageRaster({ width: 14_400, height: 14_400 }, 300);
    expect(raster.dpi).toBeLessThan(300);
    expect(raster.width * raster.height).toBeLessThanOrEqual(IMAGE_MAX_PIXELS);
    expect(pageRaster({ width: 595, height: 842 }, 300)).toEqual({ dpi: 300, width: 2480, height: 3509 });
    const m = await measure(() =>
      renderPdfPages(bigPagePdf(14_400, 14_400), { binary: 'pdftoppm', pageSizes: [{ width: 14_400, height: 14_400 }], dpi: 300, timeoutMs: 30_000 }),
    );
    figures.push({ name: 'pdftoppm of a 200 x 200 inch page at 300 dpi', ms: Math.round(m.ms), peakMB: Math.round(m.peakGrowthMB), abMB: Math.round(m.arrayBuffersGrowthMB) });
    expect(m.error).toBeUndefined();
    const result = m.result!;
    if (!result.ok) throw new Error(`pdftoppm is needed here: ${result.reason}`);
    const size = readImageSize(result.pages[0]!)!;
    expect(size.width * size.height).toBeLessThanOrEqual(IMAGE_MAX_PIXELS);
    expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(IMAGE_MAX_SIDE);
    expect(m.cpuMs, `${m.ms} ms of wall clock`).toBeLessThan(BUDGET.ms);
  });
});

describe('PDF streams', () => {
  const embed = (pdf: Uint8Array) => embedFacturX(pdf, xml, { now: NOW, ghostscript: false });

  it('refuses a content stream that is a 1 GiB flate bomb (v2/pdf embedding)', async () => {
    const pdf = contentBombPdf(1024);
    expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
    const err = await expectRefused('PDF content stream, 1 GiB flate bomb (embed)', 'pdf-stream-bytes', () => embed(pdf));
    expect(err.max).toBe(PDF_MAX_STREAM_BYTES);
  });

  it('refuses an embedded factur-x.xml that is a 1 GiB flate bomb, in embedding and in reading', async () => {
    const pdf = attachmentBombPdf(1024);
    await expectRefused('PDF attachment, 1 GiB flate bomb (embed)', 'pdf-stream-bytes', () => embed(pdf));
    await expectRefused('PDF attachment, 1 GiB flate bomb (extract XML)', 'pdf-stream-bytes', () => extractInvoiceXml(pdf));
  });

  it('refuses an object stream pdf-lib would inflate while loading, and a RunLength bomb', async () => {
    await expectRefused('PDF object stream, 1 GiB flate bomb (load)', 'pdf-stream-bytes', () => loadPdf(objectStreamBombPdf(1024)));
    await expectRefused('PDF content, RunLength 64 MiB', 'pdf-stream-bytes', () => embed(runLengthBombPdf(64)));
  });

  it('refuses a document whose streams each fit but decode past the total', async () => {
    // Five pages whose content streams decode to 45 MiB each (under the 50 MiB per stream): 225 MiB in all.
    const perPage = 45;
    const pages = 5;
    const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, k) => `${3 + 2 * k} 0 R`).join(' ')}] /Count ${pages} >>`];
    for (let k = 0; k < pages; k++) {
      objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${4 + 2 * k} 0 R >>`, { dict: '<< /Filter /FlateDecode >>', data: zlibZeroBomb(perPage) });
    }
    expect(perPage * pages * 1024 * 1024).toBeGreaterThan(PDF_MAX_DECODED_BYTES);
    // Measured before any scan of the content (lib/pdf/analyze.ts measureContent): 0.6-0.8 s of CPU here, where four
    // JavaScript passes over the first 180 MiB took 4.4 s (and 5.05 s once in a loaded full run, past the budget).
    const err = await expectRefused('PDF, 5 streams x 45 MiB (embed)', 'pdf-decoded-bytes', () => embed(buildPdf(objects)), 2_000);
    expect(err.max).toBe(PDF_MAX_DECODED_BYTES);
  });

  it('embeds a document whose content stream decodes just under the per-stream limit, and the result passes qpdf --check', async () => {
    const result = await embed(contentBombPdf(40));
    qpdfCheck(result.pdf, 'content-40MiB');
  });
});

describe('PDF structure', () => {
  const embed = (pdf: Uint8Array) => embedFacturX(pdf, xml, { now: NOW, ghostscript: false });
  const loops: PageTreeShape[] = ['kids-cycle', 'self-kid', 'page-twice', 'own-parent', 'parent-cycle'];

  it.each(loops)('refuses a page tree that is not a tree (%s) as a corrupt PDF, 400', async (shape) => {
    const pdf = pageTreePdf(shape);
    const m = await measure(() => embed(pdf));
    expect(m.error).toBeInstanceOf(PdfInvalidError);
    expect((m.error as ServiceError).code).toBe('BAD_REQUEST');
    expect((m.error as Error).message).toMatch(/page tree is not a tree/);
    expect(m.cpuMs, `${m.ms} ms of wall clock`).toBeLessThan(BUDGET.ms);
    await expect(extractInvoiceXml(pdf)).rejects.toBeInstanceOf(PdfInvalidError);
  });

  it('refuses a page tree deeper than the limit, more pages than the limit, and deep nesting; accepts them at the limit', async () => {
    await expectRefused(`PDF page tree ${PDF_MAX_PAGE_TREE_DEPTH + 1} deep`, 'pdf-page-tree-depth', () => embed(pageTreePdf('deep', PDF_MAX_PAGE_TREE_DEPTH + 1)));
    await expectRefused(`PDF with ${PDF_MAX_PAGES + 1} pages`, 'pdf-pages', () => embed(manyPagesPdf(PDF_MAX_PAGES + 1)));
    // The catalog dictionary is level 1: an array nested n deep inside it reaches level n + 1.
    await expectRefused(`PDF array nested ${PDF_MAX_NESTING_DEPTH} deep in the catalog`, 'pdf-nesting-depth', () => embed(deepArrayPdf(PDF_MAX_NESTING_DEPTH)));
    await expectRefused('PDF with forms drawn 2,000 deep', 'pdf-nesting-depth', () => embed(nestedFormsPdf(2_000)));
    for (const [name, pdf] of [
      ['tree-at-depth-limit', pageTreePdf('deep', PDF_MAX_PAGE_TREE_DEPTH)],
      ['pages-at-limit', manyPagesPdf(PDF_MAX_PAGES)],
      ['array-at-nesting-limit', deepArrayPdf(PDF_MAX_NESTING_DEPTH - 1)],
      ['forms-90-deep', nestedFormsPdf(90)],
    ] as const) {
      const result = await embed(pdf);
      qpdfCheck(result.pdf, name);
    }
  }, 60_000);
});

describe('PDFs read by pdf.js and pdftoppm (v1)', () => {
  it('measures every stream before pdf.js sees the file: content and font-program bombs are refused', async () => {
    await expectRefused('PDF content bomb (pdf.js text)', 'pdf-stream-bytes', () => readPdfText(contentBombPdf(1024)));
    await expectRefused('PDF font program bomb (pdf.js text)', 'pdf-stream-bytes', () => readPdfText(fontBombPdf(1024)));
  });

  it('reads text only from the first pages whose content fits the text budget, and refuses a first page past it', async () => {
    const kib = PDF_MAX_TEXT_CONTENT_BYTES / 1024;
    await expectRefused('PDF first page with 5 MiB of Tj', 'pdf-text-content-bytes', () => readPdfText(denseTextPdf([kib + 1024])));
    const text = await readPdfText(denseTextPdf([64, kib / 2, kib / 2]));
    expect(text.pageCount).toBe(3);
    expect(text.pagesRead).toBe(2);
    expect(text.doc.lines.map((l) => l.text).join('\n')).toContain('Page 1 Facture');
  });

  it('answers through the local extractor with the limit, for a PDF and for a scanned page too large to keep whole', async () => {
    const extractor = createLocalExtractor();
    try {
      await expectRefused('PDF content bomb (local extractor)', 'pdf-stream-bytes', () => extractor.extract({ bytes: contentBombPdf(1024), mimeType: 'application/pdf' }));
      const cyclic = await measure(() => extractor.extract({ bytes: pageTreePdf('kids-cycle'), mimeType: 'application/pdf' }));
      expect(cyclic.error).toBeInstanceOf(ExtractionError);
      expect((cyclic.error as Error).message).toMatch(/page tree is not a tree/);
    } finally {
      await extractor.dispose();
    }
  });

  it('a page within every limit still embeds and reads (line content, one page)', async () => {
    const pdf = buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>', lineContent()]);
    qpdfCheck((await embedFacturX(pdf, xml, { now: NOW, ghostscript: false })).pdf, 'plain-line');
    expect((await readPdfText(pdf)).pagesRead).toBe(1);
  });
});
