/**
 * Embedding a fresh XML into every PDF of the shared corpus (real Factur-X,
 * ZUGFeRD 1.0 and 2.x files from many producers) gives a checker-clean
 * Factur-X PDF/A-3 file with the same number of pages, which qpdf accepts and
 * from which the fresh XML comes back byte for byte.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFacturXPdf } from '../../lib/pdf/check.js';
import { embedFacturX } from '../../lib/pdf/embed.js';
import { extractInvoiceXml } from '../../lib/pdf/extract.js';
import { requireShared } from '../shared-path.js';
import { invoiceXmlBytes, NOW } from './helpers.js';
import { pdfinfo, qpdfAttachments, qpdfCheck } from './tools.js';

const PDF_DIR = requireShared('conformance', 'pdf');
const CORPUS = readdirSync(PDF_DIR).filter((f) => f.endsWith('.pdf')).sort();

describe('embedding a fresh XML into each corpus PDF', () => {
  const xml = invoiceXmlBytes(undefined, 'FRESH-2026-77');

  it.each(CORPUS)('%s', async (file) => {
    const input = new Uint8Array(readFileSync(join(PDF_DIR, file)));
    const result = await embedFacturX(input, xml, { now: NOW });
    const check = await checkFacturXPdf(result.pdf);
    expect(check.problems).toEqual([]);
    expect(pdfinfo(result.pdf)['Pages']).toBe(pdfinfo(input)['Pages']);
    expect(qpdfCheck(result.pdf).code).toBe(0);
    expect(qpdfAttachments(result.pdf).filter((n) => /factur-x|zugferd|xrechnung/i.test(n))).toEqual(['factur-x.xml']);
    const back = await extractInvoiceXml(result.pdf);
    expect(Buffer.from(back!.xml).equals(Buffer.from(xml))).toBe(true);
  });
});
