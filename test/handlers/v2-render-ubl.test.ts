/**
 * POST /api/v2/render with UBL 2.1 (issue 23, point 5): the PDF of a valid UBL
 * invoice is a Factur-X PDF/A-3 embedding its CII conversion (Factur-X
 * carries CII only), and the headers say so: `X-Facturx:
 * embedded-converted-from-ubl`, `X-Conversion-Unmapped` (what of the UBL the
 * CII does not carry). An invalid UBL invoice is rendered without embedding.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/v2-render.js';
import { convertInvoiceXml } from '../../lib/convert/convert.js';
import { checkFacturXPdf, extractInvoiceXml } from '../../lib/pdf/index.js';
import { readUblXml } from '../../lib/ubl/read.js';
import { readCiiXml } from '../../lib/validate-xml.js';
import { byValue } from '../cii/by-value.js';
import { requireShared } from '../shared-path.js';
import { context, loadEvent } from './load-event.js';

async function render(edit?: (event: ReturnType<typeof loadEvent>) => void) {
  const event = loadEvent('v2-render/ubl-raw.json');
  edit?.(event);
  const res = await handler(event, context);
  return { res, event, pdf: Buffer.from(res.body, 'base64') };
}

describe('POST /api/v2/render with UBL', () => {
  it('a valid UBL credit note: a Factur-X PDF/A-3 embedding its CII conversion, the same invoice', async () => {
    const { res, event, pdf } = await render();
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'Content-Type': 'application/pdf',
      'X-Facturx': 'embedded-converted-from-ubl',
      'X-Conversion-Unmapped': '0',
      'X-Validation': 'valid',
      'X-Invoice-Number': readUblXml(event.body!).number,
    });
    expect((await checkFacturXPdf(pdf)).problems).toEqual([]);
    const embedded = await extractInvoiceXml(pdf);
    expect(embedded?.name).toBe('factur-x.xml');
    const cii = Buffer.from(embedded!.xml).toString('utf8');
    expect(cii).toContain('<rsm:CrossIndustryInvoice');
    expect(byValue(readCiiXml(cii))).toEqual(byValue(readUblXml(event.body!)));
  });

  it('says how many items of the UBL its CII conversion does not carry', async () => {
    // The first valid corpus UBL file whose conversion reports something (whatever it is).
    const dir = requireShared('conformance', 'ubl', 'valid');
    const file = readdirSync(dir)
      .sort()
      .find((f) => convertInvoiceXml(readFileSync(join(dir, f)), { rules: 'en16931' }).unmapped.length > 0)!;
    const xml = readFileSync(join(dir, file), 'utf8');
    const expected = convertInvoiceXml(xml, { rules: 'en16931' }).unmapped.length;
    const { res, pdf } = await render((e) => {
      e.body = xml;
      e.queryStringParameters = { rules: 'en16931' };
    });
    expect(res.statusCode, file).toBe(200);
    expect(res.headers).toMatchObject({ 'X-Facturx': 'embedded-converted-from-ubl', 'X-Conversion-Unmapped': String(expected) });
    expect((await checkFacturXPdf(pdf)).problems).toEqual([]);
  });

  it('an invalid UBL invoice is rendered without embedding, and no conversion is said', async () => {
    const { res, pdf } = await render((e) => {
      e.body = e.body!.replace(/(<cbc:PayableAmount currencyID="EUR">)[^<]+/, '$11.00');
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers!['X-Facturx']).toBe('not-embedded');
    expect(res.headers!['X-Conversion-Unmapped']).toBeUndefined();
    expect(res.headers!['X-Validation']).toMatch(/^invalid; .*BR-CO-16/);
    expect(await extractInvoiceXml(pdf)).toBeUndefined();
  });
});
