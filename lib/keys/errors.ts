/**
 * Errors of the key layer.
 *
 * Shown to callers (ServiceError; the status of each code is decided at the
 * edge, functions/_shared/errors.ts):
 *
 * | class               | code             | when                                                  |
 * |---------------------|------------------|-------------------------------------------------------|
 * | UnauthorizedError   | `UNAUTHORIZED`   | no key, unknown key, revoked key (401)                |
 * | RateLimitedError    | `RATE_LIMITED`   | over the per-minute limit; carries `Retry-After` (429) |
 * | QuotaExceededError  | `QUOTA_EXCEEDED` | the plan's monthly conversions are used up (429)      |
 * | IdempotencyKeyReusedError | `IDEMPOTENCY_KEY_REUSED` | an Idempotency-Key sent again with another body (422) |
 * | IdempotencyInProgressError | `IDEMPOTENCY_IN_PROGRESS` | the request of that key still runs; carries `Retry-After` (409) |
 * | IdempotencyAnswerUnavailableError | `IDEMPOTENCY_ANSWER_UNAVAILABLE` | done and charged, its answer not kept (409) |
 *
 * Operational (startup or disk problems, never shown to callers):
 * KeyStoreLockedError, KeyStoreCorruptError, KeyStoreFailedError.
 */
import { ServiceError } from '../errors.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATH } from './idempotency.js';
import type { Plan } from './store.js';

/** No API key, or one that is unknown or revoked (spec, "Authentication": 401). */
export class UnauthorizedError extends ServiceError {
  constructor(readonly reason: 'missing' | 'invalid') {
    super(
      'UNAUTHORIZED',
      reason === 'missing'
        ? 'An API key is required: send it as "X-API-Key: <key>" or "Authorization: Bearer <key>".'
        : 'The API key is invalid or has been revoked.',
    );
  }
}

/** More requests in a minute than the limit (spec, "Limits": 60 a minute). `headers` is read by the error mapping. */
export class RateLimitedError extends ServiceError {
  /** Extra response headers: `Retry-After` in whole seconds. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', `Too many requests for this API key: at most the allowed number per minute. Retry in ${retryAfterSeconds} s.`);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/** The plan's monthly conversions are used up (spec, "Limits"; DECISIONS.md: 429 QUOTA_EXCEEDED). */
export class QuotaExceededError extends ServiceError {
  constructor(
    readonly plan: Plan,
    readonly quota: number,
    /** ISO date (UTC) when the quota renews. */
    readonly renewsOn: string,
  ) {
    super('QUOTA_EXCEEDED', `The ${quota} monthly conversions of plan ${plan} are used up; the quota renews on ${renewsOn} (UTC).`);
  }
}

/** An Idempotency-Key sent again with a different request body (./idempotency.ts). */
export class IdempotencyKeyReusedError extends ServiceError {
  constructor() {
    super(
      'IDEMPOTENCY_KEY_REUSED',
      `This ${IDEMPOTENCY_KEY_HEADER} was used in the last 24 hours with a different request body. Send a new key for a new request.`,
      [{ path: IDEMPOTENCY_KEY_PATH, message: 'already bound to another request body' }],
    );
  }
}

/** The request of this Idempotency-Key is still running: nothing was converted or charged for this one. */
export class IdempotencyInProgressError extends ServiceError {
  /** Extra response headers: `Retry-After` in whole seconds. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(readonly retryAfterSeconds: number) {
    super(
      'IDEMPOTENCY_IN_PROGRESS',
      `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed. Retry in ${retryAfterSeconds} s to get its answer.`,
    );
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/** The request of this Idempotency-Key was converted and charged once, but its answer was not kept for replay. */
export class IdempotencyAnswerUnavailableError extends ServiceError {
  constructor() {
    super(
      'IDEMPOTENCY_ANSWER_UNAVAILABLE',
      `The request with this ${IDEMPOTENCY_KEY_HEADER} was converted (and charged) once, but its answer was too large to keep or has been evicted; it is not converted again. Send a new key to convert the document again.`,
    );
  }
}

/**
 * The data directory still holds the key store files of a version before
 * SQLite, and a process of that version has them open (its lock file names
 * a live process): they cannot be moved into the database while it writes them.
 */
export class KeyStoreLockedError extends Error {
  readonly code = 'KEY_STORE_LOCKED';

  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `The key store files in ${dataDir} are in use by ${pid === undefined ? 'another process' : `process ${pid}`}` +
        ` (a server or keys command of an earlier version). Stop it, then start again: its data then moves into the database.` +
        ` If no such process exists, delete ${dataDir}/lock.`,
    );
    this.name = 'KeyStoreLockedError';
  }
}

/** The key store files of an earlier version cannot be read back (not a torn last journal line, which is dropped: real corruption). */
export class KeyStoreCorruptError extends Error {
  readonly code = 'KEY_STORE_CORRUPT';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KeyStoreCorruptError';
  }
}

/** A write failed or the store was closed; the store refuses further work until reopened. */
export class KeyStoreFailedError extends Error {
  readonly code = 'KEY_STORE_FAILED';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KeyStoreFailedError';
  }
}
