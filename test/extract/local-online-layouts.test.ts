/**
 * Layouts of invoices and receipts as online services and shops print them (issue 25: documents nobody here
 * designed): a cloud provider's "Bill to Address:" block beside an "Invoice Summary" heading, a marketplace's
 * "Sold By:" line, a hotel's "Guest Name" row and its CGST / SGST rows, a card-payment receipt titled "Receipt from
 * ..." that prints only the amount paid, numbers glued to their label (`Invoice #10482`).
 */
import { describe, expect, it } from 'vitest';
import { documentFromPlainText, parseInvoice } from '../../lib/extract/field-parser/index.js';

const parse = (lines: string[]) => parseInvoice(documentFromPlainText(lines.join('\n')), { method: 'pdf-text' });

describe('parties', () => {
  it('"Bill to Address:" with another column\'s heading on its line: the name is read under the heading, and a state code is no country', () => {
    const inv = parse([
      'Cloudline Services, Inc.',
      '',
      'Invoice',
      'Bill to Address:                                        Invoice Summary',
      'ACME Corp                                               Invoice Number:     1234567890',
      'ATTN: John Smith                                        Invoice Date:       March 2, 2026',
      '100 Main Street',
      'Boston, MA 02110, US',
      '',
      'Total for this invoice                                  $1,234.56',
    ]);
    expect(inv.buyer.name?.value).toBe('ACME Corp');
    expect(inv.buyer.country?.value).toBe('US');
  });

  it('a heading of a document part ("Invoice Summary", "Rechnungsdetails") is never a name', () => {
    const inv = parse(['Invoice Summary', 'Invoice Number: 77', 'Invoice Date: 02/03/2026', '', 'Bill to:', 'Invoice Details', 'Harrow Foods Ltd', '1 High Street', 'Leeds LS1 5DL', '', 'Total   120.00']);
    expect(inv.seller.name?.value).not.toBe('Invoice Summary');
    expect(inv.buyer.name?.value).toBe('Harrow Foods Ltd');
  });

  it('the comma a layout leaves after a name is not part of it', () => {
    const inv = parse(['Tax Invoice', 'Sold By: SuperComNet Retail Private Limited ,', 'Ship-from Address: Plot 12, Whitefield, Bangalore - 560066', '', 'Invoice Number # FA2600012345', 'Invoice Date: 13-03-2026', '', 'Grand Total   Rs. 1,299.00']);
    expect(inv.seller.name?.value).toBe('SuperComNet Retail Private Limited');
  });

  it('a hotel\'s "Guest Name" row names the buyer; a Gasthof keeps its name', () => {
    const inv = parse([
      'Sunshine Residency Pvt Ltd',
      '21 Ring Road, New Delhi 110024',
      '',
      'Booking ID        RSBK2026031          Invoice Date     14 Mar 2026',
      'Guest Name        Anil Kumar           Rooms            1',
      'Check-in          12 Mar 2026',
      '',
      'Total     Rs 2,688.00',
    ]);
    expect(inv.buyer.name?.value).toBe('Anil Kumar');
    const gasthof = parse(['Gasthof Krone GmbH', 'Dorfstraße 1', '83022 Rosenheim', '', 'Rechnungsnummer: 55', 'Rechnungsdatum: 02.03.2026', '', 'Gesamtbetrag   119,00 €']);
    expect(gasthof.seller.name?.value).toBe('Gasthof Krone GmbH');
  });

  it('"Receipt from Acme Analytics Inc.": the issuer is what follows the title', () => {
    const inv = parse(['Receipt from Acme Analytics Inc.', 'Receipt #2231-4471', '', 'Date paid     Mar 5, 2026', '', 'Pro plan (Mar 5 - Apr 5, 2026)       $49.00', 'Amount paid                           $49.00']);
    expect(inv.seller.name?.value).toBe('Acme Analytics Inc.');
  });
});

