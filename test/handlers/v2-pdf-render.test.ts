import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handler as pdfHandler } from '../../functions/v2-pdf.js';
import { handler as renderHandler } from '../../functions/v2-render.js';
import { checkFacturXPdf, extractInvoiceXml } from '../../lib/pdf/index.js';
import { context, loadEvent } from './load-event.js';

const tmp = mkdtempSync(join(tmpdir(), 'v2-pdf-'));
const pdfText = (pdf: Buffer) => {
  const file = join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('qpdf', ['--check', file], { stdio: 'pipe' });
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('POST /api/v2/pdf', () => {
  it('returns the client PDF as a Factur-X PDF/A-3 with the validated XML embedded', async () => {
    const res = await pdfHandler(loadEvent('v2-pdf/valid.json'), context);
    expect(res.statusCode).toBe(200);
    expect(res.isBase64Encoded).toBe(true);
    expect(res.headers).toMatchObject({ 'Content-Type': 'application/pdf', 'X-Invoice-Number': 'FA-2026-0042' });
    expect(res.headers!['Content-Disposition']).toBe(`attachment; filename="FA-2026-0042.pdf"; filename*=UTF-8''FA-2026-0042.pdf`);
    expect(['attach', 'pdfa-upgrade', 'ghostscript-pdfa3']).toContain(res.headers!['X-Conversion-Method']);
    expect(Number(res.headers!['X-Processing-Time-Ms'])).toBeGreaterThanOrEqual(0);
    const pdf = Buffer.from(res.body, 'base64');
    const check = await checkFacturXPdf(pdf);
    expect(check.problems).toEqual([]);
    const embedded = await extractInvoiceXml(pdf);
    expect(embedded?.name).toBe('factur-x.xml');
    expect(Buffer.from(embedded!.xml).toString('utf8')).toContain('<ram:ID>FA-2026-0042</ram:ID>');
    expect(pdfText(pdf)).toContain('Atelier Dupont SARL');
  });

  it('answers 422 with the official rule id and no PDF for an invalid invoice', async () => {
    const res = await pdfHandler(loadEvent('v2-pdf/invalid-rules.json'), context);
    expect(res.statusCode).toBe(422);
    const body = JSON.parse(res.body);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d: { rule: string }) => d.rule)).toContain('BR-E-10');
  });

  it('answers 400 for a body that is not a PDF, and for base64 that cannot be read, with its path', async () => {
    const notPdf = await pdfHandler(loadEvent('v2-pdf/not-a-pdf.json'), context);
    expect(notPdf.statusCode).toBe(400);
    expect(JSON.parse(notPdf.body).error.code).toBe('BAD_REQUEST');
    // The invoice there has only a number: its absent terms are findings, so the one 400 problem is the PDF.
    const bad = await pdfHandler(loadEvent('v2-pdf/incomplete-invoice-bad-base64.json'), context);
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).error.details.map((d: { path: string }) => d.path)).toEqual(['pdfBase64']);
  });

  it('answers 422 with the official ids of absent mandatory terms, and no PDF (issue 12)', async () => {
    const res = await pdfHandler(loadEvent('v2-pdf/missing-terms.json'), context);
    expect(res.statusCode).toBe(422);
    const body = JSON.parse(res.body);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d: { rule: string }) => d.rule)).toEqual(expect.arrayContaining(['BR-07', 'BR-10', 'BR-11', 'BR-22', 'BR-23', 'BR-24']));
    expect(res.headers?.['Content-Type']).not.toBe('application/pdf');
  });
});

describe('POST /api/v2/render', () => {
  it('renders a valid EN 16931 XML as a Factur-X PDF embedding that XML', async () => {
    for (const name of ['xml-raw.json', 'xml-in-json.json']) {
      const event = loadEvent(`v2-render/${name}`);
      const res = await renderHandler(event, context);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers).toMatchObject({ 'Content-Type': 'application/pdf', 'X-Invoice-Number': 'FA-2026-0042', 'X-Facturx': 'embedded' });
      expect(res.headers!['Content-Disposition']).toMatch(/^attachment; filename="FA-2026-0042\.pdf"/);
      const pdf = Buffer.from(res.body, 'base64');
      expect((await checkFacturXPdf(pdf)).problems).toEqual([]);
      const text = pdfText(pdf);
      expect(text).toContain('FA-2026-0042');
      // The grand total (BT-112) of the XML, printed the French way: 1618.55 -> "1 618,55".
      const total = /<ram:GrandTotalAmount>([\d.]+)</.exec(loadEvent('v2-render/xml-raw.json').body!)![1]!;
      const [int, frac] = total.split('.');
      expect(text).toContain(`${int!.replace(/\B(?=(\d{3})+$)/g, ' ')},${frac}`);
    }
  });

  it('still renders an XML that breaks rules, without embedding it', async () => {
    const res = await renderHandler(loadEvent('v2-render/xml-invalid-rules.json'), context);
    expect(res.statusCode).toBe(200);
    expect(res.headers!['X-Facturx']).toBe('not-embedded');
    expect(res.headers!['X-Validation']).toMatch(/^invalid; .*BR-CO-10/);
    expect(await extractInvoiceXml(Buffer.from(res.body, 'base64'))).toBeUndefined();
  });

  it('validates and renders a UBL invoice; Factur-X carries CII only, so it embeds the CII conversion (issue 23; test/handlers/v2-render-ubl.test.ts)', async () => {
    const res = await renderHandler(loadEvent('v2-render/xml-ubl.json'), context);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'Content-Type': 'application/pdf', 'X-Invoice-Number': 'UBL-2026-0001', 'X-Validation': 'valid', 'X-Facturx': 'embedded-converted-from-ubl' });
    const pdf = Buffer.from(res.body, 'base64');
    expect(Buffer.from((await extractInvoiceXml(pdf))!.xml).toString('utf8')).toContain('<ram:ID>UBL-2026-0001</ram:ID>');
    expect(pdfText(pdf)).toContain('UBL-2026-0001');
  });

  it('answers 400 for text that is not XML and for a JSON body without xml', async () => {
    expect((await renderHandler(loadEvent('v2-render/not-xml.json'), context)).statusCode).toBe(400);
    const missing = await renderHandler(loadEvent('v2-render/missing-xml.json'), context);
    expect(missing.statusCode).toBe(400);
    expect(JSON.parse(missing.body).error.details[0].path).toBe('xml');
  });
});
