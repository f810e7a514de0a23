/**
 * The PDF preflight of lib/pdf/preflight.ts as extraction needs it: run
 * before pdf.js or pdftoppm see a PDF (neither caps what it decodes), with
 * the PDF layer's "corrupt" and "password" errors turned into the
 * ExtractionError v1 answers for a document it cannot read (422
 * `EXTRACTION_FAILED`, as when pdf.js itself fails). Limits stay
 * DocumentTooComplexError (422 `DOCUMENT_TOO_COMPLEX`). pdf-lib is loaded
 * only when a PDF comes.
 */
import { ExtractionError } from '../../errors.js';
import { PdfEncryptedError, PdfInvalidError } from '../../pdf/errors.js';
import type { PdfPreflight, PreflightOptions } from '../../pdf/preflight.js';

export type { PageSize, PdfPreflight } from '../../pdf/preflight.js';

/**
 * Measures a PDF before it is read (see lib/pdf/preflight.ts).
 * @throws DocumentTooComplexError past a PDF limit
 * @throws ExtractionError when the PDF cannot be read or needs a password
 */
export async function preflightForReading(bytes: Uint8Array, options: PreflightOptions): Promise<PdfPreflight> {
  const { preflightPdf } = await import('../../pdf/preflight.js');
  try {
    return await preflightPdf(bytes, options);
  } catch (error) {
    if (error instanceof PdfEncryptedError) throw new ExtractionError('The PDF is password-protected; send it without a password.', [], { cause: error });
    if (error instanceof PdfInvalidError) throw new ExtractionError(`The PDF could not be read: ${error.message}`, [], { cause: error });
    throw error;
  }
}
