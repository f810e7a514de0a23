import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.js';
import { relaxReadingBudgets } from '../handlers/load-event.js';

// What the conversions answer is tested here, not their time limits (test/handlers/load-event.ts).
relaxReadingBudgets();

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

  it('answers raw Latin-1 XML with 400 reason "encoding", naming the byte offset (the server keeps the bytes)', async () => {
    const xml = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'events', 'v2-validate', 'xml-raw.json'), 'utf8')).body as string;
    const latin1 = Buffer.from(xml, 'latin1');
    const offset = latin1.findIndex((b) => b >= 0x80);
    expect(offset).toBeGreaterThan(0);
    for (const type of ['application/xml', 'text/xml; charset=utf-8']) {
      const res = await fetch(base + '/api/v2/validate', { method: 'POST', headers: { 'Content-Type': type }, body: latin1 });
      expect(res.status).toBe(400);
      const body = (await res.json()) as any;
      expect(body.error.code).toBe('BAD_REQUEST');
      expect(body.error.details).toEqual([{ path: 'body', reason: 'encoding', byteOffset: offset, message: expect.stringContaining(`byte offset ${offset}`) }]);
    }
    // The same document in UTF-8 still validates.
    const ok = await fetch(base + '/api/v2/validate?rules=en16931', { method: 'POST', headers: { 'Content-Type': 'application/xml' }, body: Buffer.from(xml, 'utf8') });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as any).data.valid).toBe(true);
  });

  it('answers a JSON body in Latin-1 with 400 reason "encoding"', async () => {
    const latin1 = Buffer.from(example.replace('Atelier Dupont', 'Atelier Dupont & Fils, Créations'), 'latin1');
    const res = await fetch(base + '/api/v2/xml', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: latin1 });
    expect(res.status).toBe(400);
    const detail = ((await res.json()) as any).error.details[0];
    expect(detail).toMatchObject({ path: 'body', reason: 'encoding', byteOffset: latin1.findIndex((b) => b >= 0x80) });
  });

  it('renders a CII whose invoice number has 100,000 characters with small headers', async () => {
    const xml = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'events', 'v2-render', 'xml-raw.json'), 'utf8')).body as string;
    const long = xml.replace(/(<rsm:ExchangedDocument>\s*<ram:ID>)[^<]*/, `$1${'N°'.repeat(50_000)}`);
    expect(long.length).toBeGreaterThan(xml.length + 90_000);
    const res = await fetch(base + '/api/v2/render', { method: 'POST', headers: { 'Content-Type': 'text/xml', Accept: 'application/pdf' }, body: long });
    expect(res.status).toBe(200);
    let total = 0;
    res.headers.forEach((value, name) => {
      expect(`${name}: ${value}`.length, name).toBeLessThan(1024);
      total += name.length + value.length + 4;
    });
    expect(total).toBeLessThan(2048);
    expect(res.headers.get('x-invoice-number')).toMatch(/^(N%C2%B0)+N?\.\.\.\[truncated\]$/); // cut between characters
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
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
    expect(docs.headers.get('content-security-policy')).toContain("connect-src 'self'");
    const html = await docs.text();
    // The page is Swagger UI over the document, its files served by this server (no CDN): every URL is relative.
    expect(html).toContain('<div id="swagger-ui"></div>');
    expect(html).toMatch(/<script src="docs\/swagger-ui-bundle\.js\?v=[^"]+"><\/script>/);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html.length).toBeLessThan(3000);
    // v1 convert documents its Idempotency-Key header.
    const convert = api.paths['/api/v1/convert'].post;
    expect(convert.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false })]);
    expect(Object.keys(convert.responses['200'].headers)).toEqual(['Idempotent-Replayed']);
    expect(convert.parameters[0].description).toContain('IDEMPOTENCY_KEY_REUSED');
    // The length limits reach the document.
    expect(inv.properties.invoiceNumber.maxLength).toBe(200);
    expect(inv.properties.items.maxItems).toBe(10_000);
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