describe('party headings and name rows', () => {
  it('Romanian and Hungarian headings (`Furnizor` / `Cumpărător`, `Eladó` / `Vevő`) head their blocks and are no part of a name', () => {
    const ro = parse(['Furnizor:                       Cumpărător:', 'Tipografia Carpați SRL          Cofetăria Dulce SRL', 'CUI: RO12345678                 CUI: RO87654321', 'Factura seria ABC nr. 0045']);
    expect([ro.seller.name?.value, ro.buyer.name?.value]).toEqual(['Tipografia Carpați SRL', 'Cofetăria Dulce SRL']);
    const hu = parse(['Eladó                               Vevő', 'Duna Nyomda Kft.                    Balaton Panzió Bt.', '1051 Budapest, Nádor utca 12.       8230 Balatonfüred, Tagore sétány 3.', 'Számlaszám: SZ-2026/00412']);
    expect([hu.seller.name?.value, hu.buyer.name?.value]).toEqual(['Duna Nyomda Kft.', 'Balaton Panzió Bt.']);
  });

  it('the sender line over the address window, not a letterhead\'s line of mentions above it (`Meisterbetrieb · Lindenweg 3 · 34117 Kassel`)', () => {
    const inv = parse(['Malerbetrieb Hoffmann e.K.', 'Meisterbetrieb · Lindenweg 3 · 34117 Kassel · Tel. 0561 123456', '', '', '', 'Malerbetrieb Hoffmann e.K. · Lindenweg 3 · 34117 Kassel', 'Hausverwaltung Seidel GmbH', 'Wilhelmshöher Allee 100', '34119 Kassel', '', 'Rechnung Nr. 4418']);
    expect([inv.seller.name?.value, inv.buyer.name?.value]).toEqual(['Malerbetrieb Hoffmann e.K.', 'Hausverwaltung Seidel GmbH']);
  });

  it('an owner\'s mention is no sender (`Inh. Peter Albrecht · Gewerbestraße 7 · 79539 Lörrach`), an `Invoice Address` heading heads the buyer', () => {
    const inv = parse(['Schreinerei Albrecht', 'Inh. Peter Albrecht · Gewerbestraße 7 · 79539 Lörrach', '', 'Invoice Address', 'Praxis Dr. Lehmann', 'Tumringer Straße 30', '79539 Lörrach', '', 'Rechnungs-Nr. 2026/118']);
    expect([inv.seller.name?.value, inv.buyer.name?.value]).toEqual(['Schreinerei Albrecht', 'Praxis Dr. Lehmann']);
  });

  it('a payee named in a payment sentence ends before what the sentence asks (`ten name van Koster Tuinontwerp o.v.v. het factuurnummer`)', () => {
    const inv = parse(['koster', 'tuinontwerp & aanleg', 'Familie de Groot', 'Factuurnummer: 2026-0198', 'Totaal   € 1.815,00', 'Graag overmaken op NL02 ABNA 0123 4567 89 ten name van Koster Tuinontwerp o.v.v. het factuurnummer.', '', '', 'www.koster-tuinontwerp.nl | KvK 61234567']);
    expect(inv.seller.name?.value).toBe('Koster Tuinontwerp');
  });

  it('a payee\'s legal form keeps its final period (`S.A.`, `S.n.c.`); a sentence\'s full stop after a word is dropped', () => {
    const payee = (line: string) => parse(['WI', 'Faktura nr FV/2026/11/4', 'Razem do zapłaty   1 476,00 zł', line]).seller.name?.value;
    expect(payee('Account holder: Wiśniewski Informatyka S.A.')).toBe('Wiśniewski Informatyka S.A.');
    expect(payee('Conto intestato a: Costruzioni Rossi & Colombo S.n.c.')).toBe('Costruzioni Rossi & Colombo S.n.c.');
  });

  it('an owners\' association named after its building is a name (`Condominio Via Verdi 8`)', () => {
    expect(parse(['Arch. Paolo Neri', 'Spett.le', 'Condominio Via Verdi 8', 'Via Verdi 8', '50122 Firenze', 'Fattura n. 12/2026 del 25/11/2026']).buyer.name?.value).toBe('Condominio Via Verdi 8');
  });

  it('Spanish `Emisor` / `Receptor` headings', () => {
    const inv = parse(['FACTURA', 'Emisor                          Receptor', 'Instalaciones Eléctricas Vidal, S.L.   Hostal La Brisa', 'CIF B98765432                   NIF 21456789K', 'Nº de factura: F2026-0093']);
    expect(inv.buyer.name?.value).toBe('Hostal La Brisa');
  });

  it('a `Denominazione:` row gives the value of its own column (a FatturaPA courtesy copy prints both parties side by side)', () => {
    const inv = parse(['Cedente/prestatore (fornitore)   Cessionario/committente (cliente)', 'Identificativo fiscale ai fini IVA: IT01234567897   Identificativo fiscale ai fini IVA: IT09876543213', 'Denominazione: Ferramenta Galli S.n.c.   Denominazione: Pizzeria Da Gino S.r.l.', 'Indirizzo: Via Roma 12   Indirizzo: Via Milano 5']);
    expect([inv.seller.name?.value, inv.buyer.name?.value]).toEqual(['Ferramenta Galli S.n.c.', 'Pizzeria Da Gino S.r.l.']);
  });
});

