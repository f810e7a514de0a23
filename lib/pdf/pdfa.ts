/**
 * The document-level pieces of PDF/A-3b (ISO 19005-3, based on ISO 19005-2):
 * - the PDF/A output intent: an /OutputIntents entry of subtype GTS_PDFA1 with
 *   an embedded ICC profile (6.2.3), all entries sharing one profile;
 * - the XMP metadata stream (6.6), uncompressed, and the Info dictionary kept
 *   equivalent to it (6.6.3: Title, Author, Subject, Keywords, Creator,
 *   Producer, CreationDate, ModDate);
 * - a trailer /ID (6.1.3);
 * - header `%PDF-1.7` with a binary comment (6.1.2), which pdf-lib writes;
 * - no unreachable objects left behind (a replaced invoice XML must not stay
 *   in the file as an orphan).
 */
import { PDFArray, PDFContext, PDFDict, PDFDocument, PDFHeader, PDFHexString, PDFObject, PDFRef, PDFStream, PDFString } from '@cantoo/pdf-lib';
import { md5, textString } from './attachments.js';
import { formatPdfDate, parsePdfDate, toSecond } from './dates.js';
import { isPdfAOutputProfile, readIccHeader, SRGB_OUTPUT_CONDITION, srgbIccProfile } from './icc.js';
import { rethrowLimit } from '../limits.js';
import { arrayOf, asDict, decodeStream, get, getArray, getName, getText, items, N, resolve } from './objects.js';
import { buildXmp, parseXmp, findProperties, XMP_NS, type DocumentMetadata, type FacturXXmp } from './xmp.js';

/** The output intent a document ends up with. */
export interface OutputIntentResult {
  /** Colour components of its profile: 3 for our sRGB. */
  components: 1 | 3 | 4;
  /** Whether an existing valid PDF/A output intent was kept (else ours was installed). */
  kept: boolean;
}

/**
 * Reads the document's PDF/A output intent: the first GTS_PDFA1 entry whose
 * DestOutputProfile is a usable ICC profile. Undefined when there is none.
 */
export function readPdfAOutputIntent(ctx: PDFContext, catalog: PDFDict): { profile: PDFObject; components: 1 | 3 | 4 } | undefined {
  for (const oi of items(ctx, getArray(ctx, catalog, 'OutputIntents'))) {
    const d = asDict(oi);
    if (d === undefined || getName(ctx, d, 'S') !== 'GTS_PDFA1') continue;
    const raw = d.get(N('DestOutputProfile'));
    const profile = resolve(ctx, raw);
    if (!(profile instanceof PDFStream)) continue;
    let header;
    try {
      header = readIccHeader(decodeStream(profile));
    } catch (err) {
      rethrowLimit(err);
      continue;
    }
    if (header === undefined || !isPdfAOutputProfile(header) || header.components === undefined) continue;
    return { profile: raw ?? profile, components: header.components };
  }
  return undefined;
}

/**
 * Keeps a valid existing PDF/A output intent (dropping other intents whose
 * profile differs, as 6.2.3 requires one profile for all), or installs the
 * sRGB IEC61966-2.1 one.
 */
export function ensureOutputIntent(doc: PDFDocument): OutputIntentResult {
  const ctx = doc.context;
  const catalog = doc.catalog as PDFDict;
  const existing = readPdfAOutputIntent(ctx, catalog);
  if (existing !== undefined) {
    const all = getArray(ctx, catalog, 'OutputIntents')!;
    const kept = all.asArray().filter((oi) => {
      const d = asDict(resolve(ctx, oi));
      if (d === undefined) return false;
      const p = d.get(N('DestOutputProfile'));
      return p === undefined || p === existing.profile || resolve(ctx, p) === resolve(ctx, existing.profile);
    });
    if (kept.length !== all.size()) catalog.set(N('OutputIntents'), arrayOf(ctx, kept));
    return { components: existing.components, kept: true };
  }
  const icc = ctx.flateStream(srgbIccProfile(), { N: 3 });
  const intent = ctx.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of(SRGB_OUTPUT_CONDITION),
    Info: PDFString.of(SRGB_OUTPUT_CONDITION),
    RegistryName: PDFString.of('http://www.color.org'),
    DestOutputProfile: ctx.register(icc),
  });
  catalog.set(N('OutputIntents'), ctx.obj([ctx.register(intent)]));
  return { components: 3, kept: false };
}

