/**
 * Domain errors of the PDF layer (Factur-X embedding, XML extraction,
 * rendering). Each is a ServiceError with a stable `code`; the HTTP status of
 * each code is decided at the edge (functions/_shared/errors.ts), never here.
 *
 * | class                   | code                  | when                                                        |
 * |-------------------------|-----------------------|-------------------------------------------------------------|
 * | PdfInvalidError         | `BAD_REQUEST`         | not a PDF, corrupt, truncated, no pages, page tree loops    |
 * | PdfTooLargeError        | `PAYLOAD_TOO_LARGE`   | the PDF (or the XML to embed) is over the size limit        |
 * | PdfEncryptedError       | `PDF_ENCRYPTED`       | the PDF is encrypted (PDF/A forbids it; we never decrypt)   |
 * | PdfNotConvertibleError  | `PDF_NOT_CONVERTIBLE` | content that cannot be made PDF/A-3 (and no Ghostscript)    |
 * | FacturXXmlError         | `BAD_REQUEST`         | the XML to embed is not a Factur-X CII invoice / profile    |
 *
 * A document past a resource limit (lib/limits.ts) is the core's
 * DocumentTooComplexError (`DOCUMENT_TOO_COMPLEX`), not a PDF error.
 */
import { ServiceError } from '../errors.js';

/** Why a document cannot be made PDF/A-3 without re-rendering it. */
export interface PdfConformanceIssue {
  /** Stable code of the issue, e.g. `FONT_NOT_EMBEDDED` (see ./analyze.ts). */
  code: string;
  /** What is wrong, naming the objects (fonts, pages, annotations) concerned. */
  message: string;
}

/** The input is not a readable PDF: not a PDF at all, corrupt, truncated, without pages, or with a page tree that loops (./structure.ts). */
export class PdfInvalidError extends ServiceError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('BAD_REQUEST', message, [{ path: 'pdf', message }], options);
  }
}

/** The PDF (or the XML to embed) exceeds the size we accept. */
export class PdfTooLargeError extends ServiceError {
  constructor(
    readonly limitBytes: number,
    what = 'PDF',
  ) {
    super('PAYLOAD_TOO_LARGE', `The ${what} exceeds the limit of ${limitBytes} bytes.`);
  }
}

/**
 * The PDF is encrypted. PDF/A forbids encryption (ISO 19005-2/3, 6.1.3), and
 * removing the author's protection is not ours to do: the caller must send an
 * unprotected file.
 */
export class PdfEncryptedError extends ServiceError {
  constructor() {
    super(
      'PDF_ENCRYPTED',
      'The PDF is encrypted (password or permission protection). PDF/A-3 forbids encryption: send the document without protection.',
    );
  }
}

/**
 * The PDF has content that cannot be made PDF/A-3 by structural changes
 * (fonts not embedded, device colours that do not match the output intent,
 * annotations without appearance, ...) and it could not be re-rendered
 * (Ghostscript not installed, failed, or its output still not conformant).
 * `details` lists every issue found.
 */
export class PdfNotConvertibleError extends ServiceError {
  constructor(
    readonly issues: readonly PdfConformanceIssue[],
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(
      'PDF_NOT_CONVERTIBLE',
      `The PDF cannot be made PDF/A-3: ${issues.map((i) => i.message).join(' ')} ${reason}`.trim(),
      issues.map((i) => ({ code: i.code, message: i.message })),
      options,
    );
  }
}

/** The XML to embed is not a Factur-X (CII D16B) invoice, or its profile does not match the one asked for. */
export class FacturXXmlError extends ServiceError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('BAD_REQUEST', message, [{ path: 'xml', message }], options);
  }
}