describe('a footer sentence after the name', () => {
  it('`Registered in England & Wales No. ...` after the legal form is no part of the name, nor is its final period a fuller spelling', () => {
    const inv = parse(['Northwind Office Supply Ltd', 'Unit 9, Meridian Trading Estate, Leeds LS11 5QT', 'INVOICE', 'Invoice Number: INV-2026-5521', 'Invoice Date: 19/11/2026', '', 'Invoice Total £1,476.00', '', '', '', '', '', '', '', '', 'Northwind Office Supply Ltd. Registered in England & Wales No. 01234567. VAT No. GB 987 6543 21']);
    expect(inv.seller.name?.value).toBe('Northwind Office Supply Ltd');
  });
});

describe('one company read twice by OCR', () => {
  it('letters dropped in the footer\'s reading (`Bakker de Vries B.V.`) do not make the letterhead (`Bakkerij de Vries B.V.`) the buyer', () => {
    const lines = [
      'LOGO', 'Bakkerij de Vries B.V.', 'Dorpsstraat 12', '1234 AB Utrecht', 'KvK 12345678', 'BTW NL123456789B01', 'Café Het Hoekje', 'ta.v. Dhr. P. Jansen',
      'Kerkplein 3', '3511 LK Utrecht', 'Factuur   Datum   Klantnummer   Vervaldatum', '2026-0042   12-03-2026   10023   26-03-2026',
      'Omschrijving   Aantal   Prijs   Bedrag', 'Broden assorti   50   €2,00   €100,00', 'Subtotaal   €100,00', 'BTW 21%   €21,00', 'Totaal   €121,00',
      ...Array<string>(9).fill(''), 'Bakker de Vries B.V.   IBAN NL91 ABNA 0417 1643 00 info@bakkeriidevries.nl',
    ];
    const inv = parseInvoice(documentFromPlainText(lines.join('\n')), { method: 'ocr', ocr: true });
    expect(inv.buyer.name?.value).toBe('Café Het Hoekje');
  });
});

describe('marks OCR read before a value', () => {
  it('a speck before a number under its label (`, 0000012`) is not part of it', () => {
    const lines = ['Harbor Lights Photography', '18 Wharf Road', 'Portland, ME 04101', '',
      'Billed To          Date of Issue     Invoice Number   Amount Due (USD)',
      'Coastal Events LLC 03/05/2026        , 0000012        $1,250.00', '', 'Total   1,250.00'];
    const inv = parseInvoice(documentFromPlainText(lines.join('\n')), { method: 'ocr', ocr: true });
    expect(inv.invoiceNumber?.value).toBe('0000012');
  });
});

