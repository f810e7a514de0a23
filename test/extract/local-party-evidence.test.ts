/**
 * Parties from evidence, not position (issue 25, point 2; lib/extract/field-parser/issuer.ts): the seller is the
 * issuer the document shows (identifiers, the bank details' payee, an e-mail or web domain printed elsewhere, the
 * footer's name over a bare legal form, a seller heading in any column); buyer headings with extra words are never
 * read as the seller; placeholders, slogans and field labels are never names; the evidence is recorded and the
 * confidence follows it.
 */
import { describe, expect, it } from 'vitest';
import { documentFromPlainText, parseInvoice } from '../../lib/extract/field-parser/index.js';
import { isBareLegalForm, isPartyHeading, BUYER_HEADING_WORDS } from '../../lib/extract/field-parser/labels.js';
import { isSlogan, nameMatchesDomain } from '../../lib/extract/field-parser/issuer.js';
import { isNameLike } from '../../lib/extract/field-parser/parties.js';

const parse = (lines: string[]) => parseInvoice(documentFromPlainText(lines.join('\n')), { method: 'pdf-text' });
const body = ['Invoice No.: INV-2026-0042', 'Date: 12/03/2026', '', 'Description                 Qty      Amount', 'Consulting services           1      500.00', '', 'Net total      500.00', 'VAT 20 %      100.00', 'Total          600.00', '', '', ''];

describe('what is never a party name', () => {
  it.each(['Since 1987', 'Votre partenaire depuis 1998', 'Ihr Partner seit 1982', 'Your partner in business', 'Calidad desde 1990', 'Vakmanschap sinds 1991'])('the slogan %j', (text) => {
    expect(isSlogan(text)).toBe(true);
    expect(isNameLike(text)).toBe(false);
  });

  it.each(['GmbH', 'B.V.', 'S.A.', 'Sp. z o.o.', 'Pvt. Ltd.', 'UG (haftungsbeschränkt)'])('the bare legal form %j', (text) => {
    expect(isBareLegalForm(text)).toBe(true);
    expect(isNameLike(text)).toBe(false);
  });

  it.each(['Rechnungs-Nr.', 'Data ordine', 'Fecha de entrega', 'Precio unitario', 'Zahlbar bis', 'Pr. unit.', 'Attn: J. Smith', "À l'attention de M. Dupont", 'Bill to address:', 'Adresse du client', 'Customer details'])(
    'the label or contact line %j',
    (text) => {
      expect(isNameLike(text)).toBe(false);
    },
  );

  it.each(['Qté Prixunt,', 'Qty Unit price', 'Menge Einzelpreis', 'Aantal Prijs'])('a line-table header read as one chunk by OCR: %j', (text) => {
    expect(isNameLike(text)).toBe(false);
  });

  it.each(['Vos Bouw', 'Weber Druckerei GmbH', 'Berg Bygg AB', 'Au bon moulin', 'Tellier Frères', 'Quantum Labs', 'Mengel Bau'])('but %j may be a name', (text) => {
    expect(isNameLike(text)).toBe(true);
  });

  it('tells a buyer heading with extra words from a label of the buyer\'s data', () => {
    for (const h of ['Bill to address', 'Adresse du client', 'Rechnungsempfänger', 'Datos de facturación', 'Empfänger der Rechnung', 'Factuuradres klant']) expect(isPartyHeading(h, BUYER_HEADING_WORDS), h).toBe(true);
    for (const h of ['Referenz des Käufers', 'Kundennummer', 'N° TVA client', 'Customer number', 'Kunde 4711']) expect(isPartyHeading(h, BUYER_HEADING_WORDS), h).toBe(false);
  });

  it('matches a name with the e-mail or web domain made of its words', () => {
    const domain = (label: string) => ({ label, words: label.split('-'), line: 0 });
    expect(nameMatchesDomain('Müller Haustechnik GmbH', domain('mueller-haustechnik'))).toBe(true);
    expect(nameMatchesDomain('Om Kapoor Consultancy Private Limited', domain('om-kapoor-consultancy'))).toBe(true);
    expect(nameMatchesDomain('Weber Druckerei GmbH', domain('weberdruckerei'))).toBe(true);
    expect(nameMatchesDomain('Schmidt Bau GmbH', domain('mueller-haustechnik'))).toBe(false);
  });
});

