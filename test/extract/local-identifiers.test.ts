import { describe, expect, it } from 'vitest';
import { classifyTaxId, findFrenchCompanyIds, findIbans, findLabelledBics, findVatNumbers, isValidIban } from '../../lib/extract/field-parser/identifiers.js';
import type { DocumentEvidence } from '../../lib/extract/field-parser/evidence.js';

describe('IBAN (BT-84) with the ISO 13616 mod-97 check', () => {
  it.each(['FR7630006000011234567890189', 'DE89370400440532013000', 'GB29NWBK60161331926819', 'CH9300762011623852957', 'fr76 3000 6000 0112 3456 7890 189'])(
    '%s is valid',
    (iban) => expect(isValidIban(iban)).toBe(true),
  );

  it.each([
    ['FR7730006000011234567890189', 'check digits changed'],
    ['DE89370400440532013001', 'one digit changed'],
    ['DE8937040044053201300', 'German IBAN one character short'],
    ['XX00', 'too short'],
  ])('%s is invalid (%s)', (iban) => expect(isValidIban(iban)).toBe(false));

  it('finds an IBAN printed in groups, stopping before the next word', () => {
    const text = 'IBAN : DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX';
    const [iban] = findIbans(text);
    expect(iban?.value).toBe('DE89370400440532013000');
    expect(text.slice(iban!.index, iban!.index + iban!.length)).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('ignores IBAN-like text whose check digits are wrong', () => {
    expect(findIbans('IBAN DE00 3704 0044 0532 0130 00')).toEqual([]);
  });
});

describe('VAT identifiers (BT-31 / BT-48)', () => {
  it.each([
    ['TVA : FR 44 732 829 320', 'FR44732829320', true],
    ['USt-IdNr.: DE812345673', 'DE812345673', true],
    ['UID ATU12345675', 'ATU12345675', true],
    ['VAT Reg No: GB 123 4567 89', 'GB123456789', undefined],
    ['UID: CHE-123.456.789 MWST', 'CHE123456789MWST', undefined],
    ['BTW NL123456789B01', 'NL123456789B01', undefined],
    ['BE 0123.456.749', 'BE0123456749', undefined],
  ])('%j -> %s', (text, value, checksum) => {
    const [vat] = findVatNumbers(text);
    expect(vat?.value).toBe(value);
    // Check digits are verified for the countries whose algorithm we know (FR, DE, AT here).
    if (checksum !== undefined) expect(vat?.checksum).toBe(checksum);
  });

  it('reports a wrong check digit instead of hiding it', () => {
    expect(findVatNumbers('DE812345674')[0]?.checksum).toBe(false);
  });

  it('does not take a country-prefixed postcode, an IBAN or a malformed number for a VAT number', () => {
    expect(findVatNumbers('DE 80333 München')).toEqual([]);
    expect(findVatNumbers('IBAN DE89370400440532013000')).toEqual([]);
    expect(findVatNumbers('UStID#DE12345618938')).toEqual([]);
  });
});

describe('BIC (BT-86) and French company numbers (BT-30)', () => {
  it('reads a BIC after its label only', () => {
    expect(findLabelledBics('BIC : AGRIFRPP').map((b) => b.value)).toEqual(['AGRIFRPP']);
    expect(findLabelledBics('SWIFT NWBKGB2L').map((b) => b.value)).toEqual(['NWBKGB2L']);
    expect(findLabelledBics('BIC COBADEFFXXX').map((b) => b.value)).toEqual(['COBADEFFXXX']);
    expect(findLabelledBics('GESCHÄFTSFÜHRER LIEFERANT')).toEqual([]);
    // "ZZ" is no country: not a BIC.
    expect(findLabelledBics('BIC ABCDZZ2L')).toEqual([]);
  });

  it('reads SIRET and SIREN with their Luhn check', () => {
    const ids = findFrenchCompanyIds('SIRET : 732 829 320 00017 - SIREN 443 061 841 - SIRET 99999999800010');
    expect(ids.siret.map((s) => [s.value, s.checksum])).toEqual([
      ['73282932000017', true],
      ['99999999800010', false],
    ]);
    expect(ids.siren.map((s) => [s.value, s.checksum])).toEqual([['443061841', true]]);
  });
});

describe('classifyTaxId: one printed identifier, the policy both extractors share', () => {
  const evidence = (currencies: string[], countries: string[]): DocumentEvidence => ({ currencies: new Set(currencies), countries: new Set(countries) });
  const FRENCH = evidence(['EUR'], ['FR']);
  const US = evidence(['USD'], ['US']);

  it.each([
    ['FR 32 123 456 789', { kind: 'vat', value: 'FR32123456789', checksum: true }],
    ['FR 40 552100554', { kind: 'vat', value: 'FR40552100554', checksum: false }],
    ['TVA: BE0123.456.789', { kind: 'vat', value: 'BE0123456789', checksum: false }],
    ['BE 0403.170.701', { kind: 'vat', value: 'BE0403170701', checksum: true }],
    ['EL 123456789', { kind: 'vat', value: 'EL123456789' }], // no check algorithm known
  ])('reads %j as a VAT identifier, with its check digits', (printed, expected) => {
    expect(classifyTaxId(printed)).toEqual(expected);
  });

  it.each(['hello', 'ZZ123456789', '12345', 'FRANCE', 'US123456789', 'FR7630006000011234567890189'])('%j is no tax identifier', (printed) => {
    expect(classifyTaxId(printed, { evidence: FRENCH })).toBeUndefined();
  });

  it('takes labelled digits as SIRET / SIREN whatever their check digits, and says whether they hold', () => {
    expect(classifyTaxId('552 100 554 00013', { label: 'SIRET' })).toEqual({ kind: 'siret', value: '55210055400013', checksum: true });
    expect(classifyTaxId('SIREN : 123 456 789')).toEqual({ kind: 'siren', value: '123456789', checksum: false });
    expect(classifyTaxId('552100554', { label: 'RCS Paris' })).toEqual({ kind: 'siren', value: '552100554', checksum: true });
  });

  it('takes unlabelled digits as SIREN / SIRET only on a French document and with valid check digits', () => {
    expect(classifyTaxId('552 100 554', { evidence: FRENCH })).toEqual({ kind: 'siren', value: '552100554', checksum: true });
    expect(classifyTaxId('55210055400013', { evidence: evidence(['EUR'], []) })).toEqual({ kind: 'siret', value: '55210055400013', checksum: true });
    expect(classifyTaxId('552 100 554')).toBeUndefined(); // no evidence at all
    expect(classifyTaxId('552 100 554', { evidence: US })).toBeUndefined();
    expect(classifyTaxId('552 100 554', { evidence: evidence(['EUR'], ['DE']) })).toBeUndefined();
    expect(classifyTaxId('123 456 789', { evidence: FRENCH })).toBeUndefined(); // Luhn fails
  });

  it('does not make a SIREN of a US employer number printed as a "VAT ID"', () => {
    expect(classifyTaxId('12-3456789', { label: 'VAT ID:', evidence: US })).toBeUndefined();
  });
});
