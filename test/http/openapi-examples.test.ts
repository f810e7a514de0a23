/**
 * The OpenAPI document against the running server (createApp, the same handlers `npm start` serves): every example
 * request the document prefills on /api/docs gets a documented success answer, and every answer (success or error)
 * matches the schema and the headers documented for its status. A field, header or status a handler adds without
 * the document saying so fails here.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJobRuntime } from '../../functions/_shared/jobs.js';
import { setKeyStore } from '../../functions/_shared/key-store.js';
import { buildOpenApi } from '../../functions/_shared/openapi.js';
import { ROUTES } from '../../functions/routes.js';
import { RULES_MESSAGE } from '../../lib/rules/rule-sets.js';
import { openLocalKeyStore, type LocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { createApp } from '../../server/app.js';

type Json = Record<string, any>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const doc = buildOpenApi() as Json;
const ajv = addFormats(new Ajv2020({ strict: false, validateSchema: false, allErrors: true }));
ajv.addSchema(doc, 'openapi.json');

/** The headers of ours an answer may carry; each one sent must be documented for its status. */
const OUR_HEADERS = ['x-processing-time-ms', 'x-invoice-number', 'x-conversion-method', 'x-facturx', 'x-conversion-unmapped', 'x-validation', 'content-disposition', 'retry-after', 'location', 'x-job-status', 'idempotent-replayed', 'etag'];

const validators = new Map<string, ValidateFunction>();
/** The validator of the JSON schema at `pointer` (segments of a JSON pointer into the document). */
function schemaAt(...segments: string[]): ValidateFunction {
  const pointer = segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
  let v = validators.get(pointer);
  if (!v) validators.set(pointer, (v = ajv.compile({ $ref: `openapi.json#/${pointer}` })));
  return v;
}

