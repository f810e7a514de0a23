/**
 * The language of a document from its labels (lib/extract/field-parser/language.ts), which chooses the model of the
 * second OCR reading of party names (lib/extract/local/index.ts, NAME_PASS_MODELS).
 */
import { describe, expect, it } from 'vitest';
import { documentFromPlainText } from '../../lib/extract/field-parser/index.js';
import { detectLanguage, languageScores } from '../../lib/extract/field-parser/language.js';
import { chooseName, looksGlued, NAME_PASS_MODELS, nameReadingLanguage, trimLeadingMarks, ungluedName } from '../../lib/extract/local/name-pass.js';
import { editDistance } from '../../lib/extract/field-parser/text.js';
import { hasLanguageModel } from '../../lib/extract/local/ocr.js';

describe('detectLanguage', () => {
  it.each<[string, string, string]>([
    ['es', 'Construcciones Pérez S.L.\nFACTURA\nNº de factura: FV-2024-118\nFecha: 5 de marzo de 2024\nCliente: Gómez Díaz S.A.\nBase imponible 100,00 €\nIVA 21 % 21,00 €\nImporte total 121,00 €', 'Spanish'],
    ['it', 'Rossi S.r.l.\nFATTURA\nFattura n. 77/2024\nData: 05/03/2024\nCliente: Bianchi S.p.A.\nImponibile 100,00\nIVA 22% 22,00\nTotale 122,00', 'Italian'],
    ['nl', 'Bouwbedrijf Jansen B.V.\nFACTUUR\nFactuurnummer: 24-118\nFactuurdatum: 05-03-2024\nKlant: De Vries V.O.F.\nBTW 21% 21,00\nTotaal 121,00', 'Dutch'],
    ['de', 'Müller Bau GmbH\nRECHNUNG\nRechnungsnummer: RE-5512\nRechnungsdatum: 05.03.2024\nKunde: Schröder AG\nNettobetrag 100,00\nMwSt. 19 % 19,00\nGesamtbetrag 119,00', 'German (compounds)'],
    ['fr', 'Dupont SARL\nFACTURE\nFacture n° FA-2024-001\nDate : 05/03/2024\nClient : Martin SAS\nTotal HT 100,00 €\nTVA 20 % 20,00 €\nTotal TTC 120,00 €', 'French'],
    ['en', 'Smith Ltd\nINVOICE\nInvoice number: INV-118\nDate: 5 March 2024\nBill to: Jones PLC\nSubtotal 100.00\nVAT 20% 20.00\nTotal 120.00', 'English'],
    ['pl', 'Nowak Serwis Sp. z o.o.\nFAKTURA VAT nr FV/12/2024\nData wystawienia: 05.03.2024\nSprzedawca: Nowak Serwis\nNabywca: Wójcik Budownictwo S.A.\nNIP 5260250274\nRazem 123,00 zł\nTermin płatności: 19.03.2024', 'Polish'],
  ])('%s: %s', (lang, text) => {
    expect(detectLanguage(text)).toBe(lang);
    expect(detectLanguage(documentFromPlainText(text))).toBe(lang);
  });

  it('reads OCR text: upper case, accents lost or mixed up, labels glued to their values', () => {
    expect(detectLanguage('FACTURA N° A-331\nFECHA:05/03/2024\nCLIENTE GOMEZ DIAZ\nIMPORTE TOTAL 121,00')).toBe('es');
    expect(detectLanguage('Rechnungsnr.: R-77\nDatum 05.03.2024\nGesamt 119,00 EUR\nMwSt 19%')).toBe('de');
    // The general models have no ł, ś, ć: Polish labels come back without them.
    expect(detectLanguage('FAKTURA nr 12/2024\nSPRZEDAWCA Nowak\nTermin platnosci 19.03.2024\nDo zaplaty 123,00')).toBe('pl');
  });

  it('shared words alone do not decide: Datum is Dutch and German, IVA and Cliente Spanish and Italian', () => {
    expect(detectLanguage('Datum: 05.03.2024\nTotal 100,00')).toBeUndefined();
    expect(detectLanguage('Cliente: Rossi\nIVA 21,00')).toBeUndefined();
    expect(languageScores('Cliente: Rossi\nIVA 21,00')).toMatchObject({ es: 2, it: 2 });
  });

  it('gives nothing for too little text or no labels', () => {
    expect(detectLanguage('')).toBeUndefined();
    expect(detectLanguage('Facture')).toBeUndefined();
    expect(detectLanguage('Lorem ipsum dolor sit amet 12,00')).toBeUndefined();
    expect(detectLanguage('Facture\nTVA 20 %', 3)).toBeUndefined();
  });

  it('matches labels at the start of words only, short ones as whole words', () => {
    // `vat` in `private`, `iva` in `Ivanov`, `ust` in `Justus`, `data` in `database` are no labels.
    expect(languageScores('private Ivanov Justus database').en).toBe(0);
    expect(languageScores('private Ivanov Justus database')).toMatchObject({ es: 0, it: 0, de: 0 });
  });
});

