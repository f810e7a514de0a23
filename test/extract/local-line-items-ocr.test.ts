/**
 * Invoice lines (BG-25) of scans as OCR reads them: a header with specks read as digits, a header of which only some
 * column words were read, amounts glued or read without their decimal separator, a row whose amounts are unreadable.
 * A row is kept when its amounts multiply out (BT-129 x BT-146 = BT-131) and the line amounts are read so that they add
 * up to the totals (BR-CO-10); text PDFs are read as printed.
 */
import { describe, expect, it } from 'vitest';
import { documentFromPlainText, parseInvoice } from '../../lib/extract/field-parser/index.js';

const parse = (lines: string[], ocr = true) => parseInvoice(documentFromPlainText(lines.join('\n')), ocr ? { method: 'ocr', ocr: true } : { method: 'pdf-text' });
const head = ['Pennine Joinery Limited', '4 Mill Lane', 'Leeds LS1 5DL', 'VAT No.: GB123456789', '', 'Invoice No.: INV-2026-77', 'Date: 12/03/2026', ''];
const totals = (net: string, vat: string, gross: string) => ['', `                                  Net total           ${net}`, `                                  VAT 20 %            ${vat}`, `                                  Total               ${gross}`];
const nets = (inv: ReturnType<typeof parse>) => inv.lines.map((l) => l.netAmount?.value);

