/**
 * The local extractor on real documents generated at test time from
 * test/fixtures/extract/sample-invoice.json: a text PDF, its PNG rendering
 * (OCR), a scanned PDF (OCR after pdftoppm), xlsx, xls and docx; and its
 * errors on unreadable input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtractionError, InputError } from '../../lib/errors.js';
import { createLocalExtractor } from '../../lib/extract/local/index.js';
import type { ExtractedInvoice, ExtractionInput } from '../../lib/extract/port.js';
import { dec } from '../../lib/model/decimal.js';
import { loadSample, makeBlankPdf, makeDocx, makeScanPdf, makeTextPdf, makeXls, makeXlsx, renderPng, type SampleInvoice } from '../fixtures/extract/generate.js';

const MIME = {
  pdf: 'application/pdf',
  png: 'image/png',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const sample: SampleInvoice = loadSample();
const extractor = createLocalExtractor();
const docs: Record<'pdf' | 'png' | 'scan' | 'xlsx' | 'xls' | 'docx' | 'blankPng', Uint8Array> = {} as never;

beforeAll(async () => {
  docs.pdf = await makeTextPdf(sample);
  docs.png = renderPng(docs.pdf, 200);
  docs.scan = await makeScanPdf(docs.png);
  docs.xlsx = await makeXlsx(sample);
  docs.xls = makeXls(sample);
  docs.docx = await makeDocx(sample);
  docs.blankPng = renderPng(await makeBlankPdf(), 50);
});

afterAll(async () => {
  await extractor.dispose();
});

/** The fields every reader must get from the sample invoice, compared with the fixture. */
function expectSampleFields(invoice: ExtractedInvoice, options: { lines?: boolean } = {}): void {
  expect(invoice.invoiceNumber?.value).toBe(sample.number);
  expect(invoice.invoiceDate?.value).toBe(sample.issueDate.iso);
  // Both parties are French companies: the printed legal form is split off the registered name.
  expect(invoice.seller.name?.value).toBe(sample.seller.name.replace(/ SARL$/, ''));
  expect(invoice.seller.legalForm?.value).toBe('SARL');
  expect(invoice.buyer.name?.value).toBe(sample.buyer.name.replace(/ SAS$/, ''));
  expect(invoice.buyer.legalForm?.value).toBe('SAS');
  expect(invoice.seller.vatNumber?.value).toBe(sample.seller.vatNumber);
  for (const t of sample.totals) expect(dec(invoice.totals[t.field]!.value).eq(dec(t.value)), t.field).toBe(true);
  if (options.lines !== false) {
    expect(invoice.lines).toHaveLength(sample.items.length);
    sample.items.forEach((item, k) => {
      const line = invoice.lines[k]!;
      expect(line.description.value).toBe(item.description);
      expect(dec(line.quantity!.value).eq(dec(item.quantity))).toBe(true);
      expect(dec(line.unitPrice!.value).eq(dec(item.unitPrice))).toBe(true);
      expect(dec(line.netAmount!.value).eq(dec(item.netAmount))).toBe(true);
    });
  }
  expect(invoice.checks.find((c) => c.name === 'total-without-vat-plus-vat')?.ok).toBe(true);
}

describe('local extractor: documents', () => {
  it('is named local', () => {
    expect(extractor.name).toBe('local');
  });

  it('reads a text PDF from its positioned text layer', async () => {
    const invoice = await extractor.extract({ bytes: docs.pdf, mimeType: MIME.pdf, fileName: 'facture.pdf' });
    expect(invoice.method).toBe('pdf-text');
    expect(invoice.exact).toBe(false);
    expectSampleFields(invoice);
    expect(invoice.dueDate?.value).toBe(sample.dueDate.iso);
    expect(invoice.iban?.value).toBe(sample.iban);
    expect(invoice.bic?.value).toBe(sample.bic);
    expect(invoice.seller.siret?.value).toBe(sample.seller.siret);
  });

  it('reads an xlsx workbook, its date cell included', async () => {
    const invoice = await extractor.extract({ bytes: docs.xlsx, mimeType: MIME.xlsx });
    expect(invoice.method).toBe('spreadsheet');
    expectSampleFields(invoice);
    expect(invoice.invoiceNumber?.source).toMatch(/^sheet Facture!A\d+$/);
  });

  it('reads a legacy xls workbook', async () => {
    const invoice = await extractor.extract({ bytes: docs.xls, mimeType: MIME.xls });
    expect(invoice.method).toBe('spreadsheet');
    expectSampleFields(invoice);
  });

  it('reads a docx document, paragraphs and tables', async () => {
    const invoice = await extractor.extract({ bytes: docs.docx, mimeType: MIME.docx });
    expect(invoice.method).toBe('word');
    expectSampleFields(invoice);
    expect(invoice.dueDate?.value).toBe(sample.dueDate.iso);
  });

  it('reads a PNG by OCR, with lower confidences than the text layer', async () => {
    const fromText = await extractor.extract({ bytes: docs.pdf, mimeType: MIME.pdf });
    const invoice = await extractor.extract({ bytes: docs.png, mimeType: MIME.png });
    expect(invoice.method).toBe('ocr');
    expectSampleFields(invoice);
    expect(invoice.invoiceNumber!.confidence).toBeLessThan(fromText.invoiceNumber!.confidence);
  });

  it('reads a scanned PDF (no text layer) by rendering its page and OCR', async () => {
    const invoice = await extractor.extract({ bytes: docs.scan, mimeType: MIME.pdf });
    expect(invoice.method).toBe('ocr');
    expect(invoice.notes.join(' ')).toMatch(/no text layer/);
    expectSampleFields(invoice, { lines: false });
  });

  it('reads a PDF by OCR when its text layer holds no invoice data', async () => {
    const stamped = await makeScanPdf(docs.png, 'Scanned with OfficeScan 5000 on the third floor printer, archive batch seventeen');
    const invoice = await extractor.extract({ bytes: stamped, mimeType: MIME.pdf });
    expect(invoice.method).toBe('ocr');
    expect(invoice.notes.join(' ')).toMatch(/held no usable invoice data/);
    expect(invoice.invoiceNumber?.value).toBe(sample.number);
  });

  it('follows the content when the declared type is wrong, and notes it', async () => {
    const invoice = await extractor.extract({ bytes: docs.pdf, mimeType: MIME.png });
    expect(invoice.method).toBe('pdf-text');
    expect(invoice.notes.join(' ')).toMatch(/Declared as PNG image but the content is a PDF/);
  });

  it('sniffs a document sent as application/octet-stream', async () => {
    const invoice = await extractor.extract({ bytes: docs.xlsx, mimeType: 'application/octet-stream' });
    expect(invoice.method).toBe('spreadsheet');
  });
});

