/**
 * Party names read by OCR, repaired from what the document shows (lib/extract/field-parser/ocr-names.ts; issue 25,
 * round 2): legal forms misspelled in known ways, an `l` read for a capital `I`, accents restored from another
 * spelling in the document or from the letters the party's language writes, marks around a name.
 */
import { describe, expect, it } from 'vitest';
import {
  documentFromPlainText,
  gatherNameEvidence,
  parseInvoice,
  repairOcrLegalForms,
  repairOcrName,
  repairPartyNames,
  type TextDocument,
} from '../../lib/extract/field-parser/index.js';

const doc = (lines: string[]): TextDocument => documentFromPlainText(lines.join('\n'));
const evidenceOf = (lines: string[], second?: string[]) => gatherNameEvidence(second ? [doc(lines), doc(second)] : [doc(lines)]);
const none = evidenceOf(['Invoice']);

describe('legal forms misspelled by OCR', () => {
  it.each<[string, string]>([
    ['Kowalski Logistyka Sp. z 0.0.', 'Kowalski Logistyka Sp. z o.o.'],
    ['Kowalski Logistyka Sp. z O.0.', 'Kowalski Logistyka Sp. z o.o.'],
    ['Müller Haustechnik 6mbH', 'Müller Haustechnik GmbH'],
    ['Müller Haustechnik GmbB', 'Müller Haustechnik GmbH'],
    ['Rossi Impianti S.r.1.', 'Rossi Impianti S.r.l.'],
    ['Ottica Bellavista S.r.i.', 'Ottica Bellavista S.r.l.'],
    ['Acme Lid', 'Acme Ltd'],
    ['Harrow & Finch L1d.', 'Harrow & Finch Ltd.'],
    ['Van Lid', 'Van Lid'],
    ['Keizer Advies B.Y.', 'Keizer Advies B.V.'],
    ['Virtanen Consulting 0y', 'Virtanen Consulting Oy'],
    ['Holm Data A8', 'Holm Data AB'],
    ['Jensen Data Ap5', 'Jensen Data ApS'],
    ['Reddy Textiles Put. Ltd.', 'Reddy Textiles Pvt. Ltd.'],
    ['Schmidt Beratung Särl', 'Schmidt Beratung Sàrl'],
  ])('%s -> %s', (read, right) => {
    expect(repairOcrName(read, none)).toBe(right);
  });

  it('spaces lost on one side of an ampersand or in GmbH & Co. KG are put back; AT&T stays', () => {
    expect(repairOcrName('Weber& Weber GmbH', none)).toBe('Weber & Weber GmbH');
    expect(repairOcrName('Weber &Weber GmbH', none)).toBe('Weber & Weber GmbH');
    expect(repairOcrName('Gartenbau Fischer GmbH & Co.KG', none)).toBe('Gartenbau Fischer GmbH & Co. KG');
    expect(repairOcrName('AT&T Services Ltd', none)).toBe('AT&T Services Ltd');
  });

  it('on an Italian document whose parties show no country, the names are repaired as Italian', () => {
    const parties = () => ({ seller: { name: { value: 'Fornitùre Ferrari & Bruno S.r.l.', confidence: 0.6 } }, buyer: { name: { value: 'Costruzioni Bruno & Mancini S.a.s.', confidence: 0.4 } } });
    const italian = parties();
    repairPartyNames(italian, [doc(['Fattura'])], 'it');
    expect(italian.seller.name.value).toBe('Forniture Ferrari & Bruno S.r.l.');
    const french = parties();
    repairPartyNames(french, [doc(['Facture'])], 'fr');
    expect(french.seller.name.value).toBe('Fornitùre Ferrari & Bruno S.r.l.');
  });

  it('an accent inside a word of an Italian name is a misreading (Italian accents a last vowel only)', () => {
    expect(repairOcrName('Fornitùre Ferrari & Bruno S.r.l.', none, { country: 'IT' })).toBe('Forniture Ferrari & Bruno S.r.l.');
    expect(repairOcrName('Caffè Città S.r.l.', none, { country: 'IT' })).toBe('Caffè Città S.r.l.');
    expect(repairOcrName('Fornitùre Ferrari', none, { country: 'FR' })).not.toBe('Forniture Ferrari');
  });

  it('a first letter set apart from its word is joined again; initials, vowel words and capitalised words stay', () => {
    expect(repairOcrName('Thomas & J ones Limited', none)).toBe('Thomas & Jones Limited');
    expect(repairOcrName('J ardinería Moreno S.A.', none)).toBe('Jardinería Moreno S.A.');
    expect(repairOcrName('J. Smith Consulting Ltd', none)).toBe('J. Smith Consulting Ltd');
    expect(repairOcrName('Plan B Consulting Ltd', none)).toBe('Plan B Consulting Ltd');
    expect(repairOcrName('Bar A tapas S.L.', none)).toBe('Bar A tapas S.L.');
    expect(repairOcrName('Moreno Y hijos S.L.', none)).toBe('Moreno Y hijos S.L.');
  });

  it('a form glued to the name is set apart, a period read after the form\'s own is dropped', () => {
    expect(repairOcrName('Schäfer & Fischere.K.', none)).toBe('Schäfer & Fischer e.K.');
    expect(repairOcrName('Panadería Sánchez y Fernández S.L..', none)).toBe('Panadería Sánchez y Fernández S.L.');
    expect(repairOcrName('Brown & Taylor Ltd..', none)).toBe('Brown & Taylor Ltd.');
    expect(repairOcrName('Sharma Traders Pvt. Ltd.,', none)).toBe('Sharma Traders Pvt. Ltd.');
    // A form's own period, or a form without one, is left as printed.
    expect(repairOcrName('Brown & Taylor Ltd.', none)).toBe('Brown & Taylor Ltd.');
    expect(repairOcrName('Brown & Taylor Ltd', none)).toBe('Brown & Taylor Ltd');
    expect(repairOcrName('Müller & Fischer e.K.', none)).toBe('Müller & Fischer e.K.');
  });

  it('are spelt right in the text before parsing, length for length, so chunk offsets stay valid', () => {
    const read = doc(['Kowalski Logistyka Sp. z 0.0.      INVOICE', 'Rossi Impianti S.r.1.']);
    const repaired = repairOcrLegalForms(read);
    expect(repaired.lines[0]!.text).toBe(read.lines[0]!.text.replace('0.0.', 'o.o.'));
    expect(repaired.lines[0]!.chunks.map((c) => c.text)).toEqual(['Kowalski Logistyka Sp. z o.o.', 'INVOICE']);
    for (const line of repaired.lines) for (const c of line.chunks) expect(line.text.slice(c.start, c.start + c.text.length)).toBe(c.text);
    expect(repaired.lines[1]!.text).toBe('Rossi Impianti S.r.l.');
  });

  it('a mixed-case "Sarl" is the Swiss "Sàrl" on a Swiss document only (the French write SARL)', () => {
    const swiss = evidenceOf(['Rochat Informatique Sarl', 'Rue du Lac 4, 1003 Lausanne', 'Suisse', 'TVA: CHE-123.456.789']);
    expect(repairOcrName('Rochat Informatique Sarl', swiss)).toBe('Rochat Informatique Sàrl');
    const french = evidenceOf(['Rochat Informatique Sarl', '4 rue du Lac, 69001 Lyon', 'France']);
    expect(repairOcrName('Rochat Informatique Sarl', french)).toBe('Rochat Informatique Sarl');
    expect(repairOcrName('Richter Logistik SARL', swiss)).toBe('Richter Logistik SARL');
    expect(repairOcrName('Koch Druckerei Saärl', none)).toBe('Koch Druckerei Sàrl');
  });

  it('a legal form glued to the name is set apart, and noise after it dropped', () => {
    expect(repairOcrName('Reddy TextilesPut.Ltd. EE', none)).toBe('Reddy Textiles Pvt. Ltd.');
    expect(repairOcrName('Kowalski LogistykaSp.z 0.0.', none)).toBe('Kowalski Logistyka Sp. z o.o.');
    expect(repairOcrName('Becker & Hoffmann GmbH & Co. KG', none)).toBe('Becker & Hoffmann GmbH & Co. KG');
    // A mark glued after the form as well (`FinchLLP-`).
    expect(repairOcrName('Harrow & FinchLLP-', none)).toBe('Harrow & Finch LLP');
    expect(repairOcrName('Harrow & Finch LLP—', none)).toBe('Harrow & Finch LLP');
  });

  it('a fragment of another line glued into the name is dropped where the document prints the name without it', () => {
    const read = ['PedersenSince1987 Data      INVOICE', 'Vesterbrogade 75', 'Account holder: Pedersen Data'];
    expect(repairOcrName('PedersenSince1987 Data', evidenceOf(read))).toBe('Pedersen Data');
    expect(repairOcrName('PedersenSince1987 Data', evidenceOf(read.slice(0, 2)))).toBe('PedersenSince1987 Data');
  });

  it('marks read from rules and specks around a name are dropped', () => {
    expect(repairOcrName('- Reformas López S.L.', none)).toBe('Reformas López S.L.');
    expect(repairOcrName('Brown & Taylor LLP -', none)).toBe('Brown & Taylor LLP');
    expect(repairOcrName("'t Hooft Installaties B.V.", none)).toBe("'t Hooft Installaties B.V.");
  });
});

