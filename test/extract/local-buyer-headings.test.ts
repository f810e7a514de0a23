/**
 * Buyer headings (BG-7) as OCR reads them (issue 25, round 2): a letter or two misread, extra words, colons; and
 * what is no heading although it holds a buyer word (an e-mail address, a customer-code row, a payee line).
 */
import { describe, expect, it } from 'vitest';
import { documentFromPlainText, parseInvoice } from '../../lib/extract/field-parser/index.js';
import { isNameLike } from '../../lib/extract/field-parser/parties.js';

const page = (heading: string, extra: string[] = []): string[] => [
  'Pennine Joinery Limited',
  '4 Mill Lane',
  'Leeds LS1 5DL',
  'VAT No.: GB123456789',
  '',
  `                                        ${heading}`,
  '                                        Harrison Landscapes Ltd',
  '                                        12 King Street',
  '                                        Manchester M2 4WU',
  '',
  'Invoice No.: INV-2026-77',
  'Date: 12/03/2026',
  ...extra,
  '',
  'Net total      500.00',
  'VAT 20 %      100.00',
  'Total          600.00',
];
const parse = (lines: string[], ocr: boolean) => parseInvoice(documentFromPlainText(lines.join('\n')), ocr ? { method: 'ocr', ocr: true } : { method: 'pdf-text' });

describe('buyer headings read by OCR', () => {
  it.each(['Bi1l to:', 'Bil to address:', 'BILL T0', 'Rechnungsempfanqer:', 'Rechnungsernpfänger', 'Adresse du c1ient :', 'Facturé a :', 'Customer detai1s', 'Cliemte'])(
    '"%s" heads the buyer\'s block',
    (heading) => {
      const inv = parse(page(heading), true);
      expect(inv.buyer.name?.value).toBe('Harrison Landscapes Ltd');
      expect(inv.buyer.evidence).toEqual(['buyer heading']);
      expect(inv.seller.name?.value).toBe('Pennine Joinery Limited');
    },
  );

  it('a misread heading is taken on OCR text only: a text layer prints what it means', () => {
    const inv = parse(page('Bi1l to:'), false);
    expect(inv.buyer.evidence).not.toEqual(['buyer heading']);
  });

  it('a name near a heading word is no heading', () => {
    for (const name of ['Bilton Foods', 'Costumer Design', 'Custom Metal Works']) {
      const inv = parse(page('Bill to:').map((l) => l.replace('Harrison Landscapes Ltd', name)), true);
      expect(inv.buyer.name?.value, name).toBe(name);
    }
  });
});

describe('what holds a buyer word and is no heading', () => {
  it('an e-mail address (billing@...) is contact data, not a heading', () => {
    const lines = page('Bill to:');
    lines.splice(10, 0, '                                        billing@harrison.example', '', 'Description        Units     Unit price     Net', 'Printer paper      2         10.46          20.92');
    const inv = parse(lines, true);
    expect(inv.buyer.name?.value).toBe('Harrison Landscapes Ltd');
  });

  it('a row labelled with a customer code (Cód. cliente, N° cliente read as Ne cliente) is a field, not a heading', () => {
    for (const row of ['Cód. cliente       CL6326', 'Ne cliente       384755']) {
      const inv = parse(page('Facturar a:', [row, '', 'Concepto                 Cant.    Importe', 'Licencia de software     5        124,40']), true);
      expect(inv.buyer.name?.value, row).toBe('Harrison Landscapes Ltd');
    }
  });

  it('"Empfänger der Rechnung" is a heading where no bank details are near; "Empfänger:" by an IBAN names the payee', () => {
    const heading = parse(page('Empfänger der Rechnung'), true);
    expect(heading.buyer.name?.value).toBe('Harrison Landscapes Ltd');
    expect(heading.buyer.evidence).toEqual(['buyer heading']);
    const payee = parse(page('Rechnung an:', ['', 'Bankverbindung', 'Empfänger: Pennine Joinery Limited', 'IBAN GB33 BUKB 2020 1555 5555 55']), true);
    expect(payee.buyer.name?.value).toBe('Harrison Landscapes Ltd');
    expect(payee.seller.name?.value).toBe('Pennine Joinery Limited');
  });
});

describe('a street glued to its name by the reader', () => {
  it('is a street, not a name (ViaRoma 158, HauptStrasse 12); a name with a street word glued in stays one', () => {
    for (const street of ['“ViaRoma 158', 'ViaRoma 158', 'HauptStrasse 12']) expect(isNameLike(street), street).toBe(false);
    for (const name of ['ViaSat Europe', 'Edilizia Greco']) expect(isNameLike(name), name).toBe(true);
  });
});
