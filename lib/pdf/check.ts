/**
 * A checker for Factur-X PDF/A-3 files: every point ./embed.ts guarantees,
 * verified on the bytes, plus the PDF/A content rules of ./analyze.ts. It
 * reports problems as data and never throws on a bad file (only on input
 * over the size limit).
 *
 * Problem codes:
 * | code                          | what                                                                                    |
 * |-------------------------------|-----------------------------------------------------------------------------------------|
 * | `PDF_UNREADABLE`              | not a PDF, corrupt or truncated                                                         |
 * | `ENCRYPTED`                   | the trailer has /Encrypt (ISO 19005-2, 6.1.3)                                           |
 * | `HEADER`                      | not `%PDF-1.0`..`%PDF-1.7` at byte 0, or no binary comment line after it (6.1.2)        |
 * | `TRAILER_ID`                  | no trailer /ID of two strings (6.1.3)                                                   |
 * | `DATA_AFTER_EOF`              | bytes other than an end-of-line after the last `%%EOF` (6.1.3)                          |
 * | `XMP_MISSING` / `XMP_MALFORMED` / `XMP_FILTERED` | no catalog /Metadata stream, not well-formed XMP in an xpacket, a filtered stream (6.6.2.1) |
 * | `XMP_DUPLICATE_PROPERTY`      | a top-level XMP property stated more than once                                          |
 * | `PDFA_ID`                     | pdfaid:part is not 3 or pdfaid:conformance not A, B or U                                |
 * | `FX_PROPERTY`                 | an fx property missing or wrong (DocumentType, DocumentFileName, Version, ConformanceLevel) |
 * | `FX_EXTENSION_SCHEMA`         | the fx extension schema missing, repeated or incomplete                                 |
 * | `XMP_UNDECLARED_SCHEMA`       | a property in a namespace that is neither predefined nor declared (6.6.2.3)             |
 * | `INFO_XMP_MISMATCH`           | an Info entry without its equivalent XMP value (6.6.3)                                  |
 * | `OUTPUT_INTENT`               | no GTS_PDFA1 output intent with a valid ICC profile, or intents with different profiles |
 * | `INVOICE_ATTACHMENT`          | no invoice XML, several, or named otherwise than fx:DocumentFileName                    |
 * | `INVOICE_FILESPEC`            | the invoice's file specification: /F, /UF, /AFRelationship, name tree, catalog /AF      |
 * | `INVOICE_STREAM`              | the invoice's stream: Subtype text/xml, Params Size / CheckSum / ModDate                |
 * | `INVOICE_XML`                 | the XML is not well-formed CII, or its profile differs from fx:ConformanceLevel          |
 * | `EMBEDDED_FILE_PDFA3`         | any embedded file lacking what PDF/A-3 asks (6.8)                                       |
 * | `NAME_TREE_UNSORTED`          | EmbeddedFiles keys not in lexical order (ISO 32000-1, 7.9.6)                            |
 * | analysis codes                | `FONT_NOT_EMBEDDED`, `JAVASCRIPT`, `FORBIDDEN_ACTION`, `DEVICE_COLOUR`, ... (./analyze.ts) |
 * | (analysis, 6.1.13)            | `IMPLEMENTATION_LIMIT` (strings, names, integers, reals, q/Q nesting), `PAGE_BOX` (./pdfa-limits.ts) |
 * | (analysis, 6.2.4.4 / 6.2.11.4.2 / 6.9) | `DEVICEN_COLORANTS`, `CIDSET` (any CIDSet), `OPTIONAL_CONTENT_CONFIG` (./optional-content.ts) |
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFStream, PDFString } from '@cantoo/pdf-lib';
import { ServiceError } from '../errors.js';
import { rethrowLimit } from '../limits.js';
import { analyzePdfA, deviceColourIssue } from './analyze.js';
import {
  attachmentBytes,
  isInvoiceAttachment,
  listAttachments,
  md5,
  checkAttachmentsPdfA3,
  streamMimeType,
  streamParams,
  type Attachment,
} from './attachments.js';
import { parsePdfDate, parseXmpDate } from './dates.js';
import { PdfTooLargeError } from './errors.js';
import { isPdfAOutputProfile, readIccHeader } from './icc.js';
import { DEFAULT_MAX_PDF_BYTES, loadPdf } from './load.js';
import { asDict, compareKeyBytes, decodeStream, filtersOf, get, getArray, getDict, getName, getText, items, N, resolve, walkNameTree } from './objects.js';
import { readPdfAOutputIntent } from './pdfa.js';
import { acceptedRelationships, facturXProfileOf, inspectInvoiceXml, isFacturXProfile, type FacturXProfile } from './profile.js';
import {
  extensionSchemas,
  FACTURX_XMP_PROPERTIES,
  findProperties,
  parseXmp,
  PREDEFINED_XMP_NAMESPACES,
  simpleText,
  XMP_NS,
  type ParsedXmp,
  type XmpValue,
} from './xmp.js';

/** One problem found by the checker. */
export interface CheckProblem {
  /** Stable code (see the module comment). */
  code: string;
  message: string;
}

