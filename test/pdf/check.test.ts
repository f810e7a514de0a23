import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFStream, PDFString } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkFacturXPdf } from '../../lib/pdf/check.js';
import { embedFacturX } from '../../lib/pdf/embed.js';
import { decodeStream } from '../../lib/pdf/objects.js';
import { encryptWithQpdf, makeCmykPdf, makeJavaScriptPdf, makePlainPdf, makeStandardFontPdf, setFirstAnnotationFlags } from '../fixtures/pdf/make.js';
import { editPdf, invoiceXmlBytes, NOW, SPECIFICATION_IDS } from './helpers.js';

/** Rewrites the XMP packet of a PDF through `edit` on its text. */
function editXmp(pdf: Uint8Array, edit: (xmp: string) => string): Promise<Uint8Array> {
  return editPdf(pdf, (doc) => {
    const ref = doc.catalog.get(PDFName.of('Metadata')) as PDFRef;
    const stream = doc.context.lookup(ref) as PDFStream;
    const text = edit(Buffer.from(decodeStream(stream)).toString('utf8'));
    doc.context.assign(ref, doc.context.stream(new TextEncoder().encode(text), { Type: 'Metadata', Subtype: 'XML' }));
  });
}

function invoiceFileSpec(doc: PDFDocument): PDFDict {
  const names = doc.catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('EmbeddedFiles'), PDFDict).lookup(PDFName.of('Names'), PDFArray);
  return names.lookup(1, PDFDict);
}

function invoiceStream(doc: PDFDocument): PDFStream {
  return invoiceFileSpec(doc).lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'), PDFStream);
}

const codes = (r: { problems: Array<{ code: string }> }): string[] => [...new Set(r.problems.map((p) => p.code))].sort();

