/**
 * Image clean-up before OCR (issue 13, scans): decode the PNG or JPEG into
 * grey pixels, remove speckle noise, estimate the skew of the text lines and
 * rotate it back, then hand tesseract a plain 8-bit greyscale image (PGM).
 *
 * Pure TypeScript (pngjs and jpeg-js decode, no native binary). The image
 * has been checked against the pixel limits of lib/limits.ts from its header
 * before it gets here (./image-limits.ts); the decoders are held to the same
 * limits again, since a header may lie.
 *
 * - Speckle: a dark pixel with no non-light neighbour, or only one that has
 *   no other (a pair of specks), cannot belong to a rendered glyph, whose
 *   strokes are connected and anti-aliased: it is replaced by the median of
 *   its 3 x 3 neighbourhood; the same for light pixels in ink. Thin strokes
 *   and their ends are kept, which a plain median filter would erase at 150 dpi.
 *   On a noisy image (over 0.1 % of the pixels replaced so), small ink
 *   clusters with hard edges are removed too: rendered glyphs, even a full
 *   stop, have anti-aliased (grey) edges.
 * - Skew: projection profiles. On a copy reduced to about 1,000 pixels wide and
 *   binarised, the dark pixels are projected onto the vertical axis of the page
 *   turned by each candidate angle; text lines give the sharpest profile (the
 *   largest sum of squared row counts) at the angle that makes them horizontal.
 *   Coarse search over -5..+5 degrees by 0.25, then fine by 0.02 around the best.
 */
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { IMAGE_MAX_PIXELS } from '../../limits.js';
import { assertImageWithinLimits } from './image-limits.js';

/** A greyscale image: one byte per pixel (0 black, 255 white), rows top to bottom. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** What preprocessing did to one image. */
export interface PreprocessReport {
  /** Skew found, in degrees (positive: the content is turned counter-clockwise). */
  skewDeg: number;
  /** Whether the image was rotated back (|skew| above {@link MIN_DESKEW_DEG}). */
  deskewed: boolean;
  /** Share of the pixels replaced as speckle. */
  speckle: number;
}

/** Skews smaller than this (degrees) are left alone: OCR reads them as well, and rotating blurs. */
export const MIN_DESKEW_DEG = 0.2;
/** Largest skew searched, in degrees. */
export const MAX_SKEW_DEG = 5;

/** Luma (ITU-R BT.601) of RGB(A) pixels, alpha composed over white. */
function rgbaToGrey(data: Uint8Array, width: number, height: number, channels: 3 | 4): GreyImage {
  const n = width * height;
  const out = new Uint8Array(n);
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    const y = (299 * data[p]! + 587 * data[p + 1]! + 114 * data[p + 2]!) / 1000;
    const a = channels === 4 ? data[p + 3]! / 255 : 1;
    out[i] = Math.round(y * a + 255 * (1 - a));
  }
  return { width, height, pixels: out };
}

/**
 * Decodes a PNG or JPEG into grey pixels.
 * @throws DocumentTooComplexError past the image limits, ExtractionError without a readable header, Error when the pixels cannot be decoded
 */
export function decodeImage(bytes: Uint8Array, what = 'The image'): GreyImage {
  const size = assertImageWithinLimits(bytes, what);
  try {
    if (size.format === 'png') {
      // pngjs expands every format (palette, grey, 16-bit, interlaced) to 8-bit RGBA.
      const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      if (png.width !== size.width || png.height !== size.height) throw new Error('the decoded size differs from the header');
      return rgbaToGrey(png.data, png.width, png.height, 4);
    }
    const img = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: IMAGE_MAX_PIXELS / 1_000_000,
      // 3 bytes a pixel of output, plus the decoder's own planes.
      maxMemoryUsageInMB: Math.ceil((IMAGE_MAX_PIXELS * 8) / 1_048_576),
    });
    return applyExifOrientation(rgbaToGrey(img.data, img.width, img.height, 3), exifOrientation((img as { exifBuffer?: Uint8Array }).exifBuffer));
  } catch (error) {
    // A plain error, as tesseract's own decoding failures were: the extractor reports the document as damaged.
    throw new Error(`${what} could not be decoded as ${size.format.toUpperCase()} (${(error as Error).message}).`, { cause: error });
  }
}

/**
 * The orientation tag (0x0112) of an Exif block (a TIFF structure after `Exif\0\0`, as jpeg-js hands it), 1 when absent.
 * Tesseract applied it when it was given the JPEG itself; the grey image handed to it now must be turned here.
 */
