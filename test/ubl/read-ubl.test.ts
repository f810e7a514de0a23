/**
 * The UBL 2.1 reader (issue 13, point 6): a UBL Invoice or CreditNote written from our own model (test-only writer,
 * test/fixtures/ubl/write-ubl.ts) reads back into the same model, for the example invoice and every EN 16931 terms
 * fixture (allowances, charges, periods, references, line discounts and gross prices).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInvoiceInput } from '../../lib/input/schema.js';
import { invoiceFromInput } from '../../lib/input/to-model.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { looksLikeUbl, readUblXml } from '../../lib/ubl/read.js';
import { writeUblForTest } from '../fixtures/ubl/write-ubl.js';

const root = join(import.meta.dirname, '..', '..');
const example = JSON.parse(readFileSync(join(root, 'functions', '_shared', 'examples', 'invoice.json'), 'utf8')) as unknown;
const terms = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'terms', 'invoices.json'), 'utf8')) as Record<string, unknown>;

function modelOf(input: unknown): Invoice {
  const parsed = parseInvoiceInput(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return invoiceFromInput(parsed.value);
}

/** The model as plain data: decimals by value (12.50 = 12.5). */
const plain = (inv: Invoice): unknown => JSON.parse(JSON.stringify(inv));

const CASES: Array<[string, unknown]> = [['example invoice', example], ...Object.entries(terms)];

describe('readUbl', () => {
  it.each(CASES)('%s: UBL Invoice written from the model reads back as the same model', (_name, input) => {
    const model = modelOf(input);
    const ubl = writeUblForTest(model);
    expect(looksLikeUbl(ubl)).toBe(true);
    expect(plain(readUblXml(ubl))).toEqual(plain(model));
  });

  it('a CreditNote (CreditNoteTypeCode, CreditNoteLine, CreditedQuantity, due date in PaymentMeans) reads as a 381', () => {
    const model = modelOf({ ...(example as object), documentType: '381', precedingInvoice: { number: 'FA-2026-0041', date: '2026-11-01' } });
    const ubl = writeUblForTest(model, { creditNote: true });
    expect(ubl).toContain('<cac:CreditNoteLine>');
    const read = readUblXml(ubl);
    expect(read.typeCode).toBe('381');
    expect(plain(read)).toEqual(plain(model));
  });

  it('tells UBL from CII and from other XML', () => {
    expect(looksLikeUbl('<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>')).toBe(false);
    expect(looksLikeUbl('<Invoice xmlns="urn:example:not-ubl"/>')).toBe(false);
    expect(looksLikeUbl('<!-- x --><ubl:CreditNote xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/>')).toBe(true);
    expect(() => readUblXml('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>')).toThrow(/Not a UBL 2.x Invoice/);
  });
});
