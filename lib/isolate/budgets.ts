/**
 * Time budgets of the isolated jobs (./pool.ts), in milliseconds of wall
 * clock, queueing included. A job past its budget is stopped and answered 422
 * DOCUMENT_TOO_COMPLEX (`limit: "time"`). On Lambda the handler also keeps
 * every budget below the invocation's remaining time, so a function answers
 * before its timeout instead of being killed by it.
 */

/** Reading a document's text: PDF text layer, spreadsheet, Word file, the XML embedded in a PDF. */
export const READ_BUDGET_MS = 4_000;

/** Reading by OCR (images, scanned PDFs): the reading budget is extended to this once OCR starts (tesseract and pdftoppm have their own threads and time limits). */
export const OCR_BUDGET_MS = 20_000;

/**
 * Reading a document in an asynchronous job (lib/jobs): nobody holds a connection open, so the budgets are larger
 * (a cold reader on a loaded machine, a long scan read by local OCR), still bounded against hostile documents.
 */
export const JOB_READ_BUDGET_MS = 30_000;

/** Reading by OCR in an asynchronous job (a scan of many pages). */
export const JOB_OCR_BUDGET_MS = 180_000;

/** Making a client's PDF a Factur-X PDF/A-3 (loading, repairs, Ghostscript when needed). */
export const EMBED_BUDGET_MS = 15_000;

/** Validating and rendering a large CII XML into a PDF. */
export const RENDER_BUDGET_MS = 8_000;

/** Converting a large CII or UBL XML to the other syntax (validating it, reading it, writing and reading back the other). */
export const CONVERT_BUDGET_MS = 8_000;

/** Validating a large CII XML. */
export const VALIDATE_BUDGET_MS = 8_000;

/** XML at most this large is rendered or validated in the request's own thread (it takes milliseconds); larger goes to the pool. */
export const INLINE_XML_BYTES = 256 * 1024;

/** Time kept back on Lambda between a job's deadline and the invocation's end, to answer. */
export const ANSWER_MARGIN_MS = 1_500;
