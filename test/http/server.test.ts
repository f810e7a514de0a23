import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.js';

const example = readFileSync(resolve(import.meta.dirname, '..', '..', 'functions', '_shared', 'examples', 'invoice.json'), 'utf8');

async function startServer(options: Parameters<typeof createApp>[0]) {
  const server = createApp(options);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}` };
}

describe('local server', () => {
  let base = '';
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startServer({ v2RateLimitPerMinute: 0 });
    base = started.base;
    close = () => new Promise((r) => started.server.close(() => r()));
  });
  afterAll(() => close());

  const post = (path: string, body: string, type = 'application/json') =>
    fetch(base + path, { method: 'POST', headers: { 'Content-Type': type }, body });

  it('serves /api/v2/xml through the Lambda handler', async () => {
    const res = await post('/api/v2/xml', example);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.success).toBe(true);
    expect(body.data.xml).toContain('<rsm:CrossIndustryInvoice');
  });

  it('serves /api/v2/validate', async () => {
    const res = await post('/api/v2/validate', example);
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data.valid).toBe(true);
  });

  it('answers 422 with official ids for an invalid invoice', async () => {
    const inv = JSON.parse(example);
    inv.totals = { totalHT: 1 };
    const res = await post('/api/v2/xml', JSON.stringify(inv));
    expect(res.status).toBe(422);
    const body = (await res.json()) as any;
    expect(body.error.details.map((d: { rule: string }) => d.rule)).toContain('BR-CO-13');
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await post('/api/v2/xml', '{"a":');
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.code).toBe('BAD_REQUEST');
  });

  it('answers 413 in the envelope for a body over 6 MB', async () => {
    const res = await post('/api/v2/xml', JSON.stringify({ pad: 'x'.repeat(6 * 1024 * 1024 + 10) }));
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 404 and 405 in the envelope', async () => {
    const r404 = await fetch(base + '/api/v2/nothing');
    expect(r404.status).toBe(404);
    expect(((await r404.json()) as any).success).toBe(false);
    const r405 = await fetch(base + '/api/v2/xml');
    expect(r405.status).toBe(405);
    expect(r405.headers.get('allow')).toBe('POST');
  });

  it('serves health, the OpenAPI 3.1 document and the docs page', async () => {
    const health = (await (await fetch(base + '/api/health')).json()) as any;
    expect(health.data.status).toBe('ok');
    const api = (await (await fetch(base + '/api/openapi.json')).json()) as any;
    expect(api.openapi).toBe('3.1.0');
    expect(Object.keys(api.paths)).toEqual(expect.arrayContaining(['/api/v2/xml', '/api/v2/validate']));
    const inv = api.components.schemas.InvoiceInput;
    expect(inv.required).toEqual(expect.arrayContaining(['invoiceNumber', 'invoiceDate', 'seller', 'buyer', 'items']));
    expect(Object.keys(inv.properties)).toEqual(expect.arrayContaining(['dueDate', 'currency', 'totals', 'paymentMeans', 'notes']));
    const docs = await fetch(base + '/api/docs');
    expect(docs.headers.get('content-type')).toMatch(/text\/html/);
    const html = await docs.text();
    expect(html).toContain('/api/v2/xml');
    expect(html).toContain('items[].vatRate');
    // v1 convert documents its Idempotency-Key header, in both.
    const convert = api.paths['/api/v1/convert'].post;
    expect(convert.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false })]);
    expect(Object.keys(convert.responses['200'].headers)).toEqual(['Idempotent-Replayed']);
    expect(html).toContain('<code>Idempotency-Key</code>');
    expect(html).toContain('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('local v2 rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After past the per-minute limit', async () => {
    const { server, base } = await startServer({ v2RateLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 4; i++) {
        const res = await fetch(base + '/api/v2/validate', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: example });
        statuses.push(res.status);
        if (res.status === 429) {
          retryAfter = res.headers.get('retry-after');
          expect(((await res.json()) as any).error.code).toBe('RATE_LIMITED');
        } else await res.arrayBuffer();
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await new Promise((r) => server.close(() => r(undefined)));
    }
  });
});
