/**
 * v1 convert never throws what it read away (issue 13, point 1): a document
 * with a number, a date and a total but no buyer, no seller address and no
 * line VAT rates comes back with every field read, the official findings for
 * what is missing, `missing` by input field name, and no XML. Only a document
 * with neither a number nor a total is a 422 EXTRACTION_FAILED.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from '../../lib/errors.js';
import { assertUsable, documentFromPlainText, parseInvoice } from '../../lib/extract/field-parser/index.js';
import type { ExtractedInvoice, InvoiceExtractor } from '../../lib/extract/port.js';
import { convertDocument } from '../../lib/v1/convert.js';
import { missingFromFindings, partialInvoiceFromInput } from '../../lib/v1/partial-invoice.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'extract', 'partial');

/** An extractor that reads the document bytes as plain text with the local field parser. */
const textExtractor: InvoiceExtractor = {
  name: 'text',
  async extract({ bytes }) {
    const invoice = parseInvoice(documentFromPlainText(new TextDecoder().decode(bytes)), { method: 'pdf-text' });
    assertUsable(invoice);
    return invoice;
  },
};

/** An extractor answering a given extraction. */
const fixed = (x: ExtractedInvoice): InvoiceExtractor => ({ name: 'fixed', extract: async () => structuredClone(x) });

const convert = (name: string, extractor: InvoiceExtractor = textExtractor) =>
  convertDocument({ bytes: readFileSync(join(DIR, name)), mimeType: 'text/plain', profile: 'comfort', businessProcess: 'B1' }, { extractor });

describe('v1 partial results', () => {
  it('keeps number, date and total when the buyer, the seller address and the line VAT rates are missing', async () => {
    const result = await convert('no-buyer-no-rates.txt');

    expect(result.extractedData).toMatchObject({ invoiceNumber: 'NW-2026-118', invoiceDate: '2026-10-14', sellerName: 'Nordlicht Werkstatt GmbH', totalTTC: '425.00' });
    expect(result.extractedData.confidence.invoiceNumber).toBeGreaterThan(0);
    expect(result.factureX).toBeNull();
    expect(result.missing).toEqual(expect.arrayContaining(['seller.address', 'buyer.name', 'buyer.address', 'items[0].vatRate', 'items[2].vatRate']));
    expect(result.missing).not.toContain('invoiceNumber');
    expect(result.missing).not.toContain('invoiceDate');
    const rules = result.validation.errors.map((e) => e.rule);
    expect(rules).toEqual(expect.arrayContaining(['BR-07', 'BR-08', 'BR-10', 'BR-S-05']));
    expect(rules).not.toContain('BR-02');
    expect(rules).not.toContain('BR-03');
    expect(result.validation).toMatchObject({ valid: false, isValid: false });
    expect(result.validation.score).toBeLessThan(50);
  });

  it('produces the XML, with nothing missing, when the document has everything', async () => {
    const result = await convert('complete.txt');

    expect(result.validation.errors).toEqual([]);
    expect(result.missing).toEqual([]);
    expect(result.factureX?.xml).toContain('<ram:ID>FA-2026-0042</ram:ID>');
  });

  it('answers EXTRACTION_FAILED only when neither a number nor a total was read', async () => {
    await expect(convert('nothing.txt')).rejects.toBeInstanceOf(ExtractionError);
    const dateOnly: ExtractedInvoice = {
      method: 'pdf-text', exact: false, seller: { name: { value: 'Someone', confidence: 0.5 } }, buyer: {}, lines: [], vatBreakdown: [], totals: {}, checks: [], notes: [],
      invoiceDate: { value: '2026-01-02', confidence: 0.8 },
    };
    await expect(convert('nothing.txt', fixed(dateOnly))).rejects.toMatchObject({ code: 'EXTRACTION_FAILED' });
    // A total alone is kept: 200 with what is missing.
    const totalOnly = { ...dateOnly, totals: { totalTTC: { value: '12.00', confidence: 0.9 } } };
    const result = await convert('nothing.txt', fixed(totalOnly));
    expect(result.factureX).toBeNull();
    expect(result.missing).toEqual(expect.arrayContaining(['invoiceNumber', 'buyer.name', 'items']));
    expect(result.validation.errors.map((e) => e.rule)).toEqual(expect.arrayContaining(['BR-02', 'BR-07', 'BR-16']));
  });
});