export function exifOrientation(exif: Uint8Array | undefined): number {
  if (!exif || exif.length < 14) return 1;
  let t = 0;
  if (exif[0] === 0x45 && exif[1] === 0x78) t = 6; // "Exif\0\0"
  const little = exif[t] === 0x49 && exif[t + 1] === 0x49;
  if (!little && !(exif[t] === 0x4d && exif[t + 1] === 0x4d)) return 1;
  const view = new DataView(exif.buffer, exif.byteOffset, exif.byteLength);
  const u16 = (o: number): number => (o + 2 <= exif.length ? view.getUint16(o, little) : 0);
  const u32 = (o: number): number => (o + 4 <= exif.length ? view.getUint32(o, little) : 0);
  const ifd = t + u32(t + 4);
  const entries = u16(ifd);
  for (let k = 0; k < entries; k++) {
    const e = ifd + 2 + 12 * k;
    if (e + 12 > exif.length) break;
    if (u16(e) === 0x0112) {
      const v = u16(e + 8);
      return v >= 1 && v <= 8 ? v : 1;
    }
  }
  return 1;
}

/** Turns and mirrors an image as an Exif orientation (1-8) says, so that it reads upright. */
export function applyExifOrientation(img: GreyImage, orientation: number): GreyImage {
  if (orientation <= 1 || orientation > 8) return img;
  const { width: w, height: h, pixels: src } = img;
  const swap = orientation >= 5;
  const W = swap ? h : w;
  const H = swap ? w : h;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      // Source pixel of (x, y) for each orientation (TIFF 6.0, tag 274).
      let sx: number;
      let sy: number;
      switch (orientation) {
        case 2: sx = w - 1 - x; sy = y; break;
        case 3: sx = w - 1 - x; sy = h - 1 - y; break;
        case 4: sx = x; sy = h - 1 - y; break;
        case 5: sx = y; sy = x; break;
        case 6: sx = y; sy = h - 1 - x; break;
        case 7: sx = w - 1 - y; sy = h - 1 - x; break;
        default: sx = w - 1 - y; sy = x; break; // 8
      }
      out[y * W + x] = src[sy * w + sx]!;
    }
  }
  return { width: W, height: H, pixels: out };
}

/** Otsu's threshold of a grey histogram: the level that best separates ink from paper. */
export function otsuThreshold(img: GreyImage): number {
  const hist = new Float64Array(256);
  const px = img.pixels;
  for (let i = 0; i < px.length; i++) hist[px[i]!]!++;
  const total = img.pixels.length;
  let sum = 0;
  for (let t = 0; t < 256; t++) sum += t * hist[t]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

function median9(v: number[]): number {
  v.sort((a, b) => a - b);
  return v[4]!;
}

/**
 * Removes speckle: isolated dark pixels on paper and isolated light pixels in
 * ink, each replaced by the median of its 3 x 3 neighbourhood. A pixel is
 * isolated when none of its 8 neighbours is on its side of the threshold
 * (with a margin, so anti-aliased edges count as ink), or one that has no
 * other: a pair.
 */
export function despeckle(img: GreyImage, threshold = otsuThreshold(img)): { image: GreyImage; replaced: number } {
  const { width: w, height: h, pixels: src } = img;
  const out = src.slice();
  // Anti-aliased glyph edges lie between ink and paper: a neighbour counts as "not paper" below `paper`, "not ink" above `ink`.
  const paper = Math.min(250, threshold + (255 - threshold) / 2);
  const ink = Math.max(5, threshold / 2);
  const offsets = [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1];
  /** Neighbours on the side of pixel i (ink or paper), and the last one found. */
  let last = -1;
  const support = (i: number, dark: boolean): number => {
    let count = 0;
    for (let k = 0; k < 8; k++) {
      const q = src[i + offsets[k]!]!;
      if (dark ? q < paper : q > ink) {
        count++;
        last = i + offsets[k]!;
      }
    }
    return count;
  };
  let replaced = 0;
  const window: number[] = new Array(9);
  for (let y = 1; y < h - 1; y++) {
    const row = y * w;
    for (let x = 1; x < w - 1; x++) {
      const i = row + x;
      const p = src[i]!;
      const dark = p <= threshold;
      // Fast path (nearly every pixel): both neighbours on the row are on its side.
      if (dark ? src[i - 1]! < paper && src[i + 1]! < paper : src[i - 1]! > ink && src[i + 1]! > ink) continue;
      last = -1;
      if (support(i, dark) > 1) continue;
      if (last >= 0) {
        // One neighbour: a pair of specks if that neighbour has no other support; the end of a stroke if it has.
        const j = last;
        const jy = Math.floor(j / w);
        const jx = j - jy * w;
        if (jx < 1 || jy < 1 || jx >= w - 1 || jy >= h - 1) continue;
        if (support(j, dark) > 1) continue;
      }
      let k = 0;
      for (let dy = -w; dy <= w; dy += w) for (let dx = -1; dx <= 1; dx++) window[k++] = src[i + dy + dx]!;
      out[i] = median9(window);
      replaced++;
    }
  }
  return { image: { width: w, height: h, pixels: out }, replaced };
}

/**
 * Removes small ink specks that survive {@link despeckle} (clusters of three or
 * more): connected ink components (8-connected, at most `maxArea` pixels)
 * whose outer neighbours are all clean paper. A rendered glyph, however small
 * (a full stop, an accent), is anti-aliased or blurred: grey pixels surround
 * it; a speck of noise has hard edges. Run only on images found noisy.
 */
export function removeSmallSpecks(img: GreyImage, maxArea: number, threshold = otsuThreshold(img)): { image: GreyImage; removed: number } {
  const { width: w, height: h, pixels: src } = img;
  const out = src.slice();
  const paper = Math.min(250, threshold + (255 - threshold) * 0.75);
  const seen = new Uint8Array(w * h);
  // Typed and growable, off the JavaScript heap: a large ink area (a black border) is walked whole.
  let stack = new Int32Array(4096);
  const members = new Int32Array(maxArea + 1);
  let removed = 0;
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || src[start]! > threshold) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let size = 0;
    let halo = false;
    while (top > 0) {
      const i = stack[--top]!;
      if (size <= maxArea) members[size] = i;
      size++;
      const y = Math.floor(i / w);
      const x = i - y * w;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if ((dx === 0 && dy === 0) || xx < 0 || xx >= w) continue;
          const j = yy * w + xx;
          const q = src[j]!;
          if (q <= threshold) {
            if (!seen[j]) {
              seen[j] = 1;
              if (top === stack.length) {
                const grown = new Int32Array(stack.length * 2);
                grown.set(stack);
                stack = grown;
              }
              stack[top++] = j;
            }
          } else if (q < paper) halo = true;
        }
      }
    }
    if (size > maxArea || halo) continue;
    for (let k = 0; k < size; k++) out[members[k]!] = 255;
    removed += size;
  }
  return { image: { width: w, height: h, pixels: out }, removed };
}

