/**
 * The UBL 2.1 reader (issue 13, point 6): a UBL Invoice or CreditNote written from our own model (test-only writer,
 * test/fixtures/ubl/write-ubl.ts) reads back into the same model, for the example invoice and every EN 16931 terms
 * fixture (allowances, charges, periods, references, line discounts and gross prices, payee, tax representative,
 * delivery, supporting documents, item details, VAT point date and code, rounding, card, direct debit); a hand-written
 * UBL pins the official binding (UNTDID 2005 codes, SEPA creditor id) independently of that writer.
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

  it('reads BT-7, BT-8 (UNTDID 2005 codes as CII codes), BG-10, BG-11, BG-13, BG-18, BG-19, BG-24 and BG-32 from a hand-written UBL', () => {
    const ubl = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>H-1</cbc:ID><cbc:IssueDate>2026-11-20</cbc:IssueDate><cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:TaxPointDate>2026-11-12</cbc:TaxPointDate><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:InvoicePeriod><cbc:DescriptionCode>35</cbc:DescriptionCode></cac:InvoicePeriod>
  <cac:AdditionalDocumentReference><cbc:ID schemeID="AAB">OBJ-7</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>
  <cac:AdditionalDocumentReference><cbc:ID>TS-1</cbc:ID><cbc:DocumentDescription>Timesheet</cbc:DocumentDescription>
    <cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/csv" filename="ts.csv">YSxi
LGMK</cbc:EmbeddedDocumentBinaryObject><cac:ExternalReference><cbc:URI>https://x.example/ts</cbc:URI></cac:ExternalReference></cac:Attachment>
  </cac:AdditionalDocumentReference>
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PartyIdentification><cbc:ID schemeID="0088">4000001000005</cbc:ID></cac:PartyIdentification>
    <cac:PartyIdentification><cbc:ID schemeID="SEPA">DE98ZZZ09999999999</cbc:ID></cac:PartyIdentification>
    <cac:PartyLegalEntity><cbc:RegistrationName>Seller</cbc:RegistrationName></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Buyer</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
  <cac:PayeeParty>
    <cac:PartyIdentification><cbc:ID schemeID="SEPA">FR12ZZZ123456</cbc:ID></cac:PartyIdentification>
    <cac:PartyIdentification><cbc:ID schemeID="0009">55210055400013</cbc:ID></cac:PartyIdentification>
    <cac:PartyName><cbc:Name>Factor</cbc:Name></cac:PartyName>
    <cac:PartyLegalEntity><cbc:CompanyID schemeID="0002">552100554</cbc:CompanyID></cac:PartyLegalEntity>
  </cac:PayeeParty>
  <cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>Rep</cbc:Name></cac:PartyName>
    <cac:PostalAddress><cbc:CityName>Paris</cbc:CityName><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyTaxScheme><cbc:CompanyID>FR61954506077</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
  </cac:TaxRepresentativeParty>
  <cac:Delivery><cbc:ActualDeliveryDate>2026-11-10</cbc:ActualDeliveryDate>
    <cac:DeliveryLocation><cbc:ID schemeID="0088">3025418000012</cbc:ID></cac:DeliveryLocation>
    <cac:DeliveryParty><cac:PartyName><cbc:Name>Workshop</cbc:Name></cac:PartyName></cac:DeliveryParty>
  </cac:Delivery>
  <cac:PaymentMeans><cbc:PaymentMeansCode>59</cbc:PaymentMeansCode>
    <cac:CardAccount><cbc:PrimaryAccountNumberID>1234</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID><cbc:HolderName>J. DOE</cbc:HolderName></cac:CardAccount>
    <cac:PaymentMandate><cbc:ID>MANDATE-1</cbc:ID><cac:PayerFinancialAccount><cbc:ID>FR7610278060410002048520175</cbc:ID></cac:PayerFinancialAccount></cac:PaymentMandate>
  </cac:PaymentMeans>
  <cac:LegalMonetaryTotal><cbc:PayableRoundingAmount currencyID="EUR">-0.01</cbc:PayableRoundingAmount><cbc:PayableAmount currencyID="EUR">10.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity>
    <cac:Item><cbc:Name>Screws</cbc:Name><cac:OriginCountry><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:OriginCountry>
      <cac:CommodityClassification><cbc:ItemClassificationCode listID="STI" listVersionID="2008">44531000</cbc:ItemClassificationCode></cac:CommodityClassification>
      <cac:AdditionalItemProperty><cbc:Name>Size</cbc:Name><cbc:Value>4x40</cbc:Value></cac:AdditionalItemProperty>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">3.90</cbc:PriceAmount><cbc:BaseQuantity unitCode="C62">100</cbc:BaseQuantity></cac:Price>
  </cac:InvoiceLine>
</Invoice>`;
    const inv = plain(readUblXml(ubl)) as Record<string, any>;
    expect(inv.taxPointDate).toBe('2026-11-12');
    expect(inv.taxPointDateCode).toBe('29');
    expect(inv.invoicingPeriod).toBeUndefined();
    expect(inv.invoicedObjectIdentifier).toEqual({ id: 'OBJ-7', scheme: 'AAB' });
    expect(inv.supportingDocuments).toEqual([
      { reference: 'TS-1', description: 'Timesheet', uri: 'https://x.example/ts', attachment: { content: 'YSxi\nLGMK', mimeCode: 'text/csv', filename: 'ts.csv' } },
    ]);
    // The SEPA identifiers are BT-90 (the payee's first), not BT-29 / BT-60.
    expect(inv.seller.identifiers).toEqual([{ id: '4000001000005', scheme: '0088' }]);
    expect(inv.payee).toEqual({ name: 'Factor', identifier: { id: '55210055400013', scheme: '0009' }, legalRegistrationId: { id: '552100554', scheme: '0002' } });
    expect(inv.taxRepresentative).toEqual({ name: 'Rep', vatId: 'FR61954506077', address: { city: 'Paris', countryCode: 'FR' } });
    expect(inv.delivery).toEqual({ name: 'Workshop', locationId: { id: '3025418000012', scheme: '0088' }, actualDate: '2026-11-10' });
    expect(inv.paymentInstructions).toEqual({
      typeCode: '59',
      creditTransfers: [],
      card: { accountNumber: '1234', holderName: 'J. DOE' },
      directDebit: { mandateReference: 'MANDATE-1', creditorId: 'FR12ZZZ123456', debitedAccountId: 'FR7610278060410002048520175' },
    });
    expect(inv.totals.roundingAmount).toBe('-0.01');
    expect(inv.lines[0].item).toEqual({
      name: 'Screws',
      originCountry: 'DE',
      classifications: [{ id: '44531000', scheme: 'STI', version: '2008' }],
      attributes: [{ name: 'Size', value: '4x40' }],
    });
    expect(inv.lines[0].price).toEqual({ netPrice: '3.9', baseQuantity: '100', baseQuantityUnitCode: 'C62' });
    // Without a payee, BT-90 is the seller's SEPA identifier; 3 and 432 are the issue and payment date codes.
    const noPayee = ubl.replace(/<cac:PayeeParty>[\s\S]*?<\/cac:PayeeParty>/, '');
    expect(readUblXml(noPayee).paymentInstructions?.directDebit?.creditorId).toBe('DE98ZZZ09999999999');
    expect(readUblXml(ubl.replace('>35<', '>3<')).taxPointDateCode).toBe('5');
    expect(readUblXml(ubl.replace('>35<', '>432<')).taxPointDateCode).toBe('72');
  });

  it('the writer puts the terms fixtures in the UBL binding (BT-8 as a UNTDID 2005 code, BT-90 as a SEPA party id)', () => {
    const code = writeUblForTest(modelOf(terms['vat-point-code-rounding-card']));
    expect(code).toContain('<cac:InvoicePeriod><cbc:DescriptionCode>3</cbc:DescriptionCode></cac:InvoicePeriod>');
    expect(code).toContain('<cbc:PayableRoundingAmount currencyID="EUR">-0.01</cbc:PayableRoundingAmount>');
    const debit = writeUblForTest(modelOf(terms['direct-debit']));
    expect(debit).toContain('<cac:PartyIdentification><cbc:ID schemeID="SEPA">FR12ZZZ123456</cbc:ID></cac:PartyIdentification>');
    expect(debit).toContain('<cac:PaymentMandate><cbc:ID>MANDAT-2024-0042</cbc:ID>');
  });

  it('tells UBL from CII and from other XML', () => {
    expect(looksLikeUbl('<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>')).toBe(false);
    expect(looksLikeUbl('<Invoice xmlns="urn:example:not-ubl"/>')).toBe(false);
    expect(looksLikeUbl('<!-- x --><ubl:CreditNote xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/>')).toBe(true);
    expect(() => readUblXml('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>')).toThrow(/Not a UBL 2.x Invoice/);
  });
});
