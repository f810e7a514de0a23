/**
 * The AWS adapter of the extraction port (lib/extract/port.ts): Amazon
 * Textract AnalyzeExpense for images and scans, Amazon Bedrock Converse to
 * read text and to normalise / complete Textract's reading, all in an EU
 * region (DECISIONS.md, Region).
 *
 * Routing by media type:
 * - `image/png`, `image/jpeg`, `image/tiff` -> Textract (Document.Bytes), then
 *   the model when one is configured (method `bedrock`), else Textract alone
 *   (method `textract`);
 * - `application/pdf` -> its text layer (`pdfText`, injected) straight to the
 *   model when it holds at least `minPdfTextChars` characters (a digital PDF:
 *   no Textract call, cheaper and faster); otherwise it is a scan and goes the
 *   image way, page by page when `splitPdfPages` is given (Textract reads one
 *   page per synchronous call);
 * - `text/plain` -> text already extracted by the caller (Office files:
 *   Textract does not read them) straight to the model;
 * - anything else -> UnsupportedMediaTypeError.
 *
 * Every extraction runs under one deadline (`timeoutMs`) shared by all its
 * AWS calls and retries; retries follow retry.ts. Values carry confidences
 * (textract-map.ts, assemble.ts) and arithmetic cross-checks (cross-checks.ts).
 */
import { AnalyzeExpenseCommand, type AnalyzeExpenseResponse, type TextractClient } from '@aws-sdk/client-textract';
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { ExtractionError, UnsupportedMediaTypeError } from '../../../lib/errors.js';
import type { ExtractedInvoice, ExtractionInput, InvoiceExtractor } from '../../../lib/extract/port.js';
import { separateFrenchLegalForms } from '../../../lib/extract/legal-form.js';
import { assembleInvoice, type Evidence } from './assemble.js';
import { readWithModel, type ModelSettings } from './bedrock.js';
import { callAws, startDeadline, type Deadline } from './call.js';
import { createBedrockClient, createTextractClient, type AwsClientSettings } from './clients.js';
import { crossCheck } from './cross-checks.js';
import { AwsConfigurationError } from './errors.js';
import { assertEuModelId, assertEuRegion } from './regions.js';
import type { BackoffOptions } from './retry.js';
import { describeExpenseFields, readExpenseAnalysis } from './textract-map.js';
import { analyzeExpenseAsync, asyncAnalysisNotes } from './textract-async.js';

/** Options of {@link createAwsExtractor}. */
export interface AwsExtractorOptions {
  /** EU region of both services (regions.ts), e.g. `eu-west-3`. */
  region: string;
  /** Textract client; built with clients.ts when absent. */
  textract?: TextractClient;
  /** Bedrock Runtime client; built with clients.ts when absent and `modelId` is set. */
  bedrock?: BedrockRuntimeClient;
  /**
   * EU cross-region inference profile, e.g. `eu.anthropic.claude-3-7-sonnet-20250219-v1:0`
   * or `eu.amazon.nova-pro-v1:0`. Without it no model is used: scans are read
   * by Textract alone and text input is refused.
   */
  modelId?: string;
  /** Deadline of one extraction, every AWS call and retry included (e.g. 25000 under API Gateway's 29 s). */
  timeoutMs: number;
  /** Attempts per AWS call, the first included (e.g. 3). */
  maxAttempts: number;
  /** Text layer of a PDF (injected, e.g. pdf.js at the edge); "" for a scan. */
  pdfText?: (bytes: Uint8Array) => Promise<string>;
  /** Splits a PDF into single-page PDFs, so a multi-page scan can go to Textract page by page. */
  splitPdfPages?: (bytes: Uint8Array) => Promise<Uint8Array[]>;
  /** Non-blank characters a PDF text layer needs to count as a digital PDF (default 100). */
  minPdfTextChars?: number;
  /** Scan pages sent to Textract at most (default 10); later pages are skipped with a note. */
  maxPages?: number;
  /** Characters of document text sent to the model at most (default 100000); the rest is cut with a note. */
  maxTextChars?: number;
  /** Output token budget of the model's answer (default 4096). */
  maxTokens?: number;
  /** Extra model calls allowed to correct a malformed answer (default 1). */
  repairAttempts?: number;
  /**
   * Asynchronous analysis for documents already stored in S3 (the documents
   * of asynchronous jobs, whose input carries `storedAt`): a scanned PDF is
   * then read by StartExpenseAnalysis / GetExpenseAnalysis, every page in one
   * Textract job (textract-async.ts), instead of page by page; `maxPages`
   * does not apply.
   */
  asyncDocuments?: { bucket: string; pollIntervalMs?: number };
  /** Backoff between attempts of clients built here (retry.ts defaults when absent). */
  backoff?: Partial<Pick<BackoffOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>>;
}

/** Media types Textract reads synchronously, besides PDF. */
const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg', 'image/tiff']);

/** The fields whose absence is reported when nothing usable is found. */
const KEY_FIELDS = ['invoiceNumber', 'invoiceDate', 'seller.name', 'buyer.name', 'lines', 'totals.totalTTC'] as const;