describe('the seller from evidence', () => {
  it('a logo-only invoice: the seller is the footer name over its bare legal form, not the addressee at the top', () => {
    const inv = parse([
      'LOGO                                          INVOICE',
      'Quality you can trust',
      '',
      'Harbour Catering Ltd',
      '12 Dock Street',
      'Leith EH6 6QW',
      '',
      ...body,
      'Keizer Advies              info@keizer-advies.nl          Btw-nummer: NL123456789B01',
      'B.V.                       www.keizer-advies.nl           IBAN NL91 ABNA 0417 1643 00',
      'Kerkstraat 14',
      '3511 LX Utrecht',
    ]);
    expect(inv.seller.name?.value).toBe('Keizer Advies B.V.');
    expect(inv.seller.evidence).toEqual(expect.arrayContaining(['footer', 'e-mail or web domain printed elsewhere']));
    expect(inv.buyer.name?.value).toBe('Harbour Catering Ltd');
  });

  it('a letterhead named again in the footer mentions beats an unlabelled buyer block with SIRET and VAT, with a dash glued by OCR', () => {
    for (const sep of [' - ', '- ', ' -']) {
      const inv = parse([
        '                              Ateliers Morel SA',
        '                                    12 rue des Forges',
        '                                    69002 Lyon',
        '',
        '                                                Facture',
        '',
        "Date d'émission    05.02.2023                      Garage Lambert SARL",
        'Numéro de facture  FA 2023-2876                    8 chemin des Vignes',
        'A payer avant le   19.02.2023                      59800 Lille',
        '                                                    SIRET 25854389187460',
        '                                                    N° TVA intracommunautaire : FR91258543891',
        '                                                    Tel. +33 4 10 39 32 19',
        '',
        'Libellé                 Quantité      Montant HT',
        'Réparation                    1       500,00',
        '                                Total HT       500,00',
        '                                TVA 20 %       100,00',
        '                                Net à payer      600,00',
        ...Array.from({ length: 15 }, () => ''),
        `         Ateliers Morel SA${sep}12 rue des Forges - 69002 Lyon`,
        '   SIRET 59957168476415 - N° TVA : FR26599571684 - IBAN FR76 3000 6000 0112 3456 7890 189 - RCS Lyon B 599 571 684',
      ]);
      expect(inv.seller.name?.value, sep).toBe('Ateliers Morel');
      expect(inv.seller.evidence, sep).toContain('footer legal mentions');
      expect(inv.buyer.name?.value, sep).toBe('Garage Lambert');
    }
  });

  it('a seller and a buyer of the same name with different legal forms are two companies', () => {
    const inv = parse([
      'Électricité Boyer SAS                                   FACTURE',
      '175 rue Pasteur',
      '33000 Bordeaux',
      'SIRET 97710216996776',
      'N° TVA intracommunautaire : FR81977102169',
      '',
      'N° de facture   F22070606               Facturé à',
      "Date d'émission 09/07/2022              Électricité Boyer SARL",
      'Echéance        08/08/2022              98 avenue des Lilas',
      '                                        59800 Lille',
      '',
      'Description              Qté Prixunt,   TVA    Montant',
      'Etagère en chêne          3    210,71   20%     632,13',
      'Total hors taxes     632,13',
      'Montant TVA (20%)    126,43',
      'Montant TTC          758,56',
    ]);
    expect(inv.seller.name?.value).toBe('Électricité Boyer');
    expect(inv.seller.legalForm?.value).toBe('SAS');
    expect(inv.seller.vatNumber?.value).toBe('FR81977102169');
    expect(inv.buyer.name?.value).toBe('Électricité Boyer');
    expect(inv.buyer.legalForm?.value).toBe('SARL');
    expect(inv.buyer.address?.value).toContain('59800 Lille');
  });

  it('the payee of the bank details names the seller', () => {
    const inv = parse([
      'Harbour Catering Ltd',
      '12 Dock Street',
      'Leith EH6 6QW',
      '',
      ...body,
      'Account holder: Pennine Joinery Limited',
      'IBAN GB33 BUKB 2020 1555 5555 55',
    ]);
    expect(inv.seller.name?.value).toBe('Pennine Joinery Limited');
    expect(inv.seller.evidence?.[0]).toBe('payee');
  });

  it('a buyer heading with extra words on the left and a seller heading on the right: neither is swapped', () => {
    const inv = parse([
      'Bill to address:                       Service provider',
      'Harbour Catering Ltd                   Pennine Joinery Limited',
      '12 Dock Street                         4 Mill Lane',
      'Leith EH6 6QW                          Leeds LS1 5DL',
      '                                       VAT No.: GB123456789',
      '',
      ...body,
    ]);
    expect(inv.seller.name?.value).toBe('Pennine Joinery Limited');
    expect(inv.seller.evidence).toEqual(expect.arrayContaining(['seller heading', 'identifiers in its block']));
    expect(inv.buyer.name?.value).toBe('Harbour Catering Ltd');
    expect(inv.buyer.evidence).toEqual(['buyer heading']);
  });

  it('the confidence follows the evidence: the same letterhead with a payee and a domain printed elsewhere is surer', () => {
    const head = ['Pennine Joinery Limited', '4 Mill Lane', 'Leeds LS1 5DL', '', 'Harbour Catering Ltd', '12 Dock Street', 'Leith EH6 6QW', '', ...body];
    const bare = parse(head);
    const backed = parse([...head, 'Account holder: Pennine Joinery Limited   IBAN GB33 BUKB 2020 1555 5555 55', 'accounts@pennine-joinery.co.uk']);
    expect(bare.seller.name?.value).toBe('Pennine Joinery Limited');
    expect(backed.seller.name?.value).toBe('Pennine Joinery Limited');
    expect(backed.seller.name!.confidence).toBeGreaterThan(bare.seller.name!.confidence + 0.2);
    expect(backed.seller.evidence).toEqual(expect.arrayContaining(['payee of the bank details', 'e-mail or web domain printed elsewhere']));
  });
});

