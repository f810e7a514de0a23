/**
 * Issue 17 #1, #2, #3, #5: optional content, implementation limits, page
 * boxes and CIDSet, on hand-made inputs: repaired where nothing shown
 * changes, refused (PDF_NOT_CONVERTIBLE naming the limit) otherwise; our
 * checker knows each rule, and every output passes it and `qpdf --check`.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildPdf, type PdfObject } from '../../scripts/fuzz/make.js';
import { checkFacturXPdf } from '../../lib/pdf/check.js';
import { embedFacturX } from '../../lib/pdf/embed.js';
import { PdfNotConvertibleError } from '../../lib/pdf/errors.js';
import { renderInvoicePdf } from '../../lib/pdf/render/render.js';
import { validInvoice } from '../fixtures/model.js';
import { invoiceXml, NOW } from './helpers.js';
import { qpdfCheck } from './tools.js';

const LINE: PdfObject = { dict: '<< >>', data: Buffer.from('0 0 m 100 100 l S', 'latin1') };

/** A one-page document drawing a line: catalog (with `catalog` entries), pages, page (with `page` entries), content, then `extra` from object 5; `info` makes object 5 + extra.length the Info dictionary. */
function onePage(o: { catalog?: string; page?: string; content?: PdfObject; extra?: PdfObject[]; info?: string } = {}): Uint8Array {
  const extra = o.extra ?? [];
  const objects: PdfObject[] = [
    `<< /Type /Catalog /Pages 2 0 R ${o.catalog ?? ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R ${o.page ?? '/MediaBox [0 0 595 842]'} /Contents 4 0 R >>`,
    o.content ?? LINE,
    ...extra,
  ];
  if (o.info === undefined) return buildPdf(objects);
  objects.push(o.info);
  const pdf = Buffer.from(buildPdf(objects)).toString('latin1');
  return new Uint8Array(Buffer.from(pdf.replace('/Root 1 0 R', `/Root 1 0 R /Info ${objects.length} 0 R`), 'latin1'));
}

async function embed(pdf: Uint8Array) {
  return embedFacturX(pdf, invoiceXml(), { now: NOW, ghostscript: false });
}

async function codes(pdf: Uint8Array): Promise<string[]> {
  return (await checkFacturXPdf(pdf)).problems.map((p) => p.code);
}

async function expectClean(pdf: Uint8Array): Promise<void> {
  expect((await checkFacturXPdf(pdf)).problems).toEqual([]);
  expect(qpdfCheck(pdf).code).toBe(0);
}

async function refusal(pdf: Uint8Array): Promise<PdfNotConvertibleError> {
  const err = await embed(pdf).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PdfNotConvertibleError);
  return err as PdfNotConvertibleError;
}

describe('optional content configurations (6.9)', () => {
  const input = onePage({
    catalog: '/OCProperties << /OCGs [5 0 R 6 0 R] /D << /Name /Default /Order [5 0 R] /AS [<< /Event /View /Category [/View] /OCGs [5 0 R] >>] >> /Configs [<< /Name (Alt) >> << /Name (Alt) /Order [6 0 R] >>] >>',
    extra: ['<< /Type /OCG /Name (Prices) >>', '<< /Type /OCG /Name (Notes) >>'],
  });

  it('the checker flags the input', async () => {
    expect(await codes(input)).toContain('OPTIONAL_CONTENT_CONFIG');
  });

  it('names each configuration with a unique text string and lists every OCG in each Order', async () => {
    const out = await embed(input);
    expect(out.method).toBe('pdfa-upgrade');
    await expectClean(out.pdf);
    const doc = await PDFDocument.load(out.pdf, { updateMetadata: false });
    const oc = doc.catalog.lookup(PDFName.of('OCProperties'), PDFDict);
    const ocgs = oc.lookup(PDFName.of('OCGs'), PDFArray).asArray().map((r) => (r as PDFRef).tag);
    const configs = [oc.lookup(PDFName.of('D'), PDFDict), ...oc.lookup(PDFName.of('Configs'), PDFArray).asArray().map((c) => doc.context.lookup(c) as PDFDict)];
    const names = configs.map((c) => {
      const n = c.lookup(PDFName.of('Name'));
      expect(n instanceof PDFString || n instanceof PDFHexString).toBe(true);
      return (n as PDFString).decodeText();
    });
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toBe('Default');
    expect(configs[0]!.has(PDFName.of('AS'))).toBe(false);
    for (const c of configs) {
      const order = c.lookup(PDFName.of('Order'));
      if (order instanceof PDFArray) expect(order.asArray().map((r) => (r as PDFRef).tag).sort()).toEqual([...ocgs].sort());
    }
  });
});

