/**
 * A lexical scan of PDF content streams (ISO 32000-1, 7.8 and 8) for the one
 * thing PDF/A needs from them here: which device colour spaces the drawing
 * operators use (`rg`/`RG` DeviceRGB, `k`/`K` DeviceCMYK, `cs`/`CS` with a
 * device space name, inline images with a device `/CS`). Strings, comments,
 * dictionaries and inline image data are skipped, so their bytes never look
 * like operators. Colour spaces selected by resource name are checked through
 * the resource dictionaries instead (./analyze.ts).
 */

/** Device colour spaces a content stream draws with. */
export interface DeviceColourUse {
  rgb: boolean;
  cmyk: boolean;
}

const WS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WS[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIM[c.charCodeAt(0)] = 1;

function isRegular(c: number): boolean {
  return WS[c] === 0 && DELIM[c] === 0;
}

const RGB_NAMES = new Set(['DeviceRGB', 'RGB']);
const CMYK_NAMES = new Set(['DeviceCMYK', 'CMYK']);

/** Scans one content stream and records device colour use into `use`. */
export function scanDeviceColours(data: Uint8Array, use: DeviceColourUse): void {
  const n = data.length;
  let i = 0;
  let lastName: string | undefined;
  let inInlineDict = false;
  let inlineKey: string | undefined;
  let inlineArrayDepth = 0;
  while (i < n) {
    const c = data[i]!;
    if (WS[c] === 1) {
      i++;
      continue;
    }
    if (c === 0x25) {
      // % comment to end of line
      while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i++;
      continue;
    }
    if (c === 0x28) {
      // ( literal string ), balanced parentheses, backslash escapes
      let depth = 1;
      i++;
      while (i < n && depth > 0) {
        const d = data[i]!;
        if (d === 0x5c) i += 2;
        else {
          if (d === 0x28) depth++;
          else if (d === 0x29) depth--;
          i++;
        }
      }
      lastName = undefined;
      continue;
    }
    if (c === 0x3c) {
      if (data[i + 1] === 0x3c) {
        i += 2;
        continue;
      }
      while (i < n && data[i] !== 0x3e) i++;
      i++;
      lastName = undefined;
      continue;
    }
    if (c === 0x5b || c === 0x5d) {
      if (inInlineDict) {
        inlineArrayDepth = Math.max(0, inlineArrayDepth + (c === 0x5b ? 1 : -1));
        if (inlineArrayDepth === 0) inlineKey = undefined;
      }
      i++;
      continue;
    }
    if (c === 0x3e || c === 0x7b || c === 0x7d || c === 0x29) {
      i++;
      continue;
    }
    if (c === 0x2f) {
      // /Name
      let j = i + 1;
      while (j < n && isRegular(data[j]!)) j++;
      const name = latin1(data, i + 1, j);
      if (inInlineDict && inlineArrayDepth === 0) {
        if (inlineKey === 'CS' || inlineKey === 'ColorSpace') {
          if (RGB_NAMES.has(name)) use.rgb = true;
          if (CMYK_NAMES.has(name)) use.cmyk = true;
          inlineKey = undefined;
        } else if (inlineKey === undefined) {
          inlineKey = name;
        } else {
          inlineKey = undefined;
        }
      }
      lastName = name;
      i = j;
      continue;
    }
    let j = i;
    while (j < n && isRegular(data[j]!)) j++;
    if (j === i) {
      i++;
      continue;
    }
    const token = latin1(data, i, j);
    i = j;
    if (inInlineDict) {
      if (token === 'ID') {
        inInlineDict = false;
        i = skipInlineImageData(data, i);
      } else if (inlineArrayDepth === 0) {
        inlineKey = undefined;
      }
      continue;
    }
    switch (token) {
      case 'rg':
      case 'RG':
        use.rgb = true;
        break;
      case 'k':
      case 'K':
        use.cmyk = true;
        break;
      case 'cs':
      case 'CS':
        if (lastName !== undefined && RGB_NAMES.has(lastName)) use.rgb = true;
        if (lastName !== undefined && CMYK_NAMES.has(lastName)) use.cmyk = true;
        break;
      case 'BI':
        inInlineDict = true;
        inlineKey = undefined;
        inlineArrayDepth = 0;
        break;
      default:
        break;
    }
    if (!/^[-+.\d]/.test(token)) lastName = undefined;
  }
}

/** Skips the binary data of an inline image after `ID`: up to whitespace, `EI`, then whitespace or the end. */
function skipInlineImageData(data: Uint8Array, from: number): number {
  const n = data.length;
  let i = from + 1;
  while (i + 1 < n) {
    if (data[i] === 0x45 && data[i + 1] === 0x49 && WS[data[i - 1]!] === 1 && (i + 2 >= n || WS[data[i + 2]!] === 1 || DELIM[data[i + 2]!] === 1)) {
      return i + 2;
    }
    i++;
  }
  return n;
}

function latin1(data: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let k = from; k < to; k++) s += String.fromCharCode(data[k]!);
  return s;
}
