import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setKeyStore } from '../../functions/_shared/key-store.js';
import { handler } from '../../functions/v1-validate.js';
import { openLocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { context, loadEvent } from './load-event.js';

let key = '';
let close: () => Promise<void>;

beforeAll(async () => {
  const { store } = await openLocalKeyStore({ dataDir: mkdtempSync(join(tmpdir(), 'v1-validate-')), createDevelopmentKey: false });
  key = (await store.createKey('starter', 'test')).key;
  setKeyStore(store);
  close = () => store.close();
});
afterAll(() => close());

async function call(name: string, withKey = true) {
  const event = loadEvent(`v1-validate/${name}`);
  for (const [h, v] of Object.entries(event.headers)) {
    if (withKey && v?.includes('REPLACED-BY-TEST')) event.headers[h] = v.replace('REPLACED-BY-TEST', key);
  }
  const res = await handler(event, context);
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('POST /api/v1/validate', () => {
  it('validates the v2 shape; answers the union of the v1 shapes with meta.creditsRemaining', async () => {
    const { status, body } = await call('v2-shape.json');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.validation).toMatchObject({ valid: true, isValid: true, errors: [] });
    expect(body.validation.score).toBe(100);
    expect(typeof body.validation.summary).toBe('string');
    expect(body.meta).toMatchObject({ apiVersion: '1.0', creditsRemaining: 1000 });
    expect(Number.isInteger(body.meta.processingTimeMs)).toBe(true);
  });

  it('maps the flat v1 names (supplierName, supplierVAT, ...) onto the same rules', async () => {
    const ok = await call('flat-v1.json');
    expect(ok.status).toBe(200);
    expect(ok.body.validation.valid).toBe(true);
    const bad = await call('flat-v1-invalid.json');
    expect(bad.status).toBe(200);
    expect(bad.body.validation.isValid).toBe(false);
    expect(bad.body.validation.errors.map((e: { rule: string }) => e.rule)).toEqual(expect.arrayContaining(['BR-E-10', 'BR-CO-26']));
    expect(bad.body.validation.score).toBeLessThan(50);
  });

  it('answers an invoice without its buyer with 200, valid false, BR-07/BR-10/BR-11 and a score for partial data (issue 12)', async () => {
    const { status, body } = await call('flat-v1-missing-terms.json');
    expect(status).toBe(200);
    expect(body.validation).toMatchObject({ valid: false, isValid: false });
    expect(body.validation.errors.map((e: { rule: string }) => e.rule)).toEqual(expect.arrayContaining(['BR-07', 'BR-10', 'BR-11']));
    // 3 of the 22 mandatory-term rules fail: the score is below 50 and above that of a body with nothing but a number.
    expect(body.validation.score).toBeLessThan(50);
    expect(body.validation.score).toBeGreaterThan(10);
  });

  it('validates a raw XML body', async () => {
    const { status, body } = await call('xml-raw.json');
    expect(status).toBe(200);
    expect(body.validation.valid).toBe(true);
  });

  it('validates a raw UBL Invoice body by the UBL rules (issue 23)', async () => {
    const { status, body } = await call('xml-ubl.json');
    expect(status).toBe(200);
    expect(body.validation).toMatchObject({ valid: true, isValid: true, errors: [] });
    expect(body.validation.summary).toMatch(/^Valid EN 16931 UBL Invoice invoice.*UBL 2\.1 Invoice XSD ok; rules EN 16931 UBL 1\.3\.16/);
  });

  it('accepts Authorization: Bearer', async () => {
    expect((await call('bearer.json')).status).toBe(200);
  });

  it('answers 401 UNAUTHORIZED without a key or with an unknown one', async () => {
    const missing = await call('no-key.json');
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('UNAUTHORIZED');
    const unknown = await call('v2-shape.json', false);
    expect(unknown.status).toBe(401);
  });
});
