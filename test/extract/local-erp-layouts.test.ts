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

describe('Swiss totals and the QR-bill', () => {
  const swiss = (totals: string[]) =>
    parse(
      [
        'Holzbau Braun GmbH',
        'Kirchweg 4',
        '3011 Bern',
        'UID CHE-188.136.525 MWST',
        '',
        'Rechnung Nr. 2025-1739',
        'Datum: 12.10.2025',
        '',
        'Pos.  Bezeichnung     Menge   Preis     Total',
        '1     Beratung            1  1001.51  1001.51',
        '',
        ...totals,
        '',
        'Empfangsschein          Zahlteil',
        'Konto / Zahlbar an      CH38 9445 5902 8494 6744 3',
        'Holzbau Braun GmbH      Holzbau Braun GmbH',
        'Währung Betrag          3011 Bern',
        "CHF 1 082.63",
      ].join('\n'),
    );

  it('a currency code printed after "Total" belongs to the amount: Total GBP 64,672.87', () => {
    const inv = parse(['Invoice No. INV-2026-0042', 'Date: 03/08/2026', '', 'Net total   GBP 53,894.06', 'VAT @ 20%   GBP 10,778.81', 'Total   GBP 64,672.87'].join('\n'));
    expect(inv.totals.totalHT?.value).toBe('53894.06');
    expect(inv.totals.totalTTC?.value).toBe('64672.87');
  });

  it('Zwischentotal is the net total, Total CHF the total incl. VAT, and a postcode after "Betrag" no amount', () => {
    const inv = swiss(["Zwischentotal          1'001.51 CHF", 'MWST 8.1 %               81.12 CHF', "Total CHF              1'082.63 CHF"]);
    expect(inv.totals.totalHT?.value).toBe('1001.51');
    expect(inv.totals.totalTTC?.value).toBe('1082.63');
  });
});

describe('a street without a street word in the usual lists', () => {
  it.each(['Grote Markt 86', 'Largo Augusto 7', 'Avda. Diagonal 640', 'C/ Mayor 12'])('%j is an address line, not a name', (text) => {
    expect(isNameLike(text)).toBe(false);
  });

  it('a Belgian letterhead on the right with its street on "Grote Markt": the buyer on the left is the buyer', () => {
    const inv = parse(
      [
        '                                                  Vos Transport NV',
        '                                                    Grote Markt 86',
        '                                                   2000 Antwerpen',
        '                                                  facturen@vos.be',
        '                                  Ondernemingsnummer 0552.242.162',
        'Smit Advies B.V.',
        'T.a.v. mevr. S. de Vries',
        'Molenweg 279',
        '3011 AB Rotterdam',
        '',
        'FACTUUR',
        'Factuurnummer: 20242097',
        'Factuurdatum: 05/09/2024',
        '',
        'Totaal excl. btw   8.172,44 €',
        'Btw 6%               490,35 €',
        'Te betalen         8.662,79 €',
        '',
        'Vos Transport NV - Grote Markt 86, 2000 Antwerpen - RPR Antwerpen - BTW BE0552.242.162',
      ].join('\n'),
    );
    expect(inv.buyer.name?.value).toBe('Smit Advies B.V.');
  });
});

describe('dates whose order no date proves', () => {
  const odoo = (values: string, terms = 'Payment terms: 60 Days') =>
    parse(
      [
        'Advies Bos NV',
        'Meir 20',
        '9000 Gent',
        '',
        'Invoice INV/2023/03390',
        'Invoice Date:   Due Date:   Source:',
        values,
        '',
        'Description   Quantity   Unit Price   Taxes   Amount',
        'Training session   2.00   390.01   VAT 21%   780.02',
        '',
        'Untaxed Amount   € 780.02',
        'VAT 21%   € 163.80',
        'Total   € 943.82',
        terms,
      ].join('\n'),
    );

  it('month first when day first puts the due date ten months after the issue date and month first a usual term after', () => {
    const inv = odoo('11/11/2023   01/10/2024   S62541');
    expect(inv.invoiceDate?.value).toBe('2023-11-11');
    expect(inv.dueDate?.value).toBe('2024-01-10');
  });

  it('day first as before when it gives a usual term', () => {
    const inv = odoo('02/03/2024   01/04/2024   S62541');
    expect(inv.invoiceDate?.value).toBe('2024-03-02');
    expect(inv.dueDate?.value).toBe('2024-04-01');
  });

  it('day first as before when a date proves it, whatever the term', () => {
    const inv = odoo('11/11/2023   01/10/2024   S62541', 'Delivered 25/10/2023');
    expect(inv.dueDate?.value).toBe('2024-10-01');
  });
});

describe('the document number of accounting and ERP software', () => {
  it.each([
    ['N° pièce : FA00042', 'FA00042'],
    ['Nº documento: F-2026-77', 'F-2026-77'],
    ['Documentnummer: 2026-0655', '2026-0655'],
    ['Doc. nr. 2026-0042', '2026-0042'],
  ])('%j gives the invoice number %j', (line, number) => {
    const inv = parse(['ACME GmbH', 'Hauptstraße 1', '10115 Berlin', '', 'Rechnung', line, 'Datum: 03.08.2026', '', 'Summe netto   100,00', 'MwSt. 19 %   19,00', 'Gesamtbetrag   119,00'].join('\n'));
    expect(inv.invoiceNumber?.value).toBe(number);
  });
});
