/**
 * Layouts of European ERP and billing tools (test/fixtures/synthetic/erp.ts, the third family): a logo word over the
 * company's full name, Dutch names that open with a possessive-looking word, identifiers with a long label.
 */
import { describe, expect, it } from 'vitest';
import { documentFromPlainText, parseInvoice } from '../../lib/extract/field-parser/index.js';
import { isSlogan } from '../../lib/extract/field-parser/issuer.js';
import { isNameLike } from '../../lib/extract/field-parser/parties.js';

const parse = (text: string) => parseInvoice(documentFromPlainText(text), { method: 'pdf-text' });

describe('names and what is not a name', () => {
  it.each(['Vos Advies NV', 'Vos Meubelmakerij V.O.F.', 'Uw Bakker Thuis B.V.'])('%j is a company, not a slogan', (text) => {
    expect(isSlogan(text)).toBe(false);
    expect(isNameLike(text)).toBe(true);
  });

  it.each(['Your partner in business', 'Vos partenaires depuis 1998'])('%j is still a slogan', (text) => {
    expect(isSlogan(text)).toBe(true);
  });

  it.each(['Ondernemingsnummer 0765.824.188', 'Steuernummer 143/123/12345', 'Handelsregisternummer 4711 0815'])('%j is an identifier, not a name', (text) => {
    expect(isNameLike(text)).toBe(false);
  });
});

describe('the seller', () => {
  it('a logo word over the full name: the full name with its legal form', () => {
    const inv = parse(
      [
        'Invoice                                                     Weber',
        'Invoice number   0EBFF94D-0036',
        'Date of issue    16 April 2025',
        'Date due         16 May 2025',
        '',
        'Weber Druckerei GmbH & Co. KG                  Bill to',
        'Schillerstraße 69                              Pennine Services Limited',
        '80331 München                                  136 High Street',
        'Germany                                        Bristol BS1 6QF',
        'billing@weber.de',
        '',
        '€2,634.08 due 16 May 2025',
        '',
        'Description        Qty   Unit price   Tax   Amount',
        'Software licence     3      €805.53   19%   €2,416.59',
        '',
        'Subtotal                         €2,416.59',
        'VAT - Germany (19% on €2,416.59)   €459.15',
        'Total                            €2,875.74',
        'Amount due                       €2,875.74',
      ].join('\n'),
    );
    expect(inv.seller.name?.value).toBe('Weber Druckerei GmbH & Co. KG');
    expect(inv.buyer.name?.value).toBe('Pennine Services Limited');
  });

  it('a Dutch company whose name opens with "Vos": its name, and as buyer too', () => {
    const inv = parse(
      [
        '                                                  Vos Advies NV',
        '                                                  Kerkstraat 123',
        '                                                  3000 Leuven',
        '                                                  Ondernemingsnummer 0765.824.188',
        '                                                  BTW BE0765.824.188',
        'Vos Meubelmakerij V.O.F.',
        'Molenweg 296',
        '1015 CJ Amsterdam',
        '',
        'FACTUUR',
        'Factuurnummer: 2026-4413',
        'Factuurdatum: 02/07/2026',
        '',
        'Omschrijving   Aantal   Prijs   Btw   Bedrag',
        'Training           20   36,94   21%   738,80',
        '',
        'Totaal excl. btw   € 738,80',
        'BTW 21%            € 155,15',
        'Te betalen         € 893,95',
      ].join('\n'),
    );
    expect(inv.seller.name?.value).toBe('Vos Advies NV');
    expect(inv.buyer.name?.value).toBe('Vos Meubelmakerij V.O.F.');
  });
});

describe('an invoice line with its tax in a column (Odoo: `TVA 20 %` on every row)', () => {
  it('is a line, not a VAT breakdown row, even when its numbers happen to multiply out', () => {
    const inv = parse(
      [
        'Établissements Roux SAS',
        '12 rue Pasteur',
        '69003 Lyon',
        'TVA: FR70428152458',
        '',
        'Facture FAC/2023/2831',
        "Date de facturation:   Date d'échéance:",
        '10/04/2023             25/05/2023',
        '',
        'Description             Quantité   Prix unitaire   Taxes       Montant',
        'Déplacement                 1,00          264,02   TVA 20 %     264,02',
        'Maintenance annuelle       10,00            2,90   TVA 20 %      29,00',
        'Ramette papier A4           1,00          300,92   TVA 20 %     300,92',
        '',
        'Montant hors taxes                593,94 EUR',
        'TVA 20 %                          118,79 EUR',
        'Total                             712,73 EUR',
      ].join('\n'),
    );
    expect(inv.lines).toHaveLength(3);
    expect(inv.totals.totalVAT?.value).toBe('118.79');
  });
});