/** The checker's verdict. */
export interface FacturXCheckResult {
  /** True when no problem was found. */
  ok: boolean;
  problems: CheckProblem[];
  /** The profile fx:ConformanceLevel declares, when it is a valid one. */
  profile?: FacturXProfile;
  /** Name of the invoice attachment, when one was found. */
  attachment?: string;
}

/** Options of {@link checkFacturXPdf}. */
export interface CheckOptions {
  /** Largest input accepted; default 6 MiB. */
  maxBytes?: number;
}

/**
 * Checks a Factur-X PDF/A-3 file (see the module comment for every check).
 * @throws PdfTooLargeError for input over the size limit
 * @throws DocumentTooComplexError for input past a resource limit (lib/limits.ts): a check cannot vouch for what it could not read
 */
export async function checkFacturXPdf(pdfBytes: Uint8Array, opts: CheckOptions = {}): Promise<FacturXCheckResult> {
  const problems: CheckProblem[] = [];
  const add = (code: string, message: string): void => {
    problems.push({ code, message });
  };
  let doc: PDFDocument;
  let headerOffset: number;
  let headerVersion: string;
  try {
    const loaded = await loadPdf(pdfBytes, { maxBytes: opts.maxBytes ?? DEFAULT_MAX_PDF_BYTES, allowEncrypted: true });
    ({ doc, headerOffset, headerVersion } = loaded);
    if (loaded.encrypted) {
      add('ENCRYPTED', 'The PDF is encrypted; PDF/A forbids encryption.');
      return { ok: false, problems };
    }
  } catch (err) {
    if (err instanceof PdfTooLargeError) throw err;
    rethrowLimit(err);
    add('PDF_UNREADABLE', err instanceof ServiceError ? err.message : 'The PDF cannot be read.');
    return { ok: false, problems };
  }
  const result: FacturXCheckResult = { ok: false, problems };
  try {
    runChecks(doc, pdfBytes, headerOffset, headerVersion, add, result);
  } catch (err) {
    rethrowLimit(err);
    // A structure our walk cannot follow is itself a finding, not a crash.
    add('PDF_UNREADABLE', `The PDF's structure could not be followed: ${err instanceof Error ? err.message : String(err)}`);
  }
  result.ok = problems.length === 0;
  return result;
}

type Add = (code: string, message: string) => void;

