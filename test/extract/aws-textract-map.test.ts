/**
 * AnalyzeExpense responses -> ExtractedInvoice (textract-map.ts): the field
 * mapping, confidences, party groups, VAT rows, conflicts and pages.
 */
import type { AnalyzeExpenseResponse, ExpenseField } from '@aws-sdk/client-textract';
import { describe, expect, it } from 'vitest';
import { describeExpenseFields, partyOfGroups, readExpenseAnalysis } from '../../adapters/aws/extract/textract-map.js';
import { awsFixture } from '../fixtures/extract/aws/load.js';

const invoiceFr = (): AnalyzeExpenseResponse => awsFixture<AnalyzeExpenseResponse>('textract-analyze-expense-invoice-fr.json');

/** A summary field as Textract returns it. */
function field(type: string, value: string, options: { label?: string; typeConf?: number; valueConf?: number; page?: number; groups?: string[]; currency?: string } = {}): ExpenseField {
  return {
    Type: { Text: type, Confidence: options.typeConf ?? 99 },
    ...(options.label !== undefined ? { LabelDetection: { Text: options.label, Confidence: 99 } } : {}),
    ValueDetection: { Text: value, Confidence: options.valueConf ?? 98 },
    PageNumber: options.page ?? 1,
    ...(options.groups ? { GroupProperties: [{ Types: options.groups, Id: 'g1' }] } : {}),
    ...(options.currency ? { Currency: { Code: options.currency, Confidence: 90 } } : {}),
  };
}

function response(summary: ExpenseField[], lineItems: ExpenseField[][] = [], lines: string[] = []): AnalyzeExpenseResponse {
  return {
    DocumentMetadata: { Pages: 1 },
    ExpenseDocuments: [
      {
        ExpenseIndex: 1,
        SummaryFields: summary,
        LineItemGroups: [{ LineItemGroupIndex: 1, LineItems: lineItems.map((fields) => ({ LineItemExpenseFields: fields })) }],
        Blocks: lines.map((text, i) => ({ BlockType: 'LINE', Text: text, Id: `b${i}`, Page: 1, Confidence: 97 })),
      },
    ],
  };
}

