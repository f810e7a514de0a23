/**
 * POST /api/v2/convert (issue 23, point 4): CII <-> UBL 2.1 through the one
 * semantic model, raw XML or {"xml", "to"}, `?to=` for raw bodies; `data`
 * is `{xml, syntax, from, documentType?, invoiceNumber, validation, unmapped}`;
 * a document that is not an EN 16931 CII or UBL invoice, or not a valid one,
 * is a 422 naming why. The corpus proof (every valid CII and UBL file
 * converts to a document the official validator accepts) is in
 * test/convert/corpus.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/v2-convert.js';
import { readCiiXml } from '../../lib/validate-xml.js';
import { readUblXml } from '../../lib/ubl/read.js';
import { byValue } from '../cii/by-value.js';
import { context, loadEvent } from './load-event.js';

async function call(name: string) {
  const event = loadEvent(`v2-convert/${name}`);
  const res = await handler(event, context);
  return { status: res.statusCode, body: JSON.parse(res.body), event };
}

describe('POST /api/v2/convert', () => {
  it('converts a raw CII body to UBL (the other syntax by default), the model unchanged', async () => {
    const { status, body, event } = await call('cii-raw.json');
    expect(status).toBe(200);
    expect(body.data.from).toBe('cii');
    expect(body.data.syntax).toBe('ubl');
    expect(body.data.documentType).toBe('Invoice');
    expect(body.data.xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
    expect(body.data.unmapped).toEqual([]);
    // rules auto: the seller is French, and the BR-FR rules find what the French reform adds missing (BT-23, notes, ...).
    expect(body.data.validation.ruleSets).toEqual(['EN 16931 UBL 1.3.16', 'BR-FR 1.4.0.02']);
    expect(body.data.validation.errors.length).toBeGreaterThan(0);
    expect(body.data.validation.errors.every((e: { rule: string }) => e.rule.startsWith('BR-FR-'))).toBe(true);
    expect(body.data.invoiceNumber).toBe(readCiiXml(event.body!).number);
    expect(byValue(readUblXml(body.data.xml))).toEqual(byValue(readCiiXml(event.body!)));
    expect(body.meta.apiVersion).toBe('v2');
  });

  it('takes {"xml", "to", "rules"} in JSON', async () => {
    const { status, body } = await call('cii-in-json.json');
    expect(status).toBe(200);
    expect(body.data.syntax).toBe('ubl');
    expect(body.data.validation.ruleSets).toEqual(['EN 16931 UBL 1.3.16']);
    expect(body.data.validation.valid).toBe(true);
  });

  it('converts a UBL CreditNote to CII with ?to=cii; the French rules judge the result (rules auto, French seller)', async () => {
    const { status, body, event } = await call('ubl-credit-note-raw.json');
    expect(status).toBe(200);
    expect(body.data.from).toBe('ubl');
    expect(body.data.syntax).toBe('cii');
    expect(body.data.documentType).toBeUndefined();
    expect(body.data.xml).toContain('<rsm:CrossIndustryInvoice');
    expect(body.data.xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(body.data.unmapped).toEqual([]);
    expect(body.data.validation.valid).toBe(true);
    expect(body.data.validation.ruleSets).toEqual(['EN 16931 CII 1.3.16', 'BR-FR 1.4.0.02']);
    expect(byValue(readCiiXml(body.data.xml))).toEqual(byValue(readUblXml(event.body!)));
  });

  it('answers 400 at `to` when it names the syntax the document already has, or no syntax', async () => {
    const same = await call('same-syntax.json');
    expect(same.status).toBe(400);
    expect(same.body.error.code).toBe('BAD_REQUEST');
    expect(same.body.error.details.map((d: { path: string }) => d.path)).toEqual(['to']);
    const other = await call('invalid-to.json');
    expect(other.status).toBe(400);
    expect(other.body.error.details.map((d: { path: string }) => d.path)).toEqual(['to']);
  });

  it('refuses an invalid EN 16931 document with 422 and every finding (official id, location)', async () => {
    const { status, body } = await call('invalid-cii.json');
    expect(status).toBe(422);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toMatch(/not a valid EN 16931 invoice.*BR-CO-10/);
    const f = body.error.details.find((d: { rule: string }) => d.rule === 'BR-CO-10');
    expect(f.location).toMatch(/^\/rsm:CrossIndustryInvoice\//);
    expect(f.reason).toBe('not-convertible');
  });

  it('refuses a document that is neither CII nor UBL with 422 naming it', async () => {
    const { status, body } = await call('not-an-invoice.json');
    expect(status).toBe(422);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details[0].rule).toBe('NOT-EN16931-CII');
    expect(body.error.message).toMatch(/Order/);
  });

  it('answers 400 without XML', async () => {
    const { status, body } = await call('missing-xml.json');
    expect(status).toBe(400);
    expect(body.error.details.map((d: { path: string }) => d.path)).toEqual(['xml']);
  });
});
