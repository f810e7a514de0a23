/**
 * A minimal 2-D DOMMatrix for pdf.js in Node when the native canvas package
 * (@napi-rs/canvas, which pdf.js uses to polyfill DOMMatrix) is not there, as
 * on Lambda arm64. pdf.js builds one DOMMatrix when its module loads; reading
 * a text layer needs nothing more. Drawing (which we never do with pdf.js:
 * scans are rendered with pdftoppm) would need the real canvas.
 */
import { createRequire } from 'node:module';

type Init = ArrayLike<number> | undefined;

/** The affine matrix [a b c d e f] of the DOMMatrix interface, with the operations pdf.js may call. */
export class AffineMatrix {
  a = 1;
  b = 0;
  c = 0;
  d = 1;
  e = 0;
  f = 0;

  constructor(init?: Init) {
    if (init !== undefined && init.length >= 6) {
      [this.a, this.b, this.c, this.d, this.e, this.f] = [init[0]!, init[1]!, init[2]!, init[3]!, init[4]!, init[5]!];
    }
  }

  /** this = this x m */
  multiplySelf(m: AffineMatrix): this {
    const { a, b, c, d, e, f } = this;
    this.a = a * m.a + c * m.b;
    this.b = b * m.a + d * m.b;
    this.c = a * m.c + c * m.d;
    this.d = b * m.c + d * m.d;
    this.e = a * m.e + c * m.f + e;
    this.f = b * m.e + d * m.f + f;
    return this;
  }

  /** this = m x this */
  preMultiplySelf(m: AffineMatrix): this {
    const copy = new AffineMatrix([m.a, m.b, m.c, m.d, m.e, m.f]).multiplySelf(this);
    Object.assign(this, { a: copy.a, b: copy.b, c: copy.c, d: copy.d, e: copy.e, f: copy.f });
    return this;
  }

  translate(x = 0, y = 0): AffineMatrix {
    return new AffineMatrix([this.a, this.b, this.c, this.d, this.e, this.f]).multiplySelf(new AffineMatrix([1, 0, 0, 1, x, y]));
  }

  scale(sx = 1, sy = sx): AffineMatrix {
    return new AffineMatrix([this.a, this.b, this.c, this.d, this.e, this.f]).multiplySelf(new AffineMatrix([sx, 0, 0, sy, 0, 0]));
  }

  invertSelf(): this {
    const { a, b, c, d, e, f } = this;
    const det = a * d - b * c;
    if (det === 0) {
      Object.assign(this, { a: NaN, b: NaN, c: NaN, d: NaN, e: NaN, f: NaN });
      return this;
    }
    this.a = d / det;
    this.b = -b / det;
    this.c = -c / det;
    this.d = a / det;
    this.e = (c * f - d * e) / det;
    this.f = (b * e - a * f) / det;
    return this;
  }
}

/**
 * Installs {@link AffineMatrix} as `globalThis.DOMMatrix` when Node has none and
 * the native canvas cannot be loaded (so pdf.js would fail at import).
 * Returns true when it installed the stand-in.
 */
export function ensureDomMatrix(): boolean {
  const g = globalThis as { DOMMatrix?: unknown };
  if (g.DOMMatrix !== undefined) return false;
  try {
    createRequire(import.meta.url)('@napi-rs/canvas');
    return false; // pdf.js will take the real one from the canvas package
  } catch {
    g.DOMMatrix = AffineMatrix;
    return true;
  }
}
