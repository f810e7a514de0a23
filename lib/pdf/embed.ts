/**
 * Factur-X embedding: a client's PDF plus an EN 16931 CII XML give one
 * PDF/A-3b hybrid invoice (Factur-X 1.0 / ZUGFeRD 2.x), the client's pages
 * left as they are.
 *
 * What the output holds (see ./pdfa.ts, ./attachments.ts, ./xmp.ts):
 * - the XML as `factur-x.xml` (Subtype text/xml, Params Size / CheckSum MD5 /
 *   CreationDate / ModDate, /F and /UF), in the EmbeddedFiles name tree and
 *   the catalog /AF array, /AFRelationship `Data` (MINIMUM, BASIC WL) or
 *   `Alternative` (other profiles; ./profile.ts explains the choice); any
 *   earlier invoice attachment (factur-x.xml, zugferd-invoice.xml,
 *   ZUGFeRD-invoice.xml, xrechnung.xml) removed, so never a duplicate;
 * - XMP with pdfaid part 3 / conformance B, the fx properties (DocumentType
 *   INVOICE, DocumentFileName factur-x.xml, Version 1.0, ConformanceLevel of
 *   the XML's profile) and their extension schema, each once; an Info
 *   dictionary equivalent to it;
 * - an sRGB output intent (or the document's own valid PDF/A one), a trailer
 *   /ID, a `%PDF-1.7` header.
 *
 * How the input is handled, reported as `method` (DECISIONS.md, X-Conversion-Method):
 * - `attach`: it already declares PDF/A-2 or PDF/A-3, has a valid output
 *   intent and needs no repair: the XML is attached and the metadata updated;
 * - `pdfa-upgrade`: any other PDF whose content can conform: structural
 *   repairs (./analyze.ts: JavaScript and forbidden actions removed,
 *   annotation flags, form flags, LZW re-encoded, ...) plus output intent,
 *   metadata and structure;
 * - `ghostscript-pdfa3`: content that cannot conform as it is (fonts not
 *   embedded, device colours the output intent does not cover, annotations
 *   without appearance, transfer functions, ...) is re-rendered by
 *   Ghostscript when it is installed (./ghostscript.ts), then treated as
 *   above; without Ghostscript, or when its output still does not conform,
 *   PdfNotConvertibleError names every issue (e.g. the fonts not embedded).
 * Encrypted input is refused (PdfEncryptedError), as is anything that is not
 * a readable PDF (PdfInvalidError) or is too large (PdfTooLargeError), and a
 * document past a resource limit of lib/limits.ts (DocumentTooComplexError:
 * streams decoding past their caps, too many pages, too deep; every stream
 * is measured before Ghostscript sees the file).
 *
 * Deterministic: the clock is a parameter (`now`), the file identifier is
 * derived from the inputs and the clock, so the same inputs give the same
 * bytes (except after a Ghostscript re-render, whose output we do not control).
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import { ServiceError } from '../errors.js';
import { rethrowLimit } from '../limits.js';
import {
  attachFile,
  attachmentBytes,
  checkAttachmentsPdfA3,
  FACTURX_FILE_NAME,
  findInvoiceAttachment,
  listAttachments,
  md5,
  removeInvoiceAttachments,
} from './attachments.js';
import { analyzePdfA, deviceColourIssue, type PdfAIssue } from './analyze.js';
import { assertStreamsWithinLimits } from './decode.js';
import { PdfInvalidError, PdfNotConvertibleError, PdfTooLargeError } from './errors.js';
import { findGhostscript, type GhostscriptOptions, type PdfRewriter } from './ghostscript.js';
import { DEFAULT_MAX_PDF_BYTES, loadPdf, type LoadedPdf } from './load.js';
import { flattenFormFields, readPageLinks, readPageTexts, renderingChanges } from './rendering-guard.js';
import {
  ensureOutputIntent,
  readDeclaredPdfA,
  readInfo,
  readPdfAOutputIntent,
  readXmpFallbacks,
  removeUnreachableObjects,
  setDocumentId,
  setPdf17Header,
  writeMetadata,
} from './pdfa.js';
import { afRelationshipFor, inspectInvoiceXml, resolveProfile, type FacturXProfile, type InvoiceXmlInfo } from './profile.js';
import type { DocumentMetadata } from './xmp.js';
import { DEFAULT_MAX_XML_BYTES } from '../xml/parse.js';

/** What was done to the client's PDF (the X-Conversion-Method header of DECISIONS.md). */
export type ConversionMethod = 'attach' | 'pdfa-upgrade' | 'ghostscript-pdfa3';

/** The producer we write in Info /Producer and XMP pdf:Producer. */
export const PRODUCER = 'facturx-service (Factur-X PDF/A-3 embedding, pdf-lib)';

