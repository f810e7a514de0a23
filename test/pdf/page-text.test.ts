/**
 * The text pages show, measured from their content streams (lib/pdf/page-text.ts): what v1 convert's cost estimate
 * reads to tell a text page from a scan.
 */
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { readPdfOverview } from '../../lib/pdf/extract.js';
import { measurePdfText, scanContentText } from '../../lib/pdf/page-text.js';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('scanContentText', () => {
  it('counts the characters of Tj, TJ, quote operators (hex strings by their bytes), and nothing else', () => {
    expect(scanContentText(bytes('BT /F1 12 Tf 72 700 Td (Invoice 42) Tj ET')).chars).toBe(10);
    expect(scanContentText(bytes('BT [(Inv) -120 (oice)] TJ ET')).chars).toBe(7);
    expect(scanContentText(bytes("BT <00410042> Tj (x) ' 1 2 (yz) \" ET")).chars).toBe(4 + 1 + 2);
    expect(scanContentText(bytes('BT (a\\)b) Tj ET')).chars).toBe(3);
    // Strings not shown: marked-content properties, comments, a string before another operator.
    expect(scanContentText(bytes('/Span <</ActualText (hidden text)>> BDC EMC % (comment) Tj\n (x) Tz')).chars).toBe(0);
  });

  it('skips inline image data and says the page paints one', () => {
    const found = scanContentText(bytes('q BI /W 2 /H 2 /BPC 8 /CS /G ID \x00(Tj)\xff EI Q BT (ok) Tj ET'));
    expect(found).toEqual({ chars: 2, inlineImage: true });
  });
});

describe('measurePdfText', () => {
  it('tells text pages from image-only pages', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage().drawText('Facture FA-2026-001 du 3 mars 2026', { x: 50, y: 700, font, size: 12 });
    const png = new PNG({ width: 4, height: 4 });
    png.data.fill(200);
    const image = await doc.embedPng(PNG.sync.write(png));
    doc.addPage().drawImage(image, { x: 0, y: 0, width: 500, height: 700 });
    // pdf-lib writes embedded images when saving: measure the saved file, as v1 convert does.
    const saved = await doc.save();
    const loaded = await PDFDocument.load(saved);
    const measure = measurePdfText(loaded.context, loaded.catalog);
    expect(measure.pageCount).toBe(2);
    expect(measure.pages[0]).toMatchObject({ chars: 34, images: false });
    expect(measure.pages[1]).toMatchObject({ chars: 0, images: true });

    // The v1 overview carries it when the PDF has no invoice XML and it is asked for.
    expect((await readPdfOverview(saved, { measureText: true })).text?.pages.map((p) => p.chars)).toEqual([34, 0]);
    expect((await readPdfOverview(saved)).text).toBeUndefined();
  });

  it('measures at most maxPages pages and still counts them all', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 5; i++) doc.addPage();
    const measure = measurePdfText(doc.context, doc.catalog, { maxPages: 2 });
    expect(measure).toMatchObject({ pageCount: 5 });
    expect(measure.pages).toHaveLength(2);
  });
});
