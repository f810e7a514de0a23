import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectDecimalStyle, findAmounts, parseAmount, parsePercent, type DecimalStyle } from '../../lib/extract/field-parser/numbers.js';

describe('parseAmount: European and English number formats to decimal strings', () => {
  it.each<[string, DecimalStyle, string]>([
    ['1 234,56', undefined, '1234.56'],
    ['1\u00a0234,56', undefined, '1234.56'],
    ['1\u202f234,56 €', undefined, '1234.56'],
    ['1.234,56', undefined, '1234.56'],
    ['1,234.56', undefined, '1234.56'],
    ["1'234.56", undefined, '1234.56'],
    ['1’234.56', undefined, '1234.56'],
    ['1 000 000,00', undefined, '1000000.00'],
    ['15387,08', undefined, '15387.08'],
    ['9,9000', undefined, '9.9000'],
    ['0,125', undefined, '0.125'],
    ['-20,48 €', undefined, '-20.48'],
    ['−0,92', undefined, '-0.92'],
    ['(12.50)', undefined, '-12.50'],
    ['12,50-', undefined, '-12.50'],
    ['€114,00', undefined, '114.00'],
    ['EUR 1.589,80', undefined, '1589.80'],
    ['$1,234.56', undefined, '1234.56'],
    ['£12', undefined, '12'],
    ['300', undefined, '300'],
    ['-0,00', undefined, '0.00'],
    // A lone separator before three digits is ambiguous: the document's style decides.
    ['1.000', 'comma', '1000'],
    ['1.000', 'dot', '1.000'],
    ['1,000', 'comma', '1.000'],
    ['1,000', 'dot', '1000'],
  ])('%j (style %s) -> %s', (text, style, expected) => {
    expect(parseAmount(text, style)).toBe(expected);
  });

  it.each(['', 'abc', '12.34.56', '1,2,3', '19 %', '2026-11-12', 'DE123456789', '12 34', 'Seite 1/2'])('%j is not one amount', (text) => {
    expect(parseAmount(text)).toBeUndefined();
  });

  it('formats printed from exact cents read back exactly, whatever the grouping style', () => {
    const styles = {
      fr: { group: '\u00a0', decimal: ',' },
      de: { group: '.', decimal: ',' },
      en: { group: ',', decimal: '.' },
      ch: { group: "'", decimal: '.' },
      plain: { group: '', decimal: ',' },
    } as const;
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 13n }), fc.boolean(), fc.constantFrom(...(Object.keys(styles) as Array<keyof typeof styles>)), (cents, negative, style) => {
        const { group, decimal } = styles[style];
        const int = (cents / 100n).toString();
        const frac = (cents % 100n).toString().padStart(2, '0');
        const printed = `${negative ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${decimal}${frac}`;
        const expected = `${negative ? '-' : ''}${int}.${frac}`;
        expect(parseAmount(printed, decimal === ',' ? 'comma' : 'dot')).toBe(expected);
      }),
    );
  });
});

describe('findAmounts', () => {
  it('a group of zeros left when a word was glued to an amount\'s first digits (`situation20 000,00`) is no amount; zero is', () => {
    expect(findAmounts('Total HT de la situation20 000,00').map((a) => a.value)).toEqual([]);
    expect(findAmounts('Total HT   0,00   20 000,00').map((a) => a.value)).toEqual(['0.00', '20000.00']);
  });

  it('reads every amount of a table row with its offsets, rates flagged as percents', () => {
    const row = 'Lampe de bureau   3   89,90 €   20 %   269,70 €';
    const tokens = findAmounts(row, 'comma');
    expect(tokens.map((t) => [t.value, t.percent])).toEqual([
      ['3', false],
      ['89.90', false],
      ['20', true],
      ['269.70', false],
    ]);
    for (const t of tokens) expect(row.slice(t.index, t.index + t.length)).toBe(t.raw);
    expect(tokens[1]!.currency).toBe('EUR');
  });

  it('does not read dates, times, identifiers or measures as amounts', () => {
    expect(findAmounts('2014-07-03 17:09:28 4012345001235 500ml Seite 1/2', 'comma')).toEqual([]);
  });
});

describe('detectDecimalStyle', () => {
  it.each<[string[], DecimalStyle]>([
    [['Total 1.234,56', 'TVA 12,50'], 'comma'],
    [['Subtotal 1,234.56', 'Tax 8.50'], 'dot'],
    [["Total 3'045.00"], 'dot'],
    [['Datum 05.03.2018', 'Menge 20'], undefined],
  ])('%j -> %s', (texts, expected) => {
    expect(detectDecimalStyle(texts)).toBe(expected);
  });
});

describe('parsePercent', () => {
  it.each([
    ['19 %', '19'],
    ['5,5%', '5.5'],
    ['20.0', '20'],
    ['7', '7'],
  ])('%j -> %s', (text, expected) => {
    expect(parsePercent(text)).toBe(expected);
  });

  it('refuses what is not a rate', () => {
    expect(parsePercent('120 %')).toBeUndefined();
    expect(parsePercent('abc')).toBeUndefined();
  });
});

describe('Swiss francs written Fr. or SFr. before the amount', () => {
  it('reads the currency and the value', () => {
    const [a] = findAmounts("Gesamtbetrag   Fr. 4'472.44", 'dot');
    expect(a?.value).toBe('4472.44');
    expect(a?.currency).toBe('CHF');
    expect(findAmounts('Total SFr. 120.50', 'dot')[0]?.currency).toBe('CHF');
    // A word ending in "fr." is no currency.
    expect(findAmounts('Lieferung 3.fr. 12.00', 'dot').every((x) => x.currency === undefined)).toBe(true);
  });
});