/** Default largest XML accepted for embedding: the XML parser's own limit (6 MiB). */
export { DEFAULT_MAX_XML_BYTES };

/** Options of {@link embedFacturX}. */
export interface EmbedFacturXOptions {
  /**
   * The Factur-X profile; by default the one the XML's BT-24 names. When
   * given, it must agree with BT-24 (it is only needed for XML whose BT-24
   * names no known profile).
   */
  profile?: FacturXProfile;
  /** The clock: modification date of the PDF and of the attachment; default the current time. */
  now?: Date;
  /** Document title; default the PDF's own, else `Invoice <BT-1>`. */
  title?: string;
  /** Document author; default the PDF's own, else the seller name (BT-27). */
  author?: string;
  /** Document subject; default the PDF's own. */
  subject?: string;
  /** Keywords; default the PDF's own. */
  keywords?: string;
  /**
   * How to re-render content that cannot be made PDF/A as it is: a
   * {@link PdfRewriter}, Ghostscript options, or `false` for never. Default:
   * Ghostscript when `gs` is installed.
   */
  ghostscript?: PdfRewriter | GhostscriptOptions | false;
  /** Largest PDF accepted; default 6 MiB. */
  maxPdfBytes?: number;
  /** Largest XML accepted; default 6 MiB. */
  maxXmlBytes?: number;
}

/** What {@link embedFacturX} returns. */
export interface EmbedFacturXResult {
  /** The Factur-X PDF/A-3b file. */
  pdf: Uint8Array;
  /** What was done to the input (see the module comment). */
  method: ConversionMethod;
  /** The profile declared in fx:ConformanceLevel. */
  profile: FacturXProfile;
  /** Human-readable list of the changes made beyond attaching the XML. */
  changes: string[];
}

/** What the last step needs to finish a Factur-X PDF/A-3 file. */
export interface FinishOptions {
  now: Date;
  metadata: DocumentMetadata;
  /** The XML to attach and its profile; absent for a plain PDF/A-3b file. */
  invoice?: { xml: Uint8Array; profile: FacturXProfile };
  /** Bytes that, with the clock, seed the second file identifier. */
  idSeed: Uint8Array;
}

/** What {@link finishPdfA3} produced and did. */
export interface FinishResult {
  pdf: Uint8Array;
  /** What was changed, in words. */
  changes: string[];
  /** Other attachments had to be repaired for PDF/A-3. */
  attachmentRepairs: boolean;
  /** The document's own PDF/A output intent was kept (none was installed). */
  intentKept: boolean;
}

/**
 * The steps every Factur-X PDF/A-3 output goes through (also used by the
 * renderer on its own documents): earlier invoice attachments removed, the
 * XML attached, other attachments made PDF/A-3 conformant, output intent,
 * Info + XMP, header, unreachable objects removed, file identifier, saved.
 */
export async function finishPdfA3(doc: PDFDocument, o: FinishOptions): Promise<FinishResult> {
  const ctx = doc.context;
  const changes: string[] = [];
  const removed = removeInvoiceAttachments(doc);
  if (removed.length > 0) changes.push(`Replaced the earlier invoice attachment${removed.length > 1 ? 's' : ''} ${removed.join(', ')}.`);
  if (o.invoice !== undefined) {
    attachFile(doc, o.invoice.xml, {
      name: FACTURX_FILE_NAME,
      mimeType: 'text/xml',
      description: `Factur-X invoice (${o.invoice.profile} profile)`,
      relationship: afRelationshipFor(o.invoice.profile),
      date: o.now,
    });
  }
  const attachmentIssues = checkAttachmentsPdfA3(doc, { repair: true, date: o.now });
  for (const issue of attachmentIssues) changes.push(`Repaired: ${issue.message}`);
  const intent = ensureOutputIntent(doc);
  if (!intent.kept) changes.push('Installed the sRGB IEC61966-2.1 PDF/A output intent.');
  writeMetadata(
    doc,
    o.metadata,
    o.invoice === undefined ? undefined : { profile: o.invoice.profile, fileName: FACTURX_FILE_NAME, documentType: 'INVOICE', version: '1.0' },
  );
  setPdf17Header(ctx);
  removeUnreachableObjects(ctx);
  const seed = new Uint8Array([...o.idSeed, ...new TextEncoder().encode(o.now.toISOString())]);
  setDocumentId(ctx, seed);
  const pdf = await doc.save({ useObjectStreams: true, addDefaultPage: false, updateFieldAppearances: false });
  return { pdf, changes, attachmentRepairs: attachmentIssues.length > 0, intentKept: intent.kept };
}