describe('implementation limits (6.1.13)', () => {
  const big = 'A'.repeat(40_000);

  it('drops Info strings past 32,767 bytes and sets reals under 1.175e-38 to 0', async () => {
    const tiny = `0.${'0'.repeat(40)}1`;
    const input = onePage({ catalog: `/PieceInfo << /Ours << /Data [${tiny} 1.5] >> >>`, info: `<< /Title (${big}) /Custom (${big}) /Author (Ada) >>` });
    expect(await codes(input)).toContain('IMPLEMENTATION_LIMIT');
    const out = await embed(input);
    await expectClean(out.pdf);
    const doc = await PDFDocument.load(out.pdf, { updateMetadata: false });
    const info = doc.context.lookup(doc.context.trailerInfo.Info) as PDFDict;
    expect(info.has(PDFName.of('Custom'))).toBe(false);
    expect((info.lookup(PDFName.of('Title')) as PDFString).decodeText()).not.toContain('AAAA');
    expect((info.lookup(PDFName.of('Author')) as PDFString).decodeText()).toBe('Ada');
    const data = doc.catalog.lookup(PDFName.of('PieceInfo'), PDFDict).lookup(PDFName.of('Ours'), PDFDict).lookup(PDFName.of('Data'), PDFArray);
    expect(data.asArray().map((n) => (n as PDFNumber).asNumber())).toEqual([0, 1.5]);
  });

  it.each([
    ['a 40,000-byte string outside Info', { catalog: '/PieceInfo 5 0 R', extra: [`<< /Ours << /Data (${big}) >> >>`] }, /40000-byte string \(limit 32767\)/],
    ['an integer 3000000000', { catalog: '/PieceInfo << /Ours << /Data 3000000000 >> >>' }, /integer 3000000000 \(limit -2147483648\.\.2147483647\)/],
    ['a 141-byte name', { catalog: `/PieceInfo << /Ours << /Data /${'N'.repeat(141)} >> >>` }, /141-byte name \(limit 127\)/],
    ['q/Q nested 30 deep', { content: { dict: '<< >>', data: Buffer.from(`${'q '.repeat(30)}0 0 m 10 10 l S ${'Q '.repeat(30)}`, 'latin1') } }, /q\/Q nested 30 deep \(limit 28\)/],
  ])('refuses %s, naming the limit', async (_name, parts, message) => {
    const input = onePage(parts);
    expect(await codes(input)).toContain('IMPLEMENTATION_LIMIT');
    const err = await refusal(input);
    expect(err.code).toBe('PDF_NOT_CONVERTIBLE');
    expect(err.details).toEqual([expect.objectContaining({ code: 'IMPLEMENTATION_LIMIT', message: expect.stringMatching(message) })]);
  });

  it('accepts q/Q nested 28 deep and text that merely looks like q', async () => {
    const data = Buffer.from(`${'q '.repeat(28)}BT /F1 1 Tf (${'q '.repeat(40)}) Tj ET ${'Q '.repeat(28)}`, 'latin1');
    const { maxQNesting } = await import('../../lib/pdf/pdfa-limits.js');
    expect(maxQNesting(data)).toBe(28);
    const out = await embed(onePage({ content: { dict: '<< >>', data: Buffer.from(`${'q '.repeat(28)}0 0 m 1 1 l S ${'Q '.repeat(28)}`, 'latin1') } }));
    await expectClean(out.pdf);
  });
});

describe('page boxes (6.1.13)', () => {
  it('clips a 20000 x 20000 MediaBox to the crop box a viewer shows', async () => {
    const input = onePage({ page: '/MediaBox [0 0 20000 20000] /CropBox [0 0 595 842] /TrimBox [-10 -10 19000 19000]' });
    expect(await codes(input)).toContain('PAGE_BOX');
    const out = await embed(input);
    await expectClean(out.pdf);
    const page = (await PDFDocument.load(out.pdf, { updateMetadata: false })).getPage(0);
    expect(page.getMediaBox()).toEqual({ x: 0, y: 0, width: 595, height: 842 });
    expect(page.getTrimBox()).toEqual({ x: 0, y: 0, width: 595, height: 842 });
  });

  it.each([
    ['a 20000 x 20000 MediaBox without a crop box', '/MediaBox [0 0 20000 20000]'],
    ['a page of 8000 units with UserUnit 2', '/MediaBox [0 0 8000 800] /UserUnit 2'],
    ['a page 2 units high', '/MediaBox [0 0 595 2]'],
  ])('refuses %s', async (_name, page) => {
    const input = onePage({ page });
    expect(await codes(input)).toContain('PAGE_BOX');
    const err = await refusal(input);
    expect(err.details).toEqual([expect.objectContaining({ code: 'PAGE_BOX', message: expect.stringMatching(/outside 3\.\.14400 units per side/) })]);
  });

  it('keeps an A4 page with UserUnit 2 as it is', async () => {
    const out = await embed(onePage({ page: '/MediaBox [0 0 595 842] /UserUnit 2' }));
    await expectClean(out.pdf);
  });
});

