/**
 * Parties by layout (issue 13, point 2): the seller is the issuer (letterhead, the footer's legal mentions), the buyer
 * the addressee (window, "Bill to", "Factuuradres", "To:"); never a title, a country line or a placeholder.
 */
import { describe, expect, it } from 'vitest';
import { documentFromPlainText, parseInvoice } from '../../lib/extract/field-parser/index.js';
import { isNameLike, postcodeOf } from '../../lib/extract/field-parser/parties.js';

const parse = (text: string) => parseInvoice(documentFromPlainText(text), { method: 'pdf-text' });

describe('isNameLike', () => {
  it.each(['LOGO', '[Your logo]', 'Company name', 'BT-27', 'INVOICE / FACTURE', 'Tax Invoice', 'Rechnung - Original', 'France', 'Deutschland', 'United Kingdom', 'Nederland'])(
    '%j is no party name',
    (text) => {
      expect(isNameLike(text)).toBe(false);
    },
  );

  // Line-table column headers alone (OCR of an Odoo-style Dutch invoice read `Prijs per eenheid` as a block of its own).
  it.each(['Prijs per eenheid', 'Omschrijving', 'Unit price:', 'Einzelpreis', 'Descrizione'])('the column header %j is no party name', (text) => {
    expect(isNameLike(text)).toBe(false);
  });

  it.each(['Atelier Lumière', 'Bakkerij De Gouden Korenaar B.V.', 'Hotel Zeezicht', 'Logistik Nord GmbH', 'France Boissons SAS'])('%j may be a party name', (text) => {
    expect(isNameLike(text)).toBe(true);
  });
});

describe('seller and buyer by layout', () => {
  it('an addressee window at the top and the issuer only in the footer: not swapped', () => {
    const inv = parse(
      [
        '[LOGO]',
        '',
        'Stadtwerke Ulm AG',
        'Karlstraße 1',
        '89073 Ulm',
        '',
        'Rechnung Nr. 2026-311',
        'Datum: 03.08.2026',
        '',
        'Pos  Bezeichnung              Menge   Preis    Betrag',
        '1    Einbauschrank Eiche          1  2.000,00  2.000,00',
        '',
        'Nettobetrag                                 2.000,00',
        'MwSt. 19 %                                    380,00',
        'Gesamtbetrag                                2.380,00',
        '',
        '',
        '',
        'Schreinerei Holzmann GmbH · Werkstattweg 4 · 89077 Ulm · HRB 7311 Amtsgericht Ulm · USt-IdNr. DE811569869',
      ].join('\n'),
    );
    expect(inv.seller.name?.value).toBe('Schreinerei Holzmann GmbH');
    expect(inv.buyer.name?.value).toBe('Stadtwerke Ulm AG');
    expect(inv.seller.vatNumber?.value).toBe('DE811569869');
  });

  it('the footer confirms the letterhead: same seller, more confidence', () => {
    const text = (footer: string) =>
      ['Schreinerei Holzmann GmbH', 'Werkstattweg 4', '89077 Ulm', 'Tel. 0731 12345', '', 'Rechnung Nr. 7', 'Datum: 03.08.2026', 'Gesamtbetrag 100,00', '', '', footer].join('\n');
    const confirmed = parse(text('Schreinerei Holzmann GmbH · HRB 7311 · USt-IdNr. DE811569869'));
    const plain = parse(text('Vielen Dank für Ihren Auftrag.'));
    expect(confirmed.seller.name?.value).toBe('Schreinerei Holzmann GmbH');
    expect(plain.seller.name?.value).toBe('Schreinerei Holzmann GmbH');
    expect(confirmed.seller.name!.confidence).toBeGreaterThan(plain.seller.name!.confidence);
  });

  it.each<[string, string[]]>([
    ['a logo placeholder', ['LOGO', 'Atelier Lumière SARL', '14 rue des Tanneurs', '69002 Lyon', 'Tél. 04 78 00 00 00']],
    ['a title line', ['INVOICE / FACTURE', 'Atelier Lumière SARL', '14 rue des Tanneurs', '69002 Lyon', 'Tél. 04 78 00 00 00']],
    ['a country line', ['France', 'Atelier Lumière SARL', '14 rue des Tanneurs', '69002 Lyon', 'Tél. 04 78 00 00 00']],
  ])('the seller name is never %s', (_what, head) => {
    const inv = parse([...head, '', 'Facture N° F-88', 'Date : 03/08/2026', 'Total TTC 120,00 €'].join('\n'));
    // The legal form is kept apart only once the document is known to be French (README); either way the name is the company's.
    expect(inv.seller.name?.value).toMatch(/^Atelier Lumière( SARL)?$/);
  });

  it('a seller name printed on two lines is read whole', () => {
    const inv = parse(['Bakkerij De Gouden', 'Korenaar B.V.', 'Kerkstraat 14', '3511 LX Utrecht', '', 'Factuurnummer: 12', 'Factuurdatum: 03-08-2026', 'Totaal 10,00'].join('\n'));
    expect(inv.seller.name?.value).toBe('Bakkerij De Gouden Korenaar B.V.');
  });

  it.each<[string, string]>([
    ['To:', 'To:'],
    ['Factuuradres', 'Factuuradres:'],
    ['Rechnungsempfänger', 'Rechnungsempfänger'],
    ['Facturar a', 'Facturar a:'],
    ['Spett.le', 'Spett.le'],
    ['Datos del cliente', 'Datos del cliente'],
    ['Dati del cliente', 'Dati del cliente:'],
    ['Adressé à', 'Adressé à :'],
  ])('the buyer under "%s"', (_what, heading) => {
    const inv = parse(
      ['Northwind Components Ltd', '14 Mill Lane', 'Cambridge CB2 1RX', 'Tel. 01223 000000', '', heading, 'Harbour Logistics plc', '2 Quay Street', 'Bristol BS1 4DJ', '', 'Invoice no. 55', 'Date: 3 August 2026', 'Total 10.00'].join('\n'),
    );
    expect(inv.buyer.name?.value).toBe('Harbour Logistics plc');
    expect(inv.seller.name?.value).toBe('Northwind Components Ltd');
  });
});

