/**
 * The ICC profile of the PDF/A output intent, and a reader for ICC headers.
 *
 * We use the sRGB IEC61966-2.1 profile (ICC v2.1, device class `mntr`, 3,144
 * bytes; freely redistributable, the same one Ghostscript, PDFBox and Little
 * CMS ship) that @cantoo/pdf-lib bundles. It is decoded once per process. ICC
 * v2 is valid for every PDF/A part; ISO 19005-2/3 (6.2.3) also asks the
 * DestOutputProfile to be an RGB, CMYK or Gray profile of class `prtr` or
 * `mntr` with version at most 4, which {@link readIccHeader} lets us check.
 */
import { getDefaultSRGBProfile } from '@cantoo/pdf-lib';

let srgb: Uint8Array | undefined;

/** The sRGB IEC61966-2.1 ICC profile bytes (shared: do not modify). */
export function srgbIccProfile(): Uint8Array {
  srgb ??= getDefaultSRGBProfile();
  return srgb;
}

/** The output condition identifier written with the sRGB output intent. */
export const SRGB_OUTPUT_CONDITION = 'sRGB IEC61966-2.1';

/** The fields of an ICC profile header that PDF/A cares about. */
export interface IccHeader {
  /** Declared profile size in bytes. */
  size: number;
  /** Major version (2 or 4 in practice). */
  majorVersion: number;
  /** Device class signature, e.g. `mntr`, `prtr`, `scnr`. */
  deviceClass: string;
  /** Data colour space signature, e.g. `RGB `, `CMYK`, `GRAY`. */
  colorSpace: string;
  /** Number of colour components of that space (1, 3, 4), undefined for others. */
  components: 1 | 3 | 4 | undefined;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

/** Reads the header of an ICC profile; undefined when the bytes are not one (no `acsp` signature). */
export function readIccHeader(bytes: Uint8Array): IccHeader | undefined {
  if (bytes.length < 128 || ascii(bytes, 36, 40) !== 'acsp') return undefined;
  const size = ((bytes[0]! << 24) >>> 0) + (bytes[1]! << 16) + (bytes[2]! << 8) + bytes[3]!;
  const colorSpace = ascii(bytes, 16, 20);
  const components = colorSpace === 'RGB ' ? 3 : colorSpace === 'CMYK' ? 4 : colorSpace === 'GRAY' ? 1 : undefined;
  return { size, majorVersion: bytes[8]!, deviceClass: ascii(bytes, 12, 16), colorSpace, components };
}

/** Whether an ICC header is acceptable as a PDF/A output intent profile (ISO 19005-2/3, 6.2.3). */
export function isPdfAOutputProfile(h: IccHeader): boolean {
  return h.components !== undefined && (h.deviceClass === 'prtr' || h.deviceClass === 'mntr') && h.majorVersion <= 4;
}
