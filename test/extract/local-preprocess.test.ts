/**
 * Image preprocessing before OCR (lib/extract/local/preprocess.ts): decoding
 * PNG and JPEG to grey, speckle removal, skew estimation and rotation back.
 * The images are drawn here (blocks laid out as words on text lines), so the
 * true angle and the true specks are known.
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { DocumentTooComplexError, ExtractionError } from '../../lib/errors.js';
import { applyExifOrientation, decodeImage, despeckle, estimateSkew, exifOrientation, preprocessImage, removeSmallSpecks, rotateGrey, type GreyImage } from '../../lib/extract/local/preprocess.js';
import { isSpeckWord } from '../../lib/extract/local/ocr.js';
import { createRng } from '../fixtures/synthetic/rng.js';
import { encodePng } from '../fixtures/synthetic/scan.js';

/** A page of "text": lines of dark word blocks with gaps, as a 150-300 dpi scan of an invoice shows them, margins white. */
function textPage(width: number, height: number, seed: number): GreyImage {
  const r = createRng(seed);
  const pixels = new Uint8Array(width * height).fill(255);
  const margin = Math.round(width * 0.08);
  const lineHeight = Math.round(width / 60);
  const glyph = Math.round(lineHeight * 0.6);
  for (let y = margin; y + lineHeight < height - margin; y += lineHeight + r.int(0, lineHeight)) {
    if (r.chance(0.2)) continue; // a blank line
    let x = margin + (r.chance(0.3) ? r.int(0, width / 2) : 0);
    const end = width - margin - r.int(0, width / 3);
    while (x < end) {
      const word = r.int(glyph * 2, glyph * 8);
      for (let yy = y; yy < y + glyph; yy++) for (let xx = x; xx < Math.min(end, x + word); xx++) pixels[yy * width + xx] = 20;
      x += word + r.int(glyph / 2, glyph * 2);
    }
  }
  return { width, height, pixels };
}

function dark(img: GreyImage, x: number, y: number): boolean {
  return img.pixels[y * img.width + x]! < 128;
}

describe('skew estimation', () => {
  const page = textPage(1240, 1754, 7); // A4 at 150 dpi

  it('finds no skew on a straight page', () => {
    expect(Math.abs(estimateSkew(page))).toBeLessThanOrEqual(0.1);
  });

  for (const angle of [-4.2, -2.7, -1.3, -0.6, 0.5, 1.1, 2.2, 3, 4.6]) {
    it(`finds a rotation of ${angle} degrees within 0.2 degrees`, () => {
      const rotated = rotateGrey(page, angle);
      expect(Math.abs(estimateSkew(rotated) - angle)).toBeLessThanOrEqual(0.2);
    });
  }

  it('finds the angle on a larger (300 dpi) noisy page, and preprocessing turns it straight', () => {
    const big = textPage(2480, 3508, 11);
    const r = createRng(3);
    const rotated = rotateGrey(big, -1.8);
    for (let k = 0; k < rotated.pixels.length * 0.03; k++) rotated.pixels[r.int(0, rotated.pixels.length - 1)] = r.chance(0.5) ? r.int(0, 90) : r.int(170, 255);
    expect(Math.abs(estimateSkew(rotated) + 1.8)).toBeLessThanOrEqual(0.2);
    const { image, report } = preprocessImage(encodePng(rotated, 300));
    expect(report.deskewed).toBe(true);
    expect(Math.abs(report.skewDeg + 1.8)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(estimateSkew(image))).toBeLessThanOrEqual(0.2);
  });

  it('leaves a blank page alone', () => {
    expect(estimateSkew({ width: 400, height: 600, pixels: new Uint8Array(400 * 600).fill(255) })).toBe(0);
  });
});

describe('rotation', () => {
  it('turned by an angle and back, a page keeps its ink in place (but for the corners)', () => {
    const page = textPage(600, 800, 5);
    const back = rotateGrey(rotateGrey(page, 2.5), -2.5);
    let same = 0;
    let ink = 0;
    for (let y = 100; y < 700; y++) {
      for (let x = 100; x < 500; x++) {
        if (dark(page, x, y)) {
          ink++;
          if (dark(back, x, y)) same++;
        }
      }
    }
    expect(ink).toBeGreaterThan(1000);
    expect(same / ink).toBeGreaterThan(0.9);
  });
});

