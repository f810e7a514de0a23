/**
 * POST /api/v1/convert as a new user tries it, with documents made at test
 * time: a photo (PNG) of an invoice, an xlsx, an xls and a docx each give
 * extracted data, XML in the asked profile (valid against that profile's XSD)
 * and a validation report, and cost one credit each; so does a PDF that
 * carries a UBL invoice (read through the isolation pool, issue 13).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setKeyStore } from '../../functions/_shared/key-store.js';
import { handler } from '../../functions/v1-convert.js';
import { openLocalKeyStore, type LocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { loadXsdValidator } from '../../lib/xml/xsd.js';
import { PDFDocument } from '@cantoo/pdf-lib';
import { readFileSync } from 'node:fs';
import { parseInvoiceInput } from '../../lib/input/schema.js';
import { invoiceFromInput } from '../../lib/input/to-model.js';
import { writeUblForTest } from '../fixtures/ubl/write-ubl.js';
import { loadSample, makeDocx, makeTextPdf, makeXls, makeXlsx, renderPng } from '../fixtures/extract/generate.js';
import { requireShared } from '../shared-path.js';
import { context, loadEvent, relaxReadingBudgets } from './load-event.js';

relaxReadingBudgets();

let store: LocalKeyStore;
let key = '';
const sample = loadSample();

beforeAll(async () => {
  ({ store } = await openLocalKeyStore({ dataDir: mkdtempSync(join(tmpdir(), 'v1-docs-')), createDevelopmentKey: false }));
  key = (await store.createKey('starter')).key;
  setKeyStore(store);
});
afterAll(() => store.close());

async function convert(body: Record<string, unknown>) {
  const event = loadEvent('v1-convert/text-pdf.json');
  event.headers['X-API-Key'] = key;
  event.body = JSON.stringify({ businessProcess: 'B1', ...body });
  const res = await handler(event, context);
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const XSD = { comfort: ['en16931', 'Factur-X_EN16931.xsd'], basic: ['basic', 'Factur-X_BASIC.xsd'], extended: ['extended', 'Factur-X_EXTENDED.xsd'] } as const;

describe('v1 convert with a photo, Excel and Word', () => {
  const cases: Array<{ name: string; make: () => Promise<Record<string, unknown>>; method: string; profile: keyof typeof XSD }> = [
    { name: 'photo (PNG) -> OCR', make: async () => ({ imageBase64: b64(renderPng(await makeTextPdf(sample))), mimeType: 'image/png' }), method: 'ocr', profile: 'comfort' },
    { name: 'xlsx', make: async () => ({ documentBase64: b64(await makeXlsx(sample)), mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', profile: 'basic' }), method: 'spreadsheet', profile: 'basic' },
    { name: 'xls', make: async () => ({ documentBase64: b64(makeXls(sample)), mimeType: 'application/vnd.ms-excel', profile: 'extended' }), method: 'spreadsheet', profile: 'extended' },
    { name: 'docx', make: async () => ({ documentBase64: b64(await makeDocx(sample)), mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }), method: 'word', profile: 'comfort' },
  ];
  let credits = 1000;
  for (const c of cases) {
    it(c.name, async () => {
      const { status, body } = await convert(await c.make());
      expect(status, JSON.stringify(body.error)).toBe(200);
      const d = body.data;
      expect(d.extractedData.method).toBe(c.method);
      expect(d.extractedData.invoiceNumber).toBe(sample.number);
      expect(d.extractedData.invoiceDate).toBe(sample.issueDate.iso);
      expect(d.extractedData.totalTTC).toBe(sample.totals.find((t) => t.field === 'totalTTC')!.value);
      expect(d.factureX.profile).toBe(c.profile);
      const [dir, file] = XSD[c.profile];
      expect(loadXsdValidator(requireShared('schemas', 'facturx-1.09', dir, file)).validate(d.factureX.xml).errors).toEqual([]);
      // The sample is a complete French invoice (with BT-23 sent): valid, nothing missing, so XML and one credit.
      expect(d.validation.errors).toEqual([]);
      expect(d.missing).toEqual([]);
      expect(d.validation.isValid).toBe(d.validation.valid);
      expect(d.validation.score).toBeGreaterThanOrEqual(0);
      credits -= 1;
      expect(body.meta.creditsRemaining).toBe(credits);
    }, 120_000);
  }
});

describe('v1 convert of a PDF carrying a UBL invoice', () => {
  it('reads the UBL exactly (embedded-ubl), writes valid CII and charges one credit', async () => {
    const parsed = parseInvoiceInput(JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'functions', '_shared', 'examples', 'invoice.json'), 'utf8')));
    if (!parsed.ok) throw new Error('example invoice');
    const model = invoiceFromInput(parsed.value);
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    await doc.attach(new TextEncoder().encode(writeUblForTest(model)), 'INV-FA-2026-0042.xml', { mimeType: 'application/xml' });
    const before = await store.remaining({ id: (await store.authenticate({ apiKey: key }))!.id, plan: 'starter' });
    const { status, body } = await convert({ pdfBase64: Buffer.from(await doc.save()).toString('base64') });
    expect(status, JSON.stringify(body.error)).toBe(200);
    expect(body.data.extractedData).toMatchObject({ method: 'embedded-ubl', exact: true, invoiceNumber: 'FA-2026-0042' });
    expect(body.data.validation.errors).toEqual([]);
    expect(loadXsdValidator(requireShared('schemas', 'facturx-1.09', 'en16931', 'Factur-X_EN16931.xsd')).validate(body.data.factureX.xml).errors).toEqual([]);
    expect(body.meta.creditsRemaining).toBe(before - 1);
  }, 60_000);
});
