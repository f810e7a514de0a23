import { describe, expect, it } from 'vitest';
import { handler as xmlHandler } from '../../functions/v2-xml.js';
import { handler as validateHandler } from '../../functions/v2-validate.js';
import { context, loadEvent } from './load-event.js';

type Envelope = { success: boolean; data?: any; meta?: any; error?: { code: string; message: string; details?: any[] } };

async function call(h: typeof xmlHandler, event: string | ReturnType<typeof loadEvent>) {
  const ev = typeof event === 'string' ? loadEvent(event) : event;
  const res = await h(ev, context);
  return { status: res.statusCode, headers: res.headers ?? {}, body: JSON.parse(res.body) as Envelope };
}

describe('POST /api/v2/xml handler', () => {
  it('answers 200 with XML, profile, validation and meta for a valid invoice', async () => {
    const { status, body, headers } = await call(xmlHandler, 'v2-xml/valid.json');
    expect(status).toBe(200);
    expect(headers['Content-Type']).toMatch(/^application\/json/);
    expect(body.success).toBe(true);
    expect(body.data.xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(body.data.xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(body.data.xml).toContain('FA-2026-0042');
    expect(body.data.profile).toBe('EN 16931 (Factur-X COMFORT)');
    expect(body.data.validation.valid).toBe(true);
    expect(body.data.validation.errors).toEqual([]);
    expect(body.meta.apiVersion).toBe('v2');
    expect(Number.isInteger(body.meta.processingTimeMs)).toBe(true);
  });

  it('accepts a base64-encoded body as API Gateway sends it', async () => {
    const { status, body } = await call(xmlHandler, 'v2-xml/valid-base64.json');
    expect(status).toBe(200);
    expect(body.data.xml).toContain('FA-2026-0042');
  });

  it('answers 422 VALIDATION_FAILED with the official rule id and no XML', async () => {
    const { status, body } = await call(xmlHandler, 'v2-xml/invalid-rules.json');
    expect(status).toBe(422);
    expect(body.success).toBe(false);
    expect(body.error!.code).toBe('VALIDATION_FAILED');
    expect(body.error!.details!.map((d) => d.rule)).toContain('BR-E-10');
    expect(JSON.stringify(body)).not.toContain('<?xml');
  });

  it('takes numeric codes as JSON numbers (documentType, paymentMeans.typeCode) and writes them as the codes', async () => {
    const event = loadEvent('v2-xml/valid.json');
    const invoice = JSON.parse(event.body!) as Record<string, any>;
    invoice.documentType = 380;
    invoice.paymentMeans = { ...invoice.paymentMeans, typeCode: 58 };
    const { status, body } = await call(xmlHandler, { ...event, body: JSON.stringify(invoice) });
    expect(status).toBe(200);
    expect(body.data.xml).toMatch(/<rsm:ExchangedDocument>[\s\S]*?<ram:TypeCode>380<\/ram:TypeCode>/);
    expect(body.data.xml).toMatch(/<ram:SpecifiedTradeSettlementPaymentMeans>\s*<ram:TypeCode>58<\/ram:TypeCode>/);
  });

  it('answers 400 for a code out of its list, saying what was received', async () => {
    const event = loadEvent('v2-xml/valid.json');
    const invoice = { ...(JSON.parse(event.body!) as Record<string, unknown>), documentType: 999 };
    const { status, body } = await call(xmlHandler, { ...event, body: JSON.stringify(invoice) });
    expect(status).toBe(400);
    expect(body.error!.details).toStrictEqual([{ path: 'documentType', message: 'must be one of 380, 381, 384, 389, 386; got 999' }]);
  });

  it('answers 400 BAD_REQUEST for malformed JSON', async () => {
    const { status, body } = await call(xmlHandler, 'v2-xml/malformed-json.json');
    expect(status).toBe(400);
    expect(body.error!.code).toBe('BAD_REQUEST');
  });

  it('refuses a __proto__ key however it is written, as the middy parser does, and reads the word in a value', async () => {
    const event = loadEvent('v2-xml/valid.json');
    const text = event.body!;
    const answers = [];
    for (const body of [
      text.replace('{', '{"__proto__": {"polluted": true}, '),
      text.replace('{', '{"\\u005f_proto__": {"polluted": true}, '),
      text.replace('{', '{"constructor": {"prototype": {"polluted": true}}, '),
    ]) {
      const { status, body: answer } = await call(xmlHandler, { ...event, body });
      answers.push(status);
      expect(answer.success).toBe(false);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toBeGreaterThanOrEqual(400);
    expect(answers[0]).toBeLessThan(500);
    // The word in a value is no key: the invoice is read (through middy's parser) and written.
    const invoice = JSON.parse(text) as Record<string, unknown>;
    expect((await call(xmlHandler, { ...event, body: JSON.stringify({ ...invoice, note: 'constructor __proto__' }) })).status).toBe(200);
  });

  it('answers 400 with field paths for values that cannot be read; the absent terms beside them are not 400 problems', async () => {
    // invoiceNumber and seller.name are absent, the date, quantity and price unreadable.
    const { status, body } = await call(xmlHandler, 'v2-xml/unreadable-fields.json');
    expect(status).toBe(400);
    const paths = body.error!.details!.map((d) => d.path);
    expect(paths).toEqual(['invoiceDate', 'items[0].quantity', 'items[0].unitPrice']);
    for (const d of body.error!.details!) expect(typeof d.message).toBe('string');
  });

  it('answers 422 VALIDATION_FAILED with the official ids of absent mandatory terms, and no XML (issue 12)', async () => {
    // No buyer (BT-44, BG-8 with BT-55) and no quantity on line 2 (BT-129; BT-131 cannot be computed without it).
    const { status, body } = await call(xmlHandler, 'v2-xml/missing-terms.json');
    expect(status).toBe(422);
    expect(body.error!.code).toBe('VALIDATION_FAILED');
    const rules = body.error!.details!.map((d) => d.rule);
    expect(rules).toEqual(expect.arrayContaining(['BR-07', 'BR-10', 'BR-11', 'BR-22', 'BR-23', 'BR-24']));
    expect(body.error!.details!.find((d) => d.rule === 'BR-22')?.path).toBe('lines[1].quantity');
    expect(JSON.stringify(body)).not.toContain('<?xml');
  });

  it('answers 415 for a body that is not JSON', async () => {
    const { status, body } = await call(xmlHandler, 'v2-xml/wrong-content-type.json');
    expect(status).toBe(415);
    expect(body.error!.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 413 for a body over 6 MB', async () => {
    const ev = loadEvent('v2-xml/valid.json');
    ev.body = JSON.stringify({ pad: 'x'.repeat(6 * 1024 * 1024) });
    const { status, body } = await call(xmlHandler, ev);
    expect(status).toBe(413);
    expect(body.error!.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 400, not 500, for a JSON body that is not an object', async () => {
    for (const raw of ['null', '[]', '42', '"text"']) {
      const ev = loadEvent('v2-xml/valid.json');
      ev.body = raw;
      const { status, body } = await call(xmlHandler, ev);
      expect(status, raw).toBe(400);
      expect(body.error!.code).toBe('BAD_REQUEST');
    }
  });

  it('answers 400 for an empty body', async () => {
    const ev = loadEvent('v2-xml/valid.json');
    ev.body = null;
    const { status } = await call(xmlHandler, ev);
    expect(status).toBe(400);
  });

  it('accepts a Content-Type header in any letter case', async () => {
    const ev = loadEvent('v2-xml/valid.json');
    ev.headers = { 'CONTENT-TYPE': 'application/json; charset=utf-8' };
    const { status } = await call(xmlHandler, ev);
    expect(status).toBe(200);
  });
});

describe('POST /api/v2/validate handler', () => {
  it('answers 200 valid for a valid invoice, with a summary', async () => {
    const { status, body } = await call(validateHandler, 'v2-validate/valid.json');
    expect(status).toBe(200);
    expect(body.data.valid).toBe(true);
    expect(body.data.errors).toEqual([]);
    expect(typeof body.data.summary).toBe('string');
    expect(body.data.xml).toBeUndefined();
    expect(body.meta.apiVersion).toBe('v2');
  });

  it('answers 200 with valid=false and the official rule ids for an invalid invoice', async () => {
    const { status, body } = await call(validateHandler, 'v2-validate/invalid-rules.json');
    expect(status).toBe(200);
    expect(body.data.valid).toBe(false);
    expect(body.data.errors.map((e: { rule: string }) => e.rule)).toContain('BR-E-10');
    for (const w of body.data.warnings) {
      expect(typeof w.rule).toBe('string');
      expect(typeof w.message).toBe('string');
    }
  });

  it('answers 200 valid:false with the official ids of absent mandatory terms (issue 12)', async () => {
    const { status, body } = await call(validateHandler, 'v2-validate/missing-terms.json');
    expect(status).toBe(200);
    expect(body.data.valid).toBe(false);
    expect(body.data.errors.map((e: { rule: string }) => e.rule)).toEqual(expect.arrayContaining(['BR-07', 'BR-10', 'BR-11', 'BR-22', 'BR-23', 'BR-24']));
    expect(body.data.summary).toMatch(/^Invalid EN 16931 invoice .*BR-07/);
  });

  it('answers 400 for malformed JSON and unreadable values, 415 for another media type', async () => {
    expect((await call(validateHandler, 'v2-validate/malformed-json.json')).status).toBe(400);
    expect((await call(validateHandler, 'v2-validate/unreadable-fields.json')).status).toBe(400);
    expect((await call(validateHandler, 'v2-validate/wrong-content-type.json')).status).toBe(415);
  });
});
