/**
 * Safe parsing of untrusted XML (incoming CII invoices, Factur-X attachments)
 * with libxml2-wasm.
 *
 * Policy, in the order it is applied:
 * 1. Size: input over `maxBytes` (default 6 MB, the synchronous Lambda payload
 *    limit of DECISIONS.md "Limits") is refused before any parsing.
 * 2. Encoding: UTF-8 only. Factur-X requires the CII XML to be UTF-8, so a BOM
 *    or an XML declaration naming anything else is a syntax error. libxml2 is
 *    then told to decode UTF-8 whatever the declaration says, so invalid bytes
 *    are reported with their line and column.
 * 3. DTD: a document type declaration is refused outright. EN 16931 CII never
 *    carries one, and without a DTD there are no entity declarations, so XXE
 *    (`file:///etc/passwd`), external DTDs and entity amplification ("billion
 *    laughs") cannot happen. The prolog is scanned before parsing, and the parsed
 *    document is checked again for a DTD node.
 * 4. libxml2 options: only {@link SAFE_PARSE_OPTIONS}; never NOENT (entity
 *    substitution), DTDLOAD/DTDATTR/DTDVALID, XINCLUDE, HUGE (lifts the limits)
 *    or RECOVER. libxml2's own limits then stay in force, among them the
 *    maximum element depth of 256 that stops depth bombs in microseconds.
 *
 * The WebAssembly build of libxml2 has no file system or network access of its
 * own; the only input provider this project registers (lib/xml/xsd.ts) serves
 * schema files and only while a schema is being compiled.
 */
import { ParseOption, XmlDocument, XmlLibError } from 'libxml2-wasm';
import { XmlSecurityError, XmlSyntaxError } from './errors.js';
import { bomLength, declaredXmlEncoding, indexOfAscii, isXmlSpace, startsWithAt } from './prologue-bytes.js';

export { XmlSecurityError, XmlSyntaxError } from './errors.js';
export type { XmlErrorLocation, XmlSecurityReason } from './errors.js';
export type { XmlDocument } from 'libxml2-wasm';
export { declaredXmlEncoding } from './prologue-bytes.js';

/** Default input cap: 6 MiB, the synchronous Lambda payload limit (DECISIONS.md, Limits). */
export const DEFAULT_MAX_XML_BYTES = 6 * 1024 * 1024;

/**
 * The libxml2 parse options we use: no network, no external entities or DTDs,
 * no system catalog, line numbers above 65535, compact text nodes. Dangerous flags (NOENT, DTDLOAD,
 * DTDATTR, DTDVALID, XINCLUDE, HUGE, RECOVER, UNZIP) are deliberately absent.
 */
export const SAFE_PARSE_OPTIONS: number =
  ParseOption.XML_PARSE_NONET |
  ParseOption.XML_PARSE_NO_XXE |
  ParseOption.XML_PARSE_NO_SYS_CATALOG |
  ParseOption.XML_PARSE_BIG_LINES |
  // Short text stored inside its node (fewer allocations while parsing and freeing); the documents are never modified.
  ParseOption.XML_PARSE_COMPACT;

/** Options of {@link parseXml}. */
export interface ParseXmlOptions {
  /** Largest accepted input in bytes (UTF-8); default {@link DEFAULT_MAX_XML_BYTES}. */
  maxBytes?: number;
}

const encoder = new TextEncoder();

/**
 * Parses untrusted XML into a libxml2 document. The caller owns the result and
 * must `dispose()` it (or use {@link withXmlDocument}).
 *
 * @throws XmlSecurityError input over the size cap, a DTD, entity amplification, excessive depth
 * @throws XmlSyntaxError anything that is not well-formed UTF-8 XML 1.0
 */
export function parseXml(text: string | Uint8Array, opts: ParseXmlOptions = {}): XmlDocument {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_XML_BYTES;
  const bytes = toBytes(text, maxBytes);
  checkPrologue(bytes);
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(bytes, { option: SAFE_PARSE_OPTIONS, encoding: 'UTF-8' });
  } catch (err) {
    throw translateParseError(err);
  }
  if (doc.dtd !== null) {
    // Unreachable while the prologue scan holds; kept as a second line of defence.
    doc.dispose();
    throw new XmlSecurityError('dtd', 'Document type declarations are not accepted in invoices.');
  }
  return doc;
}

/**
 * Parses `text` with {@link parseXml}, runs `fn` on the document and always
 * disposes the document, also when `fn` throws. `fn` must not keep the document
 * or any of its nodes beyond its return.
 */
