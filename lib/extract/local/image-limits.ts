/**
 * Image sizes read from the header, before OCR decodes a single pixel:
 * PNG from its IHDR chunk (which must come first, ISO/IEC 15948, 5.6), JPEG
 * from its frame header (SOF0-SOF15 but DHT, JPG and DAC; ITU T.81, B.2.2),
 * found by walking the marker segments from SOI (their lengths skip APPn
 * payloads, where an Exif thumbnail holds SOF markers of its own). Checked
 * against `image-side` and `image-pixels` of lib/limits.ts.
 */
import { ExtractionError } from '../../errors.js';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, tooComplex } from '../../limits.js';

/** The format and size an image header declares. */
export interface ImageSize {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function readPngSize(b: Uint8Array): ImageSize | undefined {
  if (b.length < 24 || !PNG_SIGNATURE.every((x, i) => b[i] === x)) return undefined;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const type = String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!);
  if (view.getUint32(8) !== 13 || type !== 'IHDR') return undefined;
  return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
}

/** SOFn markers: C0-CF except C4 (DHT), C8 (JPG) and CC (DAC). */
function isFrameMarker(m: number): boolean {
  return m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
}

function readJpegSize(b: Uint8Array): ImageSize | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let p = 2;
  while (p + 1 < b.length) {
    if (b[p] !== 0xff) return undefined; // a segment must start with a marker
    while (b[p] === 0xff && p + 1 < b.length) p++; // fill bytes
    const marker = b[p]!;
    p++;
    // Markers without a length: TEM, RSTn, SOI; EOI or SOS before a frame header means there is none.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    if (marker === 0xd9 || marker === 0xda) return undefined;
    if (p + 2 > b.length) return undefined;
    const length = (b[p]! << 8) | b[p + 1]!;
    if (length < 2) return undefined;
    if (isFrameMarker(marker)) {
      if (p + 7 > b.length) return undefined;
      return { format: 'jpeg', height: (b[p + 3]! << 8) | b[p + 4]!, width: (b[p + 5]! << 8) | b[p + 6]! };
    }
    p += length;
  }
  return undefined;
}

/** The size a PNG or JPEG header declares; undefined when the bytes are neither or the header cannot be read. */
export function readImageSize(bytes: Uint8Array): ImageSize | undefined {
  return readPngSize(bytes) ?? readJpegSize(bytes);
}

/**
 * Checks an image against the OCR limits from its header alone.
 * @param what names the image in messages (e.g. `the image`, `page 2 as rendered`)
 * @throws DocumentTooComplexError `image-side` or `image-pixels`
 * @throws ExtractionError when no PNG or JPEG size can be read (or it is zero: a JPEG whose height comes later, in a DNL segment, is not read)
 */
export function assertImageWithinLimits(bytes: Uint8Array, what = 'The image'): ImageSize {
  const size = readImageSize(bytes);
  if (size === undefined) throw new ExtractionError(`${what} is not a readable PNG or JPEG: its size could not be read from its header.`);
  const { width, height } = size;
  if (width === 0 || height === 0) throw new ExtractionError(`${what} declares a size of ${width} x ${height} pixels: it cannot be read.`);
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) {
    throw tooComplex('image-side', `${what} is ${width} x ${height} pixels; at most ${IMAGE_MAX_SIDE} pixels a side are read.`);
  }
  if (width * height > IMAGE_MAX_PIXELS) {
    throw tooComplex('image-pixels', `${what} is ${width} x ${height} pixels (${width * height}); at most ${IMAGE_MAX_PIXELS} pixels are read.`);
  }
  return size;
}