describe('CIDSet (6.2.11.4.2)', () => {
  it('is removed from the fonts, and the checker flags it', async () => {
    const rendered = await renderInvoicePdf(validInvoice(), { now: NOW, xml: invoiceXml() });
    const doc = await PDFDocument.load(rendered, { updateMetadata: false });
    let added = 0;
    for (const [, obj] of doc.context.enumerateIndirectObjects()) {
      if (obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('FontDescriptor')) {
        obj.set(PDFName.of('CIDSet'), doc.context.register(doc.context.stream(new Uint8Array([0x80]))));
        added++;
      }
    }
    expect(added).toBeGreaterThan(0);
    const input = await doc.save({ useObjectStreams: false });
    expect(await codes(input)).toContain('CIDSET');
    const out = await embed(input);
    expect(out.method).toBe('pdfa-upgrade');
    await expectClean(out.pdf);
    const after = await PDFDocument.load(out.pdf, { updateMetadata: false });
    const left = [...after.context.enumerateIndirectObjects()].filter(([, o]) => o instanceof PDFDict && o.has(PDFName.of('CIDSet')));
    expect(left).toEqual([]);
  });
});

describe('DeviceN colorants (6.2.4.4)', () => {
  const tint = '<< /FunctionType 2 /Domain [0 1 0 1] /C0 [0 0 0] /C1 [1 1 1] /N 1 >>';
  const withDeviceN = (attrs: string, pageExtra = '') =>
    onePage({
      page: `/MediaBox [0 0 595 842] ${pageExtra} /Resources << /ColorSpace << /CS0 [/DeviceN [/Gold /Cyan] /DeviceRGB ${tint} ${attrs}] >> >>`,
      content: { dict: '<< >>', data: Buffer.from('/CS0 cs 1 0 scn 0 0 100 100 re f', 'latin1') },
    });

  it('refuses a DeviceN whose spot colour has no Colorants entry, naming it', async () => {
    const input = withDeviceN('');
    expect(await codes(input)).toContain('DEVICEN_COLORANTS');
    const err = await refusal(input);
    expect(err.details).toEqual([expect.objectContaining({ code: 'DEVICEN_COLORANTS', message: expect.stringMatching(/Gold/) })]);
    expect(err.details![0]!.message).not.toMatch(/Cyan/);
  });

  it('accepts it when Colorants defines the spot colour', async () => {
    const out = await embed(withDeviceN('<< /Colorants << /Gold [/Separation /Gold /DeviceRGB << /FunctionType 2 /Domain [0 1] /C0 [1 1 1] /C1 [0.8 0.6 0] /N 1 >>] >> >>'));
    await expectClean(out.pdf);
  });

  it('refuses it after a re-rendering too (the Ghostscript path)', async () => {
    // An annotation without appearance stream: only a re-rendering can fix it.
    const input = withDeviceN(
      '<< /Colorants << /Gold [/Separation /Gold /DeviceRGB << /FunctionType 2 /Domain [0 1] /C0 [1 1 1] /C1 [0.8 0.6 0] /N 1 >>] >> >>',
      '/Annots [<< /Type /Annot /Subtype /Square /Rect [0 0 10 10] /F 4 >>]',
    );
    expect(await codes(input)).not.toContain('DEVICEN_COLORANTS');
    // A rewriter standing in for Ghostscript that returns the spot colour without its Colorants, as the issue saw.
    const rewriter = { name: 'fake-gs', rewriteToPdfA3: async () => withDeviceN('') };
    const err = await embedFacturX(input, invoiceXml(), { now: NOW, ghostscript: rewriter }).then(
      () => undefined,
      (e: unknown) => e as PdfNotConvertibleError,
    );
    expect(err).toBeInstanceOf(PdfNotConvertibleError);
    expect(err!.details).toEqual([expect.objectContaining({ code: 'DEVICEN_COLORANTS' })]);
    expect(err!.message).toMatch(/after re-rendering with fake-gs/);
  });
});
