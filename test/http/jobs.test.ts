/**
 * Asynchronous conversions end to end through the local server (issue 14,
 * point 3): POST /api/v1/convert with `async: true` answers 202 {jobId}; the
 * in-process queue runs the job; GET /api/v1/jobs/{jobId} answers its status
 * and, once done, the body a synchronous convert gives; one credit, only for
 * XML; another key and unknown ids get 404; a document goes asynchronous by
 * itself only when reading it will not fit the synchronous deadline (a scan
 * of many pages), never for its page count alone (issue 25: a text PDF of 6
 * pages is answered 200); a failed job takes no credit.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJobRuntime } from '../../functions/_shared/jobs.js';
import { setKeyStore } from '../../functions/_shared/key-store.js';
import { openLocalKeyStore, type LocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { createApp } from '../../server/app.js';
import { relaxReadingBudgets } from '../handlers/load-event.js';

// What the conversions answer is tested here, not their time limits (test/handlers/load-event.ts).
relaxReadingBudgets();

const body = JSON.parse(JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'events', 'v1-convert', 'text-pdf-async.json'), 'utf8')).body) as Record<string, unknown>;

let store: LocalKeyStore;
let base = '';
let close: () => Promise<void>;
let owner = '';
let other = '';

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'fx-jobs-http-'));
  ({ store } = await openLocalKeyStore({ dataDir: process.env.DATA_DIR, createDevelopmentKey: false, limits: { monthlyQuota: { free: 10 } } }));
  owner = (await store.createKey('free', 'jobs owner')).key;
  other = (await store.createKey('free', 'jobs other')).key;
  setKeyStore(store);
  const server = createApp({ v2RateLimitPerMinute: 0 });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((r) => server.close(() => r()));
});
afterAll(async () => {
  await close();
  await store.close();
});

const convert = (b: unknown, key = owner) =>
  fetch(`${base}/api/v1/convert`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': key }, body: JSON.stringify(b) });
const job = (id: string, key = owner) => fetch(`${base}/api/v1/jobs/${id}`, { headers: { 'X-API-Key': key } });
const remaining = async (key: string) => store.remaining((await store.authenticate({ apiKey: key }))!);

async function finished(id: string): Promise<Response> {
  await (await getJobRuntime()).idle?.();
  for (let i = 0; i < 200; i++) {
    const res = await job(id);
    if (res.headers.get('x-job-status') === 'succeeded' || res.headers.get('x-job-status') === 'failed') return res;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

describe('asynchronous v1 conversions through the local server', () => {
  it('202 {jobId}, then the job status, then 200 with the synchronous body; one credit; 404 to another key', async () => {
    const before = await remaining(owner);
    const submitted = await convert(body);
    expect(submitted.status).toBe(202);
    const accepted = (await submitted.json()) as any;
    expect(accepted).toMatchObject({ success: true, data: { status: 'queued', reason: 'asked' }, meta: { apiVersion: '1.0', creditsRemaining: before - 1 } });
    const id = accepted.data.jobId as string;
    expect(id).toMatch(/^job_[a-z2-7]{26}$/);
    expect(submitted.headers.get('location')).toBe(`/api/v1/jobs/${id}`);

    const polled = await job(id);
    expect(polled.status).toBe(200);
    const status = (await polled.json()) as any;
    expect(status.data.jobId).toBe(id);
    expect(['queued', 'running', 'succeeded']).toContain(status.data.status ?? 'succeeded');

    const done = await finished(id);
    expect(done.status).toBe(200);
    const asyncBody = (await done.json()) as any;
    expect(done.headers.get('x-job-status'), JSON.stringify(asyncBody.data?.error)).toBe('succeeded');

    // The same document synchronously: the same data.
    const { async: _drop, ...syncRequest } = body;
    const sync = await convert(syncRequest);
    expect(sync.status).toBe(200);
    const syncBody = (await sync.json()) as any;
    expect(asyncBody.data).toEqual(syncBody.data);
    expect(asyncBody.data.factureX.xml).toContain('<rsm:CrossIndustryInvoice');
    expect(asyncBody.meta).toMatchObject({ apiVersion: '1.0', creditsRemaining: before - 1, extractor: 'local', jobId: id });
    expect(Object.keys(asyncBody.meta)).toEqual(expect.arrayContaining(Object.keys(syncBody.meta)));
    // One credit for the job, one for the synchronous conversion; polling again costs nothing.
    await job(id);
    expect(await remaining(owner)).toBe(before - 2);

    const foreign = await job(id, other);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as any).error.code).toBe('NOT_FOUND');
  }, 120_000);

  it('404 NOT_FOUND for an unknown or malformed id, 401 without a key', async () => {
    for (const id of ['job_aaaaaaaaaaaaaaaaaaaaaaaaaa', 'nope', '..%2F..%2Fetc']) {
      const res = await job(id);
      expect(res.status, id).toBe(404);
      expect(((await res.json()) as any).error.code).toBe('NOT_FOUND');
    }
    const anonymous = await fetch(`${base}/api/v1/jobs/job_aaaaaaaaaaaaaaaaaaaaaaaaaa`);
    expect(anonymous.status).toBe(401);
  });

  it('a job whose document yields no invoice fails with the synchronous error and takes no credit', async () => {
    const before = await remaining(owner);
    const blank = await PDFDocument.create();
    blank.addPage();
    const submitted = await convert({ pdfBase64: Buffer.from(await blank.save()).toString('base64'), async: true });
    expect(submitted.status).toBe(202);
    const id = ((await submitted.json()) as any).data.jobId as string;
    const done = (await (await finished(id)).json()) as any;
    expect(done.data).toMatchObject({ jobId: id, status: 'failed', httpStatus: 422, error: { code: 'EXTRACTION_FAILED' } });
    expect(await remaining(owner)).toBe(before);
  }, 120_000);

  it('a text PDF of 6 pages is answered 200 in the request (issue 25: pages alone never make a job)', async () => {
    const sent = JSON.parse(JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'events', 'v1-convert', 'text-pdf.json'), 'utf8')).body) as Record<string, unknown>;
    const doc = await PDFDocument.load(Buffer.from(sent.pdfBase64 as string, 'base64'));
    const font = await doc.embedFont(StandardFonts.Helvetica);
    // Five more pages of printed text (terms and conditions): a 6-page text PDF.
    for (let p = 2; p <= 6; p++) {
      const page = doc.addPage();
      for (let k = 0; k < 30; k++) page.drawText(`Article ${p}.${k} - Conditions generales de vente, paragraphe ${k}.`, { x: 50, y: 760 - k * 20, font, size: 10 });
    }
    expect(doc.getPageCount()).toBe(6);
    const res = await convert({ ...sent, pdfBase64: Buffer.from(await doc.save()).toString('base64') });
    const answer = (await res.json()) as any;
    expect(res.status, JSON.stringify(answer.error ?? answer.data?.reason)).toBe(200);
    expect(answer.data.extractedData).toMatchObject({ method: 'pdf-text' });
    expect(answer.data.extractedData.invoiceNumber).toBeTruthy();
  }, 120_000);

  it('a scan of more pages than OCR can read in the request is converted asynchronously without being asked (reason cost)', async () => {
    const doc = await PDFDocument.create();
    const png = new PNG({ width: 40, height: 40 });
    png.data.fill(255);
    const image = await doc.embedPng(PNG.sync.write(png));
    // Six image-only pages (no text layer): six pages to OCR, more than fit the synchronous deadline.
    for (let i = 1; i <= 6; i++) doc.addPage([200, 200]).drawImage(image, { x: 0, y: 0, width: 200, height: 200 });
    const submitted = await convert({ pdfBase64: Buffer.from(await doc.save()).toString('base64') });
    expect(submitted.status).toBe(202);
    const accepted = (await submitted.json()) as any;
    expect(accepted.data).toMatchObject({ status: 'queued', reason: 'cost', pages: 6, estimate: { ocrPages: 6, textPages: 0 } });
    await finished(accepted.data.jobId);
    // One image-only page fits: synchronous (and it holds nothing to read: 422, no job).
    const one = await PDFDocument.create();
    one.addPage([200, 200]).drawImage(await one.embedPng(PNG.sync.write(png)), { x: 0, y: 0, width: 200, height: 200 });
    const sync = await convert({ pdfBase64: Buffer.from(await one.save()).toString('base64') });
    expect(sync.status).toBe(422);
  }, 180_000);

  it('a Factur-X PDF of more than 3 pages stays synchronous: its XML is read exactly and fast', async () => {
    const event = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'events', 'v1-convert', 'facturx-pdf.json'), 'utf8'));
    const sent = JSON.parse(event.body) as Record<string, unknown>;
    const doc = await PDFDocument.load(Buffer.from(sent.pdfBase64 as string, 'base64'));
    while (doc.getPageCount() <= 3) doc.addPage();
    const res = await convert({ ...sent, pdfBase64: Buffer.from(await doc.save()).toString('base64') });
    const answer = (await res.json()) as any;
    expect(res.status, JSON.stringify(answer.error)).toBe(200);
    expect(answer.data.extractedData).toMatchObject({ method: 'embedded-xml', exact: true });
  }, 120_000);

  it('an Idempotency-Key makes a repeated submission return the same job', async () => {
    const headers = { 'Content-Type': 'application/json', 'X-API-Key': owner, 'Idempotency-Key': 'async-repeat-1' };
    const first = await fetch(`${base}/api/v1/convert`, { method: 'POST', headers, body: JSON.stringify(body) });
    const repeat = await fetch(`${base}/api/v1/convert`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect([first.status, repeat.status]).toEqual([202, 202]);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(((await repeat.json()) as any).data.jobId).toBe(((await first.json()) as any).data.jobId);
    await (await getJobRuntime()).idle?.();
  }, 120_000);

  it('documents the job endpoint and the async field in /api/openapi.json', async () => {
    const api = (await (await fetch(`${base}/api/openapi.json`)).json()) as any;
    expect(api.paths['/api/v1/jobs/{jobId}'].get.parameters[0]).toMatchObject({ name: 'jobId', in: 'path', required: true });
    expect(Object.keys(api.paths['/api/v1/jobs/{jobId}'].get.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
    expect(api.paths['/api/v1/convert'].post.responses['202'].description).toContain('estimated not to fit the synchronous deadline');
    expect(api.paths['/api/v1/convert'].post.responses['202'].content['application/json'].schema.allOf ?? api.paths['/api/v1/convert'].post.responses['202'].content['application/json'].schema).toBeDefined();
    expect(api.paths['/api/v1/convert'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ConvertRequest' });
    expect(api.components.schemas.ConvertRequest.properties.async.type).toBe('boolean');
    expect(api.paths['/api/v1/jobs/{jobId}'].get.responses['200'].headers['X-Job-Status']).toBeDefined();
  });
});