describe('an l read for a capital I', () => {
  it('becomes I when the document spells the word with an I: an e-mail or web domain, another line', () => {
    expect(repairOcrName('Sai lyer Logistics Pvt. Ltd.', evidenceOf(['Sai lyer Logistics Pvt. Ltd.', 'info@sai-iyer-logistics.in']))).toBe('Sai Iyer Logistics Pvt. Ltd.');
    expect(repairOcrName('lyer Engineering', evidenceOf(['lyer Engineering', 'Account holder: Iyer Engineering']))).toBe('Iyer Engineering');
  });

  it('stays without such evidence, and lower-case words of a name stay', () => {
    expect(repairOcrName('Sai lyer Logistics Pvt. Ltd.', evidenceOf(['Sai lyer Logistics Pvt. Ltd.', 'info@sai-logistics.in']))).toBe('Sai lyer Logistics Pvt. Ltd.');
    expect(repairOcrName('Casa de la Luz S.L.', evidenceOf(['Casa de la Luz S.L.', 'www.ia-luz.es']))).toBe('Casa de la Luz S.L.');
  });
});

describe('accents', () => {
  it('a word printed elsewhere with its accents takes them', () => {
    const ev = evidenceOf(['Gartenbau Schroder Sàrl', 'Bahnhofstrasse 41, 4051 Basel', 'Gartenbau Schröder Sàrl - Bahnhofstrasse 41 - 4051 Basel']);
    expect(repairOcrName('Gartenbau Schroder Sàrl', ev, { country: 'CH' })).toBe('Gartenbau Schröder Sàrl');
    // From the second reading (the language's own model), where another party shares the word.
    const two = evidenceOf(['Construcciones Alvarez y Moreno S.L.U.'], ['Álvarez Carpintería', 'Construcciones Alvarez y Moreno S.L.U.']);
    expect(repairOcrName('Construcciones Alvarez y Moreno S.L.U.', two, { country: 'ES' })).toBe('Construcciones Álvarez y Moreno S.L.U.');
  });

  it('stay as read without another spelling in the document', () => {
    expect(repairOcrName('Panaderia Diaz S.L.', evidenceOf(['Panaderia Diaz S.L.']), { country: 'ES' })).toBe('Panaderia Diaz S.L.');
  });

  it('of two spellings, a letter the party\'s language does not write marks the misreading', () => {
    expect(repairOcrName('Reformas Lôpez S.L.', evidenceOf(['Reformas Lôpez S.L.'], ['Reformas López S.L.']), { country: 'ES' })).toBe('Reformas López S.L.');
    expect(repairOcrName('Mulder Elektrò B.V.', evidenceOf(['Mulder Elektro B.V.'], ['Mulder Elektrò B.V.']), { country: 'NL' })).toBe('Mulder Elektro B.V.');
  });

  it('a tie goes to the reading whose model is the party\'s language', () => {
    const ev = evidenceOf(['Bâtiment Faure SASU'], ['Bàtiment Faure SASU']);
    expect(repairOcrName('Bàtiment Faure SASU', ev, { country: 'FR', preferSecond: false })).toBe('Bâtiment Faure SASU');
    expect(repairOcrName('Bâtiment Faure SASU', ev, { country: 'FR', preferSecond: true })).toBe('Bàtiment Faure SASU');
  });

  it('a letter the language does not write becomes its one letter of the same base; foreign words keep theirs', () => {
    expect(repairOcrName('Kamiñski Budownictwo S.A.', evidenceOf(['Kamiñski Budownictwo S.A.']), { country: 'PL' })).toBe('Kamiński Budownictwo S.A.');
    expect(repairOcrName('Café Müller GmbH', evidenceOf(['Café Müller GmbH']), { country: 'DE' })).toBe('Café Müller GmbH');
    expect(repairOcrName('Crème Bakery Ltd', evidenceOf(['Crème Bakery Ltd']), { country: 'GB' })).toBe('Crème Bakery Ltd');
  });
});