describe('models of the second reading of names', () => {
  it('are installed for every language that has one (spa, ita, nld, deu), never for French or English', () => {
    expect(NAME_PASS_MODELS).toEqual({ es: 'spa', it: 'ita', nl: 'nld', de: 'deu', pl: 'pol' });
    for (const model of Object.values(NAME_PASS_MODELS)) expect(hasLanguageModel(model), model).toBe(true);
    expect(hasLanguageModel('xyz')).toBe(false);
    expect(hasLanguageModel('../eng')).toBe(false);
  });
});

describe('nameReadingLanguage: the language of the second reading of names', () => {
  const english = 'INVOICE\nInvoice number: INV-118\nBill to:\nTotal 120.00';
  it.each<[string, Parameters<typeof nameReadingLanguage>, string | undefined]>([
    ['the labels\' language when it has a model', ['es', ['FR', 'FR'], english], 'es'],
    ['English labels, a Polish seller (VAT prefix PL)', ['en', ['PL', 'GB'], english], 'pl'],
    ['English labels, a UK seller and a German buyer', ['en', ['GB', 'DE'], english], 'de'],
    ['French labels (read by the general models), a Dutch buyer', ['fr', ['FR', 'NL'], english], 'nl'],
    ['a Swiss party writes several languages: no model is chosen from its country', ['en', ['CH', undefined], english], undefined],
    ['no country read, a Polish legal form printed', ['en', [undefined, undefined], `${english}\nKowalski Logistyka Sp. z o.o.`], 'pl'],
    ['no country read, the legal form as OCR reads it', [undefined, [undefined, undefined], 'Kowalski Logistyka Sp. z 0.0.'], 'pl'],
    ['no country read, a NIP and złoty amounts', ['en', [undefined, undefined], `${english}\nNIP: 526-025-02-74\nTotal 120,00 zł`], 'pl'],
    ['an English invoice with nothing Polish', ['en', ['GB', 'US'], `${english}\nSnippet Ltd\nZIP 10001`], undefined],
  ])('%s', (_what, args, expected) => {
    expect(nameReadingLanguage(...args)).toBe(expected);
  });
});

