import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PostalAddress } from '../model/invoice.js';
import { detectCountryFromAddress, parseAddress } from './address.js';

type Case = [text: string, expected: PostalAddress];

/** Runs a table of address texts and their exact parse. */
function table(cases: Case[]) {
  it.each(cases)('%j', (text, expected) => {
    expect(parseAddress(text)).toStrictEqual(expected);
  });
}

describe('parseAddress: France (5-digit postcode before the city)', () => {
  table([
    ['12 rue de la Paix, 75002 Paris', { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris' }],
    ['12 rue de la Paix\n75002 Paris', { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris' }],
    ['12 rue de la Paix\r\n75002 Paris\r\nFrance', { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris', countryCode: 'FR' }],
    ['12 rue de la Paix, 75002 Paris, France', { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris', countryCode: 'FR' }],
    ['12 rue de la Paix, 75002 Paris, Frankreich', { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris', countryCode: 'FR' }],
    ['12 rue de la Paix, 75002 Paris, Francia', { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris', countryCode: 'FR' }],
    ['12 rue de la Paix, 75002 Paris, Frankrijk', { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris', countryCode: 'FR' }],
    ['12 rue de la Paix, 75002 Paris, FR', { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris', countryCode: 'FR' }],
    ['12 rue de la Paix 75002 Paris France', { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris', countryCode: 'FR' }],
    ['12 rue de la Paix, F-75002 Paris', { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris', countryCode: 'FR' }],
    ['12 rue de la Paix, FR-75002 Paris', { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris', countryCode: 'FR' }],
    ['12, rue de la Paix, 75002 Paris', { line1: '12, rue de la Paix', postcode: '75002', city: 'Paris' }],
    ['Tour Alto, 4 place des Saisons\n92400 Courbevoie', { line1: 'Tour Alto', line2: '4 place des Saisons', postcode: '92400', city: 'Courbevoie' }],
    ['BP 123, 8 avenue Foch, 75116 PARIS CEDEX 16', { line1: 'BP 123', line2: '8 avenue Foch', postcode: '75116', city: 'PARIS CEDEX 16' }],
    ['1 parvis de la Défense, 92044 Paris La Défense Cedex, France', { line1: '1 parvis de la Défense', postcode: '92044', city: 'Paris La Défense Cedex', countryCode: 'FR' }],
    ['3 place Bellecour; 69002 Lyon', { line1: '3 place Bellecour', postcode: '69002', city: 'Lyon' }],
  ]);
});

describe('parseAddress: Belgium (4 digits before the city)', () => {
  table([
    ['Rue Neuve 12, 1000 Bruxelles', { line1: 'Rue Neuve 12', postcode: '1000', city: 'Bruxelles' }],
    ['Rue Neuve 12, B-1000 Bruxelles', { line1: 'Rue Neuve 12', postcode: '1000', city: 'Bruxelles', countryCode: 'BE' }],
    ['Rue Neuve 12\n1000 Bruxelles\nBelgique', { line1: 'Rue Neuve 12', postcode: '1000', city: 'Bruxelles', countryCode: 'BE' }],
    ['Meir 1, 2000 Antwerpen, België', { line1: 'Meir 1', postcode: '2000', city: 'Antwerpen', countryCode: 'BE' }],
    ['Meir 1, 2000 Antwerpen, Belgium', { line1: 'Meir 1', postcode: '2000', city: 'Antwerpen', countryCode: 'BE' }],
    ['Place Saint-Lambert 1, 4000 Liège, Belgien', { line1: 'Place Saint-Lambert 1', postcode: '4000', city: 'Liège', countryCode: 'BE' }],
    ['Place Saint-Lambert 1, 4000 Liège, BE', { line1: 'Place Saint-Lambert 1', postcode: '4000', city: 'Liège', countryCode: 'BE' }],
  ]);
});

describe('parseAddress: Germany (5 digits before the city)', () => {
  table([
    ['Musterstraße 1, 10115 Berlin', { line1: 'Musterstraße 1', postcode: '10115', city: 'Berlin' }],
    ['Musterstraße 1\n10115 Berlin', { line1: 'Musterstraße 1', postcode: '10115', city: 'Berlin' }],
    ['Musterstraße 1, D-10115 Berlin', { line1: 'Musterstraße 1', postcode: '10115', city: 'Berlin', countryCode: 'DE' }],
    ['Musterstraße 1, 10115 Berlin, Deutschland', { line1: 'Musterstraße 1', postcode: '10115', city: 'Berlin', countryCode: 'DE' }],
    ['Musterstraße 1, 10115 Berlin, Allemagne', { line1: 'Musterstraße 1', postcode: '10115', city: 'Berlin', countryCode: 'DE' }],
    ['Musterstraße 1, 10115 Berlin, Germania', { line1: 'Musterstraße 1', postcode: '10115', city: 'Berlin', countryCode: 'DE' }],
    ['Musterstraße 1, 10115 Berlin, Alemania', { line1: 'Musterstraße 1', postcode: '10115', city: 'Berlin', countryCode: 'DE' }],
    ['Musterstraße 1, 10115 Berlin, Duitsland', { line1: 'Musterstraße 1', postcode: '10115', city: 'Berlin', countryCode: 'DE' }],
    ['Musterstraße 1\n10115 Berlin DE', { line1: 'Musterstraße 1', postcode: '10115', city: 'Berlin', countryCode: 'DE' }],
    ['Kaiserstr. 5, 60311 Frankfurt am Main, Germany', { line1: 'Kaiserstr. 5', postcode: '60311', city: 'Frankfurt am Main', countryCode: 'DE' }],
    ['Marktplatz 1, 06108 Halle (Saale)', { line1: 'Marktplatz 1', postcode: '06108', city: 'Halle (Saale)' }],
    ['Firma GmbH, Hauptstr. 5, Berlin 10115', { line1: 'Firma GmbH', line2: 'Hauptstr. 5', postcode: '10115', city: 'Berlin' }],
  ]);
});

describe('parseAddress: Switzerland (4 digits before the city)', () => {
  table([
    ['Bahnhofstrasse 1, 8001 Zürich', { line1: 'Bahnhofstrasse 1', postcode: '8001', city: 'Zürich' }],
    ['Bahnhofstrasse 1, CH-8001 Zürich', { line1: 'Bahnhofstrasse 1', postcode: '8001', city: 'Zürich', countryCode: 'CH' }],
    ['Bahnhofstrasse 1\n8001 Zürich\nSchweiz', { line1: 'Bahnhofstrasse 1', postcode: '8001', city: 'Zürich', countryCode: 'CH' }],
    ['Rue du Rhône 1, 1204 Genève, Suisse', { line1: 'Rue du Rhône 1', postcode: '1204', city: 'Genève', countryCode: 'CH' }],
    ['Via Nassa 1, 6900 Lugano, Svizzera', { line1: 'Via Nassa 1', postcode: '6900', city: 'Lugano', countryCode: 'CH' }],
    ['Bahnhofstrasse 1, 8001 Zürich, Switzerland', { line1: 'Bahnhofstrasse 1', postcode: '8001', city: 'Zürich', countryCode: 'CH' }],
    ['Bahnhofstrasse 1, 8001 Zürich CH', { line1: 'Bahnhofstrasse 1', postcode: '8001', city: 'Zürich', countryCode: 'CH' }],
  ]);
});

describe('parseAddress: Italy (5 digits, city, optional province code)', () => {
  table([
    ['Via Roma 1, 00184 Roma RM', { line1: 'Via Roma 1', postcode: '00184', city: 'Roma', subdivision: 'RM' }],
    ['Via Roma 1, 00184 Roma (RM)', { line1: 'Via Roma 1', postcode: '00184', city: 'Roma', subdivision: 'RM' }],
    ['Via Roma 1\n00184 Roma RM\nItalia', { line1: 'Via Roma 1', postcode: '00184', city: 'Roma', subdivision: 'RM', countryCode: 'IT' }],
    ['Via Roma 1, 00184 Roma, Italy', { line1: 'Via Roma 1', postcode: '00184', city: 'Roma', countryCode: 'IT' }],
    ['Via Roma 1, 00184 Roma, Italie', { line1: 'Via Roma 1', postcode: '00184', city: 'Roma', countryCode: 'IT' }],
    ['Via Roma, 1, I-00184 Roma', { line1: 'Via Roma, 1', postcode: '00184', city: 'Roma', countryCode: 'IT' }],
    // TO is both Turin's province and Tonga's ISO code: after an Italian postcode it is the province.
    ['Via Po 1, 10121 Torino TO', { line1: 'Via Po 1', postcode: '10121', city: 'Torino', subdivision: 'TO' }],
    ['Corso Buenos Aires 1, 20124 Milano MI, Italien', { line1: 'Corso Buenos Aires 1', postcode: '20124', city: 'Milano', subdivision: 'MI', countryCode: 'IT' }],
  ]);
});

describe('parseAddress: Spain (5 digits before the city)', () => {
  table([
    ['Calle Mayor 1, 28013 Madrid', { line1: 'Calle Mayor 1', postcode: '28013', city: 'Madrid' }],
    ['Calle Mayor 1, 28013 Madrid, España', { line1: 'Calle Mayor 1', postcode: '28013', city: 'Madrid', countryCode: 'ES' }],
    ['Calle Mayor 1, 28013 Madrid, Spain', { line1: 'Calle Mayor 1', postcode: '28013', city: 'Madrid', countryCode: 'ES' }],
    ['Calle Mayor 1, 28013 Madrid, Espagne', { line1: 'Calle Mayor 1', postcode: '28013', city: 'Madrid', countryCode: 'ES' }],
    ['Calle Mayor 1, E-28013 Madrid', { line1: 'Calle Mayor 1', postcode: '28013', city: 'Madrid', countryCode: 'ES' }],
    ['Passeig de Gràcia 1\n08007 Barcelona (Barcelona)\nSpanien', { line1: 'Passeig de Gràcia 1', postcode: '08007', city: 'Barcelona', subdivision: 'Barcelona', countryCode: 'ES' }],
  ]);
});

describe('parseAddress: Netherlands (4 digits + 2 letters)', () => {
  table([
    ['Damrak 1, 1012 LG Amsterdam', { line1: 'Damrak 1', postcode: '1012 LG', city: 'Amsterdam' }],
    ['Damrak 1\n1012LG Amsterdam', { line1: 'Damrak 1', postcode: '1012 LG', city: 'Amsterdam' }],
    ['Damrak 1, 1012 LG Amsterdam, Nederland', { line1: 'Damrak 1', postcode: '1012 LG', city: 'Amsterdam', countryCode: 'NL' }],
    ['Damrak 1, 1012 lg Amsterdam, Pays-Bas', { line1: 'Damrak 1', postcode: '1012 LG', city: 'Amsterdam', countryCode: 'NL' }],
    ['Damrak 1, 1012 LG Amsterdam, The Netherlands', { line1: 'Damrak 1', postcode: '1012 LG', city: 'Amsterdam', countryCode: 'NL' }],
    ['Damrak 1, 1012 LG Amsterdam, Niederlande', { line1: 'Damrak 1', postcode: '1012 LG', city: 'Amsterdam', countryCode: 'NL' }],
    ['Damrak 1, NL-1012 LG Amsterdam', { line1: 'Damrak 1', postcode: '1012 LG', city: 'Amsterdam', countryCode: 'NL' }],
    ['Damrak 1, 1012 SA Amsterdam', { line1: 'Damrak 1', postcode: '1012', city: 'SA Amsterdam' }],
    ['Coolsingel 40, 3011 AD Rotterdam, Paesi Bassi', { line1: 'Coolsingel 40', postcode: '3011 AD', city: 'Rotterdam', countryCode: 'NL' }],
  ]);
});

describe('parseAddress: Luxembourg (4 digits, L- prefix)', () => {
  table([
    ['12 rue X, L-1111 Luxembourg', { line1: '12 rue X', postcode: '1111', city: 'Luxembourg', countryCode: 'LU' }],
    ['12 rue X, LU-1111 Luxembourg', { line1: '12 rue X', postcode: '1111', city: 'Luxembourg', countryCode: 'LU' }],
    ['12 rue X\n1111 Luxembourg\nLuxembourg', { line1: '12 rue X', postcode: '1111', city: 'Luxembourg', countryCode: 'LU' }],
    ['12 rue X, 4001 Esch-sur-Alzette, Luxemburg', { line1: '12 rue X', postcode: '4001', city: 'Esch-sur-Alzette', countryCode: 'LU' }],
    // A city named like its country stays a city: the bare postcode does not tell LU from BE, CH or AT.
    ['12 rue X, 1111 Luxembourg', { line1: '12 rue X', postcode: '1111', city: 'Luxembourg' }],
  ]);
});

describe('parseAddress: United Kingdom (city, then outward + inward postcode)', () => {
  table([
    ['10 Downing Street, London SW1A 2AA', { line1: '10 Downing Street', postcode: 'SW1A 2AA', city: 'London' }],
    ['10 Downing Street\nLondon\nSW1A 2AA', { line1: '10 Downing Street', postcode: 'SW1A 2AA', city: 'London' }],
    ['10 Downing Street, London SW1A 2AA, United Kingdom', { line1: '10 Downing Street', postcode: 'SW1A 2AA', city: 'London', countryCode: 'GB' }],
    ['10 Downing Street, London, SW1A 2AA, UK', { line1: '10 Downing Street', postcode: 'SW1A 2AA', city: 'London', countryCode: 'GB' }],
    ['10 Downing Street, London sw1a 2aa, Royaume-Uni', { line1: '10 Downing Street', postcode: 'SW1A 2AA', city: 'London', countryCode: 'GB' }],
    ['1 Deansgate, Manchester M3 1AZ, England', { line1: '1 Deansgate', postcode: 'M3 1AZ', city: 'Manchester', countryCode: 'GB' }],
    ['221B Baker Street, London NW16XE', { line1: '221B Baker Street', postcode: 'NW1 6XE', city: 'London' }],
    ['1 Princes Street, Edinburgh EH2 2EQ, Vereinigtes Königreich', { line1: '1 Princes Street', postcode: 'EH2 2EQ', city: 'Edinburgh', countryCode: 'GB' }],
    ['1 Queen Street, Cardiff CF10 2BH, Reino Unido', { line1: '1 Queen Street', postcode: 'CF10 2BH', city: 'Cardiff', countryCode: 'GB' }],
  ]);
});

describe('parseAddress: other formats, read on a best-effort basis', () => {
  table([
    ['Stephansplatz 1, A-1010 Wien', { line1: 'Stephansplatz 1', postcode: '1010', city: 'Wien', countryCode: 'AT' }],
    ['Rua Augusta 1, 1100-048 Lisboa, Portugal', { line1: 'Rua Augusta 1', postcode: '1100-048', city: 'Lisboa', countryCode: 'PT' }],
    ['ul. Marszałkowska 1, 00-950 Warszawa, Polska', { line1: 'ul. Marszałkowska 1', postcode: '00-950', city: 'Warszawa', countryCode: 'PL' }],
    ['Storgatan 1, 114 55 Stockholm, Sverige', { line1: 'Storgatan 1', postcode: '114 55', city: 'Stockholm', countryCode: 'SE' }],
    ['Boulevard des Moulins 1, 98000 Monaco', { line1: 'Boulevard des Moulins 1', postcode: '98000', city: 'Monaco' }],
  ]);
});

describe('parseAddress: text it cannot read', () => {
  it.each(['Somewhere over the rainbow', 'Building 7 near the harbour', 'Rue sans code postal; Paris'])(
    'keeps %j whole in line 1, without postcode or city',
    (text) => {
      const address = parseAddress(text);
      expect(address.line1).toBe(text.replace(/\s*;\s*/g, ', '));
      expect(address.postcode).toBeUndefined();
      expect(address.city).toBeUndefined();
    },
  );

  it('still reports a country the text names', () => {
    expect(parseAddress('Zone industrielle, Belgique')).toStrictEqual({ line1: 'Zone industrielle, Belgique', countryCode: 'BE' });
  });

  it('returns an empty address for blank text', () => {
    expect(parseAddress('')).toStrictEqual({});
    expect(parseAddress(' \n , ')).toStrictEqual({});
  });

  it('never throws, and every address it returns comes from the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        const address = parseAddress(text);
        for (const value of Object.values(address)) expect(typeof value).toBe('string');
        // Text made only of blanks and separators is an empty address; anything else lands somewhere.
        if (address.postcode === undefined && /[^\s,;]/.test(text)) expect(address.line1).toBeDefined();
      }),
    );
  });
});

describe('parseAddress: ambiguous postcodes and the country hint', () => {
  it.each([
    ['Rue Neuve 12, 1000 Bruxelles'],
    ['Bahnhofstrasse 1, 8001 Zürich'],
    ['Musterstraße 1, 10115 Berlin'],
    ['Calle Mayor 1, 28013 Madrid'],
  ])('leaves the country of %j undefined', (text) => {
    const address = parseAddress(text);
    expect(address.postcode).toMatch(/^\d{4,5}$/);
    expect(address.countryCode).toBeUndefined();
  });

  it('never copies the hint into the country code', () => {
    expect(parseAddress('Rue Neuve 12, 1000 Bruxelles', { country: 'BE' }).countryCode).toBeUndefined();
  });

  it('reads a Belgian "1310 LA HULPE" as postcode and city when the country is known to be BE', () => {
    expect(parseAddress('Rue X 1, 1310 LA HULPE', { country: 'BE' })).toStrictEqual({ line1: 'Rue X 1', postcode: '1310', city: 'LA HULPE' });
  });

  it('reads lower-case Dutch and British postcodes when the country is known', () => {
    expect(parseAddress('Damrak 1, 1012 lg Amsterdam', { country: 'NL' }).postcode).toBe('1012 LG');
    expect(parseAddress('10 Downing Street, London sw1a 2aa', { country: 'GB' }).postcode).toBe('SW1A 2AA');
  });

  it('reads generated French addresses back exactly', () => {
    const word = fc.stringMatching(/^[A-Z][a-zé]{2,9}$/);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        word,
        fc.stringMatching(/^\d{5}$/),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(', ', '\n'),
        (number, street, postcode, cityWords, separator) => {
          const city = cityWords.join(' ');
          const line1 = `${number} rue ${street}`;
          expect(parseAddress(`${line1}${separator}${postcode} ${city}`)).toStrictEqual({ line1, postcode, city });
        },
      ),
    );
  });
});

describe('detectCountryFromAddress', () => {
  it.each([
    ['12 rue de la Paix, 75002 Paris, France', 'FR'],
    ['Musterstraße 1, D-10115 Berlin', 'DE'],
    ['10 Downing Street, London SW1A 2AA', 'GB'],
    ['1 Castle Street, St Helier JE2 3RT', 'JE'],
    ['1 High Street, St Peter Port GY1 1AA', 'GG'],
    ['1 Athol Street, Douglas IM1 1AA', 'IM'],
  ])('%j -> %s', (text, country) => {
    expect(detectCountryFromAddress(text)).toBe(country);
  });

  it.each(['12 rue de la Paix, 75002 Paris', 'Rue Neuve 12, 1000 Bruxelles', 'Somewhere'])('finds no country in %j', (text) => {
    expect(detectCountryFromAddress(text)).toBeUndefined();
  });
});