function runChecks(doc: PDFDocument, pdfBytes: Uint8Array, headerOffset: number, headerVersion: string, add: Add, result: FacturXCheckResult): void {
  const ctx = doc.context;
  const catalog = doc.catalog as PDFDict;

  // -- file structure
  checkHeader(pdfBytes, headerOffset, headerVersion, add);
  const id = resolve(ctx, ctx.trailerInfo.ID);
  const idItems = id instanceof PDFArray ? items(ctx, id) : [];
  if (idItems.length !== 2 || !idItems.every((x) => x instanceof PDFString || x instanceof PDFHexString)) {
    add('TRAILER_ID', 'The trailer has no /ID array of two strings.');
  }
  checkEof(pdfBytes, add);

  // -- XMP
  const xmp = readXmp(doc, add);
  let fxProfile: FacturXProfile | undefined;
  let fxFileName: string | undefined;
  if (xmp !== undefined) {
    checkDuplicates(xmp, add);
    const part = one(xmp, XMP_NS.pdfaid, 'part');
    const conformance = one(xmp, XMP_NS.pdfaid, 'conformance');
    if (part?.trim() !== '3') add('PDFA_ID', `pdfaid:part is ${part === undefined ? 'missing' : `"${part}"`}, not 3.`);
    if (conformance === undefined || !['A', 'B', 'U'].includes(conformance.trim())) {
      add('PDFA_ID', `pdfaid:conformance is ${conformance === undefined ? 'missing' : `"${conformance}"`}, not B (or A, U).`);
    }
    const fx = (name: string): string | undefined => one(xmp, XMP_NS.fx, name)?.trim();
    const expectFx = (name: string, ok: (v: string) => boolean, want: string): void => {
      const v = fx(name);
      if (v === undefined) add('FX_PROPERTY', `fx:${name} is missing from the XMP metadata.`);
      else if (!ok(v)) add('FX_PROPERTY', `fx:${name} is "${v}", expected ${want}.`);
    };
    expectFx('DocumentType', (v) => v === 'INVOICE', 'INVOICE');
    expectFx('Version', (v) => v === '1.0', '1.0');
    expectFx('DocumentFileName', (v) => v === 'factur-x.xml', 'factur-x.xml');
    expectFx('ConformanceLevel', isFacturXProfile, 'MINIMUM, BASIC WL, BASIC, EN 16931, EXTENDED or XRECHNUNG');
    const level = fx('ConformanceLevel');
    if (level !== undefined && isFacturXProfile(level)) fxProfile = level;
    fxFileName = fx('DocumentFileName');
    checkExtensionSchemas(xmp, add);
    checkInfoAgainstXmp(doc, xmp, add);
  }
  if (fxProfile !== undefined) result.profile = fxProfile;

  // -- output intent
  const intent = readPdfAOutputIntent(ctx, catalog);
  if (intent === undefined) {
    add('OUTPUT_INTENT', 'There is no GTS_PDFA1 output intent with a valid RGB, CMYK or Gray ICC profile (class mntr or prtr).');
  } else {
    const profiles = new Set<unknown>();
    for (const oi of items(ctx, getArray(ctx, catalog, 'OutputIntents'))) {
      const p = resolve(ctx, asDict(oi)?.get(N('DestOutputProfile')));
      if (p !== undefined) profiles.add(p);
    }
    if (profiles.size > 1) add('OUTPUT_INTENT', 'The output intents carry different ICC profiles; PDF/A allows one.');
    const stream = resolve(ctx, intent.profile);
    if (stream instanceof PDFStream) {
      const n = get(ctx, stream.dict, 'N');
      const header = readIccHeader(decodeStream(stream));
      if (header === undefined || !isPdfAOutputProfile(header) || (n !== undefined && String(n) !== String(header.components))) {
        add('OUTPUT_INTENT', 'The output intent profile /N does not match its ICC colour space.');
      }
    }
  }

  // -- attachments
  const attachments = listAttachments(doc);
  const invoices = attachments.filter(isInvoiceAttachment);
  if (invoices.length === 0) add('INVOICE_ATTACHMENT', 'No invoice XML (factur-x.xml) is embedded.');
  else if (invoices.length > 1) add('INVOICE_ATTACHMENT', `Several invoice XML files are embedded: ${invoices.map((a) => a.name).join(', ')}.`);
  const invoice = invoices[0];
  if (invoice !== undefined) {
    result.attachment = invoice.name;
    if (fxFileName !== undefined && invoice.name !== fxFileName) {
      add('INVOICE_ATTACHMENT', `The invoice XML is embedded as "${invoice.name}" but fx:DocumentFileName says "${fxFileName}".`);
    }
    checkInvoiceAttachment(doc, invoice, fxProfile, add);
  }
  for (const issue of checkAttachmentsPdfA3(doc, { repair: false, date: new Date(0) })) add(issue.code, issue.message);
  const tree = walkNameTree(ctx, getDict(ctx, getDict(ctx, catalog, 'Names'), 'EmbeddedFiles'));
  for (let i = 1; i < tree.length; i++) {
    if (compareKeyBytes(tree[i - 1]!.keyBytes, tree[i]!.keyBytes) > 0) {
      add('NAME_TREE_UNSORTED', 'The EmbeddedFiles name tree keys are not in lexical order.');
      break;
    }
  }

  // -- content
  const analysis = analyzePdfA(doc);
  for (const issue of analysis.issues) add(issue.code, issue.message);
  if (intent !== undefined) {
    const colour = deviceColourIssue(analysis.deviceColours, intent.components);
    if (colour !== undefined) add(colour.code, colour.message);
  }

}

