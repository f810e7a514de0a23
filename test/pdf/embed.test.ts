import { PDFArray, PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkFacturXPdf } from '../../lib/pdf/check.js';
import { embedFacturX, type EmbedFacturXResult } from '../../lib/pdf/embed.js';
import { PdfNotConvertibleError } from '../../lib/pdf/errors.js';
import { extractInvoiceXml } from '../../lib/pdf/extract.js';
import type { PdfRewriter } from '../../lib/pdf/ghostscript.js';
import type { FacturXProfile } from '../../lib/pdf/profile.js';
import {
  encryptWithQpdf,
  hasGhostscript,
  makeCmykPdf,
  makeDanglingContentPdf,
  makeGhostscriptPdf,
  makeGhostscriptPdfA2b,
  makeJavaScriptPdf,
  makePdfWithAttachments,
  makePlainPdf,
  makeStandardFontPdf,
  makeUndecodableLzwPdf,
} from '../fixtures/pdf/make.js';
import { allStreamTexts, invoiceXml, invoiceXmlBytes, NOW, pageContents, SPECIFICATION_IDS } from './helpers.js';
import { normalizeSpaces, pdffonts, pdfinfo, pdfinfoMeta, pdftotext, qpdfAttachments, qpdfCheck } from './tools.js';

const GS = hasGhostscript();

/** Everything every output must satisfy, checked by our checker and by the independent tools. */
async function expectFacturX(result: EmbedFacturXResult, xml: Uint8Array, pages: number): Promise<void> {
  const check = await checkFacturXPdf(result.pdf);
  expect(check.problems).toEqual([]);
  expect(check.ok).toBe(true);
  const extracted = await extractInvoiceXml(result.pdf);
  expect(extracted?.name).toBe('factur-x.xml');
  expect(Buffer.from(extracted!.xml).equals(Buffer.from(xml))).toBe(true);
  expect(qpdfCheck(result.pdf).code).toBe(0);
  expect(qpdfAttachments(result.pdf)).toEqual(['factur-x.xml']);
  const meta = pdfinfoMeta(result.pdf);
  expect(meta).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
  expect(meta).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
  expect(meta).toContain('xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"');
  const info = pdfinfo(result.pdf);
  expect(info['Pages']).toBe(String(pages));
  expect(info['PDF version']).toBe('1.7');
  expect(info['Encrypted']).toBe('no');
  expect(info['JavaScript']).toBe('no');
  expect(pdffonts(result.pdf).every((f) => f.embedded)).toBe(true);
}

describe('embedFacturX on a pdf-lib PDF without PDF/A', () => {
  let input: Uint8Array;
  let result: EmbedFacturXResult;
  const xml = invoiceXmlBytes();

  beforeAll(async () => {
    input = await makePlainPdf(2, 'Facture client');
    result = await embedFacturX(input, xml, { now: NOW });
  });

  it('upgrades it to a Factur-X PDF/A-3b that every witness accepts', async () => {
    expect(result.method).toBe('pdfa-upgrade');
    expect(result.profile).toBe('EN 16931');
    await expectFacturX(result, xml, 2);
  });

  it('leaves the pages as they were (same content streams, same text)', async () => {
    expect(await pageContents(result.pdf)).toEqual(await pageContents(input));
    expect(pdftotext(result.pdf)).toBe(pdftotext(input));
  });

  it('keeps Info and XMP equal and takes the dates from the clock', async () => {
    const info = pdfinfo(result.pdf);
    expect(info['Title']).toBe('Facture client');
    expect(info['Author']).toBe('Atelier Dupont SARL');
    expect(info['ModDate']).toContain('2026');
    const meta = pdfinfoMeta(result.pdf);
    expect(meta).toContain('<rdf:li xml:lang="x-default">Facture client</rdf:li>');
    expect(meta).toContain('<xmp:ModifyDate>2026-11-02T09:30:00+00:00</xmp:ModifyDate>');
    expect(meta).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(meta.match(/pdfaSchema:namespaceURI>urn:factur-x/g)).toHaveLength(1);
  });

  it('is deterministic for the same inputs and clock', async () => {
    const again = await embedFacturX(input, xml, { now: NOW });
    expect(Buffer.from(again.pdf).equals(Buffer.from(result.pdf))).toBe(true);
    const later = await embedFacturX(input, xml, { now: new Date('2027-01-01T00:00:00Z') });
    expect(Buffer.from(later.pdf).equals(Buffer.from(result.pdf))).toBe(false);
  });

  it('takes title and author from the options when given', async () => {
    const r = await embedFacturX(input, xml, { now: NOW, title: 'Rechnung 7 – Müller', author: 'Müller GmbH' });
    const info = pdfinfo(r.pdf);
    expect(info['Title']).toBe('Rechnung 7 – Müller');
    expect(info['Author']).toBe('Müller GmbH');
    expect((await checkFacturXPdf(r.pdf)).ok).toBe(true);
  });

  it('accepts the XML as a string and as bytes alike', async () => {
    const fromString = await embedFacturX(input, invoiceXml(), { now: NOW });
    expect(Buffer.from(fromString.pdf).equals(Buffer.from(result.pdf))).toBe(true);
  });
});

