/**
 * Printed numbers, dates and identifiers -> normalised text (numbers.ts,
 * dates.ts, identifiers.ts): tables of cases and a property over the number
 * formats of European invoices.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { datesInText, normaliseDate } from '../../adapters/aws/extract/dates.js';
import { ibansInText, normaliseBic, normaliseIban } from '../../adapters/aws/extract/identifiers.js';
import { canonicalNumber, normaliseNumber, numbersInText } from '../../adapters/aws/extract/numbers.js';

describe('normaliseNumber', () => {
  it.each([
    ['1234.56', '1234.56'],
    ['1 234,56 €', '1234.56'],
    ['1\u00a0234,56\u00a0€', '1234.56'],
    ['1\u202f234,56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['1,234.56', '1234.56'],
    ["1'234.56", '1234.56'],
    ['€1,234.56', '1234.56'],
    ['EUR 1 234,50', '1234.50'],
    ['1 234 567,8', '1234567.8'],
    ['20 %', '20'],
    ['5,5%', '5.5'],
    ['-12,00', '-12.00'],
    ['12,00-', '-12.00'],
    ['(12.00)', '-12.00'],
    ['EUR -3.50', '-3.50'],
    ['\u22127,5', '-7.5'],
    ['-0,00', '0.00'],
    ['12,-', '12'],
    ['12.', '12'],
    ['.5', '0.5'],
    ['0,500', '0.500'],
    ['007', '7'],
    ['１２３,４５', '123.45'],
  ])('%j -> %s', (printed, expected) => {
    expect(normaliseNumber(printed)).toEqual({ value: expected, ambiguous: false });
  });

  it.each(['', 'abc', '12 x 3', '1.2.3,4', '12 34', '1,23,456', '--', '€', '1 2345,00'])('%j is not a number', (printed) => {
    expect(normaliseNumber(printed)).toBeUndefined();
  });

  it('reads a lone separator before three digits as thousands for amounts, decimal for quantities, and flags it', () => {
    expect(normaliseNumber('1,234', 'amount')).toEqual({ value: '1234', ambiguous: true });
    expect(normaliseNumber('1.500', 'amount')).toEqual({ value: '1500', ambiguous: true });
    expect(normaliseNumber('1,500', 'quantity')).toEqual({ value: '1.500', ambiguous: true });
    expect(normaliseNumber('1,50', 'quantity')).toEqual({ value: '1.50', ambiguous: false });
  });

  // Digits and the position of the decimal point, in every grouping style an invoice may use.
  const decimalParts = fc.record({
    integer: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    fraction: fc.stringMatching(/^\d{2}$/),
    negative: fc.boolean(),
  });
  const group = (digits: string, separator: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

  it('recovers the same dot-decimal from French, German, English, Swiss and plain printings (property)', () => {
    fc.assert(
      fc.property(decimalParts, ({ integer, fraction, negative }) => {
        const digits = integer.toString();
        const expected = `${negative && !(integer === 0n && fraction === '00') ? '-' : ''}${digits}.${fraction}`;
        const sign = negative ? '-' : '';
        const printings = [
          `${sign}${group(digits, '\u202f')},${fraction} €`,
          `${sign}${group(digits, '.')},${fraction}`,
          `${sign}$${group(digits, ',')}.${fraction}`,
          `CHF ${sign}${group(digits, "'")}.${fraction}`,
          `${sign}${digits}.${fraction}`,
        ];
        for (const printed of printings) expect(normaliseNumber(printed)?.value).toBe(expected);
      }),
    );
  });

  it('canonicalNumber gives one spelling per value', () => {
    expect(['12.50', '12.5', '012.500'].map(canonicalNumber)).toEqual(['12.5', '12.5', '12.5']);
    expect(['-0.00', '7.', '-3.10'].map(canonicalNumber)).toEqual(['0', '7', '-3.1']);
  });

  it('numbersInText finds the numbers of a text, also inside runs of spaced numbers', () => {
    const found = numbersInText('Hébergement annuel 1 250,00 250,00\nTotal TTC 1 500,00 €, TVA 5,5 %');
    expect([...found]).toEqual(expect.arrayContaining(['1', '250', '1500', '5.5']));
    expect(found.has('999')).toBe(false);
  });
});

describe('normaliseDate', () => {
  it.each([
    ['2025-03-15', '2025-03-15', false],
    ['2025/3/5', '2025-03-05', false],
    ['15/03/2025', '2025-03-15', false],
    ['15.03.2025', '2025-03-15', false],
    ['03/04/2025', '2025-04-03', true],
    ['5-4-25', '2025-04-05', true],
    ['04/04/2025', '2025-04-04', false],
    ['12/31/2025', '2025-12-31', false],
    ['1er avril 2025', '2025-04-01', false],
    ['3 févr. 2025', '2025-02-03', false],
    ['3. März 2025', '2025-03-03', false],
    ['15 de marzo de 2025', '2025-03-15', false],
    ['March 5, 2025', '2025-03-05', false],
    ['5 Apr 2025', '2025-04-05', false],
    ['2025-03-15T10:00:00Z', '2025-03-15', false],
    ['01-Jan-2021', '2021-01-01', false],
    ['Thursday, 26 March 2020', '2020-03-26', false],
    ['jeudi 26 mars 2020', '2020-03-26', false],
    ['12/07/2019 12:22 PM', '2019-07-12', true],
    ['01/13/17', '2017-01-13', false],
  ])('%j -> %s', (printed, value, ambiguous) => {
    expect(normaliseDate(printed)).toEqual({ value, ambiguous });
  });

  it('reads an ambiguous numeric date in the order it is given', () => {
    expect(normaliseDate('12/07/2019', 'MDY')).toEqual({ value: '2019-12-07', ambiguous: true });
    expect(normaliseDate('12.07.2019', 'MDY')).toEqual({ value: '2019-07-12', ambiguous: false }); // dotted dates are day first everywhere
  });

  it.each(['31/02/2025', '2025-13-01', '15 Brumaire 2025', 'demain', '1/2', '32/01/2025', 'Invoice 12/07/2019', '12/07/2019 ref 44'])('%j is not a date', (printed) => {
    expect(normaliseDate(printed)).toBeUndefined();
  });

  it('datesInText lists both readings of an ambiguous date', () => {
    const found = datesInText('Facture du 03/04/2025, échéance le 1er mai 2025');
    expect([...found].sort()).toEqual(['2025-03-04', '2025-04-03', '2025-05-01']);
  });
});

describe('identifiers', () => {
  it('accepts IBANs with right check digits only', () => {
    expect(normaliseIban('FR76 3000 6000 0112 3456 7890 189')).toBe('FR7630006000011234567890189');
    expect(normaliseIban('IBAN: de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(normaliseIban('FR76 3000 6000 0112 3456 7890 188')).toBeUndefined();
    expect(normaliseIban('not an iban')).toBeUndefined();
  });

  it('finds IBANs in text', () => {
    expect(ibansInText('Virement : IBAN FR76 3000 6000 0112 3456 7890 189 BIC AGRIFRPP')).toEqual(['FR7630006000011234567890189']);
  });

  it('accepts well-formed BICs', () => {
    expect(normaliseBic('agrifrpp')).toBe('AGRIFRPP');
    expect(normaliseBic('BIC: DEUTDEFF500')).toBe('DEUTDEFF500');
    expect(normaliseBic('AGRI FR')).toBeUndefined();
  });
});
