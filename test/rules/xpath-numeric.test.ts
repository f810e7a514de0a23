/**
 * The shortcut of BR-CO-10's rounded sum (untypedSumRounded2AsDecimal) gives
 * the value of the exact way (xpathRound2 of the 60-digit decimal of the
 * double sum) for amounts as invoices write them and for the ties and
 * near-ties the shortcut must leave to the exact way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decFromText } from '../../lib/model/decimal.js';
import { untypedSumAsDecimal, untypedSumRounded2AsDecimal, xpathRound2 } from '../../lib/rules/br/support/xpath-numeric.js';

const exact = (texts: string[]) => xpathRound2(untypedSumAsDecimal(texts.map(decFromText)));
const short = (texts: string[]) => untypedSumRounded2AsDecimal(texts.map(decFromText));

/** An amount as written: up to 12 integer digits, 0..4 fraction digits, either sign. */
const amount = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 999_999_999_999n }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 9999 }))
  .map(([neg, int, places, frac]) => `${neg ? '-' : ''}${int}${places === 0 ? '' : `.${String(frac).padStart(4, '0').slice(0, places)}`}`);

describe('untypedSumRounded2AsDecimal', () => {
  it('equals the exact rounding of the double sum on the ties and near-ties', () => {
    for (const texts of [['8.415'], ['0.005'], ['-0.005'], ['1.005', '2.0'], ['0.001'], ['-0.001'], ['0'], ['-0.00'], [], ['0.125', '0.125'], ['365.135'], ['999999999.995'], ['1e3'], ['abc'], ['2.675'], ['-2.675'], ['0.1', '0.2'], ['10.004999'], ['10.005001']]) {
      const got = short(texts);
      const want = exact(texts);
      expect(got.equals(want) || (got.isNaN() && want.isNaN()), texts.join(' + ')).toBe(true);
      expect(got.toString(), texts.join(' + ')).toBe(want.toString());
    }
  });

  it('equals the exact rounding on random amounts', () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 30 }), (texts) => {
        expect(short(texts).toString()).toBe(exact(texts).toString());
      }),
      { numRuns: 2000 },
    );
  });
});