describe('the lines table of an OCR reading', () => {
  it('a header with specks read as lone digits is still the header', () => {
    const inv = parse([
      ...head,
      '3 Description         5      Qty     Unit price      Amount',
      'Site installation            2       100.00          200.00',
      'Training session             3       50.00           150.00',
      ...totals('350.00', '70.00', '420.00'),
    ]);
    expect(nets(inv)).toEqual(['200.00', '150.00']);
  });

  it('a header of which only the description and amount words were read, its rows read from their own amounts', () => {
    const inv = parse([
      ...head,
      'Articolo               Quantit®rezzo unitario           Importo',
      'Carta A4                  5          € 369,92         € 1.849,60',
      'Formazione              33,23        € 559,61        € 18.595,84',
      'Trasferta                 8        € 6.006,53        € 48.052,24',
      ...totals('68.497,68', '13.699,54', '82.197,22'),
    ]);
    expect(nets(inv)).toEqual(['1849.60', '18595.84', '48052.24']);
    expect(inv.lines.map((l) => l.quantity?.value)).toEqual(['5', '33.23', '8']);
    expect(inv.lines.map((l) => l.unitPrice?.value)).toEqual(['369.92', '559.61', '6006.53']);
  });

  it('amounts that multiply out are the row\'s, the net read without its decimal separator read in cents', () => {
    const inv = parse([
      ...head,
      'Description                  Qty     Unit price      Amount',
      'Delivery                     8       27.27           21816',
      'Training session             3       50.00           150.00',
      ...totals('368.16', '73.63', '441.79'),
    ]);
    expect(nets(inv)).toEqual(['218.16', '150.00']);
  });

  it('two amounts glued in one box are told apart by their product', () => {
    const inv = parse([
      ...head,
      'Description                  Qty     Unit price      Amount',
      'Shipping                     1 882.00 882.00',
      'Training session             3       50.00           150.00',
      ...totals('1032.00', '206.40', '1238.40'),
    ]);
    expect(nets(inv)).toEqual(['882.00', '150.00']);
    expect(inv.lines[0]!.quantity?.value).toBe('1');
  });

  it('line amounts read so that they add up to the total without VAT: a lost separator, a garbled digit', () => {
    const inv = parse([
      ...head,
      'Description                  Qty     Unit price      Amount',
      'Licence                      100     1181            118100',
      'Delivery                     8       2727            21516',
      'Training session             3       50.00           150.00',
      ...totals('1549.16', '309.83', '1858.99'),
    ]);
    expect(nets(inv)).toEqual(['1181.00', '218.16', '150.00']);
    expect(inv.lines[0]!.quantity?.value).toBe('1.00');
    expect(inv.lines[1]!.unitPrice?.value).toBe('27.27');
    expect(inv.checks.find((c) => c.name === 'sum-of-lines-vs-total-without-vat')).toBeUndefined();
  });

  it('line amounts that do not add up to the total in any such reading are left as read', () => {
    const inv = parse([
      ...head,
      'Description                  Qty     Unit price      Amount',
      'Delivery                     8       2727            21516',
      'Training session             3       50.00           150.00',
      ...totals('999.99', '200.00', '1199.99'),
    ]);
    expect(nets(inv)).toEqual(['21516', '150.00']);
  });

  it('a row whose amounts are unreadable is a row, its amount the total less the other lines', () => {
    const inv = parse([
      ...head,
      'Description                  Qty     Unit price      Amount',
      'Site installation            2       100.00          200.00',
      'Printer paper A4             Z       l2,5O           ZS,OO',
      'Training session             3       50.00           150.00',
      ...totals('375.00', '75.00', '450.00'),
    ]);
    expect(inv.lines.map((l) => l.description.value)).toEqual(['Site installation', 'Printer paper A4', 'Training session']);
    expect(nets(inv)).toEqual(['200.00', '25.00', '150.00']);
    expect(inv.lines[1]!.netAmount?.source).toMatch(/^computed/);
  });

  it('a description continued under its row, with a speck far right, stays a description', () => {
    const inv = parse([
      ...head,
      'Description                  Qty     Unit price      Amount',
      'Training session             3       50.00           150.00',
      '(site 12/2025)                                                  ;',
      'Site installation            2       100.00          200.00',
      ...totals('350.00', '70.00', '420.00'),
    ]);
    expect(inv.lines.map((l) => l.description.value)).toEqual(['Training session (site 12/2025)', 'Site installation']);
  });

  it('a row with its net amount alone readable, last on the line, keeps it', () => {
    const inv = parse([
      ...head,
      'Description                  Qty     Unit price      Amount',
      'Labour (hours)      SU 115813 718% 7 5,765.65',
      'Training session             3       50.00           150.00',
      ...totals('5915.65', '1183.13', '7098.78'),
    ]);
    expect(nets(inv)).toEqual(['5765.65', '150.00']);
  });

  it('a text PDF is read as printed', () => {
    const inv = parse(
      [
        ...head,
        'Description                  Qty     Unit price      Amount',
        'Licence                      100     1181            118100',
        'Training session             3       50.00           150.00',
        ...totals('1331.00', '266.20', '1597.20'),
      ],
      false,
    );
    expect(nets(inv)).toEqual(['118100', '150.00']);
  });
});

describe('rows OCR glued into one box', () => {
  it('a row whose text runs as one box over the amount columns is a row of its description', () => {
    const inv = parse([
      ...head,
      'Description                  Qty     Unit price      Amount',
      'Site installation            2       100.00          200.00',
      'Travel expenses 2497785%O98.5G                        SS.Oo',
      'Training session             3       50.00           150.00',
      ...totals('375.00', '75.00', '450.00'),
    ]);
    expect(inv.lines.map((l) => l.description.value)).toEqual(['Site installation', 'Travel expenses 2497785%O98.5G', 'Training session']);
    expect(nets(inv)).toEqual(['200.00', '25.00', '150.00']);
  });

  it('with an amount to fill, a line amount is not changed to make room for it', () => {
    const inv = parse([
      ...head,
      'Description                  Qty     Unit price      Amount',
      'Labour                       3       1.00889         3026.67',
      'Site installation            Z       l2,5O           ZS,OO',
      'Licence                      1       2578            2578',
      ...totals('3078.45', '615.69', '3694.14'),
    ]);
    expect(nets(inv)).toEqual(['3026.67', '26.00', '25.78']);
  });
});
