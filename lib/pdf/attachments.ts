/**
 * Embedded files of a PDF: finding them (the whole EmbeddedFiles name tree,
 * the associated-files /AF arrays, file-attachment annotations), telling the
 * invoice XML among them, and writing them the way PDF/A-3 and Factur-X
 * require (ISO 19005-3, 6.8; Factur-X 1.0, embedding part):
 * - file specification: /Type /Filespec, /F and /UF (the file name), /Desc,
 *   /AFRelationship, /EF with /F and /UF pointing to the stream;
 * - embedded file stream: /Type /EmbeddedFile, /Subtype the MIME type
 *   (`text/xml`), /Params with /Size, /CheckSum (MD5 of the uncompressed
 *   bytes), /CreationDate and /ModDate; Flate-compressed;
 * - referenced from the catalog's /AF array and the EmbeddedFiles name tree,
 *   the tree rewritten as one sorted /Names array.
 */
import { createHash } from 'node:crypto';
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib';
import { formatPdfDate } from './dates.js';
import {
  arrayOf,
  asDict,
  compareKeyBytes,
  decodeStream,
  forEachPage,
  get,
  getArray,
  getDict,
  getName,
  getText,
  items,
  N,
  resolve,
  walkNameTree,
  type NameTreeEntry,
} from './objects.js';

/**
 * Names under which hybrid invoices carry their XML, in order of preference:
 * Factur-X / ZUGFeRD 2.1+, XRechnung (ZUGFeRD 2.1 XRECHNUNG profile),
 * ZUGFeRD 2.0, ZUGFeRD 1.0. Matching is case-insensitive (the last two differ
 * only in case); an exact-case match wins over another spelling.
 */
export const INVOICE_ATTACHMENT_NAMES: readonly string[] = ['factur-x.xml', 'xrechnung.xml', 'zugferd-invoice.xml', 'ZUGFeRD-invoice.xml'];

/** The name Factur-X gives the embedded XML. */
export const FACTURX_FILE_NAME = 'factur-x.xml';

/** Whether a file name is one of {@link INVOICE_ATTACHMENT_NAMES} (case-insensitive). */
export function isInvoiceFileName(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return INVOICE_ATTACHMENT_NAMES.some((n) => n.toLowerCase() === lower);
}

/** Rank of a file name among the invoice names (lower is preferred), or undefined. */
function invoiceRank(name: string): number | undefined {
  const trimmed = name.trim();
  const exact = INVOICE_ATTACHMENT_NAMES.indexOf(trimmed);
  if (exact !== -1) return exact * 2;
  const lower = trimmed.toLowerCase();
  const loose = INVOICE_ATTACHMENT_NAMES.findIndex((n) => n.toLowerCase() === lower);
  return loose === -1 ? undefined : loose * 2 + 1;
}

/** Where an embedded file was found. */
export type AttachmentSource = 'names' | 'af' | 'annotation';

/** One embedded file of a document. */
export interface Attachment {
  /** The file name: /UF, else /F, else the name-tree key. */
  name: string;
  /** Every name it goes by (/UF, /F, key), for matching. */
  names: string[];
  /** The file specification dictionary. */
  fileSpec: PDFDict;
  /** Its indirect reference, when it has one. */
  fileSpecRef?: PDFRef;
  /** The embedded file stream (/EF /UF or /F), when present. */
  stream?: PDFStream;
  /** /AFRelationship, when present. */
  relationship?: string;
  /** Where it was found first. */
  source: AttachmentSource;
}

function fileSpecNames(ctx: PDFContext, fs: PDFDict, key: string | undefined): string[] {
  const out: string[] = [];
  for (const k of ['UF', 'F', 'Unix', 'DOS', 'Mac']) {
    const t = getText(ctx, fs, k);
    if (t !== undefined && t.trim() !== '') out.push(t.trim());
  }
  if (key !== undefined && key.trim() !== '') out.push(key.trim());
  return [...new Set(out)];
}

function embeddedStream(ctx: PDFContext, fs: PDFDict): PDFStream | undefined {
  const ef = getDict(ctx, fs, 'EF');
  for (const k of ['UF', 'F']) {
    const s = get(ctx, ef, k);
    if (s instanceof PDFStream) return s;
  }
  return undefined;
}

/**
 * Every embedded file of the document: all entries of the EmbeddedFiles name
 * tree (walked whole, sorted or not), then the catalog's and pages' /AF
 * arrays, then file-attachment annotations; each file specification once.
 */
