/**
 * The body of a successful v1 conversion, built in one place: the synchronous
 * answer of POST /api/v1/convert and the answer of a succeeded job
 * (GET /api/v1/jobs/{jobId}) are the same document.
 */
import type { ConvertResult } from './convert.js';

/** What goes into `meta` besides `apiVersion`. */
export interface ConvertAnswerMeta {
  processingTimeMs: number;
  creditsRemaining: number;
  /** The extractor's name (`local`, `aws`). */
  extractor: string;
  /** Set when the conversion ran as a job. */
  jobId?: string;
}

/** `{success, data{extractedData, factureX, validation, missing}, meta{apiVersion: "1.0", processingTimeMs, creditsRemaining, extractor, jobId?}}`. */
export function convertAnswer(result: ConvertResult, meta: ConvertAnswerMeta) {
  return {
    success: true as const,
    data: { extractedData: result.extractedData, factureX: result.factureX, validation: result.validation, missing: result.missing },
    meta: {
      apiVersion: '1.0' as const,
      processingTimeMs: meta.processingTimeMs,
      creditsRemaining: meta.creditsRemaining,
      extractor: meta.extractor,
      ...(meta.jobId === undefined ? {} : { jobId: meta.jobId }),
    },
  };
}