function positiveInteger(value: number, name: string, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isInteger(value) || value < 1 || value > max) throw new AwsConfigurationError(`${name} must be an integer from 1 to ${max}; got ${value}.`);
}

function missingKeyFields(invoice: ExtractedInvoice): string[] {
  const present: Record<(typeof KEY_FIELDS)[number], boolean> = {
    invoiceNumber: invoice.invoiceNumber !== undefined,
    invoiceDate: invoice.invoiceDate !== undefined,
    'seller.name': invoice.seller.name !== undefined,
    'buyer.name': invoice.buyer.name !== undefined,
    lines: invoice.lines.length > 0,
    'totals.totalTTC': invoice.totals.totalTTC !== undefined,
  };
  return KEY_FIELDS.filter((f) => !present[f]);
}

/** True when the extraction found something an invoice can be built from: a number, a total or a line. */
function isUsable(invoice: ExtractedInvoice): boolean {
  const t = invoice.totals;
  return invoice.invoiceNumber !== undefined || t.totalTTC !== undefined || t.totalHT !== undefined || t.amountDue !== undefined || invoice.lines.length > 0;
}

function nonBlankLength(text: string): number {
  return text.replace(/\s+/g, '').length;
}

/**
 * Builds the AWS extractor (name `aws`).
 *
 * @throws AwsConfigurationError at construction for a region outside the EU,
 * a model id that is not an EU inference profile, a Bedrock client without a
 * model id, or out-of-range limits.
 */
