import { BlendMode, PDFDocument, rgb } from '@cantoo/pdf-lib';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzePdfA, deviceColourIssue } from '../../lib/pdf/analyze.js';
import { checkFacturXPdf } from '../../lib/pdf/check.js';
import { embedFacturX } from '../../lib/pdf/embed.js';
import { makeCmykPdf, makeJavaScriptPdf, makeLzwPdf, makePlainPdf, makeStandardFontPdf } from '../fixtures/pdf/make.js';
import { requireShared } from '../shared-path.js';
import { allStreamTexts, invoiceXmlBytes, NOW, pageContents } from './helpers.js';

const load = async (pdf: Uint8Array): Promise<PDFDocument> => PDFDocument.load(pdf, { updateMetadata: false });

describe('analyzePdfA', () => {
  it('finds nothing to do on a clean pdf-lib document, and reports its RGB drawing as a fact', async () => {
    const a = analyzePdfA(await load(await makePlainPdf(3)));
    expect(a.issues).toEqual([]);
    expect(a.pageCount).toBe(3);
    expect(a.deviceColours).toEqual({ rgb: true, cmyk: false });
    expect(deviceColourIssue(a.deviceColours, 3)).toBeUndefined();
    expect(deviceColourIssue(a.deviceColours, 4)?.code).toBe('DEVICE_COLOUR');
  });

  it('names the fonts that are not embedded, as needing a re-render', async () => {
    const a = analyzePdfA(await load(await makeStandardFontPdf()));
    expect(a.nonEmbeddedFonts.sort()).toEqual(['Helvetica', 'Helvetica-Bold']);
    expect(a.issues).toEqual([expect.objectContaining({ code: 'FONT_NOT_EMBEDDED', remedy: 'rerender' })]);
  });

  it('does not count transparency as an issue: PDF/A-3 allows it', async () => {
    const doc = await load(await makePlainPdf());
    doc.getPage(0).drawRectangle({ x: 10, y: 10, width: 50, height: 50, color: rgb(1, 0, 0), opacity: 0.4, blendMode: BlendMode.Multiply });
    const saved = await doc.save();
    expect(analyzePdfA(await load(saved)).issues).toEqual([]);
    const r = await embedFacturX(saved, invoiceXmlBytes(), { now: NOW, ghostscript: false });
    expect(r.method).toBe('pdfa-upgrade');
    expect((await checkFacturXPdf(r.pdf)).problems).toEqual([]);
  });

  it('sees DeviceCMYK drawing', async () => {
    expect(analyzePdfA(await load(await makeCmykPdf())).deviceColours.cmyk).toBe(true);
  });

  it('only reports in check mode, and repairs in repair mode', async () => {
    const doc = await load(await makeJavaScriptPdf());
    const first = analyzePdfA(doc);
    expect(first.issues.map((i) => i.code).sort()).toEqual(['ADDITIONAL_ACTIONS', 'ANNOTATION_FLAGS', 'JAVASCRIPT']);
    expect(analyzePdfA(doc).issues).toEqual(first.issues);
    const repaired = analyzePdfA(doc, { repair: true });
    expect(repaired.issues.every((i) => i.remedy === 'repair')).toBe(true);
    expect(analyzePdfA(doc).issues).toEqual([]);
  });

  it('re-encodes LZW streams with Flate, leaving the page content as it was', async () => {
    const input = await makeLzwPdf();
    expect(analyzePdfA(await load(input)).issues).toEqual([expect.objectContaining({ code: 'LZW_FILTER', remedy: 'repair' })]);
    const r = await embedFacturX(input, invoiceXmlBytes(), { now: NOW });
    expect(r.method).toBe('pdfa-upgrade');
    expect(await pageContents(r.pdf)).toEqual(await pageContents(input));
    expect((await checkFacturXPdf(r.pdf)).problems).toEqual([]);
    expect((await allStreamTexts(r.pdf)).length).toBeGreaterThan(0);
  });
});

describe('analyzePdfA without the colour scan', () => {
  it('finds and repairs the same issues on every corpus PDF and fixture, only leaving the colours unscanned', async () => {
    const corpus = readdirSync(requireShared('conformance', 'pdf')).filter((f) => f.endsWith('.pdf'));
    const inputs: Array<[string, Uint8Array]> = [
      ...corpus.map((f): [string, Uint8Array] => [f, new Uint8Array(readFileSync(requireShared('conformance', 'pdf', f)))]),
      ['cmyk', await makeCmykPdf()],
      ['lzw', await makeLzwPdf()],
      ['javascript', await makeJavaScriptPdf()],
    ];
    for (const [name, bytes] of inputs) {
      for (const repair of [false, true]) {
        const full = analyzePdfA(await load(bytes), { repair });
        const lean = analyzePdfA(await load(bytes), { repair, scanColours: false });
        expect(lean.issues, `${name} repair=${repair}`).toEqual(full.issues);
        expect(lean.pageCount, name).toBe(full.pageCount);
      }
    }
    expect(analyzePdfA(await load(await makeCmykPdf()), { scanColours: false }).deviceColours).toEqual({ rgb: false, cmyk: false });
  }, 120_000);
});