describe('in the parser, on OCR text only', () => {
  const page = [
    '            Quality you can trust',
    '',
    '            Kowalski Logistyka Sp. z 0.0.                          INVOICE',
    '            ul. Piotrkowska 132',
    '            31-019 Kraków',
    '            Poland',
    '            VAT No.: PL0255383721',
    '            accounts@kowalski-logistyka.pl',
    '',
    '                                           Bill to address:',
    '                                           Kamiñski Budownictwo S.A.',
    '                                           ul. Piotrkowska 27',
    '                                           00-624 Warszawa',
    '                                           VAT No.: PL8908313038',
    '',
    'Invoice number: 202508512',
    'Invoice date: 2 August 2025',
    '',
    'Net total      500,00 PLN',
    'VAT 23 %       115,00 PLN',
    'Total          615,00 PLN',
  ];

  it('a legal form misspelled by OCR still names the seller, spelt right; the buyer\'s name in its language\'s letters', () => {
    const inv = parseInvoice(doc(page), { method: 'ocr', ocr: true });
    expect(inv.seller.name?.value).toBe('Kowalski Logistyka Sp. z o.o.');
    expect(inv.buyer.name?.value).toBe('Kamiński Budownictwo S.A.');
  });

  it('a text layer is taken as printed', () => {
    const inv = parseInvoice(doc(page), { method: 'pdf-text' });
    expect(inv.buyer.name?.value).toBe('Kamiñski Budownictwo S.A.');
  });
});