async function resolveRewriter(option: EmbedFacturXOptions['ghostscript']): Promise<PdfRewriter | undefined> {
  if (option === false) return undefined;
  if (option !== undefined && 'rewriteToPdfA3' in option) return option;
  return findGhostscript(option ?? {});
}

/** The issues a re-render must fix; throws PdfNotConvertibleError for those nothing here can fix (past a PDF/A limit). */
function rerenderIssues(doc: PDFDocument, after?: string): PdfAIssue[] {
  const analysis = analyzePdfA(doc);
  const refused = analysis.issues.filter((i) => i.remedy === 'refuse');
  if (refused.length > 0) {
    throw new PdfNotConvertibleError(refused, `Making them conform would change the document${after === undefined ? '' : ` (found after re-rendering with ${after})`}.`);
  }
  const issues = analysis.issues.filter((i) => i.remedy === 'rerender');
  const components = readPdfAOutputIntent(doc.context, doc.catalog)?.components ?? 3;
  const colour = deviceColourIssue(analysis.deviceColours, components);
  if (colour !== undefined) issues.push(colour);
  return issues;
}

function defaultTitle(info: InvoiceXmlInfo): string {
  return info.number === undefined ? 'Invoice' : `Invoice ${info.number}`;
}

/** The default title of the invoice XML the document already carries (the one to be replaced), if readable. */
function titleOfReplacedInvoice(doc: PDFDocument): string | undefined {
  const old = findInvoiceAttachment(listAttachments(doc));
  if (old === undefined) return undefined;
  try {
    return defaultTitle(inspectInvoiceXml(attachmentBytes(old)));
  } catch (err) {
    rethrowLimit(err);
    return undefined;
  }
}

/**
 * Embeds an invoice XML into a PDF as a Factur-X PDF/A-3b file; see the
 * module comment for what the output holds and how the input is treated.
 *
 * @param pdfBytes the client's PDF
 * @param xml the EN 16931 / Factur-X CII XML (UTF-8), embedded byte for byte
 * @throws PdfTooLargeError, PdfInvalidError, PdfEncryptedError for unusable input
 * @throws DocumentTooComplexError for input past a resource limit (lib/limits.ts)
 * @throws PdfNotConvertibleError when the content cannot be made PDF/A-3
 * @throws XmlSyntaxError, XmlSecurityError, FacturXXmlError for an unusable XML
 */
