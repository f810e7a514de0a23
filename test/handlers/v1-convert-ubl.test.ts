/**
 * POST /api/v1/convert with `syntax: "ubl"` (issue 23, point 3): the document
 * is read as for CII, and the XML handed out is a UBL 2.1 Invoice or
 * CreditNote in EN 16931 (the comfort profile), validated before it is handed
 * out; `factureX.syntax` says which. A Factur-X profile (basic, extended) with
 * UBL is a 400 at `profile`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setKeyStore } from '../../functions/_shared/key-store.js';
import { handler } from '../../functions/v1-convert.js';
import { openLocalKeyStore, type LocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { readUblXml } from '../../lib/ubl/read.js';
import { context, loadEvent } from './load-event.js';

let store: LocalKeyStore;
let key = '';

beforeAll(async () => {
  ({ store } = await openLocalKeyStore({ dataDir: mkdtempSync(join(tmpdir(), 'v1-convert-ubl-')), createDevelopmentKey: false, limits: { monthlyQuota: { free: 5 } } }));
  key = (await store.createKey('free', 'convert ubl test')).key;
  setKeyStore(store);
});
afterAll(() => store.close());

async function call(name: string) {
  const event = loadEvent(`v1-convert/${name}`);
  event.headers['X-API-Key'] = key;
  const res = await handler(event, context);
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('POST /api/v1/convert with syntax ubl', () => {
  it('reads a Factur-X PDF exactly and hands out the invoice as UBL 2.1, validated (a credit spent)', async () => {
    const { status, body } = await call('facturx-pdf-ubl.json');
    expect(status, JSON.stringify(body.error)).toBe(200);
    const d = body.data;
    expect(d.extractedData).toMatchObject({ method: 'embedded-xml', exact: true, invoiceNumber: 'FA-2026-0042' });
    expect(d.factureX).toMatchObject({ syntax: 'ubl', profile: 'comfort', fileName: 'FA-2026-0042-ubl.xml' });
    expect(d.factureX.xml).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(readUblXml(d.factureX.xml).number).toBe('FA-2026-0042');
    expect(d.validation).toMatchObject({ valid: true, isValid: true });
    expect(body.meta.creditsRemaining).toBe(4);
  });

  it('answers 400 at profile for a Factur-X profile with UBL', async () => {
    const { status, body } = await call('ubl-basic-profile.json');
    expect(status).toBe(400);
    expect(body.error.details.map((d: { path: string }) => d.path)).toEqual(['profile']);
  });
});
