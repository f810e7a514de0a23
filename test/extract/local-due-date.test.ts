/**
 * The payment due date (BT-9) is the date its label names (issue 25, point 3): beside the label, under it in a row of
 * labels over a row of values, beside a label wrapped over two lines; a payment-terms sentence without a date gives
 * none.
 */
import { describe, expect, it } from 'vitest';
import { documentFromPlainText, parseInvoice } from '../../lib/extract/field-parser/index.js';

const parse = (lines: string[]) => parseInvoice(documentFromPlainText(lines.join('\n')), { method: 'pdf-text' });
const seller = ['Pennine Joinery Limited', '4 Mill Lane', 'Leeds LS1 5DL', 'VAT No.: GB123456789', ''];
const totals = ['', 'Net total      500.00', 'VAT 20 %      100.00', 'Total          600.00'];

describe('the due date is the one its label names', () => {
  it.each<[string, string]>([
    ['Due date: 11/04/2026', 'Due date'],
    ['Due: 11/04/2026', 'a bare "Due"'],
    ["Date d'échéance : 11/04/2026", 'French'],
    ['Fällig am 11.04.2026', 'German'],
    ['Vervaldatum: 11-04-2026', 'Dutch'],
    ['Data di scadenza: 11/04/2026', 'Italian'],
    ['Fecha de vencimiento: 11/04/2026', 'Spanish'],
  ])('%s (%s)', (line) => {
    const inv = parse([...seller, 'Invoice No.: INV-1', 'Date: 12/03/2026', line, ...totals]);
    expect(inv.dueDate?.value).toBe('2026-04-11');
  });

  it('in a row of labels over a row of values: the date under its label, not the first date of the value row', () => {
    for (const labels of ['Date           Invoice No.    Due date       Customer', 'Fecha          Factura nº     Vencimiento    Cliente', 'Rechnungsdatum Rechnungsnr.    Fälligkeit     Kunde']) {
      const inv = parse([...seller, labels, '12/03/2026     INV-2026-77    11/04/2026     K-58697', ...totals]);
      expect(inv.dueDate?.value, labels).toBe('2026-04-11');
      expect(inv.invoiceDate?.value, labels).toBe('2026-03-12');
    }
  });

  it('"Date" and "Due date" side by side in a label row are two labels, never one "date due"', () => {
    const inv = parse([...seller, 'Invoice No.: INV-1', '', 'Date        Due date    Account No.', '12/03/2026  11/04/2026  K94657', ...totals]);
    expect(inv.dueDate?.value).toBe('2026-04-11');
  });

  it('a due-date label glued to the label before it by the reader: the value under where the label stands', () => {
    const inv = parse([
      ...seller,
      'Factuurnr.   Datum        Datum oorspronkelijke factuurUiterste betaaldatum   Ordernummer',
      '202402162    17-2-2024    29-12-2023                  18-3-2024               PO55498',
      ...totals,
    ]);
    expect(inv.dueDate?.value).toBe('2024-03-18');
  });

  it('a label OCR cut at each word (Data  scadenza), its value under it; "À payer avant" with its date', () => {
    const inv = parse([...seller, 'Data  documento      N.  fattura       Data  scadenza', '12/03/2026           FT-2026-12        15/05/2026', ...totals]);
    expect(inv.dueDate?.value).toBe('2026-05-15');
    const fr = parse([...seller, 'Facture n° F-12', 'Date : 12/03/2026', 'À payer avant      21 novembre 2026', ...totals]);
    expect(fr.dueDate?.value).toBe('2026-11-21');
  });

  it('a label wrapped over two lines of the label column, its value beside the first line', () => {
    const inv = parse([...seller, 'Factura nº   F-2025-11', 'Fecha        11/11/2025', 'Fecha de     11/12/2025', 'vencimiento', ...totals]);
    expect(inv.dueDate?.value).toBe('2025-12-11');
    expect(inv.invoiceDate?.value).toBe('2025-11-11');
  });

  it('a payment-terms sentence without a date gives no due date', () => {
    for (const terms of ['Payable within 30 days.', 'Payment terms: 30 days net.', 'Zahlbar innerhalb von 14 Tagen ohne Abzug.', 'Gelieve binnen 30 dagen te betalen.', 'Total due      600.00']) {
      const inv = parse([...seller, 'Invoice No.: INV-1', 'Date: 12/03/2026', ...totals, terms]);
      expect(inv.dueDate, terms).toBeUndefined();
    }
  });
});