describe('local extractor: errors', () => {
  async function errorOf(input: ExtractionInput, options?: Parameters<typeof createLocalExtractor>[0]): Promise<unknown> {
    const ex = options ? createLocalExtractor(options) : extractor;
    try {
      await ex.extract(input);
    } catch (error) {
      return error;
    } finally {
      if (options) await ex.dispose();
    }
    return undefined;
  }

  it('rejects a type it does not read with InputError', async () => {
    const error = await errorOf({ bytes: new TextEncoder().encode('Facture FA-1 Total 10,00'), mimeType: 'text/plain' });
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe('BAD_REQUEST');
  });

  it('rejects an empty document and unrecognisable bytes of an unknown type with InputError', async () => {
    expect(await errorOf({ bytes: new Uint8Array(), mimeType: MIME.pdf })).toBeInstanceOf(InputError);
    expect(await errorOf({ bytes: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), mimeType: 'application/octet-stream' })).toBeInstanceOf(InputError);
  });

  it('reports a damaged PDF with ExtractionError, never a crash', async () => {
    const truncated = docs.pdf.slice(0, 400);
    const error = await errorOf({ bytes: truncated, mimeType: MIME.pdf });
    expect(error).toBeInstanceOf(ExtractionError);
    const garbage = await errorOf({ bytes: new TextEncoder().encode('%PDF-1.7\n this is not a PDF at all'), mimeType: MIME.pdf });
    expect(garbage).toBeInstanceOf(ExtractionError);
  });

  it('reports bytes that are not the declared format with ExtractionError', async () => {
    const error = await errorOf({ bytes: new TextEncoder().encode('hello, world, this is not a workbook'), mimeType: MIME.xlsx });
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).code).toBe('EXTRACTION_FAILED');
  });

  it('reports a damaged image with ExtractionError, and the OCR worker keeps working afterwards', async () => {
    const error = await errorOf({ bytes: docs.png.slice(0, 2000), mimeType: MIME.png });
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as Error).message).toMatch(/PNG image could not be read/);
    const invoice = await extractor.extract({ bytes: docs.png, mimeType: MIME.png });
    expect(invoice.invoiceNumber?.value).toBe(sample.number);
  });

  it('reports an image without any text with ExtractionError listing what is missing', async () => {
    const error = await errorOf({ bytes: docs.blankPng, mimeType: MIME.png });
    expect(error).toBeInstanceOf(ExtractionError);
    const paths = ((error as ExtractionError).details ?? []).map((d) => (d as { path: string }).path);
    expect(paths).toContain('invoiceNumber');
  });

  it('says why a scanned PDF cannot be read when OCR of PDFs is disabled or the renderer is missing', async () => {
    const disabled = await errorOf({ bytes: docs.scan, mimeType: MIME.pdf }, { pdftoppm: false });
    expect(disabled).toBeInstanceOf(ExtractionError);
    expect((disabled as Error).message).toMatch(/no text layer/);
    const missing = await errorOf({ bytes: docs.scan, mimeType: MIME.pdf }, { pdftoppm: '/nonexistent/pdftoppm' });
    expect(missing).toBeInstanceOf(ExtractionError);
    expect((missing as Error).message).toMatch(/not installed/);
  });
});
