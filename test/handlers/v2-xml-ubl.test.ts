/**
 * POST /api/v2/xml writing UBL 2.1 (issue 23, point 3): `"syntax": "ubl"` in the
 * JSON or `?syntax=ubl`; `data.syntax` says what was written; the same input
 * validation, defaults and rule selection as CII (rules auto: BR-FR for a
 * French seller).
 */
import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/v2-xml.js';
import { context, loadEvent } from './load-event.js';

async function call(name: string, edit?: (event: ReturnType<typeof loadEvent>) => void) {
  const event = loadEvent(`v2-xml/${name}`);
  edit?.(event);
  const res = await handler(event, context);
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('POST /api/v2/xml with syntax ubl', () => {
  it('answers a UBL 2.1 Invoice with data.syntax, the document type and the same verdict as CII (BR-FR for a French seller)', async () => {
    const { status, body } = await call('valid-ubl.json');
    expect(status).toBe(200);
    expect(body.data.syntax).toBe('ubl');
    expect(body.data.documentType).toBe('Invoice');
    expect(body.data.profile).toBe('EN 16931 (UBL 2.1)');
    expect(body.data.unmapped).toEqual([]);
    expect(body.data.xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
    expect(body.data.xml).toContain('<cbc:ID>FA-2026-0042</cbc:ID>');
    // The French defaults apply as for CII: PMT/PMD/AAB notes, 0225 electronic addresses.
    expect(body.data.xml).toContain('<cbc:Note>#PMT#');
    expect(body.data.xml).toContain('<cbc:EndpointID schemeID="0225">732829320</cbc:EndpointID>');
    expect(body.data.validation.valid).toBe(true);
    expect(body.data.validation.ruleSets).toEqual(['EN 16931 UBL 1.3.16', 'BR-FR 1.4.0.02']);
    const cii = await call('valid.json');
    expect(cii.body.data.syntax).toBe('cii');
    expect(cii.body.data.unmapped).toBeUndefined();
    expect(cii.body.data.validation.errors).toEqual(body.data.validation.errors);
  });

  it('takes ?syntax=ubl and writes a CreditNote for a credit note (381)', async () => {
    const { status, body } = await call('credit-note-ubl-query.json');
    expect(status).toBe(200);
    expect(body.data.syntax).toBe('ubl');
    expect(body.data.documentType).toBe('CreditNote');
    expect(body.data.xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(body.data.xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(body.data.xml).toMatch(/<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>FA-2026-0031<\/cbc:ID>/);
    // The due date of a credit note lives in its payment means in UBL.
    expect(body.data.xml).toMatch(/<cac:PaymentMeans>\s*<cbc:PaymentMeansCode>[^<]+<\/cbc:PaymentMeansCode>\s*<cbc:PaymentDueDate>2026-12-20<\/cbc:PaymentDueDate>/);
  });

  it('the JSON field wins over the query parameter, as for rules', async () => {
    const { body } = await call('valid-ubl.json', (e) => {
      e.queryStringParameters = { syntax: 'cii' };
    });
    expect(body.data.syntax).toBe('ubl');
  });

  it('answers 400 at the field or the query parameter for another syntax', async () => {
    const field = await call('invalid-syntax.json');
    expect(field.status).toBe(400);
    expect(field.body.error.code).toBe('BAD_REQUEST');
    expect(field.body.error.details.map((d: { path: string }) => d.path)).toEqual(['syntax']);
    const query = await call('invalid-syntax-query.json');
    expect(query.status).toBe(400);
    expect(query.body.error.details.map((d: { path: string }) => d.path)).toEqual(['query.syntax']);
  });

  it('an invalid invoice is a 422 with the official rule ids, whatever the syntax', async () => {
    const { status, body } = await call('valid-ubl.json', (e) => {
      const b = JSON.parse(e.body!) as Record<string, unknown>;
      delete b['invoiceNumber'];
      e.body = JSON.stringify(b);
    });
    expect(status).toBe(422);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d: { rule: string }) => d.rule)).toContain('BR-02');
  });
});
