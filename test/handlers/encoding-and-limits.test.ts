/**
 * Issue 15 at the handlers, over API Gateway events: bodies that are not
 * UTF-8 are refused (400, reason "encoding"), never read with replacement
 * characters; over-long text is a 400 naming the field; headers filled from
 * client data stay small whatever the input.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setKeyStore } from '../../functions/_shared/key-store.js';
import { handler as v1Validate } from '../../functions/v1-validate.js';
import { handler as v2Pdf } from '../../functions/v2-pdf.js';
import { handler as v2Render } from '../../functions/v2-render.js';
import { handler as v2Validate } from '../../functions/v2-validate.js';
import { handler as v2Xml } from '../../functions/v2-xml.js';
import { MAX_INVOICE_NUMBER_LENGTH, MAX_SHORT_TEXT_LENGTH } from '../../lib/input/limits.js';
import { openLocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { context, loadEvent, relaxReadingBudgets } from './load-event.js';

// What the conversions answer is tested here, not their time limits (./load-event.ts).
relaxReadingBudgets();

let key = '';
let close: () => Promise<void>;

beforeAll(async () => {
  const { store } = await openLocalKeyStore({ dataDir: mkdtempSync(join(tmpdir(), 'encoding-and-limits-')), createDevelopmentKey: false });
  key = (await store.createKey('starter', 'test')).key;
  setKeyStore(store);
  close = () => store.close();
});
afterAll(() => close());

/** A v1 event with the test's API key. */
function withKey(event: APIGatewayProxyEvent): APIGatewayProxyEvent {
  return { ...event, headers: { ...event.headers, 'X-API-Key': key } };
}

type Handler = (event: APIGatewayProxyEvent, ctx: typeof context) => Promise<APIGatewayProxyResult>;

async function call(handler: Handler, event: APIGatewayProxyEvent): Promise<{ status: number; body: any; res: APIGatewayProxyResult }> {
  const res = await handler(event, context);
  const json = res.headers?.['Content-Type'] === 'application/pdf' ? undefined : JSON.parse(res.body);
  return { status: res.statusCode, body: json, res };
}

/** The bytes a base64 event carries. */
function bytesOf(event: APIGatewayProxyEvent): Buffer {
  expect(event.isBase64Encoded).toBe(true);
  return Buffer.from(event.body!, 'base64');
}

/** Where the first non-ASCII byte of a Latin-1 text is: there a strict UTF-8 decoder must stop. */
function firstNonAscii(bytes: Buffer): number {
  return bytes.findIndex((b) => b >= 0x80);
}

function expectEncodingError(body: any, path: string, byteOffset?: number): void {
  expect(body.success).toBe(false);
  expect(body.error.code).toBe('BAD_REQUEST');
  expect(body.error.details).toHaveLength(1);
  expect(body.error.details[0]).toMatchObject({ path, reason: 'encoding', message: expect.any(String) });
  if (byteOffset !== undefined) {
    expect(body.error.details[0].byteOffset).toBe(byteOffset);
    expect(body.error.details[0].message).toContain(`byte offset ${byteOffset}`);
  }
}

