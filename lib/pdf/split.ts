/**
 * Splits a PDF into single-page PDFs, so a scan of several pages can go to a
 * reader that takes one page per call (Textract AnalyzeExpense reads
 * single-page PDFs synchronously). Each page keeps its resources (the scanned
 * image); nothing is re-rendered.
 */
import { PDFDocument } from '@cantoo/pdf-lib';

/**
 * The pages of a PDF, one single-page PDF each, in order.
 *
 * @throws when the bytes are not a PDF pdf-lib can read.
 */
export async function splitPdfPages(bytes: Uint8Array): Promise<Uint8Array[]> {
  const source = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const pages: Uint8Array[] = [];
  for (let i = 0; i < source.getPageCount(); i++) {
    const single = await PDFDocument.create({ updateMetadata: false });
    const [page] = await single.copyPages(source, [i]);
    single.addPage(page!);
    pages.push(await single.save({ useObjectStreams: false }));
  }
  return pages;
}