function checkHeader(bytes: Uint8Array, offset: number, version: string, add: Add): void {
  if (offset !== 0) add('HEADER', `The file does not start with %PDF- (found at byte ${offset}).`);
  if (!/^1\.[0-7]$/.test(version)) add('HEADER', `The header version is ${version}; PDF/A-3 needs %PDF-1.0 to %PDF-1.7.`);
  // The header line, one EOL, then a comment of at least four bytes >= 128.
  let i = offset + 8;
  if (bytes[i] === 0x0d) i++;
  if (bytes[i] === 0x0a) i++;
  let binary = 0;
  if (bytes[i] === 0x25) {
    for (let j = i + 1; j < Math.min(bytes.length, i + 64) && bytes[j] !== 0x0a && bytes[j] !== 0x0d; j++) if (bytes[j]! >= 128) binary++;
  }
  if (binary < 4) add('HEADER', 'The header line is not followed by a comment of at least four binary bytes.');
}

function checkEof(bytes: Uint8Array, add: Add): void {
  let end = bytes.length;
  if (bytes[end - 1] === 0x0a) end--;
  if (bytes[end - 1] === 0x0d) end--;
  const tail = Buffer.from(bytes.subarray(Math.max(0, end - 5), end)).toString('latin1');
  if (tail !== '%%EOF') add('DATA_AFTER_EOF', 'The file does not end with %%EOF (and at most one end-of-line).');
}