describe('a buyer of the seller\'s own name', () => {
  const invoice = (buyerLines: string[]) =>
    parse(
      [
        'Invoice',
        '',
        `${(buyerLines[0] ?? '').padEnd(50)}Service provider`,
        `${(buyerLines[1] ?? '').padEnd(50)}Iyer Engineering Private Limited`,
        `${(buyerLines[2] ?? '').padEnd(50)}8, Brigade Road`,
        `${(buyerLines[3] ?? '').padEnd(50)}Bengaluru 560001`,
        `${''.padEnd(50)}GSTIN: 33ETEPD2879D1Z5`,
        '',
        'Invoice No.: 202406239',
        'Issue date: 13/06/2024',
        '',
        '                                   Subtotal       1,946.27',
        '                                   IGST 18%         350.33',
        '                                   Total due      2,296.60',
        '',
        'Payable to: Iyer Engineering Private Limited',
        '',
        'Iyer Engineering Private Limited      info@iyer-engineering.in',
        '8, Brigade Road',
        'Bengaluru 560001',
      ].join('\n'),
    );

  it('at another postcode: another establishment of the same company (a branch invoicing another)', () => {
    const inv = invoice(['', 'Iyer Engineering Private Limited', '297, Anna Salai', 'New Delhi 110001']);
    expect(inv.seller.name?.value).toBe('Iyer Engineering Private Limited');
    expect(inv.seller.address?.value).toMatch(/560001/);
    expect(inv.buyer.name?.value).toBe('Iyer Engineering Private Limited');
    expect(inv.buyer.address?.value).toMatch(/110001/);
  });

  it('the postcode is the one before or after the town, not a register number or capital printed beside the address', () => {
    const inv = parse(
      ['Forniture De Luca S.n.c.', 'Viale Europa 65', '00184 Roma', 'P.IVA 79668881952 - C.F. 79668881952', '', 'Meccanica Conti & Ferrari S.a.s.', "All'attenzione di S. Romano", 'Viale Europa 173', '20121 Milano', 'P.IVA 33771221955', '', 'FATTURA', 'Tipo documento   N. documento   Data', 'Fattura   2026/4716   18 aprile 2026', '', 'Imponibile   100,00', 'IVA 22%   22,00', 'Totale documento   122,00', '', 'Forniture De Luca S.n.c. - Viale Europa 65 - 00184 Roma - Cap. Soc. € 10.000,00 i.v. - REA MI-174557', 'P.IVA e C.F. 79668881952 - info@forniture.it'].join('\n'),
    );
    expect(inv.seller.name?.value).toBe('Forniture De Luca S.n.c.');
    expect(inv.buyer.name?.value).toBe('Meccanica Conti & Ferrari S.a.s.');
    // The seller's address as read from that footer (an ERP-family PDF took its letterhead for the buyer before).
    expect(postcodeOf('Viale Europa 65, 00184 Roma, Cap. Soc. € 10.000,00 i.v., REA MI-174557')).toBe('00184');
    expect(postcodeOf('8, Brigade Road, Bengaluru 560001')).toBe('560001');
    expect(postcodeOf('Hauptstraße 95, A-1010 Wien')).toBe('1010');
    expect(postcodeOf('Keizersgracht 39')).toBeUndefined();
  });

  it('at the seller\'s own postcode: the seller printed again, no buyer', () => {
    const inv = invoice(['', 'Iyer Engineering Private Limited', '8, Brigade Road', 'Bengaluru 560001']);
    expect(inv.buyer.name).toBeUndefined();
  });
});

describe('an unheaded buyer block whose postcode line OCR could not read', () => {
  // OCR of a scan (seed 14142135, invoice 127 of the second family, test/fixtures/synthetic): `8000 Aarhus C` read `5ASc`.
  const lines = (postcode: string) => [
    'Pedersen Design', 'Vesterbrogade 75', '5000 Odense C', 'Denmark', 'VAT No.: DK96589224', '',
    'Pedersen Transport ApS   Invoice #   202201507', 'Attn: K. Weber   Date   1 January 2022', 'N   ade 62',
    `${postcode}   Payment due   31 January 2022`, 'Denmark   Order no.   PO52474054', 'VAT No.: DK85807984', '',
    'Details   Qty   Price   Net', 'Annual maintenance   10   765,14   7.651,40', 'Software licence   1   264,39   264,39',
    'A4 copier paper   5   33,88   169,40', 'Total net   8.085,19', 'VAT @ 25%   2.021,30', 'Amount due   10.106,49', '',
    'Payment terms: 30 days net.', 'Pedersen Design   VAT No.: DK96589224', 'Vesterbrogade 75   IBAN DK06 9728 8746 1504 11', '5000 Odense C',
  ].join('\n');
  const parseOcr = (text: string) => parseInvoice(documentFromPlainText(text), { method: 'ocr', ocr: true });

  it('the country printed under it ends the block on a scan', () => {
    expect(parseOcr(lines('5ASc')).buyer.name?.value).toBe('Pedersen Transport ApS');
    // As read, the postcode alone did.
    expect(parseOcr(lines('8000 Aarhus C')).buyer.name?.value).toBe('Pedersen Transport ApS');
  });

  it('not on a text layer, where a postcode line is always readable', () => {
    expect(parse(lines('5ASc')).buyer.name).toBeUndefined();
  });
});
