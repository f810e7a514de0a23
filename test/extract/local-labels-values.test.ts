/**
 * Labels and values as people lay them out (issue 25, point 3): a row of labels over a row of values, values wrapped
 * over two lines, a bare document word heading the number's column, booking references only when no invoice-number
 * label exists, dates of another invoice never the issue date, currencies from local signs and from the seller's
 * country, amounts in every notation, "Total ... with VAT" read as the total with VAT.
 */
import { describe, expect, it } from 'vitest';
import { documentFromPlainText, findAmounts, parseAmount, parseInvoice } from '../../lib/extract/field-parser/index.js';

const parse = (lines: string[]) => parseInvoice(documentFromPlainText(lines.join('\n')), { method: 'pdf-text' });
const seller = ['Pennine Joinery Limited', '4 Mill Lane', 'Leeds LS1 5DL', 'VAT No.: GB123456789', ''];
const totals = ['', 'Net total      500.00', 'VAT 20 %      100.00', 'Total          600.00'];

describe('header data laid out as people print it', () => {
  it('a row of labels over a row of values: the number under a bare "Invoice", the date under "Date", not the date beside the number', () => {
    const inv = parse([...seller, 'Invoice        Delivery date     Date           Due', 'INV-2026-77    02/03/2026        12/03/2026     11/04/2026', ...totals]);
    expect(inv.invoiceNumber?.value).toBe('INV-2026-77');
    expect(inv.invoiceDate?.value).toBe('2026-03-12');
  });

  it('a value wrapped over two lines of a narrow label/value table', () => {
    const inv = parse([...seller, 'Invoice number     F/26/9793', 'Issue date         2 March', '                   2026', ...totals]);
    expect(inv.invoiceDate?.value).toBe('2026-03-02');
  });

  it('the date of the original or associated invoice is never the issue date', () => {
    for (const label of ["Date de la facture d'origine", 'Date associée', 'Original invoice date', 'Date of referenced invoice', 'Data fattura originale']) {
      const inv = parse([...seller, 'Invoice number: INV-9', `${label}: 01/01/2026`, 'Date: 12/03/2026', ...totals]);
      expect(inv.invoiceDate?.value, label).toBe('2026-03-12');
    }
  });

  it('a booking reference is the number only when no invoice-number label exists; the buyer\'s own reference never is', () => {
    const booking = parse([...seller, 'Your reference: PO-5531', 'Booking reference: NC8691M', 'Date: 12/03/2026', ...totals]);
    expect(booking.invoiceNumber?.value).toBe('NC8691M');
    const both = parse([...seller, 'Booking reference: NC8691M', 'Invoice No.: INV-2026-0042', 'Date: 12/03/2026', ...totals]);
    expect(both.invoiceNumber?.value).toBe('INV-2026-0042');
  });
});

describe('currencies', () => {
  it.each<[string, string]>([
    ['₹ 1,23,456.00', 'INR'],
    ['Rs. 600.00', 'INR'],
    ['600,00 zł', 'PLN'],
    ['Fr. 600.00', 'CHF'],
  ])('%s is %s', (amount, code) => {
    const inv = parse([...seller.slice(0, 3), '', 'Invoice No.: 1', 'Date: 12/03/2026', `Total   ${amount}`, `Amount due   ${amount}`]);
    expect(inv.currency?.value).toBe(code);
  });

  it('"kr" is the krona of the seller\'s country', () => {
    const lines = (vat: string) => ['Holm Data AB', 'Storgatan 4', '111 52 Stockholm', `VAT No.: ${vat}`, '', 'Invoice No.: 1', 'Date: 12/03/2026', 'Total   6 526,92 kr'];
    expect(parse(lines('SE556000000001')).currency?.value).toBe('SEK');
    expect(parse(lines('DK12345678')).currency?.value).toBe('DKK');
  });

  it('with nothing printed, the currency of the seller\'s country beyond the euro area, as a weak guess', () => {
    const inv = parse([...seller, 'Invoice No.: 1', 'Date: 12/03/2026', ...totals]);
    expect(inv.currency).toMatchObject({ value: 'GBP' });
    expect(inv.currency!.confidence).toBeLessThan(0.5);
  });
});

describe('amounts', () => {
  it.each<[string, string]>([
    ['1.234,56', '1234.56'],
    ['1 234,56', '1234.56'],
    ["1'234.56", '1234.56'],
    ['1,234.56', '1234.56'],
    ['110,00', '110.00'],
    ['1,23,456.78', '123456.78'],
  ])('%s reads %s', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it('"110.-" is 110, never another number', () => {
    expect(findAmounts('Total CHF 110.-').map((a) => a.value)).toEqual(['110']);
  });

  it('"Total paid with VAT" is the total with VAT, and the totals reconcile', () => {
    const inv = parse([...seller, 'Invoice No.: 1', 'Date: 12/03/2026', '', 'Total without VAT    43 EUR', 'VAT Rate             20%', 'VAT Paid             8.6 EUR', 'Total paid with VAT  51.6 EUR']);
    expect(inv.totals.totalTTC?.value).toBe('51.6');
    expect(inv.totals.totalVAT?.value).toBe('8.6');
    expect(inv.checks.find((c) => c.name === 'total-without-vat-plus-vat')?.ok).toBe(true);
  });

  it('totals that do not reconcile are a finding, with lowered confidence, not a silent guess', () => {
    const inv = parse([...seller, 'Invoice No.: 1', 'Date: 12/03/2026', '', 'Total HT      500,00', 'TVA 20 %      100,00', 'Total TTC     610,00']);
    expect(inv.checks.find((c) => c.name === 'total-without-vat-plus-vat')?.ok).toBe(false);
    expect(inv.notes.join(' ')).toMatch(/do not add up/);
    expect(inv.totals.totalTTC!.confidence).toBeLessThan(0.9);
  });
});