describe('readExpenseAnalysis', () => {
  it('maps the recorded invoice to the port fields', () => {
    const { invoice, text, pages } = readExpenseAnalysis([invoiceFr()]);

    expect(invoice.method).toBe('textract');
    expect(pages).toBe(1);
    expect(text.split('\n')[0]).toBe('--- page 1 ---');
    expect(text).toContain('TVA intracom. : FR45987654321');
    expect(invoice.invoiceNumber?.value).toBe('F-2025-0042');
    expect(invoice.seller.address?.value).toBe('12 rue de la Paix, 75002 Paris');
    expect(invoice.buyer.address?.value).toBe('5 avenue Foch, 69006 Lyon');
    expect(invoice.totals).toMatchObject({
      totalHT: { value: '1250.00' },
      totalTTC: { value: '1500.00' },
      amountDue: { value: '1500.00' },
    });
    expect(invoice.totals.totalVAT).toBeUndefined(); // the only TAX field names its rate: a VAT row
    expect(invoice.paymentTerms?.value).toBe('Paiement à 30 jours');
    // Messy as real responses: {Code} without confidence, LINE blocks without Page, empty values, two vendor names.
    const withCurrency = invoiceFr().ExpenseDocuments![0]!.SummaryFields!.filter((f) => f.Currency?.Code === 'EUR');
    const best = Math.max(...withCurrency.map((f) => Math.min(f.Type!.Confidence!, f.ValueDetection!.Confidence!))) / 100;
    expect(invoice.currency).toMatchObject({ value: 'EUR', confidence: Math.round(best * 1000) / 1000 });
    expect(invoice.seller.name?.value).toBe('ATELIER DUPONT SARL');
    expect(invoice.lines).toHaveLength(2);
    expect(invoice.notes).toEqual([
      // The fixture's SIRET fails its Luhn check: kept (it is labelled), said, at half confidence.
      'The check digits of the SIRET "123 456 789 00012" (textract page 1, "SIRET") are wrong.',
      expect.stringContaining('different values for seller.name: kept "ATELIER DUPONT SARL"'),
    ]);
  });

  it('takes a confidence as min(type, value) / 100, and 80 % of it when the format is ambiguous', () => {
    const { invoice } = readExpenseAnalysis([
      response([
        field('INVOICE_RECEIPT_ID', 'A-1', { typeConf: 72.5, valueConf: 99 }),
        field('INVOICE_RECEIPT_DATE', '03/04/2025', { typeConf: 100, valueConf: 90 }),
        field('TOTAL', '1,234', { typeConf: 100, valueConf: 90 }),
      ]),
    ]);
    expect(invoice.invoiceNumber?.confidence).toBe(0.725);
    expect(invoice.invoiceDate).toMatchObject({ value: '2025-04-03', confidence: 0.72 });
    expect(invoice.totals.totalTTC).toMatchObject({ value: '1234', confidence: 0.72 });
  });

  it('reads an ambiguous numeric date month first on a US document, unless another date proves day first', () => {
    // As the real Chicago receipt: a USD total, the date twice, no Page on the OCR lines, no label.
    const usd: ExpenseField = { ...field('TOTAL', '$1810.46'), Currency: { Code: 'USD' } };
    const receipt = response([usd, field('INVOICE_RECEIPT_DATE', '12/07/2019', { typeConf: 100, valueConf: 100 }), field('INVOICE_RECEIPT_DATE', '12/07/2019')]);
    receipt.ExpenseDocuments![0]!.Blocks = [{ BlockType: 'LINE', Text: 'CHICAGO, IL' }, { BlockType: 'LINE', Text: '12/07/2019' }];
    const us = readExpenseAnalysis([receipt]).invoice;
    expect(us.invoiceDate).toMatchObject({ value: '2019-12-07', confidence: 0.8 });
    expect(us.notes.some((n) => n.includes('"12/07/2019"') && n.includes('month first'))).toBe(true);

    const proven = response([usd, field('INVOICE_RECEIPT_DATE', '12/07/2019', { typeConf: 100, valueConf: 100 }), field('DUE_DATE', '26/07/2019')]);
    expect(readExpenseAnalysis([proven]).invoice.invoiceDate).toMatchObject({ value: '2019-07-12', confidence: 1 });

    const euro = response([field('TOTAL', '1 810,46 €'), field('INVOICE_RECEIPT_DATE', '12/07/2019', { typeConf: 100, valueConf: 100 })]);
    expect(readExpenseAnalysis([euro]).invoice.invoiceDate).toMatchObject({ value: '2019-07-12', confidence: 0.8 });
  });

  it('reads dates with month names and weekdays, and says which dates it could not read', () => {
    const { invoice } = readExpenseAnalysis([
      response([field('INVOICE_RECEIPT_DATE', '01-Jan-2021', { label: 'DATE' }), field('DUE_DATE', 'Thursday, 26 March 2020'), field('DUE_DATE', 'upon receipt', { valueConf: 40 })]),
    ]);
    expect(invoice.invoiceDate?.value).toBe('2021-01-01');
    expect(invoice.dueDate?.value).toBe('2020-03-26');
    expect(invoice.notes.some((n) => n.includes('"upon receipt"') && n.includes('ignored'))).toBe(true);
  });

  it('prefers explicit types over grouped NAME / ADDRESS fields and ignores ship-to groups', () => {
    const { invoice } = readExpenseAnalysis([
      response([
        field('NAME', 'Grouped Vendor', { groups: ['VENDOR'], valueConf: 99.9 }),
        field('VENDOR_NAME', 'Explicit Vendor', { valueConf: 80 }),
        field('NAME', 'Bill-to Buyer', { groups: ['RECEIVER', 'BILL_TO'] }),
        field('ADDRESS', '1 Ship Street, 75001 Paris', { groups: ['RECEIVER_SHIP_TO'] }),
        field('ADDRESS_BLOCK', 'Bill-to Buyer\n2 Bill Road\n69001 Lyon', { groups: ['RECEIVER_BILL_TO'] }),
        field('COUNTRY', 'Belgique', { groups: ['VENDOR'] }),
      ]),
    ]);
    expect(invoice.seller.name?.value).toBe('Explicit Vendor');
    expect(invoice.seller.country?.value).toBe('BE');
    expect(invoice.buyer.name?.value).toBe('Bill-to Buyer');
    expect(invoice.buyer.address?.value).toBe('Bill-to Buyer, 2 Bill Road, 69001 Lyon');
    expect(invoice.notes.some((n) => n.includes('seller.name'))).toBe(true); // the two vendor names disagree
  });

  it.each([
    [['VENDOR'], 'seller'],
    [['VENDOR_SUPPLIER'], 'seller'],
    [['VENDOR_REMIT_TO'], 'seller'],
    [['RECEIVER_BILL_TO'], 'buyer'],
    [['RECEIVER', 'SOLD_TO'], 'buyer'],
    [['RECEIVER'], 'buyer'],
    [['RECEIVER_SHIP_TO'], 'other'],
    [[], 'other'],
  ])('partyOfGroups(%j) is %s', (types, role) => {
    expect(partyOfGroups({ GroupProperties: [{ Types: types }] })).toBe(role);
  });

  it('tells VAT numbers, SIRET and SIREN apart on a French document and notes identifiers of no known form', () => {
    const { invoice } = readExpenseAnalysis([
      response([
        field('VENDOR_ADDRESS', '12 rue de la Paix\n75002 Paris France'),
        field('TAX_PAYER_ID', '552 100 554 00013', { label: 'N° TVA / SIRET' }),
        field('VENDOR_VAT_NUMBER', 'FR 32 123 456 789'),
        field('RECEIVER_VAT_NUMBER', 'BE 0403.170.701'),
        field('OTHER', '552100554', { label: 'SIREN' }),
        field('TAX_PAYER_ID', 'N/A-77'),
      ]),
    ]);
    expect(invoice.seller.siret?.value).toBe('55210055400013');
    expect(invoice.seller.vatNumber?.value).toBe('FR32123456789');
    expect(invoice.seller.siren?.value).toBe('552100554');
    expect(invoice.buyer.vatNumber?.value).toBe('BE0403170701');
    expect(invoice.notes.some((n) => n.includes('N/A-77'))).toBe(true);
  });

  it('makes no SIREN of nine digits on a US document, and halves the confidence of wrong check digits', () => {
    const { invoice } = readExpenseAnalysis([
      response([
        field('VENDOR_ADDRESS', '123 Some Street\nSome City, XYZ, USA'),
        field('TOTAL', '$6231.09'),
        field('TAX_PAYER_ID', '12-3456789', { label: 'VAT ID:', typeConf: 100, valueConf: 99.8 }),
        field('VENDOR_VAT_NUMBER', '55-2100554', { label: 'VAT ID:' }), // Luhn-valid digits, still no French document
      ]),
    ]);
    expect(invoice.seller.siren).toBeUndefined();
    expect(invoice.seller.vatNumber).toBeUndefined();
    expect(invoice.notes.filter((n) => n.includes('12-3456789') || n.includes('55-2100554'))).toHaveLength(2);

    const fr = readExpenseAnalysis([response([field('RECEIVER_VAT_NUMBER', 'FR 40 552100554', { typeConf: 100, valueConf: 90 })])]).invoice;
    expect(fr.buyer.vatNumber).toMatchObject({ value: 'FR40552100554', confidence: 0.45 });
  });

  it('makes a VAT row of a TAX field whose label names a rate, and the VAT total of one that does not', () => {
    const { invoice } = readExpenseAnalysis([
      response([
        field('TAX', '100,00', { label: 'TVA 20 %' }),
        field('TAX', '5,50', { label: 'TVA 5,5%' }),
        field('TAX', '105,50', { label: 'Total TVA' }),
      ]),
    ]);
    expect(invoice.vatBreakdown.map((r) => [r.rate.value, r.amount?.value])).toEqual([
      ['5.5', '5.50'],
      ['20', '100.00'],
    ]);
    expect(invoice.totals.totalVAT?.value).toBe('105.50');
  });

  it('reads a TAX value printed as a percentage as a rate', () => {
    const { invoice } = readExpenseAnalysis([response([field('TAX', '19 %', { label: 'MwSt.' })])]);
    expect(invoice.vatBreakdown).toEqual([{ rate: expect.objectContaining({ value: '19' }) }]);
    expect(invoice.totals.totalVAT).toBeUndefined();
  });

  it('keeps the most confident of disagreeing values, with a note naming both', () => {
    const { invoice } = readExpenseAnalysis([
      response([field('TOTAL', '1 500,00', { valueConf: 99 }), field('TOTAL', '1 300,00', { valueConf: 60, label: 'Total' }), field('TOTAL', '1500', { valueConf: 90 })]),
    ]);
    expect(invoice.totals.totalTTC?.value).toBe('1500.00');
    expect(invoice.notes).toHaveLength(1);
    expect(invoice.notes[0]).toContain('"1 300,00"');
    expect(invoice.notes[0]).not.toContain('"1500"'); // same amount, other spelling: no conflict
  });

  it('reads the currency from Textract currency codes', () => {
    const { invoice } = readExpenseAnalysis([response([field('TOTAL', '10,00', { currency: 'chf' })])]);
    expect(invoice.currency).toMatchObject({ value: 'CHF', confidence: 0.9 });
  });

  it('gives a currency code without its own confidence (as real responses send it) the confidence of the field it decorates', () => {
    const total: ExpenseField = { ...field('TOTAL', '$5,715.00', { typeConf: 99.5, valueConf: 97 }), Currency: { Code: 'USD' } };
    const { invoice } = readExpenseAnalysis([response([total])]);
    expect(invoice.currency).toMatchObject({ value: 'USD', confidence: 0.97 });
  });

  it('reads lines: ITEM else EXPENSE_ROW as description, VAT rate from a labelled OTHER column; drops lines without amounts', () => {
    const { invoice } = readExpenseAnalysis([
      response(
        [],
        [
          [field('ITEM', 'Conseil'), field('QUANTITY', '2,5'), field('UNIT_PRICE', '80,00'), field('PRICE', '200,00'), field('OTHER', '20 %', { label: 'TVA' })],
          [field('EXPENSE_ROW', 'Frais de port 1 15,00'), field('PRICE', '15,00')],
          [field('ITEM', 'Conditions générales au verso')],
          [field('QUANTITY', '3')],
        ],
      ),
    ]);
    expect(invoice.lines.map((l) => [l.description.value, l.quantity?.value, l.unitPrice?.value, l.netAmount?.value, l.vatRate?.value])).toEqual([
      ['Conseil', '2.5', '80.00', '200.00', '20'],
      ['Frais de port 1 15,00', undefined, undefined, '15.00', undefined],
    ]);
    expect(invoice.notes).toHaveLength(2);
  });

  it('reads a line typed DESCRIPTION with a line TOTAL (as real clinic receipts are): the description, not the row, and the total as net amount', () => {
    const { invoice } = readExpenseAnalysis([
      response(
        [],
        [
          [
            field('OTHER', '98941', { label: 'Billing Code' }),
            field('DESCRIPTION', 'Chiropractic manipulative treatment (CMT); spinal,\nthree to four regions', { label: 'Description', typeConf: 70, valueConf: 61 }),
            field('OTHER', '', { valueConf: 0 }),
            field('TOTAL', '$60.00', { label: 'Fee' }),
            field('QUANTITY', '1.00', { label: 'Quantity' }),
            field('TOTAL', '$60.00', { label: 'Total' }),
            field('EXPENSE_ROW', '98941 Chiropractic manipulative treatment (CMT); spinal, three to four regions 1 $60.00 1.00 $60.00'),
          ],
        ],
      ),
    ]);
    expect(invoice.lines).toHaveLength(1);
    expect(invoice.lines[0]).toMatchObject({
      description: { value: 'Chiropractic manipulative treatment (CMT); spinal, three to four regions', confidence: 0.61 },
      quantity: { value: '1.00' },
      netAmount: { value: '60.00' },
    });
  });

  it('takes as buyer the addressee heading the address, not the more confident "Attn:" contact', () => {
    // As the real multi-page invoice: two RECEIVER_NAME fields, the contact read more confidently.
    const { invoice } = readExpenseAnalysis([
      response([
        field('RECEIVER_ADDRESS', 'Abstractors and Design Co.\nAttn: Ronald Davis\nSuite 8\n611 Maine St\nSan Francisco CA 94105', { valueConf: 98 }),
        field('RECEIVER_NAME', 'Ronald Davis', { label: 'Attn:', typeConf: 100, valueConf: 100 }),
        field('RECEIVER_NAME', 'Abstractors and Design Co.', { typeConf: 99, valueConf: 99 }),
        field('NAME', 'Ronald Davis', { label: 'Attn:', groups: ['RECEIVER'] }),
        field('VENDOR_NAME', 'MEGA MARKET PLUS', { typeConf: 100, valueConf: 100 }),
        field('VENDOR_NAME', 'MEGA BIGBOK', { typeConf: 100, valueConf: 100 }),
      ]),
    ]);
    expect(invoice.buyer.name?.value).toBe('Abstractors and Design Co.');
    expect(invoice.notes.some((n) => n.includes('"Ronald Davis"') && n.includes('contact'))).toBe(true);
    expect(invoice.seller.name?.value).toBe('MEGA MARKET PLUS'); // equal confidences, no address: the first read

    const alone = readExpenseAnalysis([response([field('RECEIVER_NAME', 'Ronald Davis', { label: 'Attn:' })])]).invoice;
    expect(alone.buyer.name?.value).toBe('Ronald Davis'); // the only name read is kept
  });

  it('takes AMOUNT_PAID as the paid amount (BT-113) only when it is not the cash tendered', () => {
    // As the real Malaysian receipt: "CASH RM 70.30" for a total of 60.30, "CHANGE RM 10.00", no currency code.
    const cash = readExpenseAnalysis([
      response([field('TOTAL', 'RM 60.30'), field('AMOUNT_PAID', '70.30', { label: 'CASH RM' }), field('OTHER', '10.00', { label: 'CHANGE RM' })]),
    ]).invoice;
    expect(cash.totals.prepaid).toBeUndefined();
    expect(cash.notes.some((n) => n.includes('70.30') && n.includes('change 10.00') && n.includes('tendered'))).toBe(true);

    const paidInFull = readExpenseAnalysis([response([field('TOTAL', '$1810.46'), field('AMOUNT_PAID', '$1810.46', { label: 'TEND' })])]).invoice;
    expect(paidInFull.totals.prepaid?.value).toBe('1810.46');

    const deposit = readExpenseAnalysis([response([field('TOTAL', '1 500,00'), field('AMOUNT_PAID', '500,00', { label: 'Acompte versé' })])]).invoice;
    expect(deposit.totals.prepaid?.value).toBe('500.00');

    const noTotal = readExpenseAnalysis([response([field('AMOUNT_PAID', '20.00', { label: 'CASH' })])]).invoice;
    expect(noTotal.totals.prepaid).toBeUndefined();
    expect(noTotal.notes.some((n) => n.includes('20.00'))).toBe(true);
  });

  it('reads a DISCOUNT summary field as the document discount (BT-107), positive whatever its printed sign', () => {
    // As the real hospital statement: "Adjustments $-1,136.16", charges and amount due both typed TOTAL.
    const { invoice } = readExpenseAnalysis([
      response([field('DISCOUNT', '$-1,136.16', { label: 'Adjustments', typeConf: 70, valueConf: 93 }), field('TOTAL', '$4,544.65', { label: 'AMOUNT DUE' })]),
    ]);
    expect(invoice.totals.allowanceTotal).toMatchObject({ value: '1136.16', confidence: 0.7, source: 'textract page 1, "Adjustments"' });
  });

  it('finds an IBAN in the OCR lines when no field carries it', () => {
    const { invoice } = readExpenseAnalysis([response([field('TOTAL', '10,00')], [], ['Merci', 'IBAN : FR76 3000 6000 0112 3456 7890 189 - BIC AGRIFRPP'])]);
    expect(invoice.iban).toMatchObject({ value: 'FR7630006000011234567890189', confidence: 0.97 });
  });

  it('detects a credit note from the printed title', () => {
    expect(readExpenseAnalysis([response([field('TOTAL', '10,00')], [], ['AVOIR N° A-12'])]).invoice.documentType?.value).toBe('381');
    expect(readExpenseAnalysis([response([field('TOTAL', '10,00')], [], ['FACTURE N° F-12'])]).invoice.documentType).toBeUndefined();
  });

  it('numbers pages on across responses of a split scan', () => {
    const { invoice, text, pages } = readExpenseAnalysis([invoiceFr(), awsFixture<AnalyzeExpenseResponse>('textract-analyze-expense-totals-page.json')]);
    expect(pages).toBe(2);
    expect(text).toContain('--- page 2 ---');
    expect(invoice.totals.totalTTC?.source).toBe('textract page 1, "Total TTC"'); // page 1 read it more confidently
  });
});

describe('describeExpenseFields', () => {
  it('lists summary fields and line items with their confidences for the model', () => {
    const text = describeExpenseFields([invoiceFr()]);
    expect(text).toContain('INVOICE_RECEIPT_ID | Facture N° | F-2025-0042 | 99');
    expect(text).toContain('1. ITEM | Désignation | Développement site vitrine | 98');
    expect(text).not.toContain('EXPENSE_ROW');
  });
});
