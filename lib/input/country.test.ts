import { describe, expect, it } from 'vitest';
import { countryFromVatNumber, detectPartyCountry, normalizeVatNumber } from './country.js';
import { isCountryCode, normalizeCountryCode } from './iso-3166.js';

describe('normalizeVatNumber', () => {
  it.each([
    ['fr 44 732 829 320', 'FR44732829320'],
    ['DE-123.456.789', 'DE123456789'],
    ['  be0123456749 ', 'BE0123456749'],
    ['CHE-123.456.789 MWST', 'CHE123456789MWST'],
  ])('%j -> %s', (input, expected) => {
    expect(normalizeVatNumber(input)).toBe(expected);
  });
});

describe('countryFromVatNumber', () => {
  it.each([
    ['FR44732829320', 'FR'],
    ['de 123456789', 'DE'],
    ['EL123456789', 'GR'],
    ['XI123456789', 'GB'],
    ['GB123456789', 'GB'],
    ['CHE-123.456.789 MWST', 'CH'],
  ])('%j -> %s', (vat, country) => {
    expect(countryFromVatNumber(vat)).toBe(country);
  });

  it.each(['123456789', 'EU372000041', 'ZZ123', ''])('gives no country for %j', (vat) => {
    expect(countryFromVatNumber(vat)).toBeUndefined();
  });
});

describe('ISO 3166-1 codes', () => {
  it('knows the codes of the EU, its neighbours and the world', () => {
    for (const code of ['FR', 'DE', 'GR', 'GB', 'CH', 'NO', 'US', 'JP', 'SS', 'AX']) expect(isCountryCode(code)).toBe(true);
  });

  it('rejects non-ISO codes: VAT prefixes EL/XI, UK, lower case, withdrawn AN', () => {
    for (const code of ['EL', 'XI', 'UK', 'fr', 'AN', 'ZZ', 'FRA', '']) expect(isCountryCode(code)).toBe(false);
  });

  it('normalises case and blanks', () => {
    expect(normalizeCountryCode(' be ')).toBe('BE');
    expect(normalizeCountryCode('uk')).toBeUndefined();
  });
});

describe('detectPartyCountry: the decided order', () => {
  const all = {
    country: 'lu',
    vatNumber: 'BE0123456749',
    address: 'Musterstraße 1, 10115 Berlin, Deutschland',
    siret: '73282932000074',
  };

  it('1. the explicit country wins, in any case', () => {
    expect(detectPartyCountry(all)).toStrictEqual({ countryCode: 'LU', source: 'country' });
  });

  it('2. else the VAT number prefix', () => {
    expect(detectPartyCountry({ ...all, country: undefined })).toStrictEqual({ countryCode: 'BE', source: 'vatNumber' });
  });

  it('3. else the country the address text names', () => {
    expect(detectPartyCountry({ ...all, country: undefined, vatNumber: undefined })).toStrictEqual({ countryCode: 'DE', source: 'address' });
  });

  it('3. else a structured address country code', () => {
    expect(detectPartyCountry({ address: { countryCode: 'it' }, siret: '73282932000074' })).toStrictEqual({ countryCode: 'IT', source: 'address' });
  });

  it('4. else a SIRET (or SIREN) implies France', () => {
    expect(detectPartyCountry({ address: '12 rue de la Paix, 75002 Paris', siret: '73282932000074' })).toStrictEqual({ countryCode: 'FR', source: 'siret' });
    expect(detectPartyCountry({ address: '12 rue de la Paix, 75002 Paris', siren: '732829320' })).toStrictEqual({ countryCode: 'FR', source: 'siret' });
  });

  it('5. else nothing (the rules report BR-09 / BR-11)', () => {
    expect(detectPartyCountry({ address: 'Rue Neuve 12, 1000 Bruxelles' })).toBeUndefined();
    expect(detectPartyCountry({})).toBeUndefined();
  });

  it('maps the VAT prefixes EL and XI to ISO codes', () => {
    expect(detectPartyCountry({ vatNumber: 'EL094014201' })?.countryCode).toBe('GR');
    expect(detectPartyCountry({ vatNumber: 'XI123456789' })?.countryCode).toBe('GB');
  });

  it('skips blank or unusable evidence and looks further', () => {
    expect(detectPartyCountry({ country: '  ', vatNumber: '123456789', address: '10 Downing Street, London SW1A 2AA' })).toStrictEqual({ countryCode: 'GB', source: 'address' });
    expect(detectPartyCountry({ country: 'XX', siret: ' ' , address: { countryCode: '' } })).toBeUndefined();
  });
});
