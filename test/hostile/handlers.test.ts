/**
 * Hostile documents through the handlers, as the reliability campaign sent
 * them (keyless POST /api/v2/pdf; POST /api/v1/convert with the local
 * extractor): each is answered with the error envelope, 422
 * DOCUMENT_TOO_COMPLEX naming the limit (400 for a page tree that loops),
 * quickly, and a refused conversion consumes no credit.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setKeyStore } from '../../functions/_shared/key-store.js';
import { handler as convertHandler } from '../../functions/v1-convert.js';
import { handler as pdfHandler } from '../../functions/v2-pdf.js';
import { openLocalKeyStore, type LocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { limitMax, type LimitId } from '../../lib/limits.js';
import { loadSample, makeXlsx } from '../fixtures/extract/generate.js';
import { context, loadEvent } from '../handlers/load-event.js';
import { attachmentBombPdf, buildZip, contentBombPdf, jpegHeader, ooxmlSkeleton, pageTreePdf, pngHeader, rawZeroBomb } from '../../scripts/fuzz/make.js';
import { BUDGET, measure } from './measure.js';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

interface Answer {
  status: number;
  body: { success: boolean; error?: { code: string; message: string; details?: Array<Record<string, unknown>> }; meta?: { creditsRemaining: number } };
  ms: number;
  cpuMs: number;
  peakGrowthMB: number;
}

async function call(handler: typeof pdfHandler, event: ReturnType<typeof loadEvent>): Promise<Answer> {
  const m = await measure(() => handler(event, context));
  if (m.error !== undefined) throw m.error;
  const res = m.result!;
  return { status: res.statusCode, body: JSON.parse(res.body) as Answer['body'], ms: m.ms, cpuMs: m.cpuMs, peakGrowthMB: m.peakGrowthMB };
}

function expectLimit(a: Answer, limit: LimitId): void {
  expect(a.status, JSON.stringify(a.body)).toBe(422);
  expect(a.body.success).toBe(false);
  expect(a.body.error?.code).toBe('DOCUMENT_TOO_COMPLEX');
  expect(a.body.error?.details?.[0]).toMatchObject({ reason: 'limit', limit, max: limitMax(limit) });
  expect(a.cpuMs, `${a.ms} ms of wall clock`).toBeLessThan(BUDGET.ms);
  expect(a.peakGrowthMB).toBeLessThan(BUDGET.peakGrowthMB);
}

describe('POST /api/v2/pdf (no key) with hostile PDFs', () => {
  const pdfEvent = (pdf: Uint8Array) => {
    const event = loadEvent('v2-pdf/valid.json');
    const body = JSON.parse(event.body!) as Record<string, unknown>;
    event.body = JSON.stringify({ ...body, pdfBase64: b64(pdf) });
    return event;
  };

  beforeAll(async () => {
    // Warm the handler (modules, XSDs) on the sample event, so that loading is not counted.
    expect((await pdfHandler(loadEvent('v2-pdf/valid.json'), context)).statusCode).toBe(200);
  }, 60_000);

  it('answers 422 DOCUMENT_TOO_COMPLEX for a content stream or an attachment that is a 1 GiB flate bomb', async () => {
    expectLimit(await call(pdfHandler, pdfEvent(contentBombPdf(1024))), 'pdf-stream-bytes');
    expectLimit(await call(pdfHandler, pdfEvent(attachmentBombPdf(1024))), 'pdf-stream-bytes');
  });

  it('answers 400 BAD_REQUEST for a cyclic page tree, 422 for one past the depth limit', async () => {
    const cyclic = await call(pdfHandler, pdfEvent(pageTreePdf('kids-cycle')));
    expect(cyclic.status).toBe(400);
    expect(cyclic.body.error?.code).toBe('BAD_REQUEST');
    expect(cyclic.body.error?.message).toMatch(/page tree is not a tree/);
    expectLimit(await call(pdfHandler, pdfEvent(pageTreePdf('deep', 200))), 'pdf-page-tree-depth');
  });
});

describe('POST /api/v1/convert (local extractor) with hostile documents', () => {
  let store: LocalKeyStore;
  let key = '';

  beforeAll(async () => {
    ({ store } = await openLocalKeyStore({ dataDir: mkdtempSync(join(tmpdir(), 'v1-hostile-')), createDevelopmentKey: false }));
    key = (await store.createKey('starter')).key;
    setKeyStore(store);
  });
  afterAll(() => store.close());

  const convertEvent = (body: Record<string, unknown>) => {
    const event = loadEvent('v1-convert/text-pdf.json');
    event.headers['X-API-Key'] = key;
    event.body = JSON.stringify(body);
    return event;
  };
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

  it('answers 422 naming the limit for zip bombs, huge images and a PDF bomb, and charges nothing for them', async () => {
    const docx = buildZip([...ooxmlSkeleton('docx'), { name: 'word/media/zeros.bin', data: rawZeroBomb(1024), method: 8, size: 1024 ** 3 }]);
    expectLimit(await call(convertHandler, convertEvent({ documentBase64: b64(docx), mimeType: DOCX })), 'zip-entry-bytes');
    const xlsx = buildZip([...ooxmlSkeleton('xlsx'), { name: 'xl/worksheets/sheet1.xml', data: rawZeroBomb(1024), method: 8, size: 900_000 }]);
    const lie = await call(convertHandler, convertEvent({ documentBase64: b64(xlsx), mimeType: XLSX }));
    expect(lie.status).toBe(422);
    expect(lie.body.error?.details?.[0]).toMatchObject({ reason: 'limit', limit: 'zip-size-mismatch', max: 900_000 });
    expectLimit(await call(convertHandler, convertEvent({ imageBase64: b64(pngHeader(20_000, 20_000)), mimeType: 'image/png' })), 'image-pixels');
    expectLimit(await call(convertHandler, convertEvent({ imageBase64: b64(jpegHeader(12_000, 9_000)), mimeType: 'image/jpeg' })), 'image-pixels');
    expectLimit(await call(convertHandler, convertEvent({ pdfBase64: b64(contentBombPdf(1024)) })), 'pdf-stream-bytes');
    expectLimit(await call(convertHandler, convertEvent({ pdfBase64: b64(attachmentBombPdf(1024)) })), 'pdf-stream-bytes');
    // The first successful conversion afterwards is the first one charged.
    const ok = await call(convertHandler, convertEvent({ documentBase64: b64(await makeXlsx(loadSample())), mimeType: XLSX, businessProcess: 'B1' }));
    expect(ok.status, JSON.stringify(ok.body.error)).toBe(200);
    expect(ok.body.meta?.creditsRemaining).toBe(999);
  }, 60_000);
});
