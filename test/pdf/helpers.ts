/**
 * Shared pieces of the PDF tests: invoice XML in each Factur-X profile,
 * decoding page contents, and editing a PDF with pdf-lib.
 */
import { PDFArray, PDFDocument, PDFName, PDFRef, PDFStream } from '@cantoo/pdf-lib';
import { writeCii } from '../../lib/cii/writer.js';
import { decodeStream } from '../../lib/pdf/objects.js';
import type { FacturXProfile } from '../../lib/pdf/profile.js';
import { validInvoice } from '../fixtures/model.js';

/** BT-24 of each Factur-X profile (Factur-X 1.0). */
export const SPECIFICATION_IDS: Record<Exclude<FacturXProfile, 'XRECHNUNG'>, string> = {
  MINIMUM: 'urn:factur-x.eu:1p0:minimum',
  'BASIC WL': 'urn:factur-x.eu:1p0:basicwl',
  BASIC: 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
  'EN 16931': 'urn:cen.eu:en16931:2017',
  EXTENDED: 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended',
};

/** A CII XML of the minimal valid invoice, with the given BT-24 (default EN 16931) and invoice number. */
export function invoiceXml(specificationId = SPECIFICATION_IDS['EN 16931'], number = 'F-2026-001'): string {
  const inv = validInvoice();
  inv.process.specificationId = specificationId;
  inv.number = number;
  return writeCii(inv);
}

/** The same XML as UTF-8 bytes. */
export function invoiceXmlBytes(specificationId?: string, number?: string): Uint8Array {
  return new TextEncoder().encode(invoiceXml(specificationId, number));
}

/** The decoded content of every page (all content streams concatenated), in page order. */
export async function pageContents(pdf: Uint8Array): Promise<Uint8Array[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return doc.getPages().map((p) => {
    const contents = p.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : contents === undefined ? [] : [contents];
    const parts = refs.map((r) => {
      const s = r instanceof PDFRef ? doc.context.lookup(r) : r;
      return s instanceof PDFStream ? decodeStream(s) : new Uint8Array();
    });
    return Buffer.concat(parts);
  });
}

/** Loads a PDF, lets `edit` change it, saves it without object streams. */
export async function editPdf(pdf: Uint8Array, edit: (doc: PDFDocument) => void | Promise<void>): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  await edit(doc);
  return doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
}

/** The decoded bytes (latin1 text) of every stream object of a PDF; undecodable streams give ''. */
export async function allStreamTexts(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return doc.context.enumerateIndirectObjects().flatMap(([, o]) => {
    if (!(o instanceof PDFStream)) return [];
    try {
      return [Buffer.from(decodeStream(o)).toString('latin1')];
    } catch {
      return [''];
    }
  });
}

/** A fixed clock for deterministic outputs. */
export const NOW = new Date('2026-11-02T09:30:00Z');