describe('speckle removal', () => {
  it('removes isolated dark and light specks, and pairs of them', () => {
    const img: GreyImage = { width: 40, height: 30, pixels: new Uint8Array(40 * 30).fill(255) };
    // A solid ink block with a light speck inside.
    for (let y = 5; y < 15; y++) for (let x = 20; x < 35; x++) img.pixels[y * 40 + x] = 10;
    img.pixels[10 * 40 + 27] = 230;
    // Dark specks on paper: one alone, two side by side.
    img.pixels[20 * 40 + 5] = 40;
    img.pixels[25 * 40 + 10] = 60;
    img.pixels[25 * 40 + 11] = 30;
    let out = despeckle(img, 128).image;
    out = despeckle(out, 128).image;
    expect(dark(out, 5, 20)).toBe(false);
    expect(dark(out, 10, 25)).toBe(false);
    expect(dark(out, 11, 25)).toBe(false);
    expect(dark(out, 27, 10)).toBe(true);
  });

  it('keeps thin strokes and small dots: a one-pixel line, a diagonal, a 2 x 2 full stop', () => {
    const img: GreyImage = { width: 40, height: 30, pixels: new Uint8Array(40 * 30).fill(255) };
    for (let x = 3; x < 30; x++) img.pixels[4 * 40 + x] = 0; // horizontal hairline
    for (let k = 0; k < 12; k++) img.pixels[(10 + k) * 40 + 5 + k] = 0; // diagonal, pixels touching by their corners
    for (const [x, y] of [[30, 20], [31, 20], [30, 21], [31, 21]] as const) img.pixels[y * 40 + x] = 0;
    const { image, replaced } = despeckle(img, 128);
    expect(replaced).toBe(0);
    expect(image.pixels).toEqual(img.pixels);
  });

  it('on noisy pages, removes small hard-edged clusters but keeps an anti-aliased full stop', () => {
    const img: GreyImage = { width: 30, height: 20, pixels: new Uint8Array(30 * 20).fill(255) };
    for (const [x, y] of [[5, 5], [6, 5], [6, 6], [7, 7]] as const) img.pixels[y * 30 + x] = 40; // a cluster of four specks
    // A full stop: dark core, grey edges.
    for (let y = 9; y <= 12; y++) for (let x = 19; x <= 22; x++) img.pixels[y * 30 + x] = 200;
    for (let y = 10; y <= 11; y++) for (let x = 20; x <= 21; x++) img.pixels[y * 30 + x] = 0;
    const { image, removed } = removeSmallSpecks(img, 6, 128);
    expect(removed).toBe(4);
    expect(dark(image, 6, 5)).toBe(false);
    expect(dark(image, 20, 10)).toBe(true);
    // Larger than the limit: kept.
    expect(removeSmallSpecks(img, 3, 128).removed).toBe(0);
  });

  it('walks a large solid ink area (a black border, a photo) and keeps it', () => {
    const img: GreyImage = { width: 1200, height: 1200, pixels: new Uint8Array(1200 * 1200).fill(255) };
    for (let y = 100; y < 1100; y++) for (let x = 100; x < 1100; x++) img.pixels[y * 1200 + x] = 0;
    img.pixels[50 * 1200 + 50] = 0; // one hard-edged speck outside
    const { image, removed } = removeSmallSpecks(img, 10, 128);
    expect(removed).toBe(1);
    expect(image.pixels.filter((v) => v === 0).length).toBe(1000 * 1000);
  });

  it('cleans most of a 3 % salt-and-pepper noise off a page and keeps its text', () => {
    const page = textPage(800, 1100, 9);
    const r = createRng(1);
    const noisy = page.pixels.slice();
    for (let k = 0; k < noisy.length * 0.03; k++) noisy[r.int(0, noisy.length - 1)] = r.chance(0.5) ? r.int(0, 90) : r.int(170, 255);
    let img: GreyImage = { ...page, pixels: noisy };
    img = despeckle(despeckle(img, 128).image, 128).image;
    let specks = 0;
    let lost = 0;
    let ink = 0;
    for (let i = 0; i < page.pixels.length; i++) {
      if (page.pixels[i]! > 128 && img.pixels[i]! < 128) specks++;
      if (page.pixels[i]! < 128) {
        ink++;
        if (img.pixels[i]! >= 128) lost++;
      }
    }
    const before = Array.from(page.pixels).filter((v, i) => v > 128 && noisy[i]! < 128).length;
    expect(before).toBeGreaterThan(5000);
    expect(specks / before).toBeLessThan(0.1);
    expect(lost / ink).toBeLessThan(0.01);
  });
});

