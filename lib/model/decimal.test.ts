/**
 * Our Decimal against decimal.js, the reference it replaces: every operation
 * gives the same value (sign of zero included, via valueOf) and the same
 * strings, over random values: the few-digit amounts of invoices (the fast
 * form), and huge, negative, many-decimals, zero, NaN and infinite values
 * (decimal.js computes those).
 */
import { Decimal as DecimalJs } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, dec, decFromText, formatDecimal, fractionDigits, round2, sourceText, sum } from './decimal.js';

/** The configuration lib/model/decimal.ts used decimal.js with before it had a fast form. */
const Ref = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
type Ref = InstanceType<typeof Ref>;

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9'), minLength: min, maxLength: max });

/** Decimal strings: mostly invoice-like, some at and beyond the fast form's limits. */
const decimalText = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom('', '-', '+'), digits(1, 6), fc.constantFrom('', '.'), digits(0, 4)).map(([s, i, d, f]) => `${s}${i}${d}${d === '' ? '' : f}`) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('', '-'), digits(1, 20), digits(0, 20)).map(([s, i, f]) => (f === '' ? `${s}${i}` : `${s}${i}.${f}`)) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('', '-'), digits(0, 40), digits(1, 45)).map(([s, i, f]) => `${s}${i}.${f}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('', '-'), digits(1, 3), fc.constantFrom('', '.'), digits(0, 3)).map(([s, i, d, f]) => `${s}${i}${d}${f}0000000000000000000000000000000000000`) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('', '-'), fc.integer({ min: 0, max: 32 }), digits(1, 4)).map(([s, z, f]) => `${s}0.${'0'.repeat(z)}${f}`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0', '-0', '0.000', '-0.00', '.5', '5.', '-.5', '+0', '9007199254740991', '9007199254740992', '-9007199254740993', '900719925474099.1',
      '9999999999999999', '999999999999999.9', '0.000000000000000000000000000001', '0.0000000000000000000000000000001', '1e3', '-2.5E-7',
      'NaN', 'Infinity', '-Infinity', '1' + '0'.repeat(39), '1' + '0'.repeat(40), '0.' + '0'.repeat(38) + '1', '0.' + '0'.repeat(40) + '1',
    ),
  },
);

/** Values as the constructor takes them: strings, numbers (integers, fractions, -0, NaN, ...) and decimals. */
const value = fc.oneof(
  { weight: 5, arbitrary: decimalText },
  { weight: 2, arbitrary: fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.double({ noDefaultInfinity: false }), fc.constantFrom(-0, 0, 0.1, 1e21, 1e-7, 2 ** 53, -(2 ** 53) - 2)) },
);

function both(v: string | number): [Decimal, Ref] {
  return [new Decimal(v), new Ref(v)];
}

/** Our result is the reference's value, and in the one form a value has (so `toEqual` is value equality). */
function same(ours: Decimal, ref: Ref): void {
  expect(ours.valueOf()).toBe(ref.valueOf());
  expect(ours).toEqual(fromText(ref.valueOf()));
}

function fromText(text: string): Decimal {
  return new Decimal(text);
}

const RUNS = { numRuns: Number(process.env.DEC_RUNS ?? 4000) };

describe('Decimal (fast form) agrees with decimal.js', () => {
  it('reads values as decimal.js does, or throws as it does', () => {
    fc.assert(
      fc.property(fc.oneof(value, fc.string({ maxLength: 6 })), (v) => {
        let ref: Ref | undefined;
        try {
          ref = new Ref(v);
        } catch {
          expect(() => new Decimal(v)).toThrow();
          return;
        }
        same(new Decimal(v), ref);
      }),
      { numRuns: 8000 },
    );
  });

  it('adds, subtracts, multiplies, divides and compares as decimal.js does', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        const [x, rx] = both(a);
        const [y, ry] = both(b);
        same(x.plus(y), rx.plus(ry));
        same(x.minus(y), rx.minus(ry));
        same(x.times(y), rx.times(ry));
        same(x.dividedBy(y), rx.dividedBy(ry));
        same(x.plus(b), rx.plus(b));
        same(x.minus(b), rx.minus(b));
        expect(x.comparedTo(y)).toBe(rx.comparedTo(ry));
        expect(x.eq(y)).toBe(rx.eq(ry));
        expect(x.lt(y)).toBe(rx.lt(ry));
        expect(x.lte(y)).toBe(rx.lte(ry));
        expect(x.gt(y)).toBe(rx.gt(ry));
        expect(x.gte(y)).toBe(rx.gte(ry));
      }),
      RUNS,
    );
  });

  it('divides by powers of ten and by small integers as decimal.js does', () => {
    fc.assert(
      fc.property(value, fc.constantFrom(1, 10, 100, -100, 1000, '0.01', '1e20', 3, 7, 0, '-0'), (a, b) => {
        const [x, rx] = both(a);
        same(x.dividedBy(b), rx.dividedBy(b));
        same(x.div(new Decimal(b)), rx.div(new Ref(b)));
      }),
      RUNS,
    );
  });

  it('rounds and prints as decimal.js does', () => {
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 8 }), (a, dp, rm) => {
        const [x, rx] = both(a);
        const mode = rm as DecimalJs.Rounding;
        same(x.toDecimalPlaces(dp, rm), rx.toDecimalPlaces(dp, mode));
        same(x.toDecimalPlaces(dp), rx.toDecimalPlaces(dp));
        expect(x.toFixed(dp, rm)).toBe(rx.toFixed(dp, mode));
        expect(x.toFixed(dp)).toBe(rx.toFixed(dp));
        expect(x.toFixed()).toBe(rx.toFixed());
        expect(x.toString()).toBe(rx.toString());
        expect(x.toJSON()).toBe(rx.toJSON());
        expect(JSON.stringify({ x })).toBe(JSON.stringify({ x: rx }));
        expect(`${x}`).toBe(`${rx}`);
        expect(Object.is(x.toNumber(), rx.toNumber())).toBe(true);
        expect(x.decimalPlaces()).toBe(rx.decimalPlaces());
        same(x.floor(), rx.floor());
        same(x.ceil(), rx.ceil());
        same(x.round(), rx.round());
        same(x.trunc(), rx.trunc());
        same(x.abs(), rx.abs());
        same(x.neg(), rx.neg());
        expect([x.isZero(), x.isNeg(), x.isPos(), x.isFinite(), x.isNaN(), x.isInteger()]).toEqual([rx.isZero(), rx.isNeg(), rx.isPos(), rx.isFinite(), rx.isNaN(), rx.isInteger()]);
      }),
      RUNS,
    );
  });

  it('rejects the rounding arguments decimal.js rejects', () => {
    const x = new Decimal('1.25');
    expect(() => x.toDecimalPlaces(-1)).toThrow();
    expect(() => x.toDecimalPlaces(1.5)).toThrow();
    expect(() => x.toFixed(2, 9.5)).toThrow();
    expect(() => x.toFixed(2, 10)).toThrow();
  });

  it('keeps running sums exact over many invoice amounts', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -99_999_999, max: 99_999_999 }), fc.integer({ min: 0, max: 4 })), { maxLength: 200 }), (parts) => {
        let ours = new Decimal(0);
        let ref = new Ref(0);
        for (const [n, k] of parts) {
          const text = (n / 10 ** k).toFixed(k);
          ours = round2(ours.plus(text).times(new Decimal('1.055')));
          ref = ref.plus(text).times('1.055').toDecimalPlaces(2, DecimalJs.ROUND_HALF_UP);
        }
        same(ours, ref);
      }),
      { numRuns: 300 },
    );
  });

  it('returns a new object from every operation, so source texts (attached by identity) never carry over', () => {
    const x = decFromText('12.50');
    expect(sourceText(x)).toBe('12.50');
    for (const y of [x.toDecimalPlaces(2), x.toDecimalPlaces(), x.abs(), x.plus(0), x.minus(0), x.times(1), x.div(1), new Decimal(x), dec(x), round2(x), x.floor().plus(x.minus(x.floor()))]) {
      expect(y).not.toBe(x);
      expect(sourceText(y)).toBeUndefined();
      expect(y.eq(x)).toBe(true);
    }
    expect(fractionDigits(x)).toBe(2);
    expect(fractionDigits(round2(x))).toBe(1);
  });

  it('keeps the helpers: sum skips absent values, formatDecimal pads and never signs a zero', () => {
    expect(sum([dec('1.10'), undefined, dec(2)]).toString()).toBe('3.1');
    expect(formatDecimal(dec('-0.00'), 2)).toBe('0.00');
    expect(formatDecimal(dec('-1.5'), 2)).toBe('-1.50');
    expect(formatDecimal(dec('12.345'), 2)).toBe('12.345');
    expect(Decimal.isDecimal(dec(1))).toBe(true);
    expect(Decimal.isDecimal(new Ref(1))).toBe(false);
    expect(Object.prototype.toString.call(dec(1))).toBe('[object Decimal]');
  });
});

describe('decFromText', () => {
  /** The reading by the xs:decimal regular expression alone, as decFromText did before its shortcut for bare decimals. */
  const XS_DECIMAL = /^[ \t\r\n]*([+-]?(?:\d+(?:\.\d*)?|\.\d+))[ \t\r\n]*$/;
  const byRegex = (text: string): Decimal => {
    const m = XS_DECIMAL.exec(text);
    return m === null ? new Decimal(Number.NaN) : new Decimal(m[1]!);
  };
  const near = fc.string({ unit: fc.constantFrom('0', '1', '9', '.', '+', '-', ' ', '\t', '\n', 'e', 'x'), maxLength: 8 });

  it('reads every text as the xs:decimal expression does, and keeps the text', () => {
    fc.assert(
      fc.property(fc.oneof(decimalText, near, decimalText.map((t) => ` ${t}\n`)), (text) => {
        const got = decFromText(text);
        const want = byRegex(text);
        expect(got.isNaN()).toBe(want.isNaN());
        if (!want.isNaN()) {
          expect(got.toString()).toBe(want.toString());
          expect(got.isNegative()).toBe(want.isNegative());
        }
        expect(sourceText(got)).toBe(text);
      }),
      { numRuns: 3000 },
    );
  });
});