export async function embedFacturX(pdfBytes: Uint8Array, xml: string | Uint8Array, opts: EmbedFacturXOptions = {}): Promise<EmbedFacturXResult> {
  const now = opts.now ?? new Date();
  const maxXml = opts.maxXmlBytes ?? DEFAULT_MAX_XML_BYTES;
  if (typeof xml === 'string' && xml.length > maxXml) throw new PdfTooLargeError(maxXml, 'XML');
  const xmlBytes = typeof xml === 'string' ? new TextEncoder().encode(xml) : xml;
  if (xmlBytes.byteLength > maxXml) throw new PdfTooLargeError(maxXml, 'XML');
  const info = inspectInvoiceXml(xmlBytes);
  const profile = resolveProfile(info, opts.profile);
  const loaded = await loadPdf(pdfBytes, { maxBytes: opts.maxPdfBytes ?? DEFAULT_MAX_PDF_BYTES });
  try {
    return await convert(loaded, pdfBytes, xmlBytes, info, profile, now, opts);
  } catch (err) {
    // Whatever the structure of a damaged file trips in pdf-lib or in our walk is a bad input, not a server fault.
    if (err instanceof ServiceError) throw err;
    throw new PdfInvalidError(`The PDF could not be processed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/** The page texts of `pdf`; a file whose text cannot be read cannot be shown to be unchanged, so it is refused. */
async function pageTextsOrRefuse(pdf: Uint8Array, blocking: PdfAIssue[], what: string): Promise<string[]> {
  try {
    return await readPageTexts(pdf);
  } catch (err) {
    rethrowLimit(err);
    throw new PdfNotConvertibleError(blocking, `The text of ${what} could not be read to verify that re-rendering keeps it.`, { cause: err });
  }
}

async function convert(
  loaded: LoadedPdf,
  pdfBytes: Uint8Array,
  xmlBytes: Uint8Array,
  info: InvoiceXmlInfo,
  profile: FacturXProfile,
  now: Date,
  opts: EmbedFacturXOptions,
): Promise<EmbedFacturXResult> {
  let doc = loaded.doc;
  const pageCount = loaded.pageCount;
  const declared = readDeclaredPdfA(doc);
  let method: ConversionMethod | undefined;
  const changes: string[] = [];

  const blocking = rerenderIssues(doc);
  if (blocking.length > 0) {
    const rewriter = await resolveRewriter(opts.ghostscript);
    if (rewriter === undefined) {
      throw new PdfNotConvertibleError(blocking, 'Re-rendering it needs Ghostscript, which is not available.');
    }
    // Ghostscript decodes every stream itself, with no output cap: it only gets a document within ours.
    assertStreamsWithinLimits(doc.context);
    // Field values live in widget appearances a re-rendering may drop: drawn into the pages first, they stay.
    const flattened = flattenFormFields(doc);
    const source = flattened ? await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false }) : pdfBytes;
    const shown = { texts: await pageTextsOrRefuse(source, blocking, 'the input'), links: readPageLinks(doc) };
    if (flattened) changes.push('Drew the form fields into the pages (flattened) before re-rendering, so their values stay visible.');
    let rendered: Uint8Array;
    try {
      rendered = await rewriter.rewriteToPdfA3(source);
    } catch (err) {
      throw new PdfNotConvertibleError(blocking, `Re-rendering with ${rewriter.name} failed: ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
    let after: number;
    try {
      ({ doc, pageCount: after } = await loadPdf(rendered, { maxBytes: Number.MAX_SAFE_INTEGER }));
    } catch (err) {
      rethrowLimit(err);
      throw new PdfNotConvertibleError(blocking, `${rewriter.name} produced an unreadable file.`, { cause: err });
    }
    if (after !== pageCount) {
      throw new PdfNotConvertibleError(blocking, `${rewriter.name} produced ${after} pages instead of ${pageCount}.`);
    }
    // Never hand out an invoice whose visible text changed: a refusal is better. pdf.js decodes without caps: measure first.
    assertStreamsWithinLimits(doc.context);
    const lost = renderingChanges(shown, { texts: await pageTextsOrRefuse(rendered, blocking, `${rewriter.name}'s output`), links: readPageLinks(doc) });
    if (lost.length > 0) {
      throw new PdfNotConvertibleError(blocking, `Re-rendering with ${rewriter.name} would change what the pages show: ${lost.join('; ')}.`);
    }
    const remaining = rerenderIssues(doc, rewriter.name);
    if (remaining.length > 0) throw new PdfNotConvertibleError(remaining, `These remain after re-rendering with ${rewriter.name}.`);
    method = 'ghostscript-pdfa3';
    changes.push(`Re-rendered with ${rewriter.name}: ${blocking.map((i) => i.message).join(' ')}`);
  }

  const previousTitle = titleOfReplacedInvoice(doc);
  // The colours were scanned by rerenderIssues above; this pass only applies and lists the repairs.
  const repairPass = analyzePdfA(doc, { repair: true, scanColours: false }).issues;
  // A repair can fail on the data itself (an LZW stream that does not decode): then the file cannot be made conformant here.
  const unrepaired = repairPass.filter((i) => i.remedy !== 'repair');
  if (unrepaired.length > 0) throw new PdfNotConvertibleError(unrepaired, 'They could not be repaired in place.');
  const repairs = repairPass.filter((i) => i.remedy === 'repair');
  for (const r of repairs) changes.push(`Repaired: ${r.message}`);

  const own = readInfo(doc);
  const fromXmp = readXmpFallbacks(doc);
  const ownTitle = own.title ?? fromXmp.title;
  const metadata: DocumentMetadata = {
    // A title we derived from the invoice being replaced names the old invoice: derive it again.
    title: opts.title ?? (ownTitle !== undefined && ownTitle !== previousTitle ? ownTitle : defaultTitle(info)),
    producer: PRODUCER,
    createDate: own.createDate ?? now,
    modifyDate: now,
  };
  const author = opts.author ?? own.author ?? fromXmp.author ?? info.sellerName;
  if (author !== undefined) metadata.author = author;
  const subject = opts.subject ?? own.subject;
  if (subject !== undefined) metadata.subject = subject;
  const keywords = opts.keywords ?? own.keywords;
  if (keywords !== undefined) metadata.keywords = keywords;
  if (own.creator !== undefined) metadata.creator = own.creator;

  const finished = await finishPdfA3(doc, { now, metadata, invoice: { xml: xmlBytes, profile }, idSeed: new Uint8Array([...md5(pdfBytes), ...md5(xmlBytes)]) });
  changes.push(...finished.changes);
  if (method === undefined) {
    const isPdfA23 = declared !== undefined && (declared.part === 2 || declared.part === 3);
    method = isPdfA23 && finished.intentKept && repairs.length === 0 && !finished.attachmentRepairs ? 'attach' : 'pdfa-upgrade';
  }
  return { pdf: finished.pdf, method, profile, changes };
}