describe('decoding', () => {
  const page = textPage(120, 90, 2);

  it('reads an 8-bit grey PNG as it was written', () => {
    expect(decodeImage(encodePng(page, 150)).pixels).toEqual(page.pixels);
  });

  it('reads an RGBA PNG as grey, transparency over white', () => {
    const png = new PNG({ width: 3, height: 1 });
    png.data.set([255, 0, 0, 255, 0, 0, 0, 0, 10, 10, 10, 255]);
    const grey = decodeImage(new Uint8Array(PNG.sync.write(png)));
    expect(Array.from(grey.pixels)).toEqual([76, 255, 10]);
  });

  it('reads a JPEG as grey', () => {
    const rgba = new Uint8Array(page.width * page.height * 4);
    for (let i = 0; i < page.pixels.length; i++) rgba.set([page.pixels[i]!, page.pixels[i]!, page.pixels[i]!, 255], 4 * i);
    const bytes = new Uint8Array(jpeg.encode({ width: page.width, height: page.height, data: rgba }, 95).data);
    const grey = decodeImage(bytes);
    expect([grey.width, grey.height]).toEqual([page.width, page.height]);
    let off = 0;
    for (let i = 0; i < page.pixels.length; i++) if (Math.abs(grey.pixels[i]! - page.pixels[i]!) > 60) off++;
    expect(off / page.pixels.length).toBeLessThan(0.02);
  });

  it('reads the Exif orientation (either byte order) and turns the image upright', () => {
    const tiff = (little: boolean, value: number): Uint8Array => {
      const b = new Uint8Array(6 + 8 + 2 + 12 + 4);
      b.set([0x45, 0x78, 0x69, 0x66, 0, 0]);
      const v = new DataView(b.buffer);
      b.set(little ? [0x49, 0x49] : [0x4d, 0x4d], 6);
      v.setUint16(8, 42, little);
      v.setUint32(10, 8, little);
      v.setUint16(14, 1, little);
      v.setUint16(16, 0x0112, little);
      v.setUint16(18, 3, little);
      v.setUint32(20, 1, little);
      v.setUint16(24, value, little);
      return b;
    };
    expect(exifOrientation(tiff(true, 6))).toBe(6);
    expect(exifOrientation(tiff(false, 3))).toBe(3);
    expect(exifOrientation(undefined)).toBe(1);
    // 2 x 3 image, rows "a b", "c d", "e f"; orientation 6 (turn 90 degrees clockwise to read): rows "e c a", "f d b".
    const img: GreyImage = { width: 2, height: 3, pixels: new Uint8Array([1, 2, 3, 4, 5, 6]) };
    expect(applyExifOrientation(img, 6)).toEqual({ width: 3, height: 2, pixels: new Uint8Array([5, 3, 1, 6, 4, 2]) });
    expect(applyExifOrientation(img, 3).pixels).toEqual(new Uint8Array([6, 5, 4, 3, 2, 1]));
    expect(applyExifOrientation(img, 8)).toEqual({ width: 3, height: 2, pixels: new Uint8Array([2, 4, 6, 1, 3, 5]) });
  });

  it('refuses an image past the pixel limits from its header, and bytes that do not decode', () => {
    const header = encodePng({ width: 30_000, height: 10, pixels: new Uint8Array(0) }, 150);
    expect(() => decodeImage(header.slice(0, 33))).toThrow(DocumentTooComplexError);
    const broken = encodePng(page, 150).slice(0, 60);
    expect(() => decodeImage(broken)).toThrow(/could not be decoded as PNG/);
    expect(() => decodeImage(new Uint8Array([1, 2, 3]))).toThrow(ExtractionError);
  });
});

describe('OCR words that are specks', () => {
  it('drops doubtful lone marks and nearly rejected short words in small letters, keeps the rest', () => {
    expect(isSpeckWord(';', 0.4)).toBe(true);
    expect(isSpeckWord('{', 0)).toBe(true);
    expect(isSpeckWord('a', 0.2)).toBe(true);
    expect(isSpeckWord('Joa', 0.03)).toBe(true);
    // Read with some confidence: kept.
    expect(isSpeckWord(':', 0.9)).toBe(false);
    expect(isSpeckWord('à', 0.97)).toBe(false);
    expect(isSpeckWord('y', 0.7)).toBe(false);
    // Capitals, digits, percent and currency signs: kept whatever the confidence.
    expect(isSpeckWord('PU', 0)).toBe(false);
    expect(isSpeckWord('HT', 0)).toBe(false);
    expect(isSpeckWord('%', 0.1)).toBe(false);
    expect(isSpeckWord('€', 0.1)).toBe(false);
    expect(isSpeckWord('x2', 0.1)).toBe(false);
    // Longer words: kept.
    expect(isSpeckWord('bonifico', 0.1)).toBe(false);
  });
});
