/**
 * The UBL 2.1 writer (lib/ubl/writer.ts) term by term: where the EN 16931 UBL
 * binding puts what the CII binding puts elsewhere (BT-8 codes, BT-9 and
 * BT-11 of a CreditNote, BT-21, BT-90, BT-147/BT-148), the document type per
 * type code, what it cannot carry (reported, never dropped in silence), and
 * the model read back from what it writes. The official validator's verdict
 * on what it writes is in ./writer-official.test.ts.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInvoiceInput } from '../../lib/input/schema.js';
import { invoiceFromInput } from '../../lib/input/to-model.js';
import { dec } from '../../lib/model/decimal.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { readUblXml } from '../../lib/ubl/read.js';
import { ublDocumentType, writeUbl, writeUblWithReport } from '../../lib/ubl/writer.js';
import { byValue } from '../cii/by-value.js';
import { fullInvoice } from '../fixtures/cii/full-invoice.js';
import { validInvoice } from '../fixtures/model.js';

const terms = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'fixtures', 'terms', 'invoices.json'), 'utf8')) as Record<string, unknown>;

function modelOf(body: unknown): Invoice {
  const r = parseInvoiceInput(body);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return invoiceFromInput(r.value);
}

/** The text of every element named `name` (prefix included) in `xml`, in document order. */
function texts(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);
}