export function withXmlDocument<T>(text: string | Uint8Array, fn: (doc: XmlDocument) => T, opts: ParseXmlOptions = {}): T {
  const doc = parseXml(text, opts);
  try {
    return fn(doc);
  } finally {
    doc.dispose();
  }
}

function tooLarge(maxBytes: number): XmlSecurityError {
  return new XmlSecurityError('size', `XML input exceeds the limit of ${maxBytes} bytes.`);
}

function toBytes(text: string | Uint8Array, maxBytes: number): Uint8Array {
  if (typeof text !== 'string') {
    if (text.byteLength > maxBytes) throw tooLarge(maxBytes);
    return text;
  }
  // Every UTF-16 code unit needs at least one UTF-8 byte: refuse without encoding.
  if (text.length > maxBytes) throw tooLarge(maxBytes);
  // An unpaired surrogate (e.g. from a JSON "\ud800" escape) has no UTF-8 form: TextEncoder would write U+FFFD for it, silently.
  if (!(text as string & { isWellFormed(): boolean }).isWellFormed()) {
    throw new XmlSyntaxError('The XML text holds an unpaired UTF-16 surrogate, which is not a Unicode character and has no UTF-8 form.');
  }
  const bytes = encoder.encode(text);
  if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
  return bytes;
}

const LT = 0x3c;
const QUESTION = 0x3f;
const BANG = 0x21;

/**
 * Checks the bytes before the root element: the byte order mark and encoding
 * declaration (UTF-8 only) and the absence of a DOCTYPE. Only comments,
 * processing instructions and white space may precede the root element (XML 1.0
 * production `prolog`), so a DOCTYPE anywhere else is a plain syntax error that
 * libxml2 reports.
 */
function checkPrologue(bytes: Uint8Array): void {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if ((b0 === 0xfe && b1 === 0xff) || (b0 === 0xff && b1 === 0xfe) || b0 === 0x00 || (b0 === LT && b1 === 0x00)) {
    throw new XmlSyntaxError('Only UTF-8 encoded XML is accepted (UTF-16 or UTF-32 input found).', { line: 1, column: 1 });
  }
  let pos = bomLength(bytes);
  const declared = declaredXmlEncoding(bytes);
  if (declared !== undefined && !/^utf-?8$/i.test(declared)) {
    throw new XmlSyntaxError(`Only UTF-8 encoded XML is accepted; the XML declaration names "${declared}".`, { line: 1, column: 1 });
  }
  for (;;) {
    while (isXmlSpace(bytes[pos])) pos++;
    if (bytes[pos] !== LT) return;
    const next = bytes[pos + 1];
    if (next === QUESTION) {
      const end = indexOfAscii(bytes, '?>', pos + 2);
      if (end === -1) return; // unterminated: libxml2 reports it
      pos = end + 2;
    } else if (next === BANG) {
      if (startsWithAt(bytes, pos, '<!--')) {
        const end = indexOfAscii(bytes, '-->', pos + 4);
        if (end === -1) return;
        pos = end + 3;
      } else if (startsWithAt(bytes, pos, '<!DOCTYPE', true)) {
        throw new XmlSecurityError('dtd', 'Document type declarations (DOCTYPE, DTD, entities) are not accepted in invoices.');
      } else {
        return;
      }
    } else {
      return;
    }
  }
}

/** Maps a libxml2 parse failure onto our domain errors. */
function translateParseError(err: unknown): Error {
  if (!(err instanceof XmlLibError)) {
    return new XmlSyntaxError('The input could not be parsed as XML.', { cause: err });
  }
  const first = err.details.find((d) => d.level >= 2) ?? err.details[0];
  const message = (first?.message ?? err.message).trim() || 'The input could not be parsed as XML.';
  // libxml2 does not expose its error codes through libxml2-wasm; its limit
  // messages are stable across releases and covered by tests.
  if (/Excessive depth/i.test(message)) {
    return new XmlSecurityError('depth', `XML nesting exceeds the allowed depth: ${message}`, { cause: err });
  }
  if (/amplification|entity loop|Detected an entity reference loop/i.test(message)) {
    return new XmlSecurityError('entity', `XML entity expansion refused: ${message}`, { cause: err });
  }
  const line = first !== undefined && first.line > 0 ? first.line : undefined;
  const column = first !== undefined && first.col > 0 ? first.col : undefined;
  return new XmlSyntaxError(message, { line, column, cause: err });
}
