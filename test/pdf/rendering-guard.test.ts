/**
 * Issue 17 #6: a Ghostscript re-rendering is handed out only when every page
 * shows the same text and keeps its links; form field values are drawn into
 * the pages first so they survive.
 */
import { PDFDocument, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkFacturXPdf } from '../../lib/pdf/check.js';
import { embedFacturX } from '../../lib/pdf/embed.js';
import { PdfNotConvertibleError } from '../../lib/pdf/errors.js';
import type { PdfRewriter } from '../../lib/pdf/ghostscript.js';
import { renderingChanges } from '../../lib/pdf/rendering-guard.js';
import { makePlainPdf, makeStandardFontPdf } from '../fixtures/pdf/make.js';
import { invoiceXml, NOW } from './helpers.js';
import { normalizeSpaces, pdftotext, qpdfCheck } from './tools.js';

/** A LibreOffice-like invoice: Helvetica not embedded (so it must be re-rendered), two filled text fields and a web link. */
async function formInvoice(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595.28, 841.89]);
  page.drawText('Invoice 2026-17', { x: 50, y: 780, size: 14, font });
  const form = doc.getForm();
  for (const [name, value, y] of [['buyer', 'Lovelace Analytical Engines SARL', 700], ['payment', 'Virement SEPA 30 jours', 660]] as const) {
    const field = form.createTextField(name);
    field.setText(value);
    field.addToPage(page, { x: 50, y, width: 300, height: 24, font });
  }
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [50, 600, 250, 620],
    Border: [0, 0, 0],
    F: 4,
    A: { S: 'URI', URI: PDFString.of('https://example.com/pay/2026-17') },
  });
  page.node.addAnnot(doc.context.register(link));
  return doc.save({ useObjectStreams: false });
}

async function refusal(p: Promise<unknown>): Promise<PdfNotConvertibleError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PdfNotConvertibleError);
  return err as PdfNotConvertibleError;
}

describe('re-rendering keeps what the pages show', () => {
  it('keeps the field values and the link of a form invoice through Ghostscript', async () => {
    const out = await embedFacturX(await formInvoice(), invoiceXml(), { now: NOW });
    expect(out.method).toBe('ghostscript-pdfa3');
    expect(out.changes.join(' ')).toMatch(/flattened/);
    const text = normalizeSpaces(pdftotext(out.pdf));
    expect(text).toContain('Lovelace Analytical Engines SARL');
    expect(text).toContain('Virement SEPA 30 jours');
    const doc = await PDFDocument.load(out.pdf, { updateMetadata: false });
    const annots = doc.getPage(0).node.Annots()?.asArray().map((a) => doc.context.lookup(a)) ?? [];
    const uris = annots.map((a) => (a as { lookup?: (k: PDFName) => unknown }).lookup?.(PDFName.of('A'))).map((a) => (a as { lookup(k: PDFName): PDFString } | undefined)?.lookup(PDFName.of('URI'))?.decodeText());
    expect(uris).toContain('https://example.com/pay/2026-17');
    expect((await checkFacturXPdf(out.pdf)).problems).toEqual([]);
    expect(qpdfCheck(out.pdf).code).toBe(0);
  });

  it('refuses a re-rendering whose text differs, saying which page', async () => {
    const other = await makePlainPdf();
    const rewriter: PdfRewriter = { name: 'fake-gs', rewriteToPdfA3: async () => other };
    const err = await refusal(embedFacturX(await makeStandardFontPdf(), invoiceXml(), { now: NOW, ghostscript: rewriter }));
    expect(err.message).toMatch(/Re-rendering with fake-gs would change what the pages show: page 1: the text changed/);
    expect(err.details).toEqual([expect.objectContaining({ code: 'FONT_NOT_EMBEDDED' })]);
  });

  it('refuses a re-rendering that drops a link', async () => {
    const input = await formInvoice();
    // Gives the input back with its fields drawn in but its link gone: same text, one link less.
    const rewriter: PdfRewriter = {
      name: 'fake-gs',
      rewriteToPdfA3: async (pdf) => {
        const doc = await PDFDocument.load(pdf);
        doc.getPage(0).node.delete(PDFName.of('Annots'));
        return doc.save();
      },
    };
    const err = await refusal(embedFacturX(input, invoiceXml(), { now: NOW, ghostscript: rewriter }));
    expect(err.message).toMatch(/page 1: 1 link lost \(URI https:\/\/example\.com\/pay\/2026-17\)/);
  });

  it('compares page by page, white space aside', () => {
    const before = { texts: ['Invoice2026-17', 'Total99.00'], links: [[], ['URI x']] };
    expect(renderingChanges(before, { texts: ['Invoice2026-17', 'Total99.00'], links: [[], ['URI x']] })).toEqual([]);
    expect(renderingChanges(before, { texts: ['Invoice2026-17', 'Total'], links: [[], ['URI x']] })).toEqual(['page 2: the text changed ("99.00" became nothing)']);
    expect(renderingChanges(before, { texts: ['Invoice2026-17', 'Total99.00'], links: [[], []] })).toEqual(['page 2: 1 link lost (URI x)']);
  });
});
