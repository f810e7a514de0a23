/**
 * Characters that XML 1.0 cannot carry (production [2] Char of XML 1.0): the
 * C0 controls other than tab, line feed and carriage return, U+FFFE, U+FFFF
 * and unpaired surrogates. Client text holding them could not be written into
 * the CII XML, so the input schema rejects it with a clear message.
 */

// Without the `u` flag the regex sees UTF-16 code units, which is what lets it find unpaired surrogates.
const FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first character of `text` that XML 1.0 cannot carry: its 0-based index and `U+XXXX` name. */
export function findXmlForbiddenChar(text: string): { index: number; codePoint: string } | undefined {
  const match = FORBIDDEN.exec(text);
  if (!match) return undefined;
  const unit = match[0].charCodeAt(0);
  return { index: match.index, codePoint: `U+${unit.toString(16).toUpperCase().padStart(4, '0')}` };
}

/** A message for the first forbidden character of `text` (undefined when there is none). */
export function xmlForbiddenCharMessage(text: string): string | undefined {
  const found = findXmlForbiddenChar(text);
  if (!found) return undefined;
  return `contains a character that XML 1.0 cannot carry (${found.codePoint} at position ${found.index + 1})`;
}