function readXmp(doc: PDFDocument, add: Add): ParsedXmp | undefined {
  const ctx = doc.context;
  const meta = get(ctx, doc.catalog as PDFDict, 'Metadata');
  if (!(meta instanceof PDFStream)) {
    add('XMP_MISSING', 'The catalog has no /Metadata stream.');
    return undefined;
  }
  if (getName(ctx, meta.dict, 'Type') !== 'Metadata' || getName(ctx, meta.dict, 'Subtype') !== 'XML') {
    add('XMP_MALFORMED', 'The /Metadata stream is not /Type /Metadata /Subtype /XML.');
  }
  if (filtersOf(ctx, meta.dict).length > 0) add('XMP_FILTERED', 'The /Metadata stream is compressed; PDF/A wants it unfiltered.');
  try {
    const xmp = parseXmp(decodeStream(meta));
    if (!xmp.packetWrapper) add('XMP_MALFORMED', 'The XMP metadata is not wrapped in <?xpacket begin/end?> instructions.');
    return xmp;
  } catch (err) {
    rethrowLimit(err);
    add('XMP_MALFORMED', `The XMP metadata is not well-formed: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

/** The single simple value of a property, or undefined when absent. */
function one(xmp: ParsedXmp, ns: string, name: string): string | undefined {
  return simpleText(findProperties(xmp, ns, name)[0]?.value);
}

function checkDuplicates(xmp: ParsedXmp, add: Add): void {
  const counts = new Map<string, number>();
  for (const p of xmp.properties) {
    const k = `${p.ns} ${p.name}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  for (const [k, n] of counts) {
    if (n > 1) add('XMP_DUPLICATE_PROPERTY', `The XMP property ${k.replace(' ', '')} is stated ${n} times.`);
  }
}

function checkExtensionSchemas(xmp: ParsedXmp, add: Add): void {
  const schemas = extensionSchemas(xmp);
  const fx = schemas.filter((s) => s.namespaceURI === XMP_NS.fx);
  if (fx.length === 0) add('FX_EXTENSION_SCHEMA', 'No PDF/A extension schema declares the Factur-X fx namespace.');
  else if (fx.length > 1) add('FX_EXTENSION_SCHEMA', `The Factur-X extension schema is declared ${fx.length} times.`);
  const s = fx[0];
  if (s !== undefined) {
    if (s.prefix !== 'fx') add('FX_EXTENSION_SCHEMA', `The Factur-X extension schema's prefix is "${s.prefix}", not fx.`);
    for (const p of FACTURX_XMP_PROPERTIES) {
      const declared = s.properties.filter((d) => d.name === p.name);
      if (declared.length !== 1) add('FX_EXTENSION_SCHEMA', `The extension schema declares fx:${p.name} ${declared.length} times.`);
      else if (declared[0]!.valueType !== 'Text') add('FX_EXTENSION_SCHEMA', `fx:${p.name} is declared with value type ${declared[0]!.valueType}, not Text.`);
    }
  }
  const declared = new Set(schemas.map((x) => x.namespaceURI));
  const undeclared = new Set<string>();
  for (const p of xmp.properties) {
    if (!PREDEFINED_XMP_NAMESPACES.has(p.ns) && !declared.has(p.ns)) undeclared.add(`${p.ns}${p.name}`);
  }
  if (undeclared.size > 0) add('XMP_UNDECLARED_SCHEMA', `XMP properties without an extension schema: ${[...undeclared].join(', ')}.`);
}

function checkInfoAgainstXmp(doc: PDFDocument, xmp: ParsedXmp, add: Add): void {
  const ctx = doc.context;
  const info = asDict(resolve(ctx, ctx.trailerInfo.Info));
  if (info === undefined) return;
  const texts: Array<[string, string, string]> = [
    ['Title', XMP_NS.dc, 'title'],
    ['Author', XMP_NS.dc, 'creator'],
    ['Subject', XMP_NS.dc, 'description'],
    ['Keywords', XMP_NS.pdf, 'Keywords'],
    ['Creator', XMP_NS.xmp, 'CreatorTool'],
    ['Producer', XMP_NS.pdf, 'Producer'],
  ];
  for (const [key, ns, name] of texts) {
    const v = getText(ctx, info, key);
    if (v === undefined || v.trim() === '') continue;
    const value: XmpValue | undefined = findProperties(xmp, ns, name)[0]?.value;
    const x = simpleText(value);
    if (key === 'Author' && value?.kind === 'array' && value.items.length !== 1) {
      add('INFO_XMP_MISMATCH', 'Info /Author is set but dc:creator does not hold exactly one name.');
    } else if (x === undefined || x !== v) {
      add('INFO_XMP_MISMATCH', `Info /${key} "${v}" has no equal XMP ${name} (${x === undefined ? 'missing' : `"${x}"`}).`);
    }
  }
  for (const [key, name] of [
    ['CreationDate', 'CreateDate'],
    ['ModDate', 'ModifyDate'],
  ] as const) {
    const v = getText(ctx, info, key);
    if (v === undefined) continue;
    const x = one(xmp, XMP_NS.xmp, name);
    const a = parsePdfDate(v);
    const b = x === undefined ? undefined : parseXmpDate(x);
    if (a === undefined || b === undefined || a.getTime() !== b.getTime()) {
      add('INFO_XMP_MISMATCH', `Info /${key} "${v}" does not equal xmp:${name} (${x ?? 'missing'}).`);
    }
  }
}

function checkInvoiceAttachment(doc: PDFDocument, a: Attachment, fxProfile: FacturXProfile | undefined, add: Add): void {
  const ctx = doc.context;
  const catalog = doc.catalog as PDFDict;
  const fs = a.fileSpec;
  const f = getText(ctx, fs, 'F');
  const uf = getText(ctx, fs, 'UF');
  if (f === undefined || uf === undefined) add('INVOICE_FILESPEC', `The invoice's file specification lacks ${f === undefined ? '/F' : '/UF'}.`);
  else if (f !== uf) add('INVOICE_FILESPEC', `The invoice's /F "${f}" and /UF "${uf}" differ.`);
  const inTree = walkNameTree(ctx, getDict(ctx, getDict(ctx, catalog, 'Names'), 'EmbeddedFiles')).some((e) => asDict(resolve(ctx, e.value)) === fs);
  if (!inTree) add('INVOICE_FILESPEC', 'The invoice is not listed in the EmbeddedFiles name tree.');
  const inAf = items(ctx, getArray(ctx, catalog, 'AF')).some((o) => asDict(o) === fs);
  if (!inAf) add('INVOICE_FILESPEC', "The invoice is not referenced from the catalog's /AF array.");
  if (fxProfile !== undefined) {
    const accepted = acceptedRelationships(fxProfile);
    if (a.relationship === undefined || !accepted.includes(a.relationship)) {
      add('INVOICE_FILESPEC', `The invoice's /AFRelationship is ${a.relationship ?? 'missing'}; the ${fxProfile} profile wants ${accepted.join(' or ')}.`);
    }
  }
  if (a.stream === undefined) {
    add('INVOICE_STREAM', 'The invoice file specification has no embedded file stream.');
    return;
  }
  const mime = streamMimeType(ctx, a.stream);
  if (mime !== 'text/xml') add('INVOICE_STREAM', `The invoice stream's /Subtype is ${mime ?? 'missing'}, not text/xml.`);
  let bytes: Uint8Array;
  try {
    bytes = attachmentBytes(a);
  } catch (err) {
    rethrowLimit(err);
    add('INVOICE_STREAM', `The invoice stream cannot be decoded: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  const params = streamParams(ctx, a.stream);
  if (params.size === undefined) add('INVOICE_STREAM', 'The invoice stream has no /Params /Size.');
  else if (params.size !== bytes.length) add('INVOICE_STREAM', `/Params /Size is ${params.size} but the file has ${bytes.length} bytes.`);
  if (params.checksum === undefined) add('INVOICE_STREAM', 'The invoice stream has no /Params /CheckSum.');
  else if (Buffer.compare(Buffer.from(params.checksum), Buffer.from(md5(bytes))) !== 0) {
    add('INVOICE_STREAM', '/Params /CheckSum is not the MD5 of the embedded file.');
  }
  if (params.modDate === undefined || parsePdfDate(params.modDate) === undefined) {
    add('INVOICE_STREAM', 'The invoice stream has no valid /Params /ModDate.');
  }
  try {
    const info = inspectInvoiceXml(bytes);
    // A BT-24 that names no profile cannot contradict fx:ConformanceLevel (embedFacturX's `profile` option is for those).
    const named = facturXProfileOf(info);
    if (fxProfile !== undefined && named !== undefined && named !== fxProfile) {
      add('INVOICE_XML', `The XML's specification identifier "${info.specificationId}" names ${named}, but fx:ConformanceLevel says ${fxProfile}.`);
    }
  } catch (err) {
    add('INVOICE_XML', `The embedded XML is not a usable CII invoice: ${err instanceof Error ? err.message : String(err)}`);
  }
}