describe('chooseName: the second reading replaces a name only with the same name better spelt', () => {
  it.each<[string | undefined, string, boolean, string]>([
    [undefined, 'Panadería Gómez S.L.', true, 'no first name'],
    ['Fernandez Suministros S.L.', 'Fernández Suministros S.L.', true, 'accents the general models lack'],
    ['Reformas Lôpez S.L.', 'Reformas López S.L.', true, 'an accent mixed up'],
    ['Schréder Elektrotechnik e.K.', 'Schröder Elektrotechnik e.K.', true, 'one letter read otherwise'],
    ['Romano Meccanica S.p.A.', '= Romano Meccanica S.p.A.', false, 'a speck read as punctuation'],
    ['Pacific Consulting LLC', '; Pacific Consulting LLC', false, 'a rule read as punctuation'],
    ['Edilizia Greco', 'Romano Meccanica S.p.A.', false, 'another party altogether'],
  ])('%s -> %s: %s (%s)', (first, second, expected) => {
    expect(chooseName(first, second)).toBe(expected);
  });

  it('editDistance counts insertions, deletions and substitutions, and stops past its bound', () => {
    expect(editDistance('schreder', 'schroder')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
  });
});

describe('looksGlued: names a garbled OCR reading glued to their neighbours', () => {
  // Names as the single-block segmentation read them on synthetic scans whose columns were not aligned line for line.
  it.each(['Fiirma BäckereiBäcerei SCSchäfäfer UG (haftungsbeschränkt)haft!hränk', 'VotreGarnierpartenaireMenuiseriedepuis1998', '{777GarmierMenulsarie', 'AllesGartenbauauseinerHandSchneider Sàrl', 'Krüger&SchneiderGmbH&Co.KG', 'Richter& Schneider GmbH'])('%j is glued', (name) => {
    expect(looksGlued(name)).toBe(true);
  });
  it.each(['Richter & Schneider GmbH', 'MediaMarkt GmbH', 'PayPal Europe S.à r.l.', 'AT&T Inc.', 'McDonald Holzbau GmbH', 'B2B Services Ltd', 'Müller GmbH & Co. KG', 'Henkel AG & Co. KGaA', 'Établissements Blanc'])('%j is not', (name) => {
    expect(looksGlued(name)).toBe(false);
  });
  it('no name is not glued', () => {
    expect(looksGlued(undefined)).toBe(false);
  });
});

describe('ungluedName: the name a glued name was read from, in another reading', () => {
  // The second reading of the page (other segmentation), as it read the window and the information block beside it.
  const reading = documentFromPlainText(
    ['Richter & Schneider GmbH Hauptstraße 95 A-1010 Wien      Dokument-Nr.      RE-2025-04151', 'N      N      Kunden-Nr.      C40231', 'Firma Bäckerei Schäfer UG (haftungsbeschränkt)      Datum      27.02.2025', 'z. Hd. Frau Schäfer      Ihr Ansprechpartner      Andreas Becker', 'Hauptstraße20095Hamburg13      Telefon      +43 74 774 70 21'].join('\n'),
  );
  it('the text whose letters the glued name holds in order, without its salutation', () => {
    expect(ungluedName('Fiirma BäckereiBacerei ScSchäfafer UG (haftungsbeschränkt)hafthrank', reading)).toBe('Bäckerei Schäfer UG (haftungsbeschränkt)');
  });
  it('none when no text of the reading is most of the glued name', () => {
    expect(ungluedName('VotreGarnierpartenaireMenuiseriedepuis1998', reading)).toBeUndefined();
    expect(ungluedName('Fiirma BäckereiBacerei', documentFromPlainText('Firma Becker\nRechnung'))).toBeUndefined();
  });
});

describe('trimLeadingMarks', () => {
  it('drops specks and rules read before a name, keeps the name and its own punctuation', () => {
    expect(trimLeadingMarks('= Romano Meccanica S.p.A.')).toBe('Romano Meccanica S.p.A.');
    expect(trimLeadingMarks('; Pacific Consulting LLC')).toBe('Pacific Consulting LLC');
    expect(trimLeadingMarks('. Mulder Elektro B.V.')).toBe('Mulder Elektro B.V.');
    expect(trimLeadingMarks('Álvarez Carpintería S.L.')).toBe('Álvarez Carpintería S.L.');
    expect(trimLeadingMarks('3M France')).toBe('3M France');
    expect(trimLeadingMarks('...')).toBe('');
  });
});
