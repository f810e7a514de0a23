/**
 * Salutations before a buyer's name (test/fixtures/synthetic/erp.ts, the third family): `Herrn`, `Frau`, `Firma`,
 * `Spett.le`, `M.`, `Mme`, `Sr.`, `Dhr.` ... are a form of address, not part of the party's name (BT-44), whether
 * printed on the name's line or on a line of their own.
 */
import { describe, expect, it } from 'vitest';
import { documentFromPlainText, parseInvoice } from '../../lib/extract/field-parser/index.js';
import { stripSalutation } from '../../lib/extract/field-parser/labels.js';
import { isNameLike } from '../../lib/extract/field-parser/parties.js';

const parse = (text: string) => parseInvoice(documentFromPlainText(text), { method: 'pdf-text' });

describe('stripSalutation', () => {
  it.each([
    ['Herrn Max Mustermann', 'Max Mustermann'],
    ['Frau Erika Musterfrau', 'Erika Musterfrau'],
    ['Firma Krüger Werbetechnik UG (haftungsbeschränkt)', 'Krüger Werbetechnik UG (haftungsbeschränkt)'],
    ['Spett.le Bianchi Trasporti S.p.A.', 'Bianchi Trasporti S.p.A.'],
    ['Gent.mo Marco Rossi', 'Marco Rossi'],
    ['Sig.ra Laura Costa', 'Laura Costa'],
    ['M. Olivier Roux', 'Olivier Roux'],
    ['Mme Claire Martin', 'Claire Martin'],
    ['Monsieur Jean Girard', 'Jean Girard'],
    ['Sr. Javier Moreno', 'Javier Moreno'],
    ['Sra. Carmen Martínez', 'Carmen Martínez'],
    ['D. Antonio Moreno', 'Antonio Moreno'],
    ['De heer Bram Bakker', 'Bram Bakker'],
    ['Mevr. Anna de Vries', 'Anna de Vries'],
    ['Ms Eva Meijer', 'Eva Meijer'],
  ])('%j names %j', (printed, name) => {
    expect(stripSalutation(printed)).toBe(name);
  });

  it.each(['Gentile Costruzioni S.r.l.', 'Don Smith Ltd', 'M. Dupont', 'Dr. Anna Berg', 'Herrnhuter Sterne GmbH', 'Frauenhofer Optik GmbH', 'Firmament Media B.V.', 'Herrn', 'Miss Sixty S.p.A.'])('%j is left as it is', (text) => {
    expect(stripSalutation(text)).toBe(text);
  });
});

describe('the buyer after a salutation', () => {
  it('a salutation that is also a buyer heading (Spett.le) before a person: the line is still a name', () => {
    expect(isNameLike('Spett.le Giuseppe Gallo')).toBe(true);
    const inv = parse(
      ['Russo Panificio S.p.A.', 'Via Roma 51', '50123 Firenze', 'P.IVA 70716454701', '', '                                        Spett.le Giuseppe Gallo', '                                        Corso Italia 168', '                                        20121 Milano', '                                        C.F. MRMNIB63E36B701V', '', 'Fattura', 'Numero   Data', '3639/2023   22/07/2023', '', 'Imponibile   3.242,05 €', 'IVA 22%   713,25 €', 'Totale fattura   3.955,30 €'].join('\n'),
    );
    expect(inv.buyer.name?.value).toBe('Giuseppe Gallo');
  });

  const invoice = (window: string[]) =>
    parse(
      [
        'Holzbau Weber GmbH · Gartenweg 3 · 70173 Stuttgart',
        ...window,
        '',
        'Rechnung Nr. RE-2026-00311',
        'Rechnungsdatum: 03.08.2026',
        '',
        'Pos  Bezeichnung              Menge   Preis    Betrag',
        '1    Einbauschrank Eiche          1  2.000,00  2.000,00',
        '',
        'Nettobetrag                                 2.000,00',
        'MwSt. 19 %                                    380,00',
        'Gesamtbetrag                                2.380,00',
        '',
        '',
        'Holzbau Weber GmbH · HRB 7311 Amtsgericht Stuttgart · USt-IdNr. DE811569869',
      ].join('\n'),
    );

  it('on the name line of a window: the name without it', () => {
    expect(invoice(['Herrn Max Mustermann', 'Lindenallee 12', '80331 München']).buyer.name?.value).toBe('Max Mustermann');
    expect(invoice(['Firma Schreinerei Holzmann GmbH', 'Werkstattweg 4', '89077 Ulm']).buyer.name?.value).toBe('Schreinerei Holzmann GmbH');
  });

  it('on a line of its own, in any of the languages: the next line is the name', () => {
    const spanish = parse(
      ['Informática Sánchez S.L.U.', 'NIF: B52221386', 'Calle Mayor, 58', '28013 Madrid', '', 'Cliente:', 'Sra.', 'Carmen Romero', 'Paseo de Gracia, 149', '46002 Valencia', '', 'Factura nº F2026-0042', 'Fecha de emisión: 10/05/2026', '', 'Base imponible 100,00 €', 'IVA 21 % 21,00 €', 'Total factura 121,00 €'].join('\n'),
    );
    expect(spanish.buyer.name?.value).toBe('Carmen Romero');
    const italian = parse(
      ['Costruzioni Greco S.p.A.', 'Via Garibaldi 31', '10121 Torino', 'P.IVA 16544425122', '', 'Gent.mo', 'Marco Marino', 'Via Roma 42', '20121 Milano', '', 'Fattura n. 42/2026 del 15/08/2026', '', 'Imponibile € 100,00', 'IVA 22 % € 22,00', 'Totale documento € 122,00'].join('\n'),
    );
    expect(italian.buyer.name?.value).toBe('Marco Marino');
  });

  it('set apart from the name by OCR of a monospaced font (M.   Pierre Bernard): the name without it', () => {
    const text = ['Informatique du Midi SASU', '137 chemin du Moulin', '33000 Bordeaux', '', '                                        M.   Pierre Bernard', '                                        65 boulevard Victor Hugo', '                                        67000 Strasbourg', '', 'Facture n° 2024-3813           Date   14/11/2024', '', 'Montant total HT   1.493,44 €', 'Total TVA 20 %   298,69 €', 'Total TTC   1.792,13 €'].join('\n');
    expect(parseInvoice(documentFromPlainText(text), { method: 'ocr', ocr: true }).buyer.name?.value).toBe('Pierre Bernard');
  });

  it('on a line of its own with a mark OCR read from a speck after it (De heer+): still a salutation', () => {
    expect(invoice(['De heer+', 'Kees Janssen', 'Lindenallee 12', '80331 München']).buyer.name?.value).toBe('Kees Janssen');
    expect(invoice(['Herrn ~', 'Max Mustermann', 'Lindenallee 12', '80331 München']).buyer.name?.value).toBe('Max Mustermann');
  });
});