describe('checkFacturXPdf', () => {
  let good: Uint8Array;

  beforeAll(async () => {
    good = (await embedFacturX(await makeJavaScriptPdf(), invoiceXmlBytes(), { now: NOW })).pdf;
  });

  it('accepts a file produced by embedFacturX', async () => {
    const r = await checkFacturXPdf(good);
    expect(r).toMatchObject({ ok: true, problems: [], profile: 'EN 16931', attachment: 'factur-x.xml' });
  });

  const mutations: Array<[string, (pdf: Uint8Array) => Promise<Uint8Array>, string[]]> = [
    ['fx:ConformanceLevel removed', (p) => editXmp(p, (x) => x.replace(/<fx:ConformanceLevel>.*?<\/fx:ConformanceLevel>/, '')), ['FX_PROPERTY']],
    ['fx:DocumentType wrong', (p) => editXmp(p, (x) => x.replace('<fx:DocumentType>INVOICE<', '<fx:DocumentType>ORDER<')), ['FX_PROPERTY']],
    ['fx:ConformanceLevel not the XML profile', (p) => editXmp(p, (x) => x.replace('>EN 16931</fx:ConformanceLevel>', '>BASIC</fx:ConformanceLevel>')), ['INVOICE_XML']],
    [
      'fx extension schema missing',
      (p) => editXmp(p, (x) => x.replace(/<rdf:Description[^>]*xmlns:pdfaExtension[\s\S]*?<\/rdf:Description>/, '')),
      ['FX_EXTENSION_SCHEMA', 'XMP_UNDECLARED_SCHEMA'],
    ],
    [
      'fx extension schema declared twice',
      (p) => editXmp(p, (x) => x.replace(/(<rdf:Description[^>]*xmlns:pdfaExtension[\s\S]*?<\/rdf:Description>)/, '$1$1')),
      ['FX_EXTENSION_SCHEMA', 'XMP_DUPLICATE_PROPERTY'],
    ],
    ['pdfaid:part 2', (p) => editXmp(p, (x) => x.replace('<pdfaid:part>3<', '<pdfaid:part>2<')), ['PDFA_ID']],
    ['XMP not well-formed', (p) => editXmp(p, (x) => x.replace('</rdf:RDF>', '')), ['XMP_MALFORMED']],
    ['xmp:ModifyDate not the Info ModDate', (p) => editXmp(p, (x) => x.replace(/<xmp:ModifyDate>[^<]*</, '<xmp:ModifyDate>2001-01-01T00:00:00Z<')), ['INFO_XMP_MISMATCH']],
    [
      'Info Title changed alone',
      (p) =>
        editPdf(p, (doc) => {
          doc.setTitle('Another title');
        }),
      ['INFO_XMP_MISMATCH'],
    ],
    [
      'Metadata stream compressed',
      (p) =>
        editPdf(p, (doc) => {
          const ref = doc.catalog.get(PDFName.of('Metadata')) as PDFRef;
          const s = doc.context.lookup(ref) as PDFStream;
          doc.context.assign(ref, doc.context.flateStream(decodeStream(s), { Type: 'Metadata', Subtype: 'XML' }));
        }),
      ['XMP_FILTERED'],
    ],
    ['no output intent', (p) => editPdf(p, (doc) => void doc.catalog.delete(PDFName.of('OutputIntents'))), ['OUTPUT_INTENT']],
    ['no trailer ID', (p) => editPdf(p, (doc) => void delete doc.context.trailerInfo.ID), ['TRAILER_ID']],
    [
      'wrong /CheckSum',
      (p) => editPdf(p, (doc) => invoiceStream(doc).dict.lookup(PDFName.of('Params'), PDFDict).set(PDFName.of('CheckSum'), PDFHexString.of('00'.repeat(16)))),
      ['INVOICE_STREAM'],
    ],
    [
      'wrong /Params /Size and no ModDate',
      (p) =>
        editPdf(p, (doc) => {
          const params = invoiceStream(doc).dict.lookup(PDFName.of('Params'), PDFDict);
          params.set(PDFName.of('Size'), doc.context.obj(3));
          params.delete(PDFName.of('ModDate'));
        }),
      ['EMBEDDED_FILE_PDFA3', 'INVOICE_STREAM'],
    ],
    ['Subtype not text/xml', (p) => editPdf(p, (doc) => invoiceStream(doc).dict.set(PDFName.of('Subtype'), PDFName.of('application/xml'))), ['INVOICE_STREAM']],
    ['/AFRelationship Data for EN 16931', (p) => editPdf(p, (doc) => invoiceFileSpec(doc).set(PDFName.of('AFRelationship'), PDFName.of('Data'))), ['INVOICE_FILESPEC']],
    ['/UF missing', (p) => editPdf(p, (doc) => void invoiceFileSpec(doc).delete(PDFName.of('UF'))), ['EMBEDDED_FILE_PDFA3', 'INVOICE_FILESPEC']],
    ['catalog /AF removed', (p) => editPdf(p, (doc) => void doc.catalog.delete(PDFName.of('AF'))), ['EMBEDDED_FILE_PDFA3', 'INVOICE_FILESPEC']],
    [
      'a second invoice XML attached',
      (p) =>
        editPdf(p, async (doc) => {
          await doc.attach(new TextEncoder().encode('<x/>'), 'zugferd-invoice.xml', { mimeType: 'text/xml', modificationDate: NOW });
        }),
      ['EMBEDDED_FILE_PDFA3', 'INVOICE_ATTACHMENT'],
    ],
    [
      'name tree out of order',
      (p) =>
        editPdf(p, (doc) => {
          const arr = doc.catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('EmbeddedFiles'), PDFDict).lookup(PDFName.of('Names'), PDFArray);
          arr.insert(0, arr.get(1));
          arr.insert(0, PDFString.of('zzz.xml'));
        }),
      ['NAME_TREE_UNSORTED'],
    ],
    ['annotation hidden', (p) => editPdf(p, (doc) => setFirstAnnotationFlags(doc, 2)), ['ANNOTATION_FLAGS']],
    [
      'JavaScript open action',
      (p) => editPdf(p, (doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('1') }))),
      ['JAVASCRIPT'],
    ],
    [
      'header 2.0',
      async (p) => {
        const out = new Uint8Array(p);
        out.set(new TextEncoder().encode('%PDF-2.0'), 0);
        return out;
      },
      ['HEADER'],
    ],
    [
      'data after %%EOF',
      async (p) => new Uint8Array(Buffer.concat([p, new TextEncoder().encode('\ntrailing garbage\n')])),
      ['DATA_AFTER_EOF'],
    ],
  ];

  it.each(mutations.map(([name, mutate, expected]) => ({ name, mutate, expected })))('finds: $name', async ({ mutate, expected }) => {
    const r = await checkFacturXPdf(await mutate(good));
    expect(r.ok).toBe(false);
    expect(codes(r)).toEqual(expected);
  });

  it('finds fonts that are not embedded, naming them', async () => {
    const r = await checkFacturXPdf(await makeStandardFontPdf());
    const font = r.problems.find((p) => p.code === 'FONT_NOT_EMBEDDED');
    expect(font?.message).toContain('Helvetica');
    expect(font?.message).toContain('Helvetica-Bold');
  });

  it('finds device colours its output intent does not cover', async () => {
    const cmyk = await makeCmykPdf();
    const withIntent = await editPdf(cmyk, async (doc) => {
      const { ensureOutputIntent } = await import('../../lib/pdf/pdfa.js');
      ensureOutputIntent(doc);
    });
    expect(codes(await checkFacturXPdf(withIntent))).toContain('DEVICE_COLOUR');
  });

  it('finds everything missing on a plain PDF', async () => {
    expect(codes(await checkFacturXPdf(await makePlainPdf()))).toEqual(
      expect.arrayContaining(['XMP_MISSING', 'OUTPUT_INTENT', 'INVOICE_ATTACHMENT', 'TRAILER_ID']),
    );
  });

  it('reports unreadable and encrypted input as problems', async () => {
    expect(await checkFacturXPdf(new TextEncoder().encode('hello'))).toMatchObject({ ok: false, problems: [{ code: 'PDF_UNREADABLE' }] });
    expect(await checkFacturXPdf(encryptWithQpdf(good))).toMatchObject({ ok: false, problems: [{ code: 'ENCRYPTED' }] });
  });

  it('throws PAYLOAD_TOO_LARGE over its size limit', async () => {
    await expect(checkFacturXPdf(good, { maxBytes: 100 })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('accepts Data for MINIMUM but not Alternative', async () => {
    const minimum = (await embedFacturX(await makePlainPdf(), invoiceXmlBytes(SPECIFICATION_IDS.MINIMUM), { now: NOW })).pdf;
    expect((await checkFacturXPdf(minimum)).ok).toBe(true);
    const wrong = await editPdf(minimum, (doc) => invoiceFileSpec(doc).set(PDFName.of('AFRelationship'), PDFName.of('Alternative')));
    expect(codes(await checkFacturXPdf(wrong))).toEqual(['INVOICE_FILESPEC']);
  });
});