describe('profiles and the associated-file relationship', () => {
  const cases: Array<[FacturXProfile, string]> = [
    ['MINIMUM', 'Data'],
    ['BASIC WL', 'Data'],
    ['BASIC', 'Alternative'],
    ['EN 16931', 'Alternative'],
    ['EXTENDED', 'Alternative'],
  ];
  it.each(cases)('%s gives /AFRelationship /%s and the matching fx:ConformanceLevel', async (profile, relationship) => {
    const xml = invoiceXmlBytes(SPECIFICATION_IDS[profile as keyof typeof SPECIFICATION_IDS]);
    const r = await embedFacturX(await makePlainPdf(), xml, { now: NOW });
    expect(r.profile).toBe(profile);
    expect((await extractInvoiceXml(r.pdf))?.relationship).toBe(relationship);
    expect(pdfinfoMeta(r.pdf)).toContain(`<fx:ConformanceLevel>${profile}</fx:ConformanceLevel>`);
    const check = await checkFacturXPdf(r.pdf);
    expect(check.problems).toEqual([]);
    expect(check.profile).toBe(profile);
  });

  it('refuses a requested profile that contradicts the XML', async () => {
    await expect(embedFacturX(await makePlainPdf(), invoiceXmlBytes(), { profile: 'BASIC' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('needs the profile when BT-24 names none it knows, and uses it when given', async () => {
    const xml = invoiceXmlBytes('urn:example:custom-guideline');
    await expect(embedFacturX(await makePlainPdf(), xml)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const r = await embedFacturX(await makePlainPdf(), xml, { profile: 'EXTENDED', now: NOW });
    expect(r.profile).toBe('EXTENDED');
    expect(pdfinfoMeta(r.pdf)).toContain('<fx:ConformanceLevel>EXTENDED</fx:ConformanceLevel>');
  });

  it('refuses XML that is not CII D16B, or not XML', async () => {
    const ubl = '<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>';
    await expect(embedFacturX(await makePlainPdf(), ubl)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(embedFacturX(await makePlainPdf(), 'not xml at all')).rejects.toMatchObject({ code: 'XML_SYNTAX' });
  });
});

describe('replacing an existing invoice attachment', () => {
  it('does not duplicate factur-x.xml when embedding twice, and keeps only the new bytes', async () => {
    const first = await embedFacturX(await makePlainPdf(), invoiceXmlBytes(undefined, 'OLD-INVOICE-111'), { now: NOW });
    const newXml = invoiceXmlBytes(undefined, 'NEW-INVOICE-222');
    const second = await embedFacturX(first.pdf, newXml, { now: NOW });
    expect(pdfinfo(first.pdf)['Title']).toBe('Invoice OLD-INVOICE-111');
    expect(pdfinfo(second.pdf)['Title']).toBe('Invoice NEW-INVOICE-222');
    expect(second.method).toBe('attach');
    expect(qpdfAttachments(second.pdf)).toEqual(['factur-x.xml']);
    expect(Buffer.from((await extractInvoiceXml(second.pdf))!.xml).equals(Buffer.from(newXml))).toBe(true);
    // The old XML is gone from the file, not merely unreferenced.
    const texts = await allStreamTexts(second.pdf);
    expect(texts.some((t) => t.includes('OLD-INVOICE-111'))).toBe(false);
    expect(texts.some((t) => t.includes('NEW-INVOICE-222'))).toBe(true);
  });

  it.each(['zugferd-invoice.xml', 'ZUGFeRD-invoice.xml', 'xrechnung.xml', 'factur-x.xml'])(
    'replaces %s and keeps the other attachments, made PDF/A-3 conformant',
    async (name) => {
      const old = new TextEncoder().encode('<old/>');
      const other = new TextEncoder().encode('timesheet');
      const input = await makePdfWithAttachments([
        { name, bytes: old },
        { name: 'timesheet.txt', bytes: other, mime: 'text/plain' },
      ]);
      const xml = invoiceXmlBytes();
      const r = await embedFacturX(input, xml, { now: NOW });
      expect(qpdfAttachments(r.pdf).sort()).toEqual(['factur-x.xml', 'timesheet.txt']);
      expect(r.changes.some((c) => c.includes(name))).toBe(true);
      const check = await checkFacturXPdf(r.pdf);
      expect(check.problems).toEqual([]);
    },
  );
});

describe('inputs that need structural repairs', () => {
  it('removes JavaScript and additional actions, flags annotations printable', async () => {
    const input = await makeJavaScriptPdf();
    expect(pdfinfo(input)['JavaScript']).toBe('yes');
    const before = await checkFacturXPdf(input);
    expect(before.problems.map((p) => p.code)).toEqual(expect.arrayContaining(['JAVASCRIPT', 'ADDITIONAL_ACTIONS', 'ANNOTATION_FLAGS']));
    const r = await embedFacturX(input, invoiceXmlBytes(), { now: NOW });
    expect(r.method).toBe('pdfa-upgrade');
    expect(r.changes.join(' ')).toMatch(/JavaScript/);
    await expectFacturX(r, invoiceXmlBytes(), 1);
    const doc = await PDFDocument.load(r.pdf);
    const link = doc.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray).lookup(0, PDFDict);
    expect(link.get(PDFName.of('F'))?.toString()).toBe('4');
  });
});

describe('inputs whose content needs a re-render', () => {
  it.skipIf(!GS)('re-renders non-embedded standard fonts with Ghostscript', async () => {
    const input = await makeStandardFontPdf();
    expect(pdffonts(input).some((f) => !f.embedded)).toBe(true);
    const r = await embedFacturX(input, invoiceXmlBytes(), { now: NOW });
    expect(r.method).toBe('ghostscript-pdfa3');
    await expectFacturX(r, invoiceXmlBytes(), 1);
    expect(normalizeSpaces(pdftotext(r.pdf))).toContain('Total 99.00 EUR');
  });

  it.skipIf(!GS)('re-renders DeviceCMYK content, which an sRGB output intent does not cover', async () => {
    const r = await embedFacturX(await makeCmykPdf(), invoiceXmlBytes(), { now: NOW });
    expect(r.method).toBe('ghostscript-pdfa3');
    await expectFacturX(r, invoiceXmlBytes(), 1);
  });

  it('without Ghostscript says exactly which fonts are not embedded', async () => {
    const err = await embedFacturX(await makeStandardFontPdf(), invoiceXmlBytes(), { ghostscript: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PdfNotConvertibleError);
    expect(err).toMatchObject({ code: 'PDF_NOT_CONVERTIBLE' });
    expect((err as Error).message).toContain('Helvetica');
    expect((err as Error).message).toContain('Helvetica-Bold');
    expect((err as PdfNotConvertibleError).details).toEqual([expect.objectContaining({ code: 'FONT_NOT_EMBEDDED' })]);
  });

  it('refuses a PDF whose LZW stream does not decode (it could be neither re-encoded nor left in a PDF/A file)', async () => {
    const err = await embedFacturX(await makeUndecodableLzwPdf(), invoiceXmlBytes(), { ghostscript: false, now: NOW }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PdfNotConvertibleError);
    expect(err).toMatchObject({ code: 'PDF_NOT_CONVERTIBLE' });
    expect((err as PdfNotConvertibleError).details).toEqual([expect.objectContaining({ code: 'LZW_FILTER' })]);
  });

  it('without Ghostscript names the device colour problem', async () => {
    const err = await embedFacturX(await makeCmykPdf(), invoiceXmlBytes(), { ghostscript: false }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'PDF_NOT_CONVERTIBLE' });
    expect((err as Error).message).toContain('DeviceCMYK');
  });

  it('reports a failing re-render, and one whose output still does not conform', async () => {
    const failing: PdfRewriter = { name: 'Broken renderer', rewriteToPdfA3: () => Promise.reject(new Error('boom')) };
    await expect(embedFacturX(await makeStandardFontPdf(), invoiceXmlBytes(), { ghostscript: failing })).rejects.toMatchObject({
      code: 'PDF_NOT_CONVERTIBLE',
      message: expect.stringContaining('Broken renderer failed: boom'),
    });
    const noop: PdfRewriter = { name: 'No-op renderer', rewriteToPdfA3: (pdf) => Promise.resolve(pdf) };
    await expect(embedFacturX(await makeStandardFontPdf(), invoiceXmlBytes(), { ghostscript: noop })).rejects.toMatchObject({
      code: 'PDF_NOT_CONVERTIBLE',
      message: expect.stringContaining('remain after re-rendering'),
    });
  });

  it('refuses a re-render that changes the page count', async () => {
    const twoPages = await makePlainPdf(2);
    const rewriter: PdfRewriter = { name: 'Page-eating renderer', rewriteToPdfA3: () => Promise.resolve(twoPages) };
    await expect(embedFacturX(await makeStandardFontPdf(), invoiceXmlBytes(), { ghostscript: rewriter })).rejects.toMatchObject({
      code: 'PDF_NOT_CONVERTIBLE',
      message: expect.stringContaining('2 pages instead of 1'),
    });
  });
});

describe('inputs from Ghostscript', () => {
  it.skipIf(!GS)('a PDF made from PostScript by pdfwrite becomes a conforming Factur-X file', async () => {
    const input = makeGhostscriptPdf()!;
    const r = await embedFacturX(input, invoiceXmlBytes(), { now: NOW });
    await expectFacturX(r, invoiceXmlBytes(), 1);
    expect(normalizeSpaces(pdftotext(r.pdf))).toContain('Invoice PS-2026-9');
  });

  it.skipIf(!GS)('a PDF/A-2b file only gets the XML attached (method attach)', async () => {
    const input = makeGhostscriptPdfA2b()!;
    expect(pdfinfoMeta(input)).toMatch(/pdfaid:part[=>"']+2/);
    const r = await embedFacturX(input, invoiceXmlBytes(), { now: NOW });
    expect(r.method).toBe('attach');
    await expectFacturX(r, invoiceXmlBytes(), 1);
    expect(await pageContents(r.pdf)).toEqual(await pageContents(input));
  });
});

describe('unusable input gives a domain error, never a crash', () => {
  const enc = new TextEncoder();
  const cases: Array<[string, () => Promise<Uint8Array>, string]> = [
    ['plain text', async () => enc.encode('This is not a PDF at all.'), 'BAD_REQUEST'],
    ['a PNG signature', async () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'BAD_REQUEST'],
    ['empty input', async () => new Uint8Array(), 'BAD_REQUEST'],
    ['a header and nothing else', async () => enc.encode('%PDF-1.7\n%%EOF\n'), 'BAD_REQUEST'],
    ['a truncated PDF', async () => (await makePlainPdf()).subarray(0, 1500), 'BAD_REQUEST'],
    ['garbage between header and %%EOF', async () => new Uint8Array([...enc.encode('%PDF-1.4\n'), ...Array.from({ length: 4000 }, (_, i) => (i * 7919) % 251), ...enc.encode('\n%%EOF\n')]), 'BAD_REQUEST'],
    ['a page whose content object is missing', makeDanglingContentPdf, 'BAD_REQUEST'],
    ['an encrypted PDF (empty user password)', async () => encryptWithQpdf(await makePlainPdf()), 'PDF_ENCRYPTED'],
    ['an encrypted PDF (user password)', async () => encryptWithQpdf(await makePlainPdf(), 'secret'), 'PDF_ENCRYPTED'],
    ['a PDF over 6 MiB', async () => new Uint8Array(Buffer.concat([enc.encode('%PDF-1.7\n'), new Uint8Array(6 * 1024 * 1024)])), 'PAYLOAD_TOO_LARGE'],
  ];
  it.each(cases.map(([name, make, code]) => ({ name, make, code })))('$name -> $code', async ({ make, code }) => {
    const err = await embedFacturX(await make(), invoiceXmlBytes()).catch((e: unknown) => e);
    expect(err).toMatchObject({ code });
    expect(err).toBeInstanceOf(Error);
  });

  it('honours a smaller size limit for the PDF and for the XML', async () => {
    const pdf = await makePlainPdf();
    await expect(embedFacturX(pdf, invoiceXmlBytes(), { maxPdfBytes: 1000 })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    await expect(embedFacturX(pdf, invoiceXmlBytes(), { maxXmlBytes: 100 })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
