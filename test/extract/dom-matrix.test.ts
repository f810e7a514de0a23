import { describe, expect, it } from 'vitest';
import { AffineMatrix } from '../../lib/extract/local/dom-matrix.js';

const values = (m: AffineMatrix) => [m.a, m.b, m.c, m.d, m.e, m.f];

describe('AffineMatrix (the DOMMatrix stand-in for pdf.js without a canvas)', () => {
  it('starts as the identity or from six values', () => {
    expect(values(new AffineMatrix())).toEqual([1, 0, 0, 1, 0, 0]);
    expect(values(new AffineMatrix([2, 0, 0, 3, 4, 5]))).toEqual([2, 0, 0, 3, 4, 5]);
  });

  it('multiplies like DOMMatrix: this x m, and m x this', () => {
    const t = new AffineMatrix([1, 0, 0, 1, 10, 20]);
    const s = new AffineMatrix([2, 0, 0, 2, 0, 0]);
    expect(values(new AffineMatrix([1, 0, 0, 1, 10, 20]).multiplySelf(s))).toEqual([2, 0, 0, 2, 10, 20]);
    expect(values(new AffineMatrix([1, 0, 0, 1, 10, 20]).preMultiplySelf(s))).toEqual([2, 0, 0, 2, 20, 40]);
    expect(values(t.translate(1, 2))).toEqual([1, 0, 0, 1, 11, 22]);
    expect(values(t.scale(3))).toEqual([3, 0, 0, 3, 10, 20]);
  });

  it('inverts (and gives NaN for a singular matrix)', () => {
    const m = new AffineMatrix([2, 1, 1, 1, 3, 4]);
    const product = new AffineMatrix([2, 1, 1, 1, 3, 4]).multiplySelf(new AffineMatrix([2, 1, 1, 1, 3, 4]).invertSelf());
    expect(values(product).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([1, 0, 0, 1, 0, 0]);
    expect(values(new AffineMatrix([0, 0, 0, 0, 1, 1]).invertSelf()).every(Number.isNaN)).toBe(true);
    expect(values(m)).toEqual([2, 1, 1, 1, 3, 4]);
  });
});