describe('marks OCR read before a name', () => {
  it('a quote mark or speck before the buyer\'s name is dropped, and its salutation with it (`„Mr Tom Hughes`)', () => {
    const inv = parseInvoice(documentFromPlainText(['Oakridge Joinery Ltd', 'Church Lane, Ludlow SY8 1AB', 'VAT No. GB 987 6543 21', '', 'TAX INVOICE', 'No. 2026-17', '5th March 2026',
      '', 'Invoice to:', '„Mr Tom Hughes', '7 Mill Street', 'Ludlow SY8 1BB', '', 'Total   £3,000.00'].join('\n')), { method: 'ocr', ocr: true });
    expect(inv.buyer.name?.value).toBe('Tom Hughes');
  });
});

describe('countries told by tax identifiers without a VAT prefix', () => {
  it('an Italian partita IVA or a Spanish CIF: no currency printed means the euro', () => {
    const it = parse(['Ottica Bellavista S.r.l.', 'Corso Italia 21 - 20122 Milano', 'P.IVA 01234567890', '', 'FATTURA N. 112/2026', 'Data: 18/03/2026', '', 'Totale documento   244,00']);
    expect(it.currency).toMatchObject({ value: 'EUR' });
    const es = parse(['Reformas Castillo S.L.', 'CIF: B12345678', '', 'Nº Factura: A-2026/015', 'Fecha: 09/03/2026', '', 'TOTAL   2.420,00']);
    expect(es.currency).toMatchObject({ value: 'EUR' });
  });

  it('a Spanish owners\' association is named after its building: its street is part of its name', () => {
    const inv = parse(['Reformas Castillo S.L.', 'CIF: B12345678', '', 'Nº Factura: A-2026/015', 'Fecha: 09/03/2026', '', 'Cliente:', 'Comunidad de Propietarios Calle Mayor 12', 'Calle Mayor 12, 28013 Madrid', '', 'TOTAL   2.420,00 €']);
    expect(inv.buyer.name?.value).toBe('Comunidad de Propietarios Calle Mayor 12');
  });
});

describe('what is never a name', () => {
  it.each([
    ['a column header qualified by its tax', 'Stückpreis (ohne USt.)'],
    ['a field label run into its value', 'Zahlungsreferenznummer 1a2B3c4D5e'],
    ['a glued label and value', 'Customer number C-1042'],
    ['another block\'s heading', 'Lieferadresse'],
    ['a street run into a postcode and a country by OCR', 'avenueooJohn F. Komen LiL-855 Luxembourg'],
    ['two small letters OCR made of a column header', 'ay'],
  ])('%s: %s', async (_what, text) => {
    const { isNameLike } = await import('../../lib/extract/field-parser/parties.js');
    expect(isNameLike(text)).toBe(false);
  });

  it('while names with numbers, parentheses or a country word stay names', async () => {
    const { isNameLike } = await import('../../lib/extract/field-parser/parties.js');
    for (const name of ['Acme (Netherlands) B.V.', 'Bank of Ireland', 'Studio 54 GmbH']) expect(isNameLike(name), name).toBe(true);
  });

  it('"Verkauft von Amazon EU S.à r.l." names the seller without its heading', () => {
    const inv = parse(['Rechnung', 'Verkauft von Amazon EU S.à r.l.', '38 avenue John F. Kennedy, L-1855 Luxembourg', 'USt-IdNr. DE814584193', '', 'Rechnungsnr. DE26ABCD12345X', 'Rechnungsdatum 07.03.2026', '', 'Rechnungsbetrag   59,99 €']);
    expect(inv.seller.name?.value).toBe('Amazon EU S.à r.l.');
  });
});

