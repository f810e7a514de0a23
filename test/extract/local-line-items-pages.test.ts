/**
 * Invoice lines (BG-25) of a table running over several pages: the subtotal carried to the next page and brought
 * from the last one is no line, nor is the footer printed under the table at the bottom of each page. Column
 * headers as printed: Italian abbreviations, two header words glued into one chunk by the reader.
 */
import { describe, expect, it } from 'vitest';
import { documentFromPlainText, parseInvoice } from '../../lib/extract/field-parser/index.js';

const parse = (lines: string[]) => parseInvoice(documentFromPlainText(lines.join('\n')), { method: 'pdf-text' });
const head = ['Pennine Joinery Limited', '4 Mill Lane', 'Leeds LS1 5DL', 'VAT No.: GB123456789', '', 'Invoice No.: INV-2026-77', 'Date: 12/03/2026', ''];
const columns = 'Description              Qty     Unit price     Amount';
const footer = ['', '', '', '', '', 'Pennine Joinery Limited - 4 Mill Lane - Leeds LS1 5DL', 'VAT No.: GB123456789 - IBAN GB33 BUKB 2020 1555 5555 55 - BIC BUKBGB22', 'Page 1 of 2'];

function twoPages(carried: string): string[] {
  return [
    ...head,
    columns,
    'Site installation        2       100.00         200.00',
    'Training session         3       50.00          150.00',
    'Cable tray 3m            5       10.00          50.00',
    `                                 ${carried}     400.00`,
    ...footer,
    '\fTax Invoice - INV-2026-77',
    `${carried}                                      400.00`,
    columns,
    'Delivery                 1       25.00          25.00',
    'Printer paper            2       12.50          25.00',
    '',
    'Net total                                       450.00',
    'VAT 20 %                                        90.00',
    'Total                                           540.00',
  ];
}

describe('a lines table over two pages', () => {
  it.each(['Carried forward', 'Übertrag', 'Report', 'Suma y sigue', 'A riportare', 'Transport'])('"%s" carried and brought is no line, nor the footer', (label) => {
    const inv = parse(twoPages(label));
    expect(inv.lines.map((l) => l.description?.value)).toEqual(['Site installation', 'Training session', 'Cable tray 3m', 'Delivery', 'Printer paper']);
    expect(inv.lines.map((l) => l.netAmount?.value)).toEqual(['200.00', '150.00', '50.00', '25.00', '25.00']);
  });

  it('rows printed far apart above the bottom of the page stay rows', () => {
    const spaced = ['Site installation        2       100.00         200.00', 'Training session         3       50.00          150.00', 'Cable tray 3m            5       10.00          50.00'];
    const inv = parse([
      ...head,
      columns,
      ...spaced.flatMap((row) => ['', '', '', '', row]),
      '',
      'Net total                                       400.00',
      'VAT 20 %                                        80.00',
      'Total                                           480.00',
      ...Array.from({ length: 30 }, () => ''),
      'Page 1 of 1',
    ]);
    expect(inv.lines.map((l) => l.description?.value)).toEqual(['Site installation', 'Training session', 'Cable tray 3m']);
  });

  it('a line with a net amount alone that is not the sum of the lines before stays a line', () => {
    const inv = parse([
      ...head,
      columns,
      'Site installation        2       100.00         200.00',
      'Training session         3       50.00          150.00',
      'Transport                                       40.00',
      '',
      'Net total                                       390.00',
      'VAT 20 %                                        78.00',
      'Total                                           468.00',
    ]);
    expect(inv.lines.map((l) => l.description?.value)).toEqual(['Site installation', 'Training session', 'Transport']);
  });
});

describe('column headers', () => {
  const rows = ['Carta A4 ref. 86573         2        10,00        22%       20,00', 'Manodopera                  3        50,00        22%       150,00', '', 'Totale imponibile                                            170,00', 'IVA 22%                                                      37,40', 'Totale fattura                                               207,40'];

  it('Italian abbreviations: Articolo, Pr. unit., Aliq.', () => {
    const inv = parse([...head, 'Articolo                    Quantità Pr. unit.    Aliq.     Totale', ...rows]);
    expect(inv.lines.map((l) => [l.description?.value, l.quantity?.value, l.unitPrice?.value, l.netAmount?.value])).toEqual([
      ['Carta A4 ref. 86573', '2', '10.00', '20.00'],
      ['Manodopera', '3', '50.00', '150.00'],
    ]);
  });

  it.each(['QuantitàPrezzo unitario', 'CantidadPrecio unitario', 'QuantitéPrix unitaire'])('two header words glued by the reader (%s) are two columns', (glued) => {
    const inv = parse([
      ...head,
      `Descrizione                 ${glued.padEnd(27)}Importo`,
      'Carta A4 ref. 86573         2       10,00                  20,00',
      'Manodopera                  3       50,00                  150,00',
      ...rows.slice(2),
    ]);
    expect(inv.lines.map((l) => l.netAmount?.value)).toEqual(['20.00', '150.00']);
    expect(inv.lines.map((l) => l.quantity?.value)).toEqual(['2', '3']);
  });
});
