/**
 * POST /api/v1/convert with `rules: xrechnung` / `rules: peppol`
 * (docs/MARKETS.md): the document read is written with that rule set's
 * specification identifier (BT-24) and defaults, as on /api/v2/xml: an
 * XRechnung in CII at the EN 16931 level (comfort), a Peppol invoice in UBL
 * (the default syntax with peppol), and judged by those rules before it is
 * handed out. Peppol with syntax cii, and XRechnung with a Factur-X profile
 * other than comfort, are 400s.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setKeyStore } from '../../functions/_shared/key-store.js';
import { handler } from '../../functions/v1-convert.js';
import { openLocalKeyStore, type LocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { context, loadEvent } from './load-event.js';

let store: LocalKeyStore;
let key = '';

beforeAll(async () => {
  ({ store } = await openLocalKeyStore({ dataDir: mkdtempSync(join(tmpdir(), 'v1-convert-markets-')), createDevelopmentKey: false, limits: { monthlyQuota: { free: 10 } } }));
  key = (await store.createKey('free', 'convert markets test')).key;
  setKeyStore(store);
});
afterAll(() => store.close());

async function call(name: string) {
  const event = loadEvent(`v1-convert/${name}`);
  event.headers['X-API-Key'] = key;
  const res = await handler(event, context);
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

const ids = (findings: Array<{ rule: string }>) => findings.map((f) => f.rule);

describe('POST /api/v1/convert with the XRechnung and Peppol rule sets', () => {
  it('writes an XRechnung (CII, its BT-24) and reports what the document lacks for it by rule', async () => {
    const { status, body } = await call('facturx-pdf-xrechnung.json');
    expect(status, JSON.stringify(body.error)).toBe(200);
    const v = body.data.validation;
    expect(v.summary).toContain('profile XRECHNUNG');
    expect(v.summary).toContain('XRechnung 3.0.2');
    // The Factur-X PDF read has no buyer reference, seller contact or electronic addresses.
    expect(ids(v.errors)).toEqual(expect.arrayContaining(['BR-DE-15', 'BR-DE-2', 'PEPPOL-EN16931-R010', 'PEPPOL-EN16931-R020']));
    expect(body.data.factureX).toBeNull();
  });

  it('writes Peppol in UBL by default, with BR-FR beside it for a French seller', async () => {
    const { status, body } = await call('facturx-pdf-peppol.json');
    expect(status, JSON.stringify(body.error)).toBe(200);
    const v = body.data.validation;
    expect(v.summary).toContain('profile PEPPOL BIS 3');
    expect(v.summary).toContain('EN 16931 UBL 1.3.16 + BR-FR 1.4.0.02 + Peppol BIS Billing 3.0.21');
    // A French business process (M1) is no Peppol one, and the French notes are several (docs/MARKETS.md).
    expect(ids(v.errors)).toEqual(expect.arrayContaining(['PEPPOL-EN16931-R007', 'PEPPOL-EN16931-R002']));
  });

  it('answers 400 for Peppol in CII and for XRechnung in a Factur-X profile other than comfort', async () => {
    const peppol = await call('peppol-cii.json');
    expect(peppol.status).toBe(400);
    expect(peppol.body.error.details.map((d: { path: string }) => d.path)).toEqual(['syntax']);
    const xr = await call('xrechnung-basic.json');
    expect(xr.status).toBe(400);
    expect(xr.body.error.details.map((d: { path: string }) => d.path)).toEqual(['profile']);
  });
});
