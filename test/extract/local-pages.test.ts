/**
 * Every page (issue 13, point 5): a text PDF and a scanned PDF whose total is printed on the last page are read to
 * that page; reading is bounded in time, and pages left unread are named in a note.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalExtractor, ocrPageOrder } from '../../lib/extract/local/index.js';
import { cpuTimed } from '../timing.js';

/** Three pages (four with `filler`): the header on the first, lines on the second, the totals on the last. */
async function threePageInvoice(filler = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = [
    ['Nordlicht Werkstatt GmbH', 'Industriestrasse 5, 80331 Muenchen', 'USt-IdNr. DE812345673', '', 'Rechnung Nr. NW-2026-501', 'Rechnungsdatum: 14.10.2026', '', 'Kunde:', 'Baeckerei Huber', 'Lindenweg 12', '82110 Germering'],
    ['Pos  Bezeichnung                 Menge     Preis      Betrag', '1    Wartung Maschine A              2    150,00      300,00', '2    Ersatzteile                     1     80,00       80,00'],
    ...(filler ? [['Allgemeine Geschaeftsbedingungen', 'Es gelten unsere Liefer- und Zahlungsbedingungen.']] : []),
    ['Nettobetrag                     380,00', 'zzgl. 19 % MwSt.                 72,20', 'Rechnungsbetrag                 452,20 EUR'],
  ];
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((text, k) => page.drawText(text, { x: 50, y: 780 - 18 * k, size: 11, font }));
  }
  return doc.save();
}

/** The same pages as images only (a scan): each page rendered with pdftoppm and placed alone on a page. */
async function scanOf(pdf: Uint8Array, dpi = 150): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'pages-scan-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const src = await PDFDocument.load(pdf);
    const doc = await PDFDocument.create();
    for (let p = 1; p <= src.getPageCount(); p++) {
      execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', '-singlefile', '-f', String(p), '-l', String(p), join(dir, 'in.pdf'), join(dir, `p${p}`)]);
      const image = await doc.embedPng(readFileSync(join(dir, `p${p}.png`)));
      doc.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    }
    return doc.save();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const extractors: Array<{ dispose(): Promise<void> }> = [];
const make = (options: Parameters<typeof createLocalExtractor>[0] = {}) => {
  const x = createLocalExtractor({ ocrDpi: 150, ...options });
  extractors.push(x);
  return x;
};
afterAll(async () => {
  for (const x of extractors) await x.dispose();
});

describe('every page of a text PDF', () => {
  it('reads the total printed on page 3', async () => {
    const result = await make().extract({ bytes: await threePageInvoice(), mimeType: 'application/pdf' });
    expect(result.method).toBe('pdf-text');
    expect(result.invoiceNumber?.value).toBe('NW-2026-501');
    expect(result.totals.totalTTC?.value).toBe('452.20');
    expect(result.notes.join(' ')).not.toMatch(/pages were read/);
  });

  it('stops at its time budget after the first page, and says which pages were left', async () => {
    const result = await make({ textTimeMs: 0 }).extract({ bytes: await threePageInvoice(), mimeType: 'application/pdf' });
    expect(result.invoiceNumber?.value).toBe('NW-2026-501');
    expect(result.totals.totalTTC).toBeUndefined();
    expect(result.notes.join(' ')).toMatch(/Only the first 1 of 3 pages were read \(time\)/);
  });
});

describe('every page of a scanned PDF, by OCR', () => {
  it('reads first the first page, then the last, then the others', () => {
    expect(ocrPageOrder(0)).toEqual([]);
    expect(ocrPageOrder(1)).toEqual([0]);
    expect(ocrPageOrder(2)).toEqual([0, 1]);
    expect(ocrPageOrder(5)).toEqual([0, 4, 1, 2, 3]);
  });

  it('reads the total printed on the last of four scanned pages', async () => {
    const scan = await scanOf(await threePageInvoice(true));
    const result = await make().extract({ bytes: scan, mimeType: 'application/pdf' });
    expect(result.method).toBe('ocr');
    expect(result.invoiceNumber?.value).toBe('NW-2026-501');
    // The last page is read second, so its total is there even when time runs out before a middle page.
    expect(result.totals.totalTTC?.value).toBe('452.20');
  }, 180_000);

  it('is bounded in time: past its budget no further page is started, and a note names the pages left', async () => {
    const scan = await scanOf(await threePageInvoice());
    const { value: result, error, cpuMs } = await cpuTimed(() => make({ ocrTimeMs: 0 }).extract({ bytes: scan, mimeType: 'application/pdf' }));
    if (!result) throw error;
    expect(result.invoiceNumber?.value).toBe('NW-2026-501');
    expect(result.notes.join(' ')).toMatch(/Only 1 of 3 pages were read by OCR \(page 1; time/);
    // One page only: a generous bound in CPU time (OCR threads and pdftoppm included, ../timing.ts), which a loaded
    // machine does not inflate; three pages cost about three times as much.
    expect(cpuMs).toBeLessThan(60_000);
  }, 180_000);
});