/** A binarised copy reduced by an integer factor: a cell is ink when its mean is darker than `threshold`. */
function reduceBinary(img: GreyImage, factor: number, threshold: number): { width: number; height: number; ink: Uint8Array } {
  const width = Math.floor(img.width / factor);
  const height = Math.floor(img.height / factor);
  const ink = new Uint8Array(width * height);
  const cell = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let yy = 0; yy < factor; yy++) {
        const row = (y * factor + yy) * img.width + x * factor;
        for (let xx = 0; xx < factor; xx++) s += img.pixels[row + xx]!;
      }
      ink[y * width + x] = s / cell < threshold ? 1 : 0;
    }
  }
  return { width, height, ink };
}

/**
 * Estimates the skew of the text lines, in degrees (positive: the content is
 * turned counter-clockwise, as an image rotated by a positive angle).
 */
export function estimateSkew(img: GreyImage, threshold = otsuThreshold(img)): number {
  const factor = Math.max(1, Math.round(img.width / 1000));
  const r = reduceBinary(img, factor, threshold);
  // Coordinates of the ink cells, relative to the centre.
  let n = 0;
  for (const v of r.ink) n += v;
  if (n < 50) return 0;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  let k = 0;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      if (r.ink[y * r.width + x]) {
        xs[k] = x - r.width / 2;
        ys[k] = y - r.height / 2;
        k++;
      }
    }
  }
  const diag = Math.ceil(Math.hypot(r.width, r.height));
  const bins = new Float64Array(2 * diag + 3);
  const score = (deg: number): number => {
    const a = (deg * Math.PI) / 180;
    const sin = Math.sin(a);
    const cos = Math.cos(a);
    bins.fill(0);
    // Where the point lands vertically once the content is turned back by `deg`.
    for (let i = 0; i < n; i++) bins[Math.round(ys[i]! * cos + xs[i]! * sin) + diag + 1]!++;
    let s = 0;
    for (const b of bins) s += b * b;
    return s;
  };
  const search = (from: number, to: number, step: number): number => {
    let best = 0;
    let bestScore = -1;
    for (let d = from; d <= to + 1e-9; d += step) {
      const s = score(d);
      if (s > bestScore) {
        bestScore = s;
        best = d;
      }
    }
    return best;
  };
  const coarse = search(-MAX_SKEW_DEG, MAX_SKEW_DEG, 0.25);
  const fine = search(coarse - 0.3, coarse + 0.3, 0.02);
  return Math.round(fine * 100) / 100;
}

