import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, PDFHexString, PDFName, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractInvoiceXml } from '../../lib/pdf/extract.js';
import { requireShared } from '../shared-path.js';
import { encryptWithQpdf, makeAfOnlyPdf, makePdfWithAttachments, makePlainPdf, makeUnsortedTreePdf } from '../fixtures/pdf/make.js';
import { invoiceXmlBytes } from './helpers.js';

const PDF_DIR = requireShared('conformance', 'pdf');
const EXPECTED = JSON.parse(readFileSync(requireShared('conformance', 'expected.json'), 'utf8')) as Record<string, { attachment?: string }>;
const CORPUS = readdirSync(PDF_DIR).filter((f) => f.endsWith('.pdf')).sort();

describe('extractInvoiceXml on the shared corpus of real Factur-X / ZUGFeRD PDFs', () => {
  it('has the corpus to test against', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(CORPUS)('%s yields exactly the XML that lies beside it', async (file) => {
    const xmlFile = file.replace(/\.pdf$/, '.xml');
    const want = readFileSync(join(PDF_DIR, xmlFile));
    const got = await extractInvoiceXml(new Uint8Array(readFileSync(join(PDF_DIR, file))));
    expect(got).toBeDefined();
    expect(got!.name).toBe(EXPECTED[`pdf/${xmlFile}`]?.attachment);
    expect(Buffer.from(got!.xml).equals(want)).toBe(true);
  });
});

describe('extractInvoiceXml on crafted files', () => {
  const xml = invoiceXmlBytes();

  it('walks the whole name tree: Kids in any order, unsorted keys, wrong Limits', async () => {
    const got = await extractInvoiceXml(await makeUnsortedTreePdf(xml));
    expect(got?.name).toBe('factur-x.xml');
    expect(Buffer.from(got!.xml).equals(Buffer.from(xml))).toBe(true);
  });

  it('finds an invoice referenced only from the catalog /AF array', async () => {
    const got = await extractInvoiceXml(await makeAfOnlyPdf(xml));
    expect(got).toMatchObject({ name: 'factur-x.xml', relationship: 'Alternative' });
    expect(Buffer.from(got!.xml).equals(Buffer.from(xml))).toBe(true);
  });

  it.each(['zugferd-invoice.xml', 'ZUGFeRD-invoice.xml', 'xrechnung.xml', 'Factur-X.XML'])('recognises %s', async (name) => {
    const got = await extractInvoiceXml(await makePdfWithAttachments([{ name, bytes: xml }]));
    expect(got?.name).toBe(name);
    expect(Buffer.from(got!.xml).equals(Buffer.from(xml))).toBe(true);
  });

  it('prefers factur-x.xml over a ZUGFeRD 1.0 attachment in the same file', async () => {
    const zf1 = new TextEncoder().encode('<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"/>');
    const got = await extractInvoiceXml(
      await makePdfWithAttachments([
        { name: 'ZUGFeRD-invoice.xml', bytes: zf1 },
        { name: 'factur-x.xml', bytes: xml },
      ]),
    );
    expect(got?.name).toBe('factur-x.xml');
  });

  it('ignores attachments with other names, and a PDF without attachments gives undefined', async () => {
    expect(await extractInvoiceXml(await makePdfWithAttachments([{ name: 'invoice-copy.xml', bytes: xml }]))).toBeUndefined();
    expect(await extractInvoiceXml(await makePlainPdf())).toBeUndefined();
  });

  it('decodes streams through a chain of filters (ASCIIHex then Flate)', async () => {
    const doc = await PDFDocument.load(await makePlainPdf());
    const ctx = doc.context;
    const flate = ctx.flateStream(xml, {});
    const deflated = flate.getContents();
    const hex = new TextEncoder().encode(`${Buffer.from(deflated).toString('hex')}>`);
    const stream = ctx.stream(hex, { Type: 'EmbeddedFile', Filter: ['ASCIIHexDecode', 'FlateDecode'] });
    const spec = ctx.register(ctx.obj({ Type: 'Filespec', F: PDFString.of('factur-x.xml'), UF: PDFHexString.fromText('factur-x.xml'), EF: { F: ctx.register(stream) } }));
    doc.catalog.set(PDFName.of('Names'), ctx.obj({ EmbeddedFiles: { Names: [PDFString.of('factur-x.xml'), spec] } }));
    const got = await extractInvoiceXml(await doc.save({ useObjectStreams: false }));
    expect(Buffer.from(got!.xml).equals(Buffer.from(xml))).toBe(true);
  });

  it('gives domain errors for input that is not a readable PDF', async () => {
    await expect(extractInvoiceXml(new TextEncoder().encode('<xml/>'))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(extractInvoiceXml(encryptWithQpdf(await makePdfWithAttachments([{ name: 'factur-x.xml', bytes: xml }])))).rejects.toMatchObject({
      code: 'PDF_ENCRYPTED',
    });
  });
});
