/**
 * Issue 17 #7: the render use case embeds every valid XML, whatever accepted
 * BT-24 it declares, and writes a profile fx:ConformanceLevel admits.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderXml } from '../../lib/isolate/tasks.js';
import { checkFacturXPdf } from '../../lib/pdf/check.js';
import { extractInvoiceXml } from '../../lib/pdf/extract.js';
import { facturXProfileOf } from '../../lib/pdf/profile.js';
import { requireShared } from '../shared-path.js';
import { invoiceXml } from './helpers.js';

describe('renderXml embeds valid invoices whatever BT-24 they declare', () => {
  it('the CEN example with the ZUGFeRD 1.0 comfort identifier is embedded as EN 16931', async () => {
    const xml = readFileSync(requireShared('conformance', 'cii', 'valid', 'cen__CII-BR-CO-10-RoundingIssue.xml'));
    const out = await renderXml(xml, {});
    expect(out.valid).toBe(true);
    expect(out.embedded).toBe(true);
    const check = await checkFacturXPdf(out.pdf);
    expect(check.problems).toEqual([]);
    expect(check.profile).toBe('EN 16931');
    expect(Buffer.from((await extractInvoiceXml(out.pdf))!.xml).equals(xml)).toBe(true);
  });

  it.each([
    ['urn:ferd:CrossIndustryDocument:invoice:1p0:basic', 'BASIC'],
    ['urn:ferd:CrossIndustryDocument:invoice:1p0:extended', 'EXTENDED'],
    ['urn:example:our-own-cius', 'EN 16931'],
  ])('BT-24 %s -> %s', async (bt24, expected) => {
    const out = await renderXml(invoiceXml(bt24), { rules: 'en16931' });
    expect(out.valid).toBe(true);
    expect(out.embedded).toBe(true);
    const check = await checkFacturXPdf(out.pdf);
    expect(check.problems).toEqual([]);
    expect(check.profile).toBe(expected);
  });

  it('maps ZUGFeRD 1.0 ids only, and leaves an unknown id unnamed', () => {
    expect(facturXProfileOf({ profile: 'UNKNOWN', specificationId: ' urn:ferd:CrossIndustryDocument:invoice:1p0:COMFORT ' })).toBe('EN 16931');
    expect(facturXProfileOf({ profile: 'UNKNOWN', specificationId: 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfortable' })).toBeUndefined();
    expect(facturXProfileOf({ profile: 'BASIC', specificationId: 'x' })).toBe('BASIC');
  });

  it('an invalid XML is still not embedded', async () => {
    const out = await renderXml(invoiceXml().replace(/<ram:GrandTotalAmount>[^<]*</, '<ram:GrandTotalAmount>1.00<'), { rules: 'en16931' });
    expect(out.valid).toBe(false);
    expect(out.embedded).toBe(false);
    expect(await extractInvoiceXml(out.pdf)).toBeUndefined();
  });
});