/** Rotates about the centre by `deg` degrees (positive: counter-clockwise), bilinear, white outside, same size. */
export function rotateGrey(img: GreyImage, deg: number): GreyImage {
  const { width: w, height: h, pixels: src } = img;
  const out = new Uint8Array(w * h);
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const cx = w / 2;
  const cy = h / 2;
  for (let y = 0; y < h; y++) {
    const dy = y - cy;
    // Source of (x, y): the output point turned back by the angle.
    let sx = -sin * dy + cx - cos * cx;
    let sy = cos * dy + cy - sin * cx;
    for (let x = 0; x < w; x++, sx += cos, sy += sin) {
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= w || y0 + 1 >= h) {
        out[y * w + x] = 255;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * w + x0;
      const top = src[i]! + fx * (src[i + 1]! - src[i]!);
      const bottom = src[i + w]! + fx * (src[i + w + 1]! - src[i + w]!);
      out[y * w + x] = Math.round(top + fy * (bottom - top));
    }
  }
  return { width: w, height: h, pixels: out };
}

/**
 * Typical height in pixels of a text line (ink from its tallest to its lowest
 * glyph), from the runs of inked rows in vertical strips an eighth of the page
 * wide (so that columns side by side do not merge their lines); 0 when there is no text.
 */
export function estimateLineHeight(img: GreyImage, threshold = otsuThreshold(img)): number {
  const { width: w, height: h, pixels } = img;
  const strips = 8;
  const stripWidth = Math.max(1, Math.floor(w / strips));
  const runs: number[] = [];
  for (let s = 0; s < strips; s++) {
    const x0 = s * stripWidth;
    const x1 = Math.min(w, x0 + stripWidth);
    let run = 0;
    for (let y = 0; y <= h; y++) {
      let inked = false;
      if (y < h) {
        const row = y * w;
        for (let x = x0; x < x1; x++) {
          if (pixels[row + x]! <= threshold) {
            inked = true;
            break;
          }
        }
      }
      if (inked) run++;
      else {
        if (run >= 3) runs.push(run);
        run = 0;
      }
    }
  }
  if (runs.length < 5) return 0;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)]!;
}

/** Encodes a binary PGM (P5, 8 bits), which tesseract's image reader (Leptonica) reads without a codec. */
export function encodePgm(img: GreyImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${img.width} ${img.height}\n255\n`);
  const out = new Uint8Array(header.length + img.pixels.length);
  out.set(header);
  out.set(img.pixels, header.length);
  return out;
}

/** Options of {@link preprocessImage}. */
export interface PreprocessOptions {
  /** Remove speckle, default true. */
  despeckle?: boolean;
  /** Estimate the skew and rotate it back, default true. */
  deskew?: boolean;
  /** On noisy images, also remove small specks with hard edges ({@link removeSmallSpecks}); default true. */
  smallSpecks?: boolean;
}

/** An image is noisy when despeckling replaced more than this share of its pixels. */
export const NOISY_SHARE = 0.001;

/** Decodes, cleans and deskews an image for OCR; returns the grey image and what was done. */
export function preprocessImage(bytes: Uint8Array, what = 'The image', options: PreprocessOptions = {}): { image: GreyImage; report: PreprocessReport } {
  let image = decodeImage(bytes, what);
  const threshold = otsuThreshold(image);
  let speckle = 0;
  if (options.despeckle !== false) {
    // A second pass: a speck next to one that the first pass removed may be alone now.
    for (let pass = 0; pass < 2; pass++) {
      const d = despeckle(image, threshold);
      image = d.image;
      speckle += d.replaced;
      if (d.replaced === 0) break;
    }
  }
  const noisy = speckle / (image.width * image.height) > NOISY_SHARE;
  if (noisy && options.smallSpecks !== false && options.despeckle !== false) {
    const line = estimateLineHeight(image, threshold);
    const r = removeSmallSpecks(image, Math.max(4, Math.round((line * line) / 60)), threshold);
    image = r.image;
    speckle += r.removed;
  }
  let skewDeg = 0;
  let deskewed = false;
  if (options.deskew !== false) {
    skewDeg = estimateSkew(image, threshold);
    if (Math.abs(skewDeg) > MIN_DESKEW_DEG) {
      image = rotateGrey(image, -skewDeg);
      deskewed = true;
    }
  }
  return { image, report: { skewDeg, deskewed, speckle: speckle / Math.max(1, image.width * image.height) } };
}
