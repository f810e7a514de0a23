import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/v2-validate.js';
import { context, loadEvent } from './load-event.js';

async function call(name: string) {
  const res = await handler(loadEvent(`v2-validate/${name}`), context);
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('POST /api/v2/validate with CII XML', () => {
  it('validates a raw application/xml body: profile, XSD result and verdict', async () => {
    const { status, body } = await call('xml-raw.json');
    expect(status).toBe(200);
    expect(body.data.valid).toBe(true);
    expect(body.data.profile).toBe('EN 16931');
    expect(body.data.errors).toEqual([]);
    expect(body.data.xsd.ran).toBe(true);
    expect(body.data.xsd.reports.map((r: { schema: string; valid: boolean }) => [r.schema, r.valid])).toEqual([
      ['CII D16B', true],
      ['Factur-X 1.09 EN16931', true],
    ]);
    expect(body.data.summary).toMatch(/^Valid/);
  });

  it('validates {"xml": "..."} the same way', async () => {
    const { status, body } = await call('xml-in-json.json');
    expect(status).toBe(200);
    expect(body.data.valid).toBe(true);
  });

  it('reports broken rules with rule, severity, message and location', async () => {
    const { status, body } = await call('xml-raw-invalid.json');
    expect(status).toBe(200);
    expect(body.data.valid).toBe(false);
    const f = body.data.errors.find((e: { rule: string }) => e.rule === 'BR-CO-10');
    expect(f).toBeDefined();
    expect(f.severity).toBe('fatal');
    expect(f.location).toMatch(/^\/rsm:CrossIndustryInvoice\//);
  });

  it('validates a UBL document by the UBL rules: a bare Invoice fails the EN 16931 rules, at their UBL locations', async () => {
    const { status, body } = await call('xml-ubl.json');
    expect(status).toBe(200);
    expect(body.data.syntax).toBe('UBL-Invoice');
    expect(body.data.valid).toBe(false);
    expect(body.data.ruleSet).toBe('EN 16931 UBL 1.3.16');
    const br02 = body.data.errors.find((e: { rule: string }) => e.rule === 'BR-02');
    expect(br02.location).toBe('/ubl:Invoice');
  });

  it('answers 422 naming the format for a document neither CII nor UBL (ZUGFeRD 1.0)', async () => {
    const { status, body } = await call('xml-zugferd1.json');
    expect(status).toBe(422);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details[0].rule).toBe('NOT-EN16931-CII');
    expect(body.error.message).toMatch(/ZUGFeRD 1\.0/);
  });

  it('answers 400 for a DTD with an external entity, and for text that is not XML', async () => {
    const xxe = await call('xml-xxe.json');
    expect(xxe.status).toBe(400);
    expect(xxe.body.error.code).toBe('BAD_REQUEST');
    expect(xxe.body.error.details[0].reason).toBe('xml-forbidden');
    expect(JSON.stringify(xxe.body)).not.toContain('root:');
    const notXml = await call('xml-not-xml.json');
    expect(notXml.status).toBe(400);
    expect(notXml.body.error.code).toBe('BAD_REQUEST');
    expect(notXml.body.error.details[0].reason).toBe('xml-syntax');
  });
});

describe('POST /api/v2/validate with UBL XML (issue 23)', () => {
  it('validates a UBL Invoice: the same answer shape as CII, with its syntax, BT-24, UBL 2.1 XSD and the CEN UBL rule set', async () => {
    const { status, body } = await call('xml-ubl-invoice.json');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      valid: true,
      syntax: 'UBL-Invoice',
      profile: 'EN 16931',
      specificationId: 'urn:cen.eu:en16931:2017',
      ruleSet: 'EN 16931 UBL 1.3.16',
      ruleSets: ['EN 16931 UBL 1.3.16'],
      invoiceNumber: 'UBL-2026-0001',
      errors: [],
      warnings: [],
    });
    expect(body.data.xsd.reports.map((r: { schema: string; valid: boolean }) => [r.schema, r.valid])).toEqual([['UBL 2.1 Invoice', true]]);
    expect(body.data.summary).toMatch(/^Valid EN 16931 UBL Invoice invoice/);
  });

  it('validates a UBL CreditNote by the CreditNote XSD', async () => {
    const { status, body } = await call('xml-ubl-credit-note.json');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ valid: true, syntax: 'UBL-CreditNote', invoiceNumber: 'UBL-CN-2026-0001' });
    expect(body.data.xsd.reports.map((r: { schema: string; valid: boolean }) => [r.schema, r.valid])).toEqual([['UBL 2.1 CreditNote', true]]);
  });

  it('reports broken rules of a UBL document with their official ids, model paths and UBL locations', async () => {
    const { status, body } = await call('xml-ubl-invalid.json');
    expect(status).toBe(200);
    expect(body.data.valid).toBe(false);
    const byRule = new Map(body.data.errors.map((e: { rule: string }) => [e.rule, e]));
    expect(byRule.get('BR-CO-15')).toMatchObject({ severity: 'fatal', path: 'totals.taxInclusiveAmount', location: '/ubl:Invoice/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount' });
    expect(byRule.get('BR-CO-16')).toMatchObject({ severity: 'fatal', path: 'totals', location: '/ubl:Invoice/cac:LegalMonetaryTotal' });
  });
});
