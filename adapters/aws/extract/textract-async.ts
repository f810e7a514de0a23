/**
 * Textract's asynchronous expense analysis, for the documents of asynchronous
 * jobs (lib/jobs): StartExpenseAnalysis on the job's document in the jobs
 * bucket reads every page of a multi-page PDF in one job (the synchronous
 * AnalyzeExpense takes one page per call), then GetExpenseAnalysis is polled
 * until the job ends and its results are read page by page (`NextToken`).
 * Its responses carry the same `ExpenseDocuments` as AnalyzeExpense, so
 * textract-map.ts reads them unchanged.
 *
 * Every call runs under the extraction's deadline (call.ts); the
 * ClientRequestToken makes a repeated start (a redelivered job) return the
 * same Textract job instead of starting another.
 */
import {
  GetExpenseAnalysisCommand,
  StartExpenseAnalysisCommand,
  type GetExpenseAnalysisResponse,
  type TextractClient,
} from '@aws-sdk/client-textract';
import { ExtractionError } from '../../../lib/errors.js';
import { callAws, type Deadline } from './call.js';

/** Where the document is and how to wait for Textract. */
export interface AsyncExpenseOptions {
  bucket: string;
  /** Object key of the document (lib/jobs/job.ts inputName). */
  key: string;
  /** Idempotency token of the start (1-64 characters of [a-zA-Z0-9-_]); the job id. */
  clientRequestToken: string;
  /** Wait between polls; default 2 s. */
  pollIntervalMs?: number;
  /** Results per GetExpenseAnalysis page (Textract allows 1-20); default 20. */
  maxResults?: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    }, { once: true });
  });

/**
 * Runs one asynchronous expense analysis and returns every result page.
 * @throws ExtractionError when Textract reports the job FAILED (its StatusMessage), the errors of call.ts otherwise.
 */
export async function analyzeExpenseAsync(textract: TextractClient, options: AsyncExpenseOptions, deadline: Deadline): Promise<GetExpenseAnalysisResponse[]> {
  const token = options.clientRequestToken.replace(/[^a-zA-Z0-9-_]/g, '-').slice(0, 64);
  const started = await callAws('textract', 'StartExpenseAnalysis', deadline, (abortSignal) =>
    textract.send(new StartExpenseAnalysisCommand({ DocumentLocation: { S3Object: { Bucket: options.bucket, Name: options.key } }, ClientRequestToken: token }), { abortSignal }),
  );
  const jobId = started.JobId;
  if (!jobId) throw new ExtractionError('Amazon Textract did not start the analysis (no JobId).', []);
  const poll = options.pollIntervalMs ?? 2_000;
  const maxResults = options.maxResults ?? 20;
  const pages: GetExpenseAnalysisResponse[] = [];
  let nextToken: string | undefined;
  for (;;) {
    const page = await callAws('textract', 'GetExpenseAnalysis', deadline, (abortSignal) =>
      textract.send(new GetExpenseAnalysisCommand({ JobId: jobId, MaxResults: maxResults, ...(nextToken ? { NextToken: nextToken } : {}) }), { abortSignal }),
    );
    const status = page.JobStatus;
    if (status === 'IN_PROGRESS') {
      if (pages.length > 0) throw new ExtractionError('Amazon Textract went back to IN_PROGRESS while its results were being read.', []);
      await sleep(poll, deadline.signal);
      continue;
    }
    if (status === 'FAILED') {
      throw new ExtractionError(`Amazon Textract could not analyse the document: ${page.StatusMessage ?? 'no detail'}.`, []);
    }
    // SUCCEEDED, or PARTIAL_SUCCESS (some pages failed: the warnings are kept as a note by the caller).
    pages.push(page);
    nextToken = page.NextToken;
    if (!nextToken) return pages;
  }
}

/** Notes about an analysis that did not read every page (PARTIAL_SUCCESS, warnings). */
export function asyncAnalysisNotes(pages: readonly GetExpenseAnalysisResponse[]): string[] {
  const notes: string[] = [];
  const first = pages[0];
  if (first?.JobStatus === 'PARTIAL_SUCCESS') notes.push(`Amazon Textract read the document only in part: ${first.StatusMessage ?? 'some pages failed'}.`);
  const warned = pages.flatMap((p) => p.Warnings ?? []).flatMap((w) => (w.Pages ?? []).map((n) => `${n} (${w.ErrorCode ?? 'warning'})`));
  if (warned.length > 0) notes.push(`Amazon Textract warned about pages ${warned.join(', ')}.`);
  return notes;
}
