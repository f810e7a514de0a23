import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPdfDate, formatXmpDate, parsePdfDate, parseXmpDate } from '../../lib/pdf/dates.js';
import { buildXmp, extensionSchemas, findProperties, parseXmp, simpleText, XMP_NS } from '../../lib/pdf/xmp.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('buildXmp / parseXmp', () => {
  const content = {
    pdfa: { part: 3 as const, conformance: 'B' as const },
    title: 'Facture <F-1> & “Müller”',
    author: 'Atelier Dupont',
    subject: 'Invoice',
    keywords: 'Factur-X, invoice',
    creator: 'Writer',
    producer: 'facturx-service',
    createDate: new Date('2026-01-02T03:04:05Z'),
    modifyDate: new Date('2026-11-02T09:30:00Z'),
    facturX: { profile: 'BASIC WL' as const, fileName: 'factur-x.xml', documentType: 'INVOICE', version: '1.0' },
  };
  const xmp = parseXmp(enc(buildXmp(content)));
  const one = (ns: string, name: string): string | undefined => simpleText(findProperties(xmp, ns, name)[0]?.value);

  it('writes every property once and reads each back', () => {
    expect(xmp.packetWrapper).toBe(true);
    expect(one(XMP_NS.pdfaid, 'part')).toBe('3');
    expect(one(XMP_NS.pdfaid, 'conformance')).toBe('B');
    expect(one(XMP_NS.dc, 'title')).toBe(content.title);
    expect(one(XMP_NS.dc, 'creator')).toBe('Atelier Dupont');
    expect(one(XMP_NS.pdf, 'Producer')).toBe('facturx-service');
    expect(one(XMP_NS.xmp, 'CreateDate')).toBe('2026-01-02T03:04:05+00:00');
    expect(one(XMP_NS.fx, 'ConformanceLevel')).toBe('BASIC WL');
    expect(one(XMP_NS.fx, 'DocumentFileName')).toBe('factur-x.xml');
    const keys = xmp.properties.map((p) => p.ns + p.name);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares the fx namespace in one extension schema with its four Text properties', () => {
    const schemas = extensionSchemas(xmp);
    expect(schemas).toHaveLength(1);
    expect(schemas[0]).toMatchObject({ namespaceURI: XMP_NS.fx, prefix: 'fx' });
    expect(schemas[0]!.properties.map((p) => `${p.name}:${p.valueType}:${p.category}`).sort()).toEqual([
      'ConformanceLevel:Text:external',
      'DocumentFileName:Text:external',
      'DocumentType:Text:external',
      'Version:Text:external',
    ]);
  });

  it('leaves out absent fields and the Factur-X part when not asked', () => {
    const bare = parseXmp(enc(buildXmp({ pdfa: { part: 3, conformance: 'B' } })));
    expect(findProperties(bare, XMP_NS.dc, 'title')).toEqual([]);
    expect(findProperties(bare, XMP_NS.fx, 'ConformanceLevel')).toEqual([]);
    expect(extensionSchemas(bare)).toEqual([]);
  });

  it('reads the attribute form other producers use', () => {
    const other = parseXmp(
      enc(
        `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="${XMP_NS.rdf}">` +
          `<rdf:Description rdf:about="" xmlns:pdfaid="${XMP_NS.pdfaid}" pdfaid:part="3" pdfaid:conformance="B"/>` +
          `<rdf:Description rdf:about="" xmlns:dc="${XMP_NS.dc}"><dc:title><rdf:Alt><rdf:li xml:lang="de">T</rdf:li><rdf:li xml:lang="x-default">Titel</rdf:li></rdf:Alt></dc:title></rdf:Description>` +
          '</rdf:RDF></x:xmpmeta>',
      ),
    );
    expect(other.packetWrapper).toBe(false);
    expect(simpleText(findProperties(other, XMP_NS.pdfaid, 'part')[0]?.value)).toBe('3');
    expect(simpleText(findProperties(other, XMP_NS.dc, 'title')[0]?.value)).toBe('Titel');
  });

  it('refuses what is not XML', () => {
    expect(() => parseXmp(enc('<x:xmpmeta'))).toThrow();
    expect(() => parseXmp(enc('<a/>'))).toThrow(/rdf:RDF/);
  });
});

describe('PDF and XMP dates', () => {
  it('name the same instant for any date, to the second', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }), (d) => {
        const second = Math.floor(d.getTime() / 1000) * 1000;
        expect(parsePdfDate(formatPdfDate(d))?.getTime()).toBe(second);
        expect(parseXmpDate(formatXmpDate(d))?.getTime()).toBe(second);
      }),
    );
  });

  it('read the offsets and short forms producers write', () => {
    expect(parsePdfDate("D:20141108133907+01'00'")?.toISOString()).toBe('2014-11-08T12:39:07.000Z');
    expect(parsePdfDate('D:20140209175801Z')?.toISOString()).toBe('2014-02-09T17:58:01.000Z');
    expect(parsePdfDate('D:2014')?.toISOString()).toBe('2014-01-01T00:00:00.000Z');
    expect(parseXmpDate('2014-11-08T13:39:07+01:00')?.toISOString()).toBe('2014-11-08T12:39:07.000Z');
    expect(parseXmpDate('2014-11-08')?.toISOString()).toBe('2014-11-08T00:00:00.000Z');
    expect(parsePdfDate('yesterday')).toBeUndefined();
    expect(parseXmpDate('08/11/2014')).toBeUndefined();
  });
});