describe('footers and letterheads OCR runs together or reads apart', () => {
  const footer = [
    'Weber & Weber GmbH Geschäftsführer: Andreas Fischer   Firmenbuch: FN 97193e     Commerzbank',
    'Industriestraße 35                                    Handelsgericht Wien       IBAN AT39 2319 5549 0600 7214',
    '1020 Wien                                             UID: ATU63963183          BIC BCITATFFXXX',
  ];
  const buyer = ['', 'Logistik Krüger GmbH', 'Industriestraße 68', '10115 Berlin', ''];

  it('a labelled mention run into the company name is cut off, and the bank over its IBAN is no footer name', () => {
    const inv = parse([...buyer, ...body, ...footer]);
    expect(inv.seller.name?.value).toBe('Weber & Weber GmbH');
    // With the company's own line unreadable as a name, the bank's column still gives no seller.
    const bankOnly = parse([...buyer, ...body, 'Sitz: Wien, Geschäftsführer: A. Fischer               Firmenbuch: FN 97193e     Commerzbank', ...footer.slice(1)]);
    expect(bankOnly.seller.name?.value).not.toBe('Commerzbank');
  });

  it('the letterhead is not taken for the buyer when the footer names the same company with a letter misread', () => {
    const inv = parse([
      'Forniture Ferrari & Bruno S.r.l.', 'Via Roma 14', '10121 Torino', 'P.IVA 92289602136', '',
      ...body,
      'Fornitère Ferrari & Bruno S.r.l. - Via Roma 14 - 10121 Torino - Cap. Soc. € 50.000,00 - REA TO-1504036 - P.IVA 92289602136',
    ]);
    expect(inv.buyer.name?.value ?? '').not.toMatch(/Ferrari & Bruno/);
  });

  it.each(['Factuur or.', 'Rechnung Nr', 'Fattura n.'])('a number label OCR garbled, %j, is no name', (text) => {
    expect(isNameLike(text)).toBe(false);
  });

  it.each(['Billa', 'Rechnungswesen Meier', 'Factura Digital S.L.'])('but %j may be one', (text) => {
    expect(isNameLike(text)).toBe(true);
  });
});
