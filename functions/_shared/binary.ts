/**
 * Binary (PDF) answers: API Gateway carries them base64-encoded
 * (isBase64Encoded) and decodes them for the client thanks to the API's
 * binary media types; the local server does the same.
 */
import type { APIGatewayProxyResult } from 'aws-lambda';

/**
 * Longest value, in characters as sent (after percent-encoding, marker
 * included), of a header we fill from client data: the invoice number, the
 * file name of `filename*`, the rule list of X-Validation. An invoice number
 * is not bounded when it comes from XML (POST /api/v2/render), and many HTTP
 * clients refuse answers whose headers pass 8 to 16 KB; with this cap no
 * header we write goes past about 400 characters.
 */
export const MAX_HEADER_DATA_CHARS = 200;

/** Longest ASCII `filename` of Content-Disposition, marker included, before the extension. */
export const MAX_FILE_NAME_CHARS = 100;

/** Ends a header value cut to {@link MAX_HEADER_DATA_CHARS}. */
export const HEADER_TRUNCATION_MARKER = '...[truncated]';

/** Ends a file name cut short (letters a file name may hold on every system). */
export const FILE_NAME_TRUNCATION_MARKER = '-truncated';

/**
 * `text` encoded by `encode`, cut so that the result, `marker` included, has
 * at most `max` characters. The cut falls between characters, never inside a
 * percent-encoded sequence, so what is left still decodes.
 */
function capEncoded(text: string, encode: (text: string) => string, max: number, marker: string): string {
  const whole = (text as string & { toWellFormed(): string }).toWellFormed(); // encodeURIComponent throws on a lone surrogate
  const encoded = encode(whole);
  if (encoded.length <= max) return encoded;
  const budget = max - marker.length;
  let out = '';
  for (const ch of whole) {
    const piece = encode(ch);
    if (out.length + piece.length > budget) break;
    out += piece;
  }
  return out + marker;
}

function identity(text: string): string {
  return text;
}

/** RFC 5987 `value-chars`: percent-encoded UTF-8 outside the attr-char set. */
function encodeRfc5987(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `Content-Disposition` for a file named after an invoice number (DECISIONS.md, PDF file names):
 * `filename` reduced to [A-Za-z0-9._-] and at most {@link MAX_FILE_NAME_CHARS} characters before the
 * extension, `filename*` the original, percent-encoded, at most {@link MAX_HEADER_DATA_CHARS} characters
 * with the extension; both end in {@link FILE_NAME_TRUNCATION_MARKER} when cut.
 */
export function contentDisposition(invoiceNumber: string, extension = 'pdf'): string {
  const reduced = invoiceNumber.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+|_+$/g, '');
  const safe = capEncoded(reduced, identity, MAX_FILE_NAME_CHARS, FILE_NAME_TRUNCATION_MARKER) || 'invoice';
  const original = capEncoded(invoiceNumber, encodeRfc5987, MAX_HEADER_DATA_CHARS - extension.length - 1, FILE_NAME_TRUNCATION_MARKER);
  return `attachment; filename="${safe}.${extension}"; filename*=UTF-8''${original}.${extension}`;
}

/**
 * A header value from client data: kept as is when it is printable ASCII,
 * otherwise percent-encoded (header values must stay ASCII and on one line);
 * cut to `max` characters ending in {@link HEADER_TRUNCATION_MARKER}.
 */
export function headerValue(text: string, max = MAX_HEADER_DATA_CHARS): string {
  return capEncoded(text, /^[\x20-\x7E]*$/.test(text) ? identity : encodeURIComponent, max, HEADER_TRUNCATION_MARKER);
}

/**
 * `prefix` followed by as many of `words` (space-separated, each made a
 * header value) as fit in `max` characters, then `(+N more)` for the rest.
 */
export function headerList(prefix: string, words: readonly string[], max = MAX_HEADER_DATA_CHARS): string {
  let out = prefix;
  for (let i = 0; i < words.length; i++) {
    const word = headerValue(words[i]!, max);
    const sep = i === 0 ? '' : ' ';
    // Room is kept for the "(+N more)" the words after this one would need.
    const more = i + 1 < words.length ? ` (+${words.length - i - 1} more)` : '';
    if (out.length + sep.length + word.length + more.length > max) return `${out}${sep}(+${words.length - i} more)`;
    out += sep + word;
  }
  return out;
}

/** A 200 answer carrying a PDF. */
export function pdfResult(pdf: Uint8Array, headers: Record<string, string>): APIGatewayProxyResult {
  return {
    statusCode: 200,
    isBase64Encoded: true,
    headers: { 'Content-Type': 'application/pdf', 'Cache-Control': 'no-store', ...headers },
    body: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('base64'),
  };
}
