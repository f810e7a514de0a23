/**
 * v1 convert of a PDF carrying a UBL 2.1 Invoice or CreditNote (issue 13, point 6), as some ERPs write: the UBL is read
 * into the model (extractedData.method `embedded-ubl`, exact), then written and validated as CII. The PDFs are made
 * here: a page of text (pdf-lib) with the UBL attached under an ERP's own name, or under `xrechnung.xml`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import type { InvoiceExtractor } from '../../lib/extract/port.js';
import { parseInvoiceInput } from '../../lib/input/schema.js';
import { invoiceFromInput } from '../../lib/input/to-model.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { extractInvoiceXml } from '../../lib/pdf/extract.js';
import { readCiiXml } from '../../lib/validate-xml.js';
import { convertDocument } from '../../lib/v1/convert.js';
import { writeUblForTest } from '../fixtures/ubl/write-ubl.js';

const example = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'functions', '_shared', 'examples', 'invoice.json'), 'utf8')) as Record<string, unknown>;

function modelOf(input: unknown): Invoice {
  const parsed = parseInvoiceInput(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return invoiceFromInput(parsed.value);
}

async function pdfWith(attachment: { name: string; xml: string } | undefined): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('Rechnung 4711 (see the attached XML)', { x: 50, y: 780, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  if (attachment) await doc.attach(new TextEncoder().encode(attachment.xml), attachment.name, { mimeType: 'application/xml', description: 'Invoice' });
  return doc.save();
}

/** The extractor must not be needed: the embedded XML says everything. */
const unused: InvoiceExtractor = {
  name: 'unused',
  extract: () => Promise.reject(new Error('the extractor was called although the PDF carries the invoice XML')),
};

describe('a PDF with a UBL invoice inside', () => {
  it.each(['invoice-4711.xml', 'ubl.xml', 'xrechnung.xml'])('attached as %s: read exactly and written as valid CII', async (name) => {
    const model = modelOf(example);
    const bytes = await pdfWith({ name, xml: writeUblForTest(model) });
    const result = await convertDocument({ bytes, mimeType: 'application/pdf', profile: 'comfort' }, { extractor: unused });

    expect(result.extractedData).toMatchObject({ method: 'embedded-ubl', exact: true, invoiceNumber: model.number, sellerName: model.seller.name, buyerName: model.buyer.name, totalTTC: model.totals.taxInclusiveAmount!.toFixed(2) });
    expect(result.validation.errors).toEqual([]);
    expect(result.missing).toEqual([]);
    const cii = readCiiXml(result.factureX!.xml);
    expect(cii.number).toBe(model.number);
    expect(cii.lines.map((l) => [l.item.name, l.netAmount?.toString()])).toEqual(model.lines.map((l) => [l.item.name, l.netAmount?.toString()]));
    expect(cii.totals.taxInclusiveAmount?.toString()).toBe(model.totals.taxInclusiveAmount?.toString());
  });

  it('a UBL CreditNote becomes a CII credit note (381) with its preceding invoice', async () => {
    const model = modelOf({ ...example, invoiceNumber: 'AV-2026-007', documentType: '381', precedingInvoice: { number: 'FA-2026-0042', date: '2026-11-20' } });
    const bytes = await pdfWith({ name: 'creditnote.xml', xml: writeUblForTest(model, { creditNote: true }) });
    const result = await convertDocument({ bytes, mimeType: 'application/pdf', profile: 'comfort' }, { extractor: unused });

    expect(result.extractedData.method).toBe('embedded-ubl');
    const cii = readCiiXml(result.factureX!.xml);
    expect(cii.typeCode).toBe('381');
    expect(cii.precedingInvoices).toEqual([{ reference: 'FA-2026-0042', issueDate: '2026-11-20' }]);
  });

  it('an XML attachment that is neither CII nor UBL is no invoice XML; a PDF without attachments has none', async () => {
    expect(await extractInvoiceXml(await pdfWith({ name: 'order.xml', xml: '<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>' }))).toBeUndefined();
    expect(await extractInvoiceXml(await pdfWith(undefined))).toBeUndefined();
  });
});