const INFO_KEYS: ReadonlyArray<[keyof DocumentMetadata, string]> = [
  ['title', 'Title'],
  ['author', 'Author'],
  ['subject', 'Subject'],
  ['keywords', 'Keywords'],
  ['creator', 'Creator'],
  ['producer', 'Producer'],
];

/** Normalises a metadata text: XML-forbidden and control characters become spaces, runs of white space one space. */
export function cleanMetadataText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  // eslint-disable-next-line no-control-regex
  const cleaned = text.replace(/[\u0000-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, ' ').replace(/\s+/g, ' ').trim();
  return cleaned === '' ? undefined : cleaned;
}

/** The Info dictionary's metadata as it stands (texts cleaned, dates parsed). */
export function readInfo(doc: PDFDocument): DocumentMetadata {
  const ctx = doc.context;
  const info = asDict(resolve(ctx, ctx.trailerInfo.Info));
  const out: DocumentMetadata = {};
  for (const [field, key] of INFO_KEYS) {
    const v = cleanMetadataText(getText(ctx, info, key));
    if (v !== undefined) (out as Record<string, unknown>)[field] = v;
  }
  const created = getText(ctx, info, 'CreationDate');
  const c = created === undefined ? undefined : parsePdfDate(created);
  if (c !== undefined) out.createDate = c;
  const modified = getText(ctx, info, 'ModDate');
  const m = modified === undefined ? undefined : parsePdfDate(modified);
  if (m !== undefined) out.modifyDate = m;
  return out;
}

/** Fills gaps of the Info metadata from the document's XMP (dc:title, dc:creator), when the XMP is readable. */
export function readXmpFallbacks(doc: PDFDocument): DocumentMetadata {
  const ctx = doc.context;
  const meta = get(ctx, doc.catalog as PDFDict, 'Metadata');
  if (!(meta instanceof PDFStream)) return {};
  try {
    const xmp = parseXmp(decodeStream(meta));
    const first = (ns: string, name: string): string | undefined => {
      const p = findProperties(xmp, ns, name)[0];
      if (p === undefined) return undefined;
      const v = p.value;
      if (v.kind === 'text') return cleanMetadataText(v.value);
      if (v.kind === 'array') {
        const item = v.items.find((i) => i.kind === 'text' && i.lang === 'x-default') ?? v.items[0];
        return item?.kind === 'text' ? cleanMetadataText(item.value) : undefined;
      }
      return undefined;
    };
    const out: DocumentMetadata = {};
    const title = first(XMP_NS.dc, 'title');
    if (title !== undefined) out.title = title;
    const author = first(XMP_NS.dc, 'creator');
    if (author !== undefined) out.author = author;
    return out;
  } catch (err) {
    rethrowLimit(err);
    return {};
  }
}

/** The PDF/A part and conformance the document's XMP declares, when readable. */
export function readDeclaredPdfA(doc: PDFDocument): { part: number; conformance: string } | undefined {
  const meta = get(doc.context, doc.catalog as PDFDict, 'Metadata');
  if (!(meta instanceof PDFStream)) return undefined;
  try {
    const xmp = parseXmp(decodeStream(meta));
    const part = findProperties(xmp, XMP_NS.pdfaid, 'part')[0];
    const conf = findProperties(xmp, XMP_NS.pdfaid, 'conformance')[0];
    const p = part?.value.kind === 'text' ? Number(part.value.value.trim()) : NaN;
    const c = conf?.value.kind === 'text' ? conf.value.value.trim() : '';
    return Number.isInteger(p) ? { part: p, conformance: c } : undefined;
  } catch (err) {
    rethrowLimit(err);
    return undefined;
  }
}

/**
 * Writes the Info dictionary and the XMP packet from the same values, so they
 * are equivalent (6.6.3): each of Title, Author, Subject, Keywords, Creator,
 * Producer, CreationDate, ModDate is set when given and removed otherwise;
 * Trapped (which has an XMP twin we do not write) is removed. The XMP stream
 * replaces the catalog's /Metadata (reusing its object number).
 */
