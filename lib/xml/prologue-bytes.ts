/**
 * Byte-level reading of an XML prologue (byte order mark, XML declaration),
 * apart from the parser so the HTTP edge can name a declared encoding
 * without loading libxml2 (lib/xml/parse.ts uses the same functions).
 */

/** XML white space (production [3] S): space, tab, line feed, carriage return. */
export function isXmlSpace(b: number | undefined): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
}

/** True when `bytes` hold the ASCII text `ascii` at `at` (letters compared case-insensitively if asked). */
export function startsWithAt(bytes: Uint8Array, at: number, ascii: string, caseInsensitive = false): boolean {
  if (at + ascii.length > bytes.length) return false;
  for (let i = 0; i < ascii.length; i++) {
    let b = bytes[at + i]!;
    if (caseInsensitive && b >= 0x61 && b <= 0x7a) b -= 0x20;
    const c = caseInsensitive ? ascii.toUpperCase().charCodeAt(i) : ascii.charCodeAt(i);
    if (b !== c) return false;
  }
  return true;
}

/** The first index at or after `from` where `bytes` hold the ASCII text `ascii`, or -1. */
export function indexOfAscii(bytes: Uint8Array, ascii: string, from: number): number {
  const first = ascii.charCodeAt(0);
  let i = bytes.indexOf(first, from);
  while (i !== -1) {
    if (startsWithAt(bytes, i, ascii)) return i;
    i = bytes.indexOf(first, i + 1);
  }
  return -1;
}

const ENCODING_DECL = /^<\?xml[\x20\t\r\n][^>]*?\bencoding[\x20\t\r\n]*=[\x20\t\r\n]*(["'])([^"']*)\1/;

/** 3 when `bytes` start with the UTF-8 byte order mark, else 0. */
export function bomLength(bytes: Uint8Array): number {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/**
 * The encoding an XML declaration at the start of `bytes` names (after an
 * optional UTF-8 byte order mark), e.g. `"ISO-8859-1"`; undefined when there
 * is no declaration or it names none. Only UTF-8 is accepted (Factur-X); this
 * lets a caller say why bytes that are not UTF-8 were sent.
 */
export function declaredXmlEncoding(bytes: Uint8Array): string | undefined {
  const pos = bomLength(bytes);
  if (!startsWithAt(bytes, pos, '<?xml') || !isXmlSpace(bytes[pos + 5])) return undefined;
  const end = indexOfAscii(bytes, '?>', pos);
  const declEnd = end === -1 ? Math.min(bytes.length, pos + 256) : end + 2;
  return ENCODING_DECL.exec(latin1(bytes, pos, declEnd))?.[2];
}

function latin1(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}
