/**
 * Sync or async by estimated cost (issue 25, point 1; lib/v1/cost.ts): text PDFs of any reasonable length, embedded
 * XML, images and office files fit a request; scans with more pages to OCR than fit, and text PDFs so long the reader
 * would stop early, go to a job; `async: true` always does.
 */
import { describe, expect, it } from 'vitest';
import { estimateReadingCost, planConversion, type DocumentFacts } from './cost.js';
import type { PageTextMeasure } from '../pdf/page-text.js';

const LEFT = 19_000;
const textPage: PageTextMeasure = { chars: 900, images: false, contentBytes: 12_000 };
const scanPage: PageTextMeasure = { chars: 0, images: true, contentBytes: 60 };
const pdf = (pages: PageTextMeasure[], pageCount = pages.length): DocumentFacts => ({
  mimeType: 'application/pdf',
  bytes: 50_000,
  pdf: { pageCount, embedded: false, text: { pages, pageCount } },
});
const repeat = (p: PageTextMeasure, n: number): PageTextMeasure[] => Array.from({ length: n }, () => p);

describe('planConversion', () => {
  it.each([1, 4, 6, 12, 30])('answers a %i-page text PDF in the request (local reader; AWS up to 12 pages)', (n) => {
    for (const reader of n <= 12 ? (['local', 'aws'] as const) : (['local'] as const)) {
      const plan = planConversion(pdf(repeat(textPage, n)), { asked: false, reader, leftMs: LEFT });
      expect(plan, `${reader} ${n}`).toMatchObject({ mode: 'sync', reason: 'fits', estimate: { kind: 'text', textPages: n, ocrPages: 0 } });
    }
  });

  it('sends a text PDF so long the local reader would stop before its end to a job (it is then read whole)', () => {
    const plan = planConversion(pdf(repeat(textPage, 200), 600), { asked: false, reader: 'local', leftMs: LEFT });
    expect(plan).toMatchObject({ mode: 'async', reason: 'cost', estimate: { kind: 'text', textPages: 600 } });
    expect(plan.estimate.cut).toMatch(/text pages/);
  });

  it('reads a scan in the request while its OCR fits (local: 3 pages), and sends a longer one to a job', () => {
    expect(planConversion(pdf(repeat(scanPage, 3)), { asked: false, reader: 'local', leftMs: LEFT })).toMatchObject({ mode: 'sync', estimate: { kind: 'scan', ocrPages: 3 } });
    const four = planConversion(pdf(repeat(scanPage, 4)), { asked: false, reader: 'local', leftMs: LEFT });
    expect(four).toMatchObject({ mode: 'async', reason: 'cost', estimate: { kind: 'scan', ocrPages: 4 } });
  });

  it('counts one Textract call per scanned page on AWS before the model call', () => {
    expect(planConversion(pdf(repeat(scanPage, 2)), { asked: false, reader: 'aws', leftMs: LEFT }).mode).toBe('sync');
    const three = planConversion(pdf(repeat(scanPage, 3)), { asked: false, reader: 'aws', leftMs: LEFT });
    expect(three).toMatchObject({ mode: 'async', reason: 'cost', estimate: { ocrPages: 3 } });
    expect(three.estimate.ms).toBeGreaterThan(three.availableMs);
  });

  it('judges a PDF as a scan by the text its pages show, not by whether they hold images', () => {
    // A page with a logo image and a text layer is a text page; a scan with a page number is still a scan.
    const withLogo = planConversion(pdf(repeat({ ...textPage, images: true }, 5)), { asked: false, reader: 'local', leftMs: LEFT });
    expect(withLogo.estimate.kind).toBe('text');
    const numbered = planConversion(pdf(repeat({ chars: 6, images: true, contentBytes: 200 }, 5)), { asked: false, reader: 'local', leftMs: LEFT });
    expect(numbered.estimate).toMatchObject({ kind: 'scan', ocrPages: 5 });
  });

  it('keeps PDFs carrying invoice XML, images and office files in the request', () => {
    const embedded: DocumentFacts = { mimeType: 'application/pdf', bytes: 1, pdf: { pageCount: 40, embedded: true } };
    expect(planConversion(embedded, { asked: false, reader: 'local', leftMs: LEFT })).toMatchObject({ mode: 'sync', estimate: { kind: 'embedded-xml' } });
    for (const reader of ['local', 'aws'] as const) {
      expect(planConversion({ mimeType: 'image/png', bytes: 1 }, { asked: false, reader, leftMs: LEFT }).mode).toBe('sync');
      const xlsx = { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes: 1 };
      expect(planConversion(xlsx, { asked: false, reader, leftMs: LEFT })).toMatchObject({ mode: 'sync', estimate: { kind: 'office' } });
    }
  });

  it('goes asynchronous when asked, whatever the cost, and when the request has little time left', () => {
    expect(planConversion(pdf([textPage]), { asked: true, reader: 'local', leftMs: LEFT })).toMatchObject({ mode: 'async', reason: 'asked' });
    expect(planConversion(pdf(repeat(textPage, 2)), { asked: false, reader: 'aws', leftMs: 6_000 })).toMatchObject({ mode: 'async', reason: 'cost' });
  });

  it('scales a measure of the first pages to the whole document', () => {
    const estimate = estimateReadingCost(pdf(repeat(textPage, 10), 20), 'local');
    expect(estimate.textPages).toBe(20);
  });

  it('answers in the request when the PDF could not be measured (the conversion then says what it can read)', () => {
    const plan = planConversion({ mimeType: 'application/pdf', bytes: 10, pdf: { pageCount: 3, embedded: false } }, { asked: false, reader: 'local', leftMs: LEFT });
    expect(plan).toMatchObject({ mode: 'sync', estimate: { kind: 'unknown' } });
  });
});