describe('numbers and totals', () => {
  it('totals as a row of labels over a row of values, a rate in a label (`VAT @ 20%`) included', () => {
    const t = parse(['Brightwater Consulting Ltd', 'Invoice No: INV/2026/0311', '', 'Net amount        VAT @ 20%         Total due', '£3,600.00         £720.00           £4,320.00']).totals;
    expect([t.totalHT?.value, t.totalVAT?.value, t.totalTTC?.value]).toEqual(['3600.00', '720.00', '4320.00']);
  });

  it('the label of a VAT number is no wrapped VAT label: the postcode above it (`111 57 Stockholm`) is no VAT', () => {
    const t = parse(['Pixelforge GmbH', 'Invoice number: INV-4471', 'Customer', 'Nordlicht Media AB', '111 57 Stockholm, Sweden', 'VAT SE556987654301', '', 'Subtotal   €2,400.00', 'Total   €2,400.00']).totals;
    expect(t.totalVAT?.value).not.toBe('57');
  });

  it('a bare `Net` before an amount with cents is the total without VAT (after a discount), never a payment term', () => {
    const t = parse(['Kettle & Crane Supply Co.', 'Invoice no: SO-22871', 'Subtotal            1,100.00', 'Discount (10%)      -110.00', 'Net                 990.00', 'VAT 20%             198.00', 'Total               1,188.00']).totals;
    expect([t.totalHT?.value, t.totalVAT?.value, t.totalTTC?.value]).toEqual(['990.00', '198.00', '1188.00']);
    expect(parse(['Kettle & Crane Supply Co.', 'Invoice no: SO-22871', 'Terms: Net 30', 'Total               1,188.00']).totals.totalHT).toBeUndefined();
  });

  it('`kr` is the krona of the country a Nordic company number tells (Norway\'s `MVA` suffix, Denmark\'s CVR, Sweden\'s organisationsnummer)', () => {
    const kr = (id: string) => parse(['Fjordlys AS', id, 'Fakturanr. 30155', 'Fakturadato 20.11.2026', 'Å betale   kr 9 375,00']).currency?.value;
    expect([kr('Org.nr. 912 345 678 MVA'), kr('CVR-nr. 12345678'), kr('Org.nr 556677-8899'), kr('Telefon 55 12 34 56')]).toEqual(['NOK', 'DKK', 'SEK', undefined]);
  });

  it('a sum row under net, VAT and gross columns gives all three when they add up, and only the total when not', () => {
    const row = (cells: string) => parse(['Drukarnia Wiśniewski Sp. z o.o.', 'Faktura VAT nr FV/2026/10/117', 'Data wystawienia: 21.10.2026', '', `Razem   ${cells}`]).totals;
    const read = row('1 200,00   276,00   1 476,00');
    expect([read.totalHT?.value, read.totalVAT?.value, read.totalTTC?.value]).toEqual(['1200.00', '276.00', '1476.00']);
    const off = row('1 200,00   286,00   1 476,00');
    expect([off.totalHT?.value, off.totalVAT?.value, off.totalTTC?.value]).toEqual([undefined, undefined, '1476.00']);
  });

  it('a bare `Numéro :` label is the number on an invoice with no invoice-number label, never inside another label', () => {
    expect(parse(['FACTURE', 'Studio Graphique Lune', 'Numéro : F-2026-0207', "Date d'émission : 26/11/2026", 'Montant TTC 844,00 €']).invoiceNumber?.value).toBe('F-2026-0207');
    expect(parse(['FACTURE', 'Studio Graphique Lune', 'N° TVA : FR45812345678', 'Numéro client : 4711', "Date d'émission : 26/11/2026"]).invoiceNumber).toBeUndefined();
  });

  it('a slash date after a number mark or label is the number (`Faktura nr 12/11/2026`), never a date after a bare title', () => {
    expect(parse(['Kancelaria Rachunkowa Nowak', 'Faktura nr 12/11/2026', 'Data wystawienia: 30.11.2026']).invoiceNumber?.value).toBe('12/11/2026');
    expect(parse(['Kancelaria Rachunkowa Nowak', 'Numer faktury: 12/11/2026', 'Data wystawienia: 30.11.2026']).invoiceNumber?.value).toBe('12/11/2026');
    expect(parse(['Kancelaria Rachunkowa Nowak', 'Faktura 12/11/2026', 'Data wystawienia: 30.11.2026']).invoiceNumber).toBeUndefined();
    expect(parse(['Kancelaria Rachunkowa Nowak', 'Faktura nr FV-118 z dnia 12/11/2026']).invoiceNumber?.value).toBe('FV-118');
  });

  it('a Romanian series and number (`Seria ABC nr. 0045`) and a French `Note d\'honoraires N°` heading', () => {
    expect(parse(['FACTURĂ', 'Seria ABC nr. 0045', 'Data emiterii: 20.11.2026']).invoiceNumber?.value).toBe('ABC 0045');
    expect(parse(['Maître Claire Dubois', "NOTE D'HONORAIRES N° 2026-45", 'Marseille, le 26 novembre 2026']).invoiceNumber?.value).toBe('2026-45');
  });

  it('an Italian summary of VAT (`Aliquota IVA  Totale imponibile  Totale imposta`) gives the totals without VAT and the VAT', () => {
    const t = parse(['Ferramenta Galli S.n.c.', 'Numero documento: 2026/318', '', 'Aliquota IVA   Totale imponibile   Totale imposta', '22,00          500,00              110,00', '', 'Totale documento   610,00']).totals;
    expect([t.totalHT?.value, t.totalVAT?.value, t.totalTTC?.value]).toEqual(['500.00', '110.00', '610.00']);
  });

  it('Slovenian, Croatian, Slovak, Lithuanian and Estonian titles, dates and totals', () => {
    const read = (lines: string[]) => {
      const inv = parse(lines);
      return [inv.invoiceNumber?.value, inv.invoiceDate?.value, inv.totals.totalHT?.value, inv.totals.totalTTC?.value];
    };
    expect(read(['Mizarstvo Kovač d.o.o.', 'Račun št. 2026-0045', 'Datum izdaje: 11.11.2026', 'Osnova za DDV   2.000,00', 'DDV 22 %   440,00', 'Za plačilo EUR   2.440,00'])).toEqual(['2026-0045', '2026-11-11', '2000.00', '2440.00']);
    expect(read(['Obrt Marić', 'RAČUN br. 45-1-1', 'Datum isporuke: 10.11.2026', 'Datum računa: 12.11.2026', 'Osnovica   1.000,00', 'PDV 25%   250,00', 'Ukupno za platiti   1.250,00 EUR'])).toEqual(['45-1-1', '2026-11-12', '1000.00', '1250.00']);
    expect(read(['Stavmont s.r.o.', 'Faktúra č. 2026001', 'Dátum vystavenia: 10.11.2026', 'Základ DPH 23 %   3 000,00', 'DPH 23 %   690,00', 'Spolu na úhradu   3 690,00 €'])).toEqual(['2026001', '2026-11-10', '3000.00', '3690.00']);
    expect(read(['UAB Medžio namai', 'PVM SĄSKAITA FAKTŪRA', 'Serija AB Nr. 0045', 'Išrašymo data 2026-11-13', 'Suma be PVM   1 000,00', 'PVM 21 %   210,00', 'Iš viso   1 210,00 EUR'])).toEqual(['AB 0045', '2026-11-13', '1000.00', '1210.00']);
    expect(read(['Puidukoda OÜ', 'ARVE nr 2026-17', 'Kuupäev: 14.11.2026', 'Summa km-ta   1 000,00', 'Käibemaks 24%   240,00', 'Kokku tasuda   1 240,00 €'])).toEqual(['2026-17', '2026-11-14', '1000.00', '1240.00']);
  });

  it('Greek and Bulgarian invoices: titles, `Αριθμός` / `№`, dates, totals, headings; a Bulgarian seller without a printed currency bills in euros (since 2026)', () => {
    const gr = parse(['Παπαδόπουλος Ξυλουργική Μ.Ε.Π.Ε.', 'ΑΦΜ: EL094012345', 'ΤΙΜΟΛΟΓΙΟ', 'Αριθμός: A-1045', 'Ημερομηνία: 16/11/2026', 'ΠΕΛΑΤΗΣ:', 'Ξενοδοχείο Ακρόπολις Α.Ε.', 'Λεωφόρος Συγγρού 50, 11742 Αθήνα', '', 'Καθαρή αξία   1.000,00', 'ΦΠΑ 24%   240,00', 'Σύνολο   1.240,00 €']);
    expect([gr.invoiceNumber?.value, gr.invoiceDate?.value, gr.buyer.name?.value, gr.totals.totalHT?.value, gr.totals.totalVAT?.value, gr.totals.totalTTC?.value]).toEqual(['A-1045', '2026-11-16', 'Ξενοδοχείο Ακρόπολις Α.Ε.', '1000.00', '240.00', '1240.00']);
    const bg = parse(['Дърводелство Иванов ЕООД', 'ДДС № BG123456789', 'ФАКТУРА', '№ 0000001234', 'Дата: 17.11.2026', '', 'Данъчна основа   1 000,00', 'ДДС 20%   200,00', 'Сума за плащане   1 200,00']);
    expect([bg.invoiceNumber?.value, bg.invoiceDate?.value, bg.totals.totalHT?.value, bg.totals.totalTTC?.value, bg.currency?.value]).toEqual(['0000001234', '2026-11-17', '1000.00', '1200.00', 'EUR']);
  });

  it('Czech `Faktura - daňový doklad č.` and Polish `Faktura VAT nr` headings carry the number', () => {
    expect(parse(['Stavby Novák s.r.o.', 'Faktura - daňový doklad č. 2026110045', 'Datum vystavení: 16.11.2026']).invoiceNumber?.value).toBe('2026110045');
  });

  it('the day of a date whose year OCR garbled is no amount (`TOTAL AMOUNT DUE ON March 2 , 20ÿ6,234.56`)', () => {
    const inv = parse(['Cloudline Services, Inc.', 'Invoice Number: 1234567890', 'Invoice Date: March 2, 2026', '', 'TOTAL AMOUNT DUE ON March 2 , 20ÿ6,234.56', '', 'Total for this invoice     $1,234.56']);
    expect(inv.totals.totalTTC?.value).toBe('1234.56');
  });

  it('Nordic, Polish and Czech labels of the number, the issue date and the due date', () => {
    const cases: Array<[string[], string, string]> = [
      [['Fakturanr.: 2026/118', 'Forfaldsdato: 18.03.2026', 'Fakturadato: 04.03.2026'], '2026/118', '2026-03-04'],
      [['Fakturanummer 5521', 'Förfallodatum 2026-04-03', 'Fakturadatum 2026-03-04'], '5521', '2026-03-04'],
      [['Faktura VAT nr FV/12/2026', 'Termin płatności: 18.03.2026', 'Data wystawienia: 04.03.2026'], 'FV/12/2026', '2026-03-04'],
      [['Číslo faktury: 2026017', 'Datum splatnosti: 18.03.2026', 'Datum vystavení: 04.03.2026'], '2026017', '2026-03-04'],
    ];
    for (const [header, number, date] of cases) {
      const inv = parse(['Studio Nord ApS', 'Vesterbrogade 20', '1620 København V', '', ...header, '', 'Total   12.500,00']);
      expect(inv.invoiceNumber?.value, header[0]).toBe(number);
      expect(inv.invoiceDate?.value, header[0]).toBe(date);
    }
  });

  it('a number glued to a label ending in punctuation (`Invoice #10482`, `Rechnungs-Nr.4711`)', () => {
    expect(parse(['Bluebird Supply Co.', 'Invoice #10482', 'Date: 03/05/2026', 'Total   $862.50']).invoiceNumber?.value).toBe('10482');
    expect(parse(['Müller GmbH', 'Rechnungs-Nr.4711', 'Datum: 02.03.2026', 'Gesamtbetrag   119,00 €']).invoiceNumber?.value).toBe('4711');
  });

  it('numbers on both sides of a percent sign between digits are no amounts (`20%6 234.56`: a year and an amount OCR glued)', () => {
    const lines = ['Cloudline Services, Inc.', 'Invoice Number: 1234567890', 'Invoice Date: March 2, 2026', '', 'TOTAL AMOUNT DUE ON March 2 , 20%6 234.56', '', 'Total for this invoice     $1,234.56'];
    const inv = parseInvoice(documentFromPlainText(lines.join('\n')), { method: 'ocr', ocr: true });
    expect(inv.totals.totalTTC?.value).toBe('1234.56');
  });

  it('a number in digit groups after its series (`INV 2026 0042`), a `#` after the title\'s colon (`Invoice: #A-17`), a two-digit year after a month name (`05-Mar-26`)', () => {
    const seller = ['Pennine Joinery Limited', '4 Mill Lane', 'Leeds LS1 5DL', ''];
    const totals = ['', 'Net total      500.00', 'VAT 20 %      100.00', 'Total          600.00'];
    const read = (header: string[]) => parse([...seller, ...header, ...totals]);
    expect(read(['Invoice number: INV 2026 0042', 'Date: 05/03/2026']).invoiceNumber?.value).toBe('INV 2026 0042');
    expect(read(['Invoice number: SI 2022-5492', 'Date: 05/03/2026']).invoiceNumber?.value).toBe('SI 2022-5492');
    expect(read(['Invoice: #A-17', 'Issued: 5 March 2026']).invoiceNumber?.value).toBe('A-17');
    expect(read(['Tax Invoice No.: TI/26-27/0042', 'Dated: 05-Mar-26']).invoiceDate?.value).toBe('2026-03-05');
  });

  it('a receipt number is the number only when no invoice-number label exists', () => {
    const receipt = parse(['Acme Analytics Inc.', 'Receipt #2231-4471', 'Date paid     Mar 5, 2026', 'Amount paid    $49.00']);
    expect(receipt.invoiceNumber?.value).toBe('2231-4471');
    const both = parse(['Acme Analytics Inc.', 'Invoice number: INV-88', 'Receipt number: 2231-4471', 'Date: Mar 5, 2026', 'Total    $49.00']);
    expect(both.invoiceNumber?.value).toBe('INV-88');
  });

  it('a receipt that prints only the amount paid: it is the total with VAT', () => {
    const inv = parse(['Acme Analytics Inc.', 'Receipt #2231-4471', 'Date paid     Mar 5, 2026', '', 'Pro plan       $49.00', 'Amount paid    $49.00']);
    expect(inv.totals.totalTTC?.value).toBe('49.00');
  });

  it('a paid amount beside a total is a prepayment, never the total', () => {
    const inv = parse(['Acme Analytics Inc.', 'Invoice #88', 'Date: Mar 5, 2026', '', 'Subtotal     500.00', 'VAT 20 %     100.00', 'Total        600.00', 'Amount paid  100.00', 'Amount due   500.00']);
    expect(inv.totals.totalTTC?.value).toBe('600.00');
    expect(inv.totals.prepaid?.value).toBe('100.00');
  });

  it('CGST and SGST at the same rate are two amounts, not one printed twice', () => {
    const inv = parse([
      'Sunshine Residency Pvt Ltd',
      'Invoice No: 77',
      'Invoice Date: 14 Mar 2026',
      '',
      'Room charges (2 nights)          Rs 2,400.00',
      'CGST @ 6%                        Rs 144.00',
      'SGST @ 6%                        Rs 144.00',
      'Total                            Rs 2,688.00',
    ]);
    expect(inv.totals.totalVAT?.value).toBe('288.00');
    expect(inv.totals.totalHT?.value).toBe('2400.00');
  });
});