export function writeMetadata(doc: PDFDocument, meta: DocumentMetadata, facturX?: FacturXXmp): void {
  const ctx = doc.context;
  const catalog = doc.catalog as PDFDict;
  const m: DocumentMetadata = {};
  for (const [field] of INFO_KEYS) {
    const v = cleanMetadataText(meta[field] as string | undefined);
    if (v !== undefined) (m as Record<string, unknown>)[field] = v;
  }
  if (meta.createDate !== undefined) m.createDate = toSecond(meta.createDate);
  if (meta.modifyDate !== undefined) m.modifyDate = toSecond(meta.modifyDate);

  let info = asDict(resolve(ctx, ctx.trailerInfo.Info));
  if (info === undefined || !(ctx.trailerInfo.Info instanceof PDFRef)) {
    info = ctx.obj({});
    ctx.trailerInfo.Info = ctx.register(info);
  }
  for (const [field, key] of INFO_KEYS) {
    const v = m[field] as string | undefined;
    if (v === undefined) info.delete(N(key));
    else info.set(N(key), textString(v));
  }
  if (m.createDate === undefined) info.delete(N('CreationDate'));
  else info.set(N('CreationDate'), PDFString.of(formatPdfDate(m.createDate)));
  if (m.modifyDate === undefined) info.delete(N('ModDate'));
  else info.set(N('ModDate'), PDFString.of(formatPdfDate(m.modifyDate)));
  info.delete(N('Trapped'));

  const xmp = buildXmp({ ...m, pdfa: { part: 3, conformance: 'B' }, ...(facturX === undefined ? {} : { facturX }) });
  const stream = ctx.stream(new TextEncoder().encode(xmp), { Type: 'Metadata', Subtype: 'XML' });
  const existing = catalog.get(N('Metadata'));
  if (existing instanceof PDFRef) ctx.assign(existing, stream);
  else catalog.set(N('Metadata'), ctx.register(stream));
}

/**
 * Sets the trailer /ID: the first (permanent) identifier is kept when the
 * document has one, the second (this version) is derived from `seed`, so the
 * same input and clock give the same file.
 */
export function setDocumentId(ctx: PDFContext, seed: Uint8Array): void {
  const current = resolve(ctx, ctx.trailerInfo.ID);
  const version = PDFHexString.of(Buffer.from(md5(seed)).toString('hex').toUpperCase());
  let permanent: PDFObject = version;
  if (current instanceof PDFArray) {
    const first = resolve(ctx, current.get(0));
    if (first instanceof PDFHexString || first instanceof PDFString) permanent = first;
  }
  ctx.trailerInfo.ID = ctx.obj([permanent, version]);
}

/** Sets the header to `%PDF-1.7` (PDF/A-3 is based on PDF 1.7; pdf-lib adds the binary comment line). */
export function setPdf17Header(ctx: PDFContext): void {
  ctx.header = PDFHeader.forVersion(1, 7);
}

/**
 * Deletes every indirect object not reachable from the trailer (Root, Info,
 * ID): leftovers of replaced attachments, cross-reference and object streams
 * of the source file, garbage of earlier editors.
 */
export function removeUnreachableObjects(ctx: PDFContext): number {
  const reachable = new Set<string>();
  const stack: PDFObject[] = [];
  const roots = [ctx.trailerInfo.Root, ctx.trailerInfo.Info, ctx.trailerInfo.ID].filter((x): x is PDFObject => x !== undefined);
  stack.push(...roots);
  while (stack.length > 0) {
    const o = stack.pop()!;
    if (o instanceof PDFRef) {
      const key = o.tag;
      if (reachable.has(key)) continue;
      reachable.add(key);
      const target = ctx.lookup(o);
      if (target !== undefined) stack.push(target);
    } else if (o instanceof PDFDict) {
      for (const [, v] of o.entries()) stack.push(v);
    } else if (o instanceof PDFArray) {
      for (let i = 0; i < o.size(); i++) stack.push(o.get(i));
    } else if (o instanceof PDFStream) {
      stack.push(o.dict);
    }
  }
  let removed = 0;
  for (const [ref] of ctx.enumerateIndirectObjects()) {
    if (!reachable.has(ref.tag)) {
      ctx.delete(ref);
      removed++;
    }
  }
  return removed;
}
