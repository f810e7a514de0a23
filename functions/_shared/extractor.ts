/**
 * Which document extractor v1 convert uses, chosen once per process by
 * EXTRACTOR: `local` (default: pdf.js text, tesseract.js OCR, exceljs/xlsx,
 * mammoth, rule-based field parser; no cloud) or `aws` (Textract
 * AnalyzeExpense + Bedrock Converse in AWS_REGION with BEDROCK_MODEL_ID, an EU
 * inference profile). Office files are turned into text locally before the AWS
 * extractor sees them (Textract does not read them).
 *
 * Every local reading of the document (the local extractor itself, the XML a
 * PDF carries, the text the AWS path sends on, the pages a scan is split
 * into for Textract) runs in the isolation pool
 * (./isolate.ts): memory limits and a time budget per job.
 */
import type { ExtractionInput, InvoiceExtractor } from '../../lib/extract/port.js';
import { ServiceError } from '../../lib/errors.js';
import { JOB_OCR_BUDGET_MS, JOB_READ_BUDGET_MS, OCR_BUDGET_MS, READ_BUDGET_MS } from '../../lib/isolate/budgets.js';
import { config } from './config.js';
import { runIsolated } from './isolate.js';

/**
 * `sync`: a request waiting for its answer (the caller's deadline bounds every step). `job`: an asynchronous job
 * (lib/jobs): on AWS, scanned PDFs are read by Textract's asynchronous analysis from the jobs bucket, every page, with
 * the job's longer deadline (JOB_EXTRACTION_TIMEOUT_MS); locally the same extractor as `sync`.
 */
export type ExtractorMode = 'sync' | 'job';

const current = new Map<ExtractorMode, Promise<InvoiceExtractor>>();

const OFFICE = /spreadsheetml|ms-excel|wordprocessingml/;

/** The time left before `deadline` (epoch ms) as a context, for the pool's budgets. */
function until(deadline: number | undefined) {
  return deadline === undefined ? undefined : { getRemainingTimeInMillis: () => deadline - Date.now() };
}

/** Reads the XML a PDF carries, in the pool. */
function embeddedXmlWithin(budgetMs: number) {
  return (bytes: Uint8Array, deadline?: number) => runIsolated('embeddedXml', bytes, { timeoutMs: budgetMs, what: 'reading the PDF', context: until(deadline) });
}

async function create(mode: ExtractorMode): Promise<InvoiceExtractor> {
  const embeddedXml = embeddedXmlWithin(mode === 'job' ? JOB_READ_BUDGET_MS : READ_BUDGET_MS);
  if (config.extractor === 'local') {
    const [read, ocr] = mode === 'job' ? [JOB_READ_BUDGET_MS, JOB_OCR_BUDGET_MS] : [READ_BUDGET_MS, OCR_BUDGET_MS];
    return {
      name: 'local',
      extract: (input: ExtractionInput) => {
        const { deadline, storedAt: _stored, ...document } = input;
        return runIsolated('extract', { ...document, mode }, { timeoutMs: read, maxTimeoutMs: ocr, what: 'reading the document', context: until(deadline) });
      },
      embeddedXml,
    };
  }
  const { createAwsExtractor } = await import('../../adapters/aws/extract/index.js');
  const aws = createAwsExtractor({
    region: config.region,
    ...(config.bedrockModelId ? { modelId: config.bedrockModelId } : {}),
    timeoutMs: mode === 'job' ? config.jobExtractionTimeoutMs : config.extractionTimeoutMs,
    maxAttempts: 3,
    ...(mode === 'job' && config.jobsBucket ? { asyncDocuments: { bucket: config.jobsBucket } } : {}),
    pdfText: (bytes) => runIsolated('pdfText', bytes, { timeoutMs: READ_BUDGET_MS, what: 'reading the PDF text' }),
    // AnalyzeExpense reads single-page documents synchronously: a scan of several pages goes page by page.
    splitPdfPages: (bytes) => runIsolated('pdfPages', bytes, { timeoutMs: READ_BUDGET_MS, what: 'splitting the PDF into pages' }),
  });
  return {
    name: 'aws',
    extract: async (input: ExtractionInput) => {
      if (!OFFICE.test(input.mimeType)) return aws.extract(input);
      const text = await runIsolated(
        'officeText',
        { bytes: input.bytes, word: /wordprocessingml/.test(input.mimeType) },
        { timeoutMs: READ_BUDGET_MS, what: 'reading the Office file', context: until(input.deadline) },
      );
      return aws.extract({ ...input, bytes: new TextEncoder().encode(text), mimeType: 'text/plain' });
    },
    embeddedXml,
  };
}

/** The process's extractor for `mode` (created on first use). */
export function getExtractor(mode: ExtractorMode = 'sync'): Promise<InvoiceExtractor> {
  let extractor = current.get(mode);
  if (!extractor) current.set(mode, (extractor = create(mode)));
  return extractor;
}

/** Installs an extractor for both modes, or for one (tests). */
export function setExtractor(extractor: InvoiceExtractor, mode?: ExtractorMode): void {
  for (const m of mode ? [mode] : (['sync', 'job'] as const)) current.set(m, Promise.resolve(extractor));
}

/**
 * The pages of a PDF and the invoice XML it carries, read in the pool in one load (what v1 convert reads first
 * anyway); undefined when pdf-lib cannot read the PDF (the conversion then says why). A document past a limit, or a
 * busy pool, is answered as the conversion would answer it.
 */
export async function readPdfOverview(bytes: Uint8Array, deadline?: number) {
  try {
    return await runIsolated('pdfOverview', bytes, { timeoutMs: READ_BUDGET_MS, what: 'reading the PDF', context: until(deadline) });
  } catch (err) {
    if (err instanceof ServiceError && (err.code === 'DOCUMENT_TOO_COMPLEX' || err.code === 'SERVER_BUSY')) throw err;
    return undefined;
  }
}
