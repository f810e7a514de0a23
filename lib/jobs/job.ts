/**
 * Asynchronous v1 conversions (issue 14, point 3; our extension of the spec,
 * README "Asynchronous conversions"): a job, its states and the rules that
 * move it from one to the next.
 *
 * ```
 *   queued ──start──▶ running ──complete──▶ succeeded
 *     │                 │  ▲
 *     │                 └──┘ start again (the previous attempt died: queue redelivery)
 *     └──────fail────────┴──────fail──────▶ failed
 * ```
 *
 * `succeeded` and `failed` are final: a late or repeated completion changes
 * nothing (every store applies a transition only from the states it names,
 * atomically), so a job's credit is committed or released exactly once.
 * A job answers only to the API key that created it; to any other key it does
 * not exist (404, like an unknown id). Jobs and their documents are kept
 * {@link JOB_TTL_MS} (24 h), then they are gone.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { RuleRequest } from '../rules/rule-sets.js';
import type { Plan, Reservation } from '../keys/store.js';

/** Where a job is. */
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** The states no transition leaves. */
export const FINAL_STATUSES: readonly JobStatus[] = Object.freeze(['succeeded', 'failed'] as const);

/** True when the job is done, one way or the other. */
export function isFinal(status: JobStatus): boolean {
  return status === 'succeeded' || status === 'failed';
}

/** How long a job, its document and its answer are kept: 24 hours (DynamoDB TTL and the S3 lifecycle on AWS). */
export const JOB_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A job not finished this long after it was created is failed when read
 * (`JOB_INTERRUPTED`), and its credit given back: whatever ran it died
 * (a worker killed past every retry, a local server stopped). Longer than the
 * AWS worker may take over all its queue deliveries.
 */
export const JOB_STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * Time a synchronous conversion may take from the start of the invocation,
 * extraction included. API Gateway cuts an integration at 29 s; 20 s leaves
 * room for a cold start (1-3 s) and for answering, so a slow document gets a
 * clear 422 suggesting `async` rather than a 504 (README, "Asynchronous conversions").
 */
export const SYNC_BUDGET_MS = 20_000;

/** Seconds a client is asked to wait between polls of a job that is not finished. */
export const POLL_AFTER_SECONDS = 2;

/** What a job converts: the v1 convert request without its document bytes (kept apart, see {@link JobRecord.input}). */
export interface JobRequest {
  mimeType: string;
  fileName?: string;
  profile: 'basic' | 'comfort' | 'extended';
  businessProcess?: string;
  rules?: RuleRequest;
  /** `ubl`: the XML is written as UBL 2.1 (issue 23); absent: Factur-X CII in `profile`. */
  syntax?: 'ubl';
  /** Size of the document in bytes. */
  bytes: number;
  /** Pages of a PDF, when they were counted. */
  pages?: number;
  /**
   * Why it runs asynchronously: the client asked (`async: true`), or reading the document is estimated not to fit
   * the synchronous deadline (`cost`, lib/v1/cost.ts). `pages` is kept for jobs recorded before issue 25 (then a
   * PDF of more than 3 pages went asynchronous whatever it cost).
   */
  reason: 'asked' | 'cost' | 'pages';
  /** For `cost`: the estimated reading time (ms) and the pages to OCR that decided it. */
  estimate?: { ms: number; ocrPages: number; textPages: number };
}

/** Why a job failed, as the synchronous conversion would have answered it. */
export interface JobError {
  /** The HTTP status the synchronous path would have used (422, 400, 503 ...). */
  statusCode: number;
  /** The envelope's code: EXTRACTION_FAILED, DOCUMENT_TOO_COMPLEX, UPSTREAM_UNAVAILABLE, JOB_INTERRUPTED, INTERNAL_ERROR ... */
  code: string;
  message: string;
  details?: unknown[];
}

/** One job as the stores keep it. */
export interface JobRecord {
  /** `job_` + 26 characters of base32 (random, or derived from the Idempotency-Key). */
  id: string;
  /** The key that created it: the only one that may read it. */
  keyId: string;
  plan: Plan;
  status: JobStatus;
  /** ISO 8601 instants. */
  createdAt: string;
  updatedAt: string;
  /** Epoch seconds after which the job is gone (DynamoDB TTL attribute). */
  expiresAt: number;
  request: JobRequest;
  /** Name of the document in the job blobs ({@link inputName}). */
  input: string;
  /** The credit taken at submission, committed when the job produces Factur-X XML, released when it fails. */
  reservation: Reservation;
  /** Credits left after this conversion (meta.creditsRemaining of the answer). */
  creditsRemaining: number;
  /** SHA-256 of the request body, when submitted with an Idempotency-Key. */
  fingerprint?: string;
  /** Runs started (1 normally; more when a queue redelivered it). */
  attempts: number;
  /** Name of the answer in the job blobs once succeeded ({@link resultName}). */
  result?: string;
  /** Once failed. */
  error?: JobError;
}

/** What a transition may change besides the status. */
export type JobPatch = Partial<Pick<JobRecord, 'attempts' | 'result' | 'error'>> & { status: JobStatus; updatedAt: string };

const JOB_ID = /^job_[a-z2-7]{26}$/;

/** RFC 4648 base32, lower case, no padding: ids that survive URLs, S3 keys and case-insensitive eyes. */
function base32(bytes: Uint8Array, length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** A new random job id (130 bits). */
export function newJobId(): string {
  return `job_${base32(randomBytes(17), 26)}`;
}

/**
 * The job id of an asynchronous submission with an Idempotency-Key: the same
 * (API key, Idempotency-Key) always names the same job, so a retried
 * submission finds the first one instead of starting (and charging) another.
 */
export function jobIdFor(keyId: string, idempotencyKey: string): string {
  return `job_${base32(createHash('sha256').update(`${keyId}\n${idempotencyKey}`).digest(), 26)}`;
}

/** True when `value` has the shape of a job id (anything else is answered 404 without a lookup). */
export function isJobId(value: unknown): value is string {
  return typeof value === 'string' && JOB_ID.test(value);
}

/** Name of a job's document in the blobs. */
export function inputName(jobId: string): string {
  return `inputs/${jobId}`;
}

/** Name of a job's answer (the JSON body of the synchronous conversion) in the blobs. */
export function resultName(jobId: string): string {
  return `results/${jobId}.json`;
}

/** True when the job's 24 hours are over (it is then treated as absent, whatever the store still holds). */
export function isExpired(job: Pick<JobRecord, 'expiresAt'>, now: Date): boolean {
  return job.expiresAt * 1000 <= now.getTime();
}

/** True when an unfinished job is past {@link JOB_STALE_AFTER_MS}: what ran it is gone. */
export function isStale(job: Pick<JobRecord, 'status' | 'createdAt'>, now: Date): boolean {
  return !isFinal(job.status) && now.getTime() - Date.parse(job.createdAt) > JOB_STALE_AFTER_MS;
}

/** The job id of a queue message `{"jobId"}` (the AWS worker's SQS messages), or undefined for a message that is not one. */
export function jobIdOfMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { jobId?: unknown };
    return isJobId(parsed.jobId) ? parsed.jobId : undefined;
  } catch {
    return undefined;
  }
}
