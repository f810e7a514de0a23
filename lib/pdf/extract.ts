/**
 * Reading the invoice XML out of a hybrid PDF (Factur-X, ZUGFeRD 1.0 / 2.x,
 * XRechnung in PDF).
 *
 * The XML is looked for under the names of INVOICE_ATTACHMENT_NAMES
 * (`factur-x.xml`, `xrechnung.xml`, `zugferd-invoice.xml`,
 * `ZUGFeRD-invoice.xml`) among every embedded file: the WHOLE EmbeddedFiles
 * name tree is walked (Kids and Names arrays at any depth; real files have
 * unsorted trees where a by-name look-up fails), then the /AF arrays, then
 * file-attachment annotations. The stream is decoded through its filters
 * (Flate, LZW, ASCII85, ASCIIHex, RunLength) and returned byte for byte.
 * Without one of those names, an XML attachment whose root is a UBL 2.x
 * Invoice or CreditNote (as some ERPs embed, under names of their own such as
 * `ubl.xml` or `<number>.xml`) is returned (issue 13: v1 reads it).
 */
import { rethrowLimit } from '../limits.js';
import { attachmentBytes, findInvoiceAttachment, listAttachments, type Attachment } from './attachments.js';
import { PdfInvalidError } from './errors.js';
import { loadPdf, type LoadPdfOptions } from './load.js';
import { looksLikeUbl } from '../ubl/read.js';
import { measurePdfText, type PdfTextMeasure } from './page-text.js';

/** The invoice XML found in a PDF. */
export interface ExtractedInvoiceXml {
  /** The attachment's file name as written in the PDF (e.g. `factur-x.xml`). */
  name: string;
  /** The XML bytes, exactly as embedded (uncompressed). */
  xml: Uint8Array;
  /** The file's /AFRelationship (`Alternative`, `Data`, `Source`, ...), when present. */
  relationship?: string;
}

/**
 * Extracts the invoice XML of a PDF; undefined when the PDF carries none.
 * @throws PdfInvalidError, PdfTooLargeError, PdfEncryptedError (./load.ts) for input that is not a readable PDF
 * @throws PdfInvalidError when the invoice attachment's stream cannot be decoded
 * @throws DocumentTooComplexError when it (or the file) goes past a resource limit (lib/limits.ts)
 */
export async function extractInvoiceXml(pdfBytes: Uint8Array, opts: LoadPdfOptions = {}): Promise<ExtractedInvoiceXml | undefined> {
  return (await readPdfOverview(pdfBytes, opts)).embedded;
}

/** What v1 convert needs to know of a PDF before converting it: its pages, the invoice XML it carries, and the text its pages show. */
export interface PdfOverview {
  pageCount: number;
  embedded: ExtractedInvoiceXml | undefined;
  /** The text each page shows (./page-text.ts), when asked for and the PDF carries no invoice XML. */
  text?: PdfTextMeasure;
}

/** Options of {@link readPdfOverview}. */
export interface PdfOverviewOptions extends LoadPdfOptions {
  /** Also measure the text of the pages (when no invoice XML is found): what reading them will cost (lib/v1/cost.ts). */
  measureText?: boolean;
}

/**
 * Loads a PDF once and says how many pages it has, which invoice XML it
 * carries (as {@link extractInvoiceXml}) and, when asked, how much text its
 * pages show; v1 convert decides from it whether the document is converted
 * in the request or as an asynchronous job (lib/v1/cost.ts).
 */
export async function readPdfOverview(pdfBytes: Uint8Array, opts: PdfOverviewOptions = {}): Promise<PdfOverview> {
  const { measureText, ...loadOptions } = opts;
  const { doc, pageCount } = await loadPdf(pdfBytes, loadOptions);
  const withText = (overview: PdfOverview): PdfOverview => {
    if (!measureText || overview.embedded !== undefined) return overview;
    try {
      return { ...overview, text: measurePdfText(doc.context, doc.catalog) };
    } catch (err) {
      rethrowLimit(err);
      // A page tree the measure cannot walk: no estimate (the conversion says what it can read).
      return overview;
    }
  };
  let found: Attachment | undefined;
  try {
    const attachments = listAttachments(doc);
    found = findInvoiceAttachment(attachments);
    if (found === undefined) {
      for (const a of attachments) {
        if (a.stream === undefined || !a.names.some((n) => /\.xml$/i.test(n.trim()))) continue;
        const bytes = attachmentBytes(a);
        if (looksLikeUbl(bytes)) return { pageCount, embedded: { name: a.name, xml: bytes, ...(a.relationship === undefined ? {} : { relationship: a.relationship }) } };
      }
    }
  } catch (err) {
    rethrowLimit(err);
    throw new PdfInvalidError(`The PDF's attachments could not be read: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  if (found === undefined) return withText({ pageCount, embedded: undefined });
  let xml: Uint8Array;
  try {
    xml = attachmentBytes(found);
  } catch (err) {
    rethrowLimit(err);
    throw new PdfInvalidError(`The embedded invoice "${found.name}" cannot be decoded: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  const out: ExtractedInvoiceXml = { name: found.name, xml };
  if (found.relationship !== undefined) out.relationship = found.relationship;
  return { pageCount, embedded: out };
}
