/**
 * POST /api/v1/convert with an Idempotency-Key header, over API Gateway
 * events (events/v1-convert/facturx-pdf-idempotent.json), on a local store.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setKeyStore } from '../../functions/_shared/key-store.js';
import { buildOpenApi } from '../../functions/_shared/openapi.js';
import { parseIdempotencyKey } from '../../lib/keys/idempotency.js';
import { handler } from '../../functions/v1-convert.js';
import { openLocalKeyStore, type LocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import type { KeyRecord } from '../../lib/keys/store.js';
import { context, loadEvent, relaxReadingBudgets } from './load-event.js';

relaxReadingBudgets();

let store: LocalKeyStore;
let key = '';
let record: KeyRecord;

beforeAll(async () => {
  ({ store } = await openLocalKeyStore({ dataDir: mkdtempSync(join(tmpdir(), 'v1-idem-')), createDevelopmentKey: false, limits: { monthlyQuota: { free: 10 } } }));
  ({ key, record } = await store.createKey('free', 'idempotency test'));
  setKeyStore(store);
});
afterAll(() => store.close());

/** The idempotent event with our API key, and the given Idempotency-Key (null: none). */
function event(idempotencyKey: string | null, edit: (body: Record<string, unknown>) => void = () => undefined): APIGatewayProxyEvent {
  const e = loadEvent('v1-convert/facturx-pdf-idempotent.json');
  e.headers['X-API-Key'] = key;
  delete e.headers['Idempotency-Key'];
  if (idempotencyKey !== null) e.headers['Idempotency-Key'] = idempotencyKey;
  const body = JSON.parse(e.body!) as Record<string, unknown>;
  edit(body);
  e.body = JSON.stringify(body);
  return e;
}

async function call(e: APIGatewayProxyEvent) {
  const res = await handler(e, context);
  return { status: res.statusCode, headers: res.headers ?? {}, raw: res.body, body: JSON.parse(res.body) };
}

const used = async () => (await store.listKeys()).find((k) => k.id === record.id)!.used;

describe('POST /api/v1/convert with Idempotency-Key', () => {
  it('the fixture carries the header', () => {
    expect(loadEvent('v1-convert/facturx-pdf-idempotent.json').headers['Idempotency-Key']).toMatch(/^[\x21-\x7e]{1,255}$/);
  });

  it('replays the first answer byte for byte with Idempotent-Replayed: true, without a second credit', async () => {
    const before = await used();
    const first = await call(event('replay-1'));
    expect(first.status, JSON.stringify(first.body.error)).toBe(200);
    expect(first.headers).not.toHaveProperty('Idempotent-Replayed');
    expect(first.body.data.factureX.profile).toBe('extended');
    expect(await used()).toBe(before + 1);

    const again = await call(event('replay-1'));
    expect(again.status).toBe(200);
    expect(again.headers['Idempotent-Replayed']).toBe('true');
    expect(again.headers['Content-Type']).toMatch(/^application\/json/);
    expect(again.raw).toBe(first.raw);
    expect(await used()).toBe(before + 1);

    // The same body serialized with another key order is the same request.
    const reordered = loadEvent('v1-convert/facturx-pdf-idempotent.json');
    reordered.headers['X-API-Key'] = key;
    reordered.headers['Idempotency-Key'] = 'replay-1';
    const parsed = JSON.parse(reordered.body!) as Record<string, unknown>;
    reordered.body = JSON.stringify(Object.fromEntries(Object.entries(parsed).reverse()), null, 2);
    const third = await call(reordered);
    expect(third.headers['Idempotent-Replayed']).toBe('true');
    expect(third.raw).toBe(first.raw);
    expect(await used()).toBe(before + 1);
  });

  it('without the header, every request converts and is charged', async () => {
    const before = await used();
    const a = await call(event(null));
    const b = await call(event(null));
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.headers).not.toHaveProperty('Idempotent-Replayed');
    expect(await used()).toBe(before + 2);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
    expect((await call(event('reuse-1'))).status).toBe(200);
    const before = await used();
    const other = await call(event('reuse-1', (b) => (b.profile = 'basic')));
    expect(other.status).toBe(422);
    expect(other.body.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', details: [{ path: 'headers.Idempotency-Key' }] });
    expect(await used()).toBe(before);
  });

  it('converts and charges once for concurrent identical requests; the others are replays or 409 IDEMPOTENCY_IN_PROGRESS with Retry-After', async () => {
    const before = await used();
    const results = await Promise.all(Array.from({ length: 4 }, () => call(event('burst-1'))));
    const converted = results.filter((r) => r.status === 200 && r.headers['Idempotent-Replayed'] === undefined);
    expect(converted).toHaveLength(1);
    for (const r of results) {
      if (r.status === 200) expect(r.raw).toBe(converted[0]!.raw);
      else {
        expect(r.status).toBe(409);
        expect(r.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
        expect(r.headers['Retry-After']).toBe('2');
      }
    }
    expect(await used()).toBe(before + 1);
  });

  it('stores no failure: a 422 extraction failure is answered again by converting again, and charges nothing', async () => {
    const failing = (b: Record<string, unknown>) => {
      delete b.pdfBase64;
      b.imageBase64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';
      b.mimeType = 'image/png';
    };
    const before = await used();
    const first = await call(event('fails-1', failing));
    expect(first.status).toBe(422);
    const second = await call(event('fails-1', failing));
    expect(second.status).toBe(422);
    expect(second.headers).not.toHaveProperty('Idempotent-Replayed');
    expect(await used()).toBe(before);
    // The key is still free: a good request with it converts.
    expect((await call(event('fails-1'))).headers).not.toHaveProperty('Idempotent-Replayed');
  });

  it.each([
    ['empty', ''],
    ['with a space', 'order 42'],
    ['non-ASCII', 'commande-n°42'],
    ['256 characters long', 'k'.repeat(256)],
  ])('answers 400 BAD_REQUEST at headers.Idempotency-Key for a key %s, charging nothing', async (_what, value) => {
    const before = await used();
    const res = await call(event(value));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_REQUEST');
    expect(res.body.error.details).toEqual([{ path: 'headers.Idempotency-Key', message: expect.any(String) }]);
    expect(await used()).toBe(before);
  });

  it('authenticates before anything else: a replay needs a valid key (401 otherwise)', async () => {
    expect((await call(event('auth-1'))).status).toBe(200);
    const e = event('auth-1');
    delete e.headers['X-API-Key'];
    const res = await call(e);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('OpenAPI of the Idempotency-Key header', () => {
  it('documents the header with a pattern that agrees with the parser, the replay header, and the 409 and 422 answers', () => {
    const convert = (buildOpenApi().paths as Record<string, any>)['/api/v1/convert'].post;
    const [param] = convert.parameters;
    expect(param).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 } });
    const pattern = new RegExp(param.schema.pattern);
    for (const value of ['order-42', '"quoted"', 'k'.repeat(255), 'a b', 'n°1', 'tab\tbed', '~!']) {
      const documented = pattern.test(value) && value.length <= param.schema.maxLength;
      const parsed = (() => {
        try {
          return parseIdempotencyKey({ 'Idempotency-Key': value }) === value;
        } catch {
          return false;
        }
      })();
      expect(documented, value).toBe(parsed);
    }
    expect(convert.responses['200'].headers['Idempotent-Replayed']).toBeDefined();
    expect(convert.responses['409'].description).toContain('IDEMPOTENCY_IN_PROGRESS');
    expect(convert.responses['422'].description).toContain('IDEMPOTENCY_KEY_REUSED');
  });
});