export function listAttachments(doc: PDFDocument): Attachment[] {
  const ctx = doc.context;
  const catalog = doc.catalog as PDFDict;
  const out: Attachment[] = [];
  const seen = new Set<PDFDict>();
  const add = (raw: PDFObject | undefined, key: string | undefined, source: AttachmentSource): void => {
    const fs = asDict(resolve(ctx, raw));
    if (fs === undefined || seen.has(fs)) return;
    seen.add(fs);
    const names = fileSpecNames(ctx, fs, key);
    const a: Attachment = { name: names[0] ?? '', names, fileSpec: fs, source };
    if (raw instanceof PDFRef) a.fileSpecRef = raw;
    const stream = embeddedStream(ctx, fs);
    if (stream !== undefined) a.stream = stream;
    const rel = getName(ctx, fs, 'AFRelationship');
    if (rel !== undefined) a.relationship = rel;
    out.push(a);
  };
  const tree = getDict(ctx, getDict(ctx, catalog, 'Names'), 'EmbeddedFiles');
  for (const e of walkNameTree(ctx, tree)) add(e.value, e.key, 'names');
  const afArray = (dict: PDFDict | undefined): void => {
    const af = getArray(ctx, dict, 'AF');
    for (let i = 0; i < (af?.size() ?? 0); i++) add(af!.get(i), undefined, 'af');
  };
  afArray(catalog);
  forEachPage(ctx, getDict(ctx, catalog, 'Pages'), (page) => {
    afArray(page);
    for (const annot of items(ctx, getArray(ctx, page, 'Annots'))) {
      const a = asDict(annot);
      if (a !== undefined && getName(ctx, a, 'Subtype') === 'FileAttachment') {
        add(a.get(N('FS')), undefined, 'annotation');
        afArray(a);
      }
    }
  });
  return out;
}

/** The invoice XML attachment by the preference of {@link INVOICE_ATTACHMENT_NAMES}, among those with a stream. */
export function findInvoiceAttachment(attachments: readonly Attachment[]): Attachment | undefined {
  let best: { a: Attachment; rank: number } | undefined;
  for (const a of attachments) {
    if (a.stream === undefined) continue;
    for (const n of a.names) {
      const rank = invoiceRank(n);
      if (rank !== undefined && (best === undefined || rank < best.rank)) best = { a, rank };
    }
  }
  return best?.a;
}

/** Whether an attachment is an invoice XML by any of its names. */
export function isInvoiceAttachment(a: Attachment): boolean {
  return a.names.some(isInvoiceFileName);
}

/** The uncompressed bytes of an attachment. @throws Error when it has no stream or cannot be decoded */
export function attachmentBytes(a: Attachment): Uint8Array {
  if (a.stream === undefined) throw new Error(`The attachment "${a.name}" has no embedded file stream.`);
  return decodeStream(a.stream);
}

/** MD5 of bytes, as /Params /CheckSum wants it (16 bytes). */
export function md5(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('md5').update(bytes).digest());
}

/** A text string object: literal for printable ASCII, UTF-16BE hex otherwise (ISO 32000-1, 7.9.2.2). */
export function textString(text: string): PDFString | PDFHexString {
  return /^[\x20-\x7e]*$/.test(text) ? PDFString.of(escapeLiteral(text)) : PDFHexString.fromText(text);
}

