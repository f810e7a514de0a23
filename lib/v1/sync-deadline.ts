/**
 * The deadline of a synchronous v1 conversion (issue 14, point 3): the
 * answer must leave before API Gateway's 29 s integration cap, whatever the
 * document. The conversion gets {@link SYNC_BUDGET_MS} from the start of the
 * invocation (and never more than the invocation has left, less the time to
 * answer); a conversion cut by it is answered 422 DOCUMENT_TOO_COMPLEX with
 * `limit: "sync-time"` and a message pointing to `"async": true`, and
 * consumes no credit (the metered step gives it back).
 */
import { DocumentTooComplexError, ServiceError } from '../errors.js';
import { ANSWER_MARGIN_MS } from '../isolate/budgets.js';
import { SYNC_BUDGET_MS } from '../jobs/job.js';

export { SYNC_BUDGET_MS };

/**
 * The epoch-ms deadline of a synchronous conversion that started `elapsedMs`
 * ago, in an invocation with `remainingMs` left (undefined: no cap).
 */
export function syncDeadline(now: number, elapsedMs: number, remainingMs: number | undefined, budgetMs: number = SYNC_BUDGET_MS): number {
  const byBudget = now - elapsedMs + budgetMs;
  if (remainingMs === undefined || !Number.isFinite(remainingMs)) return byBudget;
  return Math.min(byBudget, now + remainingMs - ANSWER_MARGIN_MS);
}

/** The synchronous conversion ran out of its time: send the document again with `async: true`. */
export class SyncDeadlineError extends DocumentTooComplexError {
  constructor(budgetMs: number, options?: { cause?: unknown }) {
    super(
      'sync-time',
      `The document could not be converted within the ${Math.round(budgetMs / 1000)} s a synchronous conversion may take. ` +
        'Send it again with "async": true (POST /api/v1/convert answers 202 with a jobId to poll at GET /api/v1/jobs/{jobId}). No credit was taken.',
      budgetMs,
      options,
    );
  }
}

/** Codes of the failures a deadline causes: a job stopped at its time budget, an AWS call past the deadline, no worker free in time. */
const TIME_CODES = new Set(['DOCUMENT_TOO_COMPLEX', 'UPSTREAM_UNAVAILABLE', 'SERVER_BUSY']);

/**
 * `err`, or a {@link SyncDeadlineError} when `err` is a time failure that
 * happened at the synchronous deadline (the isolation pool stops jobs
 * ANSWER_MARGIN_MS before it; an AWS call is cut at it). A document past its
 * own limits earlier (a 4 s text-reading budget, a decompression bomb) keeps
 * its own error: sending it asynchronously would not help.
 */
export function atSyncDeadline(err: unknown, deadline: number, now: number, budgetMs: number = SYNC_BUDGET_MS): unknown {
  if (!(err instanceof ServiceError) || !TIME_CODES.has(err.code)) return err;
  if (err instanceof DocumentTooComplexError && err.limit !== 'time') return err;
  if (now < deadline - ANSWER_MARGIN_MS - 500) return err;
  return new SyncDeadlineError(budgetMs, { cause: err });
}