function deref(node: Json): Json {
  if (typeof node?.$ref !== 'string') return node;
  return node.$ref.slice(2).split('/').reduce((at: Json, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

let store: LocalKeyStore;
let base = '';
let apiKey = '';
let close: () => Promise<void>;

beforeAll(async () => {
  ({ store } = await openLocalKeyStore({ dataDir: process.env.DATA_DIR!, createDevelopmentKey: false, limits: { monthlyQuota: { starter: 1000 } } }));
  apiKey = (await store.createKey('starter', 'openapi examples')).key;
  setKeyStore(store);
  const server = createApp({ v2RateLimitPerMinute: 0 });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((r) => server.close(() => r()));
});

afterAll(async () => {
  await close?.();
  await store?.close();
});

/** Checks an answer against the document: a documented status, its media type, its JSON schema, its headers. */
async function expectDocumented(method: string, path: string, res: Response, where: string): Promise<{ status: number; json?: Json }> {
  const op = doc.paths[path][method.toLowerCase()];
  const text = await res.text();
  const documented = op.responses[String(res.status)];
  expect(documented, `${where}: status ${res.status} is not documented (${text.slice(0, 300)})`).toBeDefined();
  for (const name of OUR_HEADERS) {
    if (res.headers.get(name) !== null) expect(Object.keys(documented.headers ?? {}).map((h) => h.toLowerCase()), `${where}: header ${name}`).toContain(name);
  }
  if (!documented.content) return { status: res.status };
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  expect(Object.keys(documented.content), `${where}: media type`).toContain(type);
  if (type !== 'application/json') return { status: res.status };
  const json = JSON.parse(text) as Json;
  const validate = schemaAt('paths', path, method.toLowerCase(), 'responses', String(res.status), 'content', 'application/json', 'schema');
  expect(validate(json), `${where}: ${JSON.stringify(validate.errors?.slice(0, 5))} in ${text.slice(0, 300)}`).toBe(true);
  return { status: res.status, json };
}

function send(method: string, path: string, init: { type?: string; body?: string; key?: boolean; headers?: Record<string, string> } = {}): Promise<Response> {
  return fetch(base + path, {
    method,
    headers: { ...(init.type ? { 'Content-Type': init.type } : {}), ...(init.key ? { 'X-API-Key': apiKey } : {}), ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
}

const needsKey = (op: Json) => (op.security as unknown[]).length > 0;

describe('the schema check', () => {
  it('can fail: an answer without its documented fields, or an error code of another status, is refused', () => {
    const ok = schemaAt('paths', '/api/v2/xml', 'post', 'responses', '200', 'content', 'application/json', 'schema');
    expect(ok({ success: true, data: { profile: 'x', validation: { valid: true } } })).toBe(false);
    const error422 = schemaAt('paths', '/api/v2/xml', 'post', 'responses', '422', 'content', 'application/json', 'schema');
    expect(error422({ success: false, error: { code: 'VALIDATION_FAILED', message: 'x' } })).toBe(true);
    expect(error422({ success: false, error: { code: 'BAD_REQUEST', message: 'x' } })).toBe(false);
    expect(error422({ success: false, error: { code: 'VALIDATION_FAILED' } })).toBe(false);
  });
});

describe('every example request of the OpenAPI document, sent to the server', () => {
  const posts = ROUTES.filter((r) => r.method === 'POST');
  const cases = posts.flatMap((route) => {
    const op = doc.paths[route.path].post;
    return Object.entries(op.requestBody.content as Record<string, Json>).flatMap(([type, media]) =>
      Object.entries(media.examples as Record<string, Json>).map(([name, ex]) => ({ route, type, name, value: deref(ex).value })),
    );
  });

  it('covers every POST route and media type', () => {
    expect(new Set(cases.map((c) => c.route.path))).toEqual(new Set(posts.map((r) => r.path)));
  });

  it.each(cases.map((c) => [`${c.route.path} ${c.type} ${c.name}`, c] as const))('%s gets a documented success answer', async (where, c) => {
    const op = doc.paths[c.route.path].post;
    const body = typeof c.value === 'string' ? c.value : JSON.stringify(c.value);
    const res = await send('POST', c.route.path, { type: c.type, body, key: needsKey(op) });
    const { status, json } = await expectDocumented('POST', c.route.path, res, where);
    expect(status, where).toBeGreaterThanOrEqual(200);
    expect(status, where).toBeLessThan(300);
    // A prefilled example shows the service at work: a valid invoice, Factur-X XML where it makes some.
    if (json?.data?.valid !== undefined) expect(json.data.valid, where).toBe(true);
    if (json?.validation?.valid !== undefined) expect(json.validation.valid, where).toBe(true);
    if (json?.data?.factureX !== undefined) expect(json.data.factureX?.xml, where).toContain('CrossIndustryInvoice');
    if (status === 202) {
      // The job the asynchronous example made: poll it as documented until it has its answer.
      const location = res.headers.get('location')!;
      await (await getJobRuntime()).idle?.();
      let state = '';
      for (let i = 0; i < 100 && state !== 'succeeded' && state !== 'failed'; i++) {
        const poll = await send('GET', location, { key: true });
        state = poll.headers.get('x-job-status') ?? '';
        const polled = await expectDocumented('GET', '/api/v1/jobs/{jobId}', poll, `GET ${location}`);
        if (state === 'succeeded') expect(polled.json?.data.factureX.xml).toContain('CrossIndustryInvoice');
        else if (state !== 'failed') await new Promise((r) => setTimeout(r, 100));
      }
      expect(state).toBe('succeeded');
    }
  });
});

describe('the GET operations, as documented', () => {
  it('health, the document itself and the page', async () => {
    for (const path of ['/api/health', '/api/openapi.json', '/api/docs']) {
      const res = await send('GET', path);
      expect((await expectDocumented('GET', path, res, path)).status).toBe(200);
    }
    const served = (await (await send('GET', '/api/openapi.json')).json()) as Json;
    expect(served).toEqual(JSON.parse(JSON.stringify(doc)));
    // /api/docs/ would break the page's relative URLs: it is sent to /api/docs.
    const slash = await fetch(`${base}/api/docs/`, { redirect: 'manual' });
    expect((await expectDocumented('GET', '/api/docs', slash, '/api/docs/')).status).toBe(301);
    expect(new URL(slash.headers.get('location')!, `${base}/api/docs/`).href).toBe(`${base}/api/docs`);
  });

  it('every file of the page, then 304 with its ETag, and 404 for another name', async () => {
    const op = doc.paths['/api/docs/{asset}'].get;
    for (const name of op.parameters[0].schema.enum as string[]) {
      const res = await send('GET', `/api/docs/${name}`);
      const etag = res.headers.get('etag');
      expect((await expectDocumented('GET', '/api/docs/{asset}', res, name)).status, name).toBe(200);
      const again = await send('GET', `/api/docs/${name}`, { headers: { 'If-None-Match': etag! } });
      expect((await expectDocumented('GET', '/api/docs/{asset}', again, `${name} again`)).status, name).toBe(304);
    }
    const missing = await send('GET', '/api/docs/index.html');
    expect((await expectDocumented('GET', '/api/docs/{asset}', missing, 'unknown asset')).status).toBe(404);
  });

  it('a job of another key or none is 404 in the envelope', async () => {
    const res = await send('GET', '/api/v1/jobs/job_abcdefghijklmnopqrstuvwxyz', { key: true });
    expect((await expectDocumented('GET', '/api/v1/jobs/{jobId}', res, 'unknown job')).status).toBe(404);
  });
});

describe('error answers, as documented for their status', () => {
  const posts = ROUTES.filter((r) => r.method === 'POST');

  it.each(posts.map((r) => [r.path] as const))('%s: malformed JSON is 400, text/plain 415', async (path) => {
    const op = doc.paths[path].post;
    const bad = await send('POST', path, { type: 'application/json', body: '{"a":', key: needsKey(op) });
    expect((await expectDocumented('POST', path, bad, `${path} malformed`)).status).toBe(400);
    const plain = await send('POST', path, { type: 'text/plain', body: 'hello', key: needsKey(op) });
    expect((await expectDocumented('POST', path, plain, `${path} text/plain`)).status).toBe(415);
  });

  it.each(ROUTES.filter((r) => r.path.startsWith('/api/v1/')).map((r) => [r.method, r.path] as const))('%s %s: no key is 401', async (method, path) => {
    const res = await send(method, path.replace('{jobId}', 'job_abcdefghijklmnopqrstuvwxyz'), method === 'POST' ? { type: 'application/json', body: '{}' } : {});
    expect((await expectDocumented(method, path, res, `${path} without key`)).status).toBe(401);
  });

  it('an invalid invoice is 422 VALIDATION_FAILED with official rule ids on /api/v2/xml and /api/v2/pdf', async () => {
    const invoice = { ...(deref(doc.paths['/api/v2/xml'].post.requestBody.content['application/json'].examples.invoice).value as Json), totals: { totalHT: 1 } };
    const xml = await send('POST', '/api/v2/xml', { type: 'application/json', body: JSON.stringify(invoice) });
    const answered = await expectDocumented('POST', '/api/v2/xml', xml, 'invalid invoice');
    expect(answered.status).toBe(422);
    expect(answered.json!.error.details.map((d: Json) => d.rule)).toContain('BR-CO-13');
    const pdfExample = deref(doc.paths['/api/v2/pdf'].post.requestBody.content['application/json'].examples.pdf).value as Json;
    const pdf = await send('POST', '/api/v2/pdf', { type: 'application/json', body: JSON.stringify({ ...pdfExample, invoiceData: invoice }) });
    expect((await expectDocumented('POST', '/api/v2/pdf', pdf, 'invalid invoice pdf')).status).toBe(422);
  });

  it('a bad ?rules= is 400 at query.rules', async () => {
    const res = await send('POST', '/api/v2/validate?rules=french', { type: 'application/xml', body: deref(doc.components.examples.ciiXml).value });
    const answered = await expectDocumented('POST', '/api/v2/validate', res, 'bad rules');
    expect(answered.status).toBe(400);
    expect(answered.json!.error.details).toEqual([{ path: 'query.rules', message: `${RULES_MESSAGE}; got "french"` }]);
  });
});