describe('bodies that are not UTF-8 are refused, never read with U+FFFD', () => {
  it('Latin-1 XML sent raw to /api/v2/validate: 400 encoding at the first Latin-1 byte', async () => {
    const event = loadEvent('v2-validate/xml-latin1.json');
    const offset = firstNonAscii(bytesOf(event));
    expect(offset).toBeGreaterThan(0);
    const { status, body } = await call(v2Validate, event);
    expect(status).toBe(400);
    expectEncodingError(body, 'body', offset);
  });

  it('the same document in UTF-8 is valid (the event differs only by its encoding)', async () => {
    const event = loadEvent('v2-validate/xml-raw.json');
    const latin1 = bytesOf(loadEvent('v2-validate/xml-latin1.json'));
    expect(latin1.toString('latin1')).toBe(event.body);
    const { status, body } = await call(v2Validate, { ...event, body: Buffer.from(event.body!, 'utf8').toString('base64'), isBase64Encoded: true });
    expect(status).toBe(200);
    expect(body.data.valid).toBe(true);
  });

  it('Latin-1 XML sent to /api/v2/render: 400, no PDF printed with replacement characters', async () => {
    const event = loadEvent('v2-render/xml-latin1.json');
    const { status, body, res } = await call(v2Render, event);
    expect(status).toBe(400);
    expect(res.headers?.['Content-Type']).toMatch(/^application\/json/);
    expectEncodingError(body, 'body', firstNonAscii(bytesOf(event)));
  });

  it('an XML declaring ISO-8859-1 is still refused, and the message says why', async () => {
    const event = loadEvent('v2-validate/xml-latin1.json');
    const declared = Buffer.from(bytesOf(event).toString('latin1').replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1');
    const { status, body } = await call(v2Validate, { ...event, body: declared.toString('base64') });
    expect(status).toBe(400);
    expectEncodingError(body, 'body', firstNonAscii(declared));
    expect(body.error.details[0].message).toContain('"ISO-8859-1"');
  });

  it('Latin-1 XML to /api/v1/validate: 400 encoding too', async () => {
    const event = loadEvent('v1-validate/xml-raw.json');
    const latin1 = Buffer.from(event.body!, 'latin1');
    expect(latin1.some((b) => b >= 0x80)).toBe(true);
    const { status, body } = await call(v1Validate, withKey({ ...event, body: latin1.toString('base64'), isBase64Encoded: true }));
    expect(status).toBe(400);
    expectEncodingError(body, 'body', firstNonAscii(latin1));
  });

  it('a JSON invoice in Latin-1, base64-encoded: 400 encoding before any JSON parsing', async () => {
    const event = loadEvent('v2-xml/invalid-utf8-base64.json');
    const { status, body } = await call(v2Xml, event);
    expect(status).toBe(400);
    expectEncodingError(body, 'body', firstNonAscii(bytesOf(event)));
  });

  it('a JSON invoice with surrogates encoded in UTF-8 (CESU-8): 400 at the first ED byte', async () => {
    const event = loadEvent('v2-xml/cesu8-surrogates-base64.json');
    const bytes = bytesOf(event);
    const { status, body } = await call(v2Xml, event);
    expect(status).toBe(400);
    expectEncodingError(body, 'body', bytes.indexOf(Buffer.from([0xed, 0xa0])));
  });

  it('a text body holding an unpaired surrogate: 400 encoding at its byte offset', async () => {
    const event = loadEvent('v2-xml/lone-surrogate-text.json');
    const index = event.body!.indexOf('\ud800');
    expect(index).toBeGreaterThan(0);
    const { status, body } = await call(v2Xml, event);
    expect(status).toBe(400);
    expectEncodingError(body, 'body', Buffer.byteLength(event.body!.slice(0, index)));
  });

  it('{"xml": "..."} with a \\ud800 escape: 400 encoding at path xml, for validate and render', async () => {
    const event = loadEvent('v2-validate/xml-in-json-lone-surrogate.json');
    expect(event.body).toContain('\\ud800');
    for (const handler of [v2Validate, v2Render, v1Validate]) {
      const { status, body } = await call(handler, withKey(event));
      expect(status).toBe(400);
      expectEncodingError(body, 'xml');
      expect(body.error.details[0].message).toContain('U+D800');
    }
  });

  it('an invoice field with a \\ud800 escape: 400 naming the field', async () => {
    const { status, body } = await call(v2Xml, loadEvent('v2-xml/lone-surrogate-escape.json'));
    expect(status).toBe(400);
    expect(body.error.details).toEqual([{ path: 'seller.name', message: expect.stringContaining('U+D800') }]);
  });
});

describe('over-long text is a 400 naming the field', () => {
  const longNumber = 'A'.repeat(100_000);

  it('a 100,000-character invoice number to /api/v2/xml and /api/v2/validate', async () => {
    for (const handler of [v2Xml, v2Validate]) {
      const event = loadEvent('v2-xml/valid.json');
      event.body = JSON.stringify({ ...JSON.parse(event.body!), invoiceNumber: longNumber });
      const { status, body } = await call(handler, event);
      expect(status).toBe(400);
      expect(body.error.details).toEqual([{ path: 'invoiceNumber', message: `must be at most ${MAX_INVOICE_NUMBER_LENGTH} characters long (it has 100000)` }]);
    }
  });

  it('the limit itself is accepted', async () => {
    const event = loadEvent('v2-xml/valid.json');
    event.body = JSON.stringify({ ...JSON.parse(event.body!), invoiceNumber: 'A'.repeat(MAX_INVOICE_NUMBER_LENGTH), rules: 'en16931' });
    const { status, res } = await call(v2Xml, event);
    expect(status, res.body).toBe(200);
  });

  it('a 100,000-character invoice number to /api/v2/pdf: 400 under invoiceData', async () => {
    const event = loadEvent('v2-pdf/valid.json');
    const parsed = JSON.parse(event.body!);
    parsed.invoiceData.invoiceNumber = longNumber;
    event.body = JSON.stringify(parsed);
    const { status, body } = await call(v2Pdf, event);
    expect(status).toBe(400);
    expect(body.error.details.map((d: { path: string }) => d.path)).toEqual(['invoiceData.invoiceNumber']);
  });

  it('/api/v1/validate with the flat v1 names: the problem is named as the client wrote it', async () => {
    const event = loadEvent('v1-validate/flat-v1.json');
    const parsed = JSON.parse(event.body!);
    expect(parsed.invoiceData.supplierName).toEqual(expect.any(String));
    parsed.invoiceData.supplierName = 'S'.repeat(MAX_SHORT_TEXT_LENGTH + 1);
    parsed.invoiceData.invoiceNumber = longNumber;
    event.body = JSON.stringify(parsed);
    const { status, body } = await call(v1Validate, withKey(event));
    expect(status).toBe(400);
    expect(body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['invoiceData.invoiceNumber', 'invoiceData.supplierName']);
  });
});

describe('headers filled from client data stay small', () => {
  /** The CII of the render event with BT-1 replaced. */
  function renderEventWithNumber(number: string): APIGatewayProxyEvent {
    const event = loadEvent('v2-render/xml-raw.json');
    const body = event.body!.replace(/(<rsm:ExchangedDocument>\s*<ram:ID>)[^<]*/, `$1${number}`);
    expect(body).toContain(number);
    return { ...event, body };
  }

  function expectSmallHeaders(res: APIGatewayProxyResult): void {
    for (const [name, value] of Object.entries(res.headers ?? {})) {
      expect(`${name}: ${String(value)}`.length, name).toBeLessThan(1024);
    }
  }

  it('a CII with a 100,000-character BT-1 renders with every header under 1 KB', async () => {
    for (const number of ['7'.repeat(100_000), 'Facture n° '.repeat(10_000)]) {
      const { status, res } = await call(v2Render, renderEventWithNumber(number));
      expect(status).toBe(200);
      expectSmallHeaders(res);
      const sent = String(res.headers!['X-Invoice-Number']);
      expect(sent.endsWith('...[truncated]')).toBe(true);
      const kept = sent.slice(0, -'...[truncated]'.length);
      expect(number.startsWith(/^[\x20-\x7E]*$/.test(number) ? kept : decodeURIComponent(kept))).toBe(true);
      expect(String(res.headers!['Content-Disposition'])).toMatch(/-truncated\.pdf$/);
    }
  });

  it('an ordinary invoice number goes out whole', async () => {
    const { status, res } = await call(v2Render, renderEventWithNumber('FA-2026-0042'));
    expect(status).toBe(200);
    expect(res.headers!['X-Invoice-Number']).toBe('FA-2026-0042');
  });
});