describe('partialInvoiceFromInput', () => {
  const complete = {
    invoiceNumber: 'A-1', invoiceDate: '2026-03-04',
    seller: { name: 'Seller SA', address: '1 rue A, 75001 Paris', vatNumber: 'FR44732829320' },
    buyer: { name: 'Buyer SA', address: '2 rue B, 69002 Lyon' },
    items: [{ description: 'Thing', quantity: '1', unitPrice: '10', vatRate: '20' }],
  };

  it.each([
    ['invoiceNumber', (i: Record<string, unknown>) => delete i.invoiceNumber, (inv: { number: string }) => inv.number === ''],
    ['seller.name', (i: Record<string, any>) => (i.seller.name = '  '), (inv: { seller: { name: string } }) => inv.seller.name === ''],
    ['buyer.address', (i: Record<string, any>) => delete i.buyer.address, (inv: { buyer: { address: object } }) => Object.keys(inv.buyer.address).length <= 1],
  ] as const)('a missing %s is listed and absent from the model (no stand-in left)', (field, drop, absent) => {
    const input = structuredClone(complete) as Record<string, any>;
    drop(input);
    const { invoice, missing } = partialInvoiceFromInput(input);
    expect(missing).toEqual([field]);
    expect(absent(invoice as never)).toBe(true);
  });

  it('treats a value the schema refuses as not read, with a note: an impossible date', () => {
    const { invoice, missing, notes } = partialInvoiceFromInput({ ...complete, invoiceDate: '2026-02-30' });
    expect(missing).toEqual(['invoiceDate']);
    expect(invoice.issueDate).toBe('');
    expect(notes.join(' ')).toMatch(/invoiceDate.*2026-02-30/);
  });

  it('drops the VAT group of lines whose rate is unknown, keeping the rated ones', () => {
    const input = structuredClone(complete) as Record<string, any>;
    input.items.push({ description: 'Other', quantity: '2', unitPrice: '5' });
    const { invoice, missing } = partialInvoiceFromInput(input);
    expect(missing).toEqual(['items[1].vatRate']);
    expect(invoice.lines[1]!.vat.rate).toBeUndefined();
    expect(invoice.vatBreakdown.map((b) => b.rate?.toString())).toEqual(['20']);
    expect(invoice.totals.vatTotal?.toString()).toBe('2');
  });
});

describe('missingFromFindings', () => {
  it.each([
    [[{ rule: 'BR-06', path: 'seller.name' }], ['seller.name']],
    [[{ rule: 'BR-S-05', path: 'lines[3].vat.rate' }], ['items[3].vatRate']],
    [[{ rule: 'BR-CO-26', path: 'seller' }, { rule: 'BR-S-02', path: 'seller.vatId' }], ['seller.vatNumber']],
    [[{ rule: 'BR-FR-08_BT-23', path: '/rsm:CrossIndustryInvoice' }], ['businessProcess']],
    [[{ rule: 'BR-CO-15', path: 'totals.taxInclusiveAmount' }], []],
  ])('%j -> %j', (findings, fields) => {
    expect(missingFromFindings(findings)).toEqual(fields);
  });

  it('an address that was given but has no country asks for the country', () => {
    expect(missingFromFindings([{ rule: 'BR-10', path: 'buyer.address' }], (f) => f === 'buyer.address')).toEqual(['buyer.country']);
    expect(missingFromFindings([{ rule: 'BR-10', path: 'buyer.address' }], () => false)).toEqual(['buyer.address']);
  });
});

describe('v1 convert of a document that is not an invoice', () => {
  it('answers EXTRACTION_FAILED naming its title, even with a total read', async () => {
    const quote = { method: 'pdf-text' as const, exact: false, seller: {}, buyer: {}, lines: [], vatBreakdown: [], totals: { totalTTC: { value: '120.00', confidence: 0.9 } }, checks: [], notes: [], notAnInvoice: 'Quotation' };
    await expect(convert('nothing.txt', fixed(quote))).rejects.toThrow(/not an invoice.*Quotation/);
  });
});