export function createAwsExtractor(options: AwsExtractorOptions): InvoiceExtractor {
  assertEuRegion(options.region);
  positiveInteger(options.timeoutMs, 'timeoutMs');
  positiveInteger(options.maxAttempts, 'maxAttempts', 10);
  if (options.bedrock !== undefined && options.modelId === undefined) {
    throw new AwsConfigurationError('A Bedrock client was given without a modelId; set modelId to an EU inference profile id.');
  }
  if (options.modelId !== undefined) assertEuModelId(options.modelId);
  const minPdfTextChars = options.minPdfTextChars ?? 100;
  const maxPages = options.maxPages ?? 10;
  const maxTextChars = options.maxTextChars ?? 100_000;
  positiveInteger(maxPages, 'maxPages');
  positiveInteger(maxTextChars, 'maxTextChars');

  const clientSettings: AwsClientSettings = {
    region: options.region,
    maxAttempts: options.maxAttempts,
    requestTimeoutMs: options.timeoutMs,
    ...(options.backoff ? { backoff: options.backoff } : {}),
  };
  const textract = options.textract ?? createTextractClient(clientSettings);
  const bedrock = options.modelId === undefined ? undefined : (options.bedrock ?? createBedrockClient(clientSettings));
  const model: ModelSettings | undefined =
    options.modelId === undefined
      ? undefined
      : { modelId: options.modelId, maxTokens: options.maxTokens ?? 4096, repairAttempts: options.repairAttempts ?? 1 };

  // Injected clients carry their own region: it must be an EU one too (checked once, on first use).
  let injectedRegionsChecked: Promise<void> | undefined;
  const checkInjectedRegions = (): Promise<void> =>
    (injectedRegionsChecked ??= (async () => {
      if (options.textract) assertEuRegion(await options.textract.config.region(), 'Textract client region');
      if (options.bedrock) assertEuRegion(await options.bedrock.config.region(), 'Bedrock client region');
    })());

  const accepted = (): string[] => ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff', ...(model ? ['text/plain'] : [])];

  /** Cuts a text to maxTextChars, with a note. */
  const bounded = (text: string, notes: string[]): string => {
    if (text.length <= maxTextChars) return text;
    notes.push(`The document text has ${text.length} characters; only the first ${maxTextChars} were sent to the model.`);
    return text.slice(0, maxTextChars);
  };

  const finish = (invoice: ExtractedInvoice, notes: readonly string[]): ExtractedInvoice => {
    invoice.notes.unshift(...notes);
    // As the local extractor does: a French company's legal form is kept apart from its name.
    separateFrenchLegalForms(invoice.seller, invoice.buyer);
    crossCheck(invoice);
    if (!isUsable(invoice)) {
      throw new ExtractionError('No invoice data was found in the document: no invoice number, total or line.', missingKeyFields(invoice));
    }
    return invoice;
  };

  const usageNote = (calls: number, inputTokens: number, outputTokens: number): string =>
    `Read by ${model!.modelId} in ${calls} call${calls === 1 ? '' : 's'} (${inputTokens} input, ${outputTokens} output tokens).`;

  /** Text (digital PDF, Office) -> model. */
  const fromText = async (text: string, label: string, deadline: Deadline, notes: string[]): Promise<ExtractedInvoice> => {
    if (nonBlankLength(text) === 0) throw new ExtractionError(`The ${label} is empty.`, [...KEY_FIELDS]);
    const sent = bounded(text, notes);
    const reading = await readWithModel(bedrock!, model!, sent, deadline);
    const evidence: Evidence = { kind: 'text', text: sent, source: `bedrock, ${label}` };
    const invoice = assembleInvoice(reading.invoice, evidence);
    return finish(invoice, [...notes, usageNote(reading.calls, reading.inputTokens, reading.outputTokens)]);
  };

  /** Image or scanned PDF -> Textract (page by page when split) -> model when configured. */
  const fromScan = async (bytes: Uint8Array, isPdf: boolean, deadline: Deadline, notes: string[], storedAt?: string): Promise<ExtractedInvoice> => {
    let pages = [bytes];
    const responses: AnalyzeExpenseResponse[] = [];
    if (isPdf && storedAt !== undefined && options.asyncDocuments) {
      const analysis = await analyzeExpenseAsync(
        textract,
        { bucket: options.asyncDocuments.bucket, key: storedAt, clientRequestToken: storedAt.replace(/^.*\//, ''), ...(options.asyncDocuments.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.asyncDocuments.pollIntervalMs }) },
        deadline,
      );
      notes.push(...asyncAnalysisNotes(analysis));
      responses.push(...analysis);
      pages = [];
    } else if (isPdf && options.splitPdfPages) {
      pages = await options.splitPdfPages(bytes);
      if (pages.length === 0) throw new ExtractionError('The PDF has no pages.', [...KEY_FIELDS]);
      if (pages.length > maxPages) {
        notes.push(`The scan has ${pages.length} pages; only the first ${maxPages} were read.`);
        pages = pages.slice(0, maxPages);
      }
    }
    // One page at a time: AnalyzeExpense has a low request-rate quota.
    for (const page of pages) {
      responses.push(
        await callAws('textract', 'AnalyzeExpense', deadline, (abortSignal) =>
          textract.send(new AnalyzeExpenseCommand({ Document: { Bytes: page } }), { abortSignal }),
        ),
      );
    }
    const reading = readExpenseAnalysis(responses);
    if (model === undefined) return finish(reading.invoice, notes);
    const how = pages.length === 0 ? 'StartExpenseAnalysis' : 'AnalyzeExpense';
    if (!isUsable(reading.invoice) && nonBlankLength(reading.text) === 0) {
      throw new ExtractionError('Amazon Textract found no text in the document.', missingKeyFields(reading.invoice));
    }
    const prompt = bounded(`${describeExpenseFields(responses)}\n\nOCR text:\n${reading.text}`, notes);
    const modelReading = await readWithModel(bedrock!, model, prompt, deadline);
    const evidence: Evidence = { kind: 'ocr', text: reading.text, textract: reading.invoice, source: 'bedrock, textract ocr' };
    const invoice = assembleInvoice(modelReading.invoice, evidence);
    return finish(invoice, [
      ...notes,
      `OCR by Amazon Textract ${how} (${reading.pages} page${reading.pages === 1 ? '' : 's'}), normalised by the model.`,
      ...reading.invoice.notes,
      usageNote(modelReading.calls, modelReading.inputTokens, modelReading.outputTokens),
    ]);
  };

  const fromPdf = async (bytes: Uint8Array, deadline: Deadline, storedAt?: string): Promise<ExtractedInvoice> => {
    const notes: string[] = [];
    if (model !== undefined && options.pdfText !== undefined) {
      let text = '';
      try {
        text = await options.pdfText(bytes);
      } catch (err) {
        notes.push(`The PDF text layer could not be read (${err instanceof Error ? err.message : String(err)}); the PDF was read as a scan.`);
      }
      if (nonBlankLength(text) >= minPdfTextChars) return fromText(text, 'pdf text', deadline, notes);
      if (text !== '') notes.push(`The PDF text layer has only ${nonBlankLength(text)} characters; the PDF was read as a scan.`);
    }
    return fromScan(bytes, true, deadline, notes, storedAt);
  };

  return {
    name: 'aws',
    async extract(input: ExtractionInput): Promise<ExtractedInvoice> {
      const mime = (input.mimeType.split(';')[0] ?? '').trim().toLowerCase();
      const isText = mime === 'text/plain';
      if (!(mime === 'application/pdf' || IMAGE_TYPES.has(mime) || (isText && model !== undefined))) {
        throw new UnsupportedMediaTypeError(input.mimeType, accepted());
      }
      if (input.bytes.length === 0) throw new ExtractionError('The document is empty.', [...KEY_FIELDS]);
      await checkInjectedRegions();
      // The caller's deadline (a synchronous request's budget) when it comes before the extractor's own.
      const left = input.deadline === undefined ? options.timeoutMs : Math.min(options.timeoutMs, Math.max(1, Math.floor(input.deadline - Date.now())));
      const deadline = startDeadline(left);
      try {
        if (isText) return await fromText(new TextDecoder('utf-8').decode(input.bytes), 'office text', deadline, []);
        if (mime === 'application/pdf') return await fromPdf(input.bytes, deadline, input.storedAt);
        return await fromScan(input.bytes, false, deadline, []);
      } finally {
        deadline.dispose();
      }
    },
  };
}