function escapeLiteral(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

function hex(bytes: Uint8Array): PDFHexString {
  return PDFHexString.of(Buffer.from(bytes).toString('hex').toUpperCase());
}

/** Options of {@link attachFile}. */
export interface AttachFileOptions {
  name: string;
  mimeType: string;
  description: string;
  relationship: string;
  /** Creation and modification date of the embedded file (/Params). */
  date: Date;
}

/**
 * Removes every invoice XML attachment (any of {@link INVOICE_ATTACHMENT_NAMES})
 * from the name tree, the /AF arrays and file-attachment annotations, so a
 * fresh one is not a duplicate. Returns the names removed.
 */
export function removeInvoiceAttachments(doc: PDFDocument): string[] {
  const ctx = doc.context;
  const catalog = doc.catalog as PDFDict;
  const invoices = listAttachments(doc).filter(isInvoiceAttachment);
  if (invoices.length === 0) return [];
  const doomed = new Set<PDFDict>(invoices.map((a) => a.fileSpec));
  const isDoomed = (o: PDFObject | undefined): boolean => {
    const d = asDict(resolve(ctx, o));
    return d !== undefined && doomed.has(d);
  };
  // Name tree: rebuilt flat without them (see setNameTree).
  const namesDict = getDict(ctx, catalog, 'Names');
  const tree = getDict(ctx, namesDict, 'EmbeddedFiles');
  if (tree !== undefined) {
    setEmbeddedFilesTree(doc, walkNameTree(ctx, tree).filter((e) => !isDoomed(e.value)));
  }
  const pruneAf = (dict: PDFDict | undefined): void => {
    const af = getArray(ctx, dict, 'AF');
    if (af === undefined || dict === undefined) return;
    const kept = af.asArray().filter((o) => !isDoomed(o));
    if (kept.length !== af.size()) dict.set(N('AF'), arrayOf(ctx, kept));
  };
  pruneAf(catalog);
  forEachPage(ctx, getDict(ctx, catalog, 'Pages'), (page) => {
    pruneAf(page);
    const annots = getArray(ctx, page, 'Annots');
    if (annots === undefined) return;
    const kept = annots.asArray().filter((o) => {
      const a = asDict(resolve(ctx, o));
      return !(a !== undefined && getName(ctx, a, 'Subtype') === 'FileAttachment' && isDoomed(a.get(N('FS'))));
    });
    if (kept.length !== annots.size()) page.set(N('Annots'), arrayOf(ctx, kept));
  });
  return invoices.map((a) => a.name);
}

/** Replaces the EmbeddedFiles name tree by one flat /Names array of `entries`, sorted by key bytes. */
export function setEmbeddedFilesTree(doc: PDFDocument, entries: readonly NameTreeEntry[]): void {
  const ctx = doc.context;
  const catalog = doc.catalog as PDFDict;
  const unique = new Map<string, NameTreeEntry>();
  for (const e of entries) {
    const k = Buffer.from(e.keyBytes).toString('latin1');
    if (!unique.has(k)) unique.set(k, e);
  }
  const sorted = [...unique.values()].sort((a, b) => compareKeyBytes(a.keyBytes, b.keyBytes));
  let namesDict = getDict(ctx, catalog, 'Names');
  if (namesDict === undefined) {
    namesDict = ctx.obj({});
    catalog.set(N('Names'), namesDict);
  }
  if (sorted.length === 0) {
    namesDict.delete(N('EmbeddedFiles'));
    return;
  }
  const arr = ctx.obj([]) as PDFArray;
  for (const e of sorted) {
    arr.push(e.keyObject);
    arr.push(e.value);
  }
  namesDict.set(N('EmbeddedFiles'), ctx.obj({ Names: arr }));
}

/**
 * Embeds `bytes` as a file (see the module comment for every entry written),
 * adds it to the EmbeddedFiles name tree (rewritten flat and sorted) and to
 * the catalog's /AF array. Returns the file specification's reference.
 */
export function attachFile(doc: PDFDocument, bytes: Uint8Array, o: AttachFileOptions): PDFRef {
  const ctx = doc.context;
  const catalog = doc.catalog as PDFDict;
  const date = PDFString.of(formatPdfDate(o.date));
  const stream = ctx.flateStream(bytes, {
    Type: 'EmbeddedFile',
    Subtype: o.mimeType,
    Params: { Size: bytes.length, CheckSum: hex(md5(bytes)), CreationDate: date, ModDate: date },
  });
  const streamRef = ctx.register(stream);
  const fileSpec = ctx.obj({
    Type: 'Filespec',
    F: textString(o.name),
    UF: PDFHexString.fromText(o.name),
    Desc: textString(o.description),
    AFRelationship: o.relationship,
    EF: { F: streamRef, UF: streamRef },
  });
  const fileSpecRef = ctx.register(fileSpec);
  const tree = getDict(ctx, getDict(ctx, catalog, 'Names'), 'EmbeddedFiles');
  const key = PDFString.of(escapeLiteral(o.name));
  const entries = walkNameTree(ctx, tree).filter((e) => e.key !== o.name);
  entries.push({ key: o.name, keyBytes: key.asBytes(), keyObject: key, value: fileSpecRef });
  setEmbeddedFilesTree(doc, entries);
  addToCatalogAf(doc, fileSpecRef);
  return fileSpecRef;
}

/** Adds a file specification to the catalog's /AF array (created when absent), once. */
export function addToCatalogAf(doc: PDFDocument, ref: PDFRef): void {
  const ctx = doc.context;
  const catalog = doc.catalog as PDFDict;
  const existing = get(ctx, catalog, 'AF');
  const arr = existing instanceof PDFArray ? existing : (ctx.obj([]) as PDFArray);
  if (!arr.asArray().some((o) => o === ref || (o instanceof PDFRef && o.objectNumber === ref.objectNumber))) arr.push(ref);
  catalog.set(N('AF'), arr);
}

/** A PDF/A-3 shortcoming of an embedded file (ISO 19005-3, 6.8). */
export interface AttachmentIssue {
  code: string;
  message: string;
}

/**
 * Checks (and, with `repair`, fixes) what PDF/A-3 asks of every embedded
 * file: /F and /UF, /AFRelationship, a MIME /Subtype, /Params /ModDate, and an
 * association through some /AF array (the catalog's, a page's or an
 * annotation's). Repairs use `Unspecified`, `application/octet-stream`,
 * `date`, and the catalog /AF.
 */
export function checkAttachmentsPdfA3(doc: PDFDocument, opts: { repair: boolean; date: Date }): AttachmentIssue[] {
  const ctx = doc.context;
  const catalog = doc.catalog as PDFDict;
  const issues: AttachmentIssue[] = [];
  const associated = new Set<PDFDict>();
  const collectAf = (dict: PDFDict | undefined): void => {
    for (const o of items(ctx, getArray(ctx, dict, 'AF'))) {
      const d = asDict(o);
      if (d !== undefined) associated.add(d);
    }
  };
  collectAf(catalog);
  forEachPage(ctx, getDict(ctx, catalog, 'Pages'), (page) => {
    collectAf(page);
    for (const a of items(ctx, getArray(ctx, page, 'Annots'))) collectAf(asDict(a));
  });
  for (const a of listAttachments(doc)) {
    const fs = a.fileSpec;
    const label = `"${a.name}"`;
    if (a.stream === undefined) continue; // a reference to an external file, not an embedded one
    const missing: string[] = [];
    if (get(ctx, fs, 'F') === undefined) {
      missing.push('/F');
      if (opts.repair) fs.set(N('F'), textString(a.name || 'attachment'));
    }
    if (get(ctx, fs, 'UF') === undefined) {
      missing.push('/UF');
      if (opts.repair) fs.set(N('UF'), PDFHexString.fromText(a.name || 'attachment'));
    }
    if (getName(ctx, fs, 'AFRelationship') === undefined) {
      missing.push('/AFRelationship');
      if (opts.repair) fs.set(N('AFRelationship'), N('Unspecified'));
    }
    const sd = a.stream.dict;
    if (getName(ctx, sd, 'Subtype') === undefined) {
      missing.push('a MIME /Subtype');
      if (opts.repair) sd.set(N('Subtype'), N('application/octet-stream'));
    }
    let params = getDict(ctx, sd, 'Params');
    if (params === undefined || get(ctx, params, 'ModDate') === undefined) {
      missing.push('/Params /ModDate');
      if (opts.repair) {
        if (params === undefined) {
          params = ctx.obj({});
          sd.set(N('Params'), params);
        }
        params.set(N('ModDate'), PDFString.of(formatPdfDate(opts.date)));
      }
    }
    if (!associated.has(fs)) {
      missing.push('an /AF association');
      if (opts.repair) {
        const ref = a.fileSpecRef ?? ctx.register(fs);
        addToCatalogAf(doc, ref);
        associated.add(fs);
      }
    }
    if (missing.length > 0) {
      issues.push({ code: 'EMBEDDED_FILE_PDFA3', message: `The embedded file ${label} lacks ${missing.join(', ')} (PDF/A-3, 6.8).` });
    }
  }
  return issues;
}

/** The /Params of an embedded file stream: size, checksum and dates, as read. */
export function streamParams(ctx: PDFContext, stream: PDFStream): { size?: number; checksum?: Uint8Array; modDate?: string } {
  const params = getDict(ctx, stream.dict, 'Params');
  const out: { size?: number; checksum?: Uint8Array; modDate?: string } = {};
  const size = get(ctx, params, 'Size');
  if (size instanceof PDFNumber) out.size = size.asNumber();
  const sum = get(ctx, params, 'CheckSum');
  if (sum instanceof PDFString || sum instanceof PDFHexString) out.checksum = sum.asBytes();
  const mod = getText(ctx, params, 'ModDate');
  if (mod !== undefined) out.modDate = mod;
  return out;
}

/** The MIME type (/Subtype) of an embedded file stream, decoded (`text/xml`). */
export function streamMimeType(ctx: PDFContext, stream: PDFStream): string | undefined {
  const v = get(ctx, stream.dict, 'Subtype');
  return v instanceof PDFName ? v.decodeText() : undefined;
}
