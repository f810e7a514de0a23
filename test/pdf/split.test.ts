/**
 * A scanned PDF split into single-page PDFs (lib/pdf/split.ts), as the AWS
 * path sends a multi-page scan to Textract page by page, through the
 * isolation pool's task of the same job.
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { splitPdfPages } from '../../lib/pdf/split.js';
import { runTask } from '../../lib/isolate/tasks.js';

/** A PDF whose pages are told apart by their widths. */
async function pdfOfWidths(widths: number[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const w of widths) doc.addPage([w, 842]).drawText(`page ${w}`, { x: 20, y: 800 });
  return doc.save();
}

describe('splitPdfPages', () => {
  it('gives one single-page PDF per page, in order', async () => {
    const pages = await splitPdfPages(await pdfOfWidths([500, 595, 612]));
    expect(pages).toHaveLength(3);
    const widths = await Promise.all(pages.map(async (p) => {
      const doc = await PDFDocument.load(p);
      expect(doc.getPageCount()).toBe(1);
      return Math.round(doc.getPage(0).getWidth());
    }));
    expect(widths).toEqual([500, 595, 612]);
  });

  it('is the isolation task pdfPages, and refuses bytes that are no PDF', async () => {
    const pages = (await runTask('pdfPages', await pdfOfWidths([400, 410]), { extend: () => {} })) as Uint8Array[];
    expect(pages).toHaveLength(2);
    await expect(splitPdfPages(new TextEncoder().encode('not a pdf'))).rejects.toThrow();
  });
});
