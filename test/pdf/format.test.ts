import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, Decimal } from '../../lib/model/decimal.js';
import { formatAccount, formatAmount, formatDate, formatNumber, formatPercent, NBSP, NNBSP, type Lang } from '../../lib/pdf/render/format.js';
import { chooseLanguage, countryName, documentTitle, paymentMeansName, unitName } from '../../lib/pdf/render/i18n.js';
import { validInvoice } from '../fixtures/model.js';

describe('formatAmount', () => {
  const cases: Array<[string, string, Lang, string]> = [
    ['1234.56', 'EUR', 'fr', `1${NNBSP}234,56${NBSP}€`],
    ['1234.56', 'EUR', 'de', `1.234,56${NBSP}€`],
    ['1234.56', 'EUR', 'en', '€1,234.56'],
    ['-20', 'EUR', 'fr', `-20,00${NBSP}€`],
    ['-20', 'EUR', 'en', '-€20.00'],
    ['0', 'EUR', 'de', `0,00${NBSP}€`],
    ['0.5', 'GBP', 'en', '£0.50'],
    ['1000000', 'USD', 'en', `USD${NBSP}1,000,000.00`],
    ['1000000', 'CHF', 'fr', `1${NNBSP}000${NNBSP}000,00${NBSP}CHF`],
    ['12.3456', 'EUR', 'de', `12,3456${NBSP}€`],
    ['123456789012345678901234.01', 'EUR', 'en', '€123,456,789,012,345,678,901,234.01'],
  ];
  it.each(cases)('%s %s in %s -> %s', (value, currency, lang, expected) => {
    expect(formatAmount(dec(value), currency, lang)).toBe(expected);
  });

  it('gives back the exact decimal when the grouping and marks are undone (any value, any language)', () => {
    const decimalText = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 6 }))
      .map(([neg, digits, scale]) => {
        const s = digits.toString().padStart(scale + 1, '0');
        const text = scale === 0 ? s : `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`;
        return neg ? `-${text}` : text;
      });
    fc.assert(
      fc.property(decimalText, fc.constantFrom<Lang>('fr', 'de', 'en'), (text, lang) => {
        const value = new Decimal(text);
        const out = formatAmount(value, 'EUR', lang);
        const group = lang === 'fr' ? NNBSP : lang === 'de' ? '.' : ',';
        const mark = lang === 'en' ? '.' : ',';
        const number = out.replace(/€/g, '').replace(new RegExp(`[${NBSP}]`, 'g'), '').split(group).join('').replace(mark, '.');
        expect(new Decimal(number).eq(value)).toBe(true);
        expect(out.split(mark)[1]?.replace(/\D/g, '').length ?? 0).toBeGreaterThanOrEqual(2);
      }),
    );
  });
});

describe('formatNumber, formatPercent, formatDate, formatAccount', () => {
  it('formats quantities with the significant digits only', () => {
    expect(formatNumber(dec('2.5'), 'fr')).toBe('2,5');
    expect(formatNumber(dec('10'), 'en')).toBe('10');
    expect(formatNumber(dec('1234.000'), 'de')).toBe('1.234');
    expect(formatNumber(dec('-0.001'), 'en')).toBe('-0.001');
  });

  it('formats percentages per language', () => {
    expect(formatPercent(dec('20'), 'fr')).toBe(`20${NBSP}%`);
    expect(formatPercent(dec('5.5'), 'de')).toBe(`5,5${NBSP}%`);
    expect(formatPercent(dec('7.7'), 'en')).toBe('7.7%');
  });

  it('formats ISO dates per language and leaves other text alone', () => {
    expect(formatDate('2026-11-02', 'fr')).toBe('02/11/2026');
    expect(formatDate('2026-11-02', 'de')).toBe('02.11.2026');
    expect(formatDate('2026-11-02', 'en')).toBe('2 Nov 2026');
    expect(formatDate('20261102', 'en')).toBe('20261102');
    expect(formatDate(undefined, 'fr')).toBe('');
  });

  it('groups IBANs by four and leaves other account ids as written', () => {
    expect(formatAccount('FR7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(formatAccount('DE89 3704 0044 0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatAccount('0042-778812')).toBe('0042-778812');
  });
});

describe('labels', () => {
  it('chooses the language from the option, else from the seller country', () => {
    const inv = validInvoice();
    expect(chooseLanguage(inv)).toBe('fr');
    expect(chooseLanguage(inv, 'de')).toBe('de');
    inv.seller.address.countryCode = 'LU';
    expect(chooseLanguage(inv)).toBe('fr');
    inv.seller.address.countryCode = 'AT';
    expect(chooseLanguage(inv)).toBe('de');
    inv.seller.address = { countryCode: 'CH', postcode: '2000' };
    expect(chooseLanguage(inv)).toBe('fr');
    inv.seller.address = { countryCode: 'CH', postcode: '3000' };
    expect(chooseLanguage(inv)).toBe('de');
    inv.seller.address = { countryCode: 'NL' };
    expect(chooseLanguage(inv)).toBe('en');
    inv.seller.address = {};
    expect(chooseLanguage(inv)).toBe('en');
  });

  it('names document types, units, payment means and countries', () => {
    expect(documentTitle('384', 'fr')).toBe('Facture rectificative');
    expect(documentTitle('389', 'en')).toBe('Self-billed invoice');
    expect(documentTitle('386', 'de')).toBe('Vorauszahlungsrechnung');
    expect(documentTitle('999', 'en')).toBe('Invoice (999)');
    expect(unitName('HUR', 'de')).toBe('Std.');
    expect(unitName('XYZ', 'fr')).toBe('XYZ');
    expect(paymentMeansName('58', 'fr')).toBe('Virement SEPA (58)');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('FR', 'de')).toBe('Frankreich');
    expect(countryName('ZZ', 'en')).toBe('ZZ');
  });
});
