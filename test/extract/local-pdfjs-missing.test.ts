/**
 * Where pdf.js cannot run (no DOMMatrix without its canvas package, as on a
 * bare Lambda runtime), the local extractor still reads a PDF by rendering its
 * pages and OCR instead of failing.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/extract/local/pdf-text.js', () => ({
  readPdfText: async () => {
    throw new ReferenceError('DOMMatrix is not defined');
  },
}));

const { createLocalExtractor } = await import('../../lib/extract/local/index.js');
const { ExtractionError } = await import('../../lib/errors.js');
const { loadSample, makeTextPdf } = await import('../fixtures/extract/generate.js');

const extractor = createLocalExtractor();
afterAll(async () => {
  await extractor.dispose();
});

describe('local extractor without a working pdf.js', () => {
  it('reads the PDF by OCR and says why', async () => {
    const sample = loadSample();
    const invoice = await extractor.extract({ bytes: await makeTextPdf(sample), mimeType: 'application/pdf' });
    expect(invoice.method).toBe('ocr');
    expect(invoice.notes.join(' ')).toMatch(/text layer could not be read in this environment/);
    expect(invoice.invoiceNumber?.value).toBe(sample.number);
  });

  it('fails with ExtractionError when OCR of PDFs is not possible either', async () => {
    const sample = loadSample();
    const noRenderer = createLocalExtractor({ pdftoppm: false });
    await expect(noRenderer.extract({ bytes: await makeTextPdf(sample), mimeType: 'application/pdf' })).rejects.toBeInstanceOf(ExtractionError);
  });
});