describe('document type per type code (BT-3, BR-CL-01 of the CEN UBL rules)', () => {
  it('a CreditNote for the credit-note codes, an Invoice for every other', () => {
    for (const code of ['381', '396', '81', '83', '261', '262', '296', '308', '420', '458', '502', '503', '532', ' 381 ']) expect(ublDocumentType(code), code).toBe('CreditNote');
    for (const code of ['380', '384', '386', '389', '393', '875', '999', '', undefined]) expect(ublDocumentType(code), String(code)).toBe('Invoice');
  });

  it('writes the root, type code element and line elements of its type', () => {
    const inv = validInvoice();
    const invoiceXml = writeUbl(inv);
    expect(invoiceXml).toMatch(/<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
    expect(texts(invoiceXml, 'cbc:InvoiceTypeCode')).toEqual(['380']);
    expect(invoiceXml).toContain('<cac:InvoiceLine>');
    expect(invoiceXml).toMatch(/<cbc:InvoicedQuantity unitCode="C62">/);
    inv.typeCode = '381';
    const credit = writeUblWithReport(inv);
    expect(credit.documentType).toBe('CreditNote');
    expect(credit.xml).toMatch(/<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/);
    expect(texts(credit.xml, 'cbc:CreditNoteTypeCode')).toEqual(['381']);
    expect(credit.xml).toContain('<cac:CreditNoteLine>');
    expect(credit.xml).toMatch(/<cbc:CreditedQuantity unitCode="C62">/);
    expect(credit.xml).not.toContain('InvoiceLine');
  });

  it('a CreditNote carries the amounts of the model, signs unchanged', () => {
    const inv = fullInvoice();
    const asInvoice = writeUbl(inv);
    inv.typeCode = '381';
    const asCredit = writeUbl(inv);
    for (const name of ['cbc:LineExtensionAmount', 'cbc:TaxAmount', 'cbc:TaxableAmount', 'cbc:PayableAmount', 'cbc:PriceAmount', 'cbc:Amount']) {
      expect(texts(asCredit, name), name).toEqual(texts(asInvoice, name));
    }
    inv.lines[0]!.netAmount = dec('-12.5');
    expect(texts(writeUbl(inv), 'cbc:LineExtensionAmount')).toContain('-12.50');
  });
});

describe('terms the two bindings place differently', () => {
  it('BT-9: cbc:DueDate in an Invoice, the first PaymentMeans/PaymentDueDate in a CreditNote', () => {
    const inv = fullInvoice();
    expect(texts(writeUbl(inv), 'cbc:DueDate')).toEqual(['2026-12-02']);
    inv.typeCode = '381';
    const xml = writeUbl(inv);
    expect(xml).not.toContain('<cbc:DueDate>');
    expect(texts(xml, 'cbc:PaymentDueDate')).toEqual(['2026-12-02']);
  });

  it('BT-9 of a CreditNote without payment instructions is reported, not written', () => {
    const inv = validInvoice();
    inv.typeCode = '381';
    inv.dueDate = '2026-12-31';
    inv.paymentInstructions = undefined;
    const r = writeUblWithReport(inv);
    expect(r.xml).not.toContain('2026-12-31');
    expect(r.unmapped).toEqual([{ term: 'BT-9', path: 'dueDate', reason: expect.stringContaining('PaymentDueDate') }]);
  });

  it('BT-11: cac:ProjectReference in an Invoice, an AdditionalDocumentReference of type 50 in a CreditNote', () => {
    const inv = fullInvoice();
    expect(writeUbl(inv)).toMatch(/<cac:ProjectReference>\s*<cbc:ID>PRJ-2026-11<\/cbc:ID>/);
    inv.typeCode = '381';
    const xml = writeUbl(inv);
    expect(xml).not.toContain('ProjectReference');
    expect(xml).toMatch(/<cac:AdditionalDocumentReference>\s*<cbc:ID>PRJ-2026-11<\/cbc:ID>\s*<cbc:DocumentTypeCode>50<\/cbc:DocumentTypeCode>/);
  });

  it('BT-8: the CII codes of the model (5, 29, 72) as the UNTDID 2005 codes of UBL (3, 35, 432)', () => {
    for (const [model, ubl] of [['5', '3'], ['29', '35'], ['72', '432']]) {
      const inv = fullInvoice();
      inv.taxPointDate = undefined;
      inv.taxPointDateCode = model;
      expect(texts(writeUbl(inv), 'cbc:DescriptionCode'), model).toEqual([ubl]);
    }
    const noPeriod = validInvoice();
    noPeriod.taxPointDateCode = '29';
    expect(writeUbl(noPeriod)).toMatch(/<cac:InvoicePeriod>\s*<cbc:DescriptionCode>35<\/cbc:DescriptionCode>\s*<\/cac:InvoicePeriod>/);
  });

  it('BT-21 as the "#CODE#" prefix of the note; a subject that is no UNTDID 4451 code is reported', () => {
    const inv = validInvoice();
    inv.notes = [{ subjectCode: 'PMT', text: 'Indemnité 40 EUR' }, { text: 'plain' }, { subjectCode: 'x1', text: 'odd code' }, { subjectCode: 'AAB', text: '' }];
    const r = writeUblWithReport(inv);
    expect(texts(r.xml, 'cbc:Note')).toEqual(['#PMT#Indemnité 40 EUR', 'plain', 'odd code', '#AAB#']);
    expect(r.unmapped).toEqual([{ term: 'BT-21', path: 'notes[2].subjectCode', reason: expect.stringContaining('UNTDID 4451') }]);
  });

  it('BT-90 on the payee when there is one, else on the seller, as a SEPA party identifier', () => {
    const inv = fullInvoice();
    inv.paymentInstructions = { typeCode: '59', creditTransfers: [], directDebit: { mandateReference: 'M-1', creditorId: 'FR12ZZZ123456', debitedAccountId: 'FR7630006000011234567890189' } };
    expect(writeUbl(inv)).toMatch(/<cac:PayeeParty>\s*<cac:PartyIdentification>\s*<cbc:ID schemeID="0088">[^<]*<\/cbc:ID>\s*<\/cac:PartyIdentification>\s*<cac:PartyIdentification>\s*<cbc:ID schemeID="SEPA">FR12ZZZ123456<\/cbc:ID>/);
    inv.payee = undefined;
    const xml = writeUbl(inv);
    expect(xml.match(/schemeID="SEPA"/g)).toHaveLength(1);
    expect(xml.slice(xml.indexOf('<cac:AccountingSupplierParty>'), xml.indexOf('</cac:AccountingSupplierParty>'))).toContain('<cbc:ID schemeID="SEPA">FR12ZZZ123456</cbc:ID>');
    expect(xml).toMatch(/<cac:PaymentMandate>\s*<cbc:ID>M-1<\/cbc:ID>\s*<cac:PayerFinancialAccount>\s*<cbc:ID>FR7630006000011234567890189<\/cbc:ID>/);
  });

  it('BT-147 / BT-148 as the price allowance; a gross price alone gets the discount EN 16931 defines (gross - net)', () => {
    const inv = validInvoice();
    inv.lines[0]!.price = { netPrice: dec('9.5'), grossPrice: dec('10'), discount: dec('0.5') };
    expect(writeUbl(inv)).toMatch(/<cac:Price>\s*<cbc:PriceAmount currencyID="EUR">9.50<\/cbc:PriceAmount>\s*<cac:AllowanceCharge>\s*<cbc:ChargeIndicator>false<\/cbc:ChargeIndicator>\s*<cbc:Amount currencyID="EUR">0.50<\/cbc:Amount>\s*<cbc:BaseAmount currencyID="EUR">10.00<\/cbc:BaseAmount>/);
    inv.lines[0]!.price = { netPrice: dec('9.5'), grossPrice: dec('10') };
    expect(texts(writeUbl(inv), 'cbc:Amount')).toContain('0.50');
    inv.lines[0]!.price = { grossPrice: dec('10') };
    const r = writeUblWithReport(inv);
    expect(r.unmapped).toEqual([{ term: 'BT-148', path: 'lines[0].price.grossPrice', reason: expect.any(String) }]);
  });

  it('BT-14 without BT-13: the mandatory cac:OrderReference/cbc:ID stays empty, no order reference is invented', () => {
    const inv = validInvoice();
    inv.salesOrderReference = 'SO-1';
    expect(writeUbl(inv)).toMatch(/<cac:OrderReference>\s*<cbc:ID><\/cbc:ID>\s*<cbc:SalesOrderID>SO-1<\/cbc:SalesOrderID>/);
  });

  it('BT-111 in the VAT accounting currency (BT-6), as a second cac:TaxTotal; without BT-6 it is reported', () => {
    const inv = fullInvoice();
    const xml = writeUbl(inv);
    expect(xml).toMatch(/<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="GBP">[^<]*<\/cbc:TaxAmount>\s*<\/cac:TaxTotal>/);
    expect(texts(xml, 'cbc:TaxCurrencyCode')).toEqual(['GBP']);
    inv.vatAccountingCurrency = undefined;
    expect(writeUblWithReport(inv).unmapped.map((u) => u.term)).toEqual(['BT-111']);
  });

  it('the card (BG-18) with the network UBL requires but no term fills; BT-82 once (UBL-SR-46)', () => {
    const inv = fullInvoice();
    const xml = writeUbl(inv);
    expect(xml).toMatch(/<cac:CardAccount>\s*<cbc:PrimaryAccountNumberID>[^<]+<\/cbc:PrimaryAccountNumberID>\s*<cbc:NetworkID>NA<\/cbc:NetworkID>/);
    expect(xml.match(/<cbc:PaymentMeansCode name=/g)).toHaveLength(1);
    expect(xml.match(/<cbc:PaymentMeansCode/g)!.length).toBe(inv.paymentInstructions!.creditTransfers.length);
  });
});

describe('values', () => {
  it('escapes XML-special text and keeps Unicode; amounts with two decimals and their currency, quantities as given', () => {
    const inv = validInvoice();
    inv.lines[0]!.item.name = 'Vis <M4> & écrou "inox" 😀';
    inv.lines[0]!.quantity = dec('2.125');
    const xml = writeUbl(inv);
    expect(xml).toContain('<cbc:Name>Vis &lt;M4&gt; &amp; écrou "inox" 😀</cbc:Name>');
    expect(xml).toMatch(/<cbc:InvoicedQuantity unitCode="C62">2.125<\/cbc:InvoicedQuantity>/);
    expect(xml).toMatch(/<cbc:PayableAmount currencyID="EUR">\d+\.\d\d<\/cbc:PayableAmount>/);
  });

  it('is deterministic', () => {
    expect(writeUbl(fullInvoice())).toBe(writeUbl(fullInvoice()));
  });
});

describe('read back', () => {
  it('the full model and every Invoice-type term fixture come back whole through the UBL reader', () => {
    expect(byValue(readUblXml(writeUbl(fullInvoice())))).toEqual(byValue(fullInvoice()));
    for (const [name, body] of Object.entries(terms)) {
      const model = modelOf(body);
      if (ublDocumentType(model.typeCode) !== 'Invoice') continue;
      expect(byValue(readUblXml(writeUbl(model))), name).toEqual(byValue(model));
    }
  });
});

describe('elements UBL requires where EN 16931 lets the term be absent', () => {
  it('BT-110 absent (an invoice not subject to VAT): the TaxTotal holding the breakdown gets the sum of BT-117 (BR-CO-14)', () => {
    const inv = validInvoice();
    inv.totals.vatTotal = undefined;
    const xml = writeUbl(inv);
    const taxTotal = /<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="EUR">([^<]*)<\/cbc:TaxAmount>\s*<cac:TaxSubtotal>/.exec(xml);
    expect(taxTotal?.[1]).toBe(inv.vatBreakdown.reduce((s, b) => s.plus(b.taxAmount!), dec(0)).toFixed(2));
  });
});
