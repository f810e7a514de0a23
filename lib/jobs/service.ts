/**
 * The use cases of asynchronous conversions (./job.ts): submit, run, read.
 *
 * Credits: the credit is reserved at submission (so an exhausted quota is a
 * 429 at once, as on the synchronous path), committed when the job produces
 * its Factur-X XML, released when it fails or ends with a partial result
 * (what was read, `factureX: null`). The transition to a final state
 * is atomic and made once, and only the caller that made it settles the
 * credit: a job is never charged twice, nor both charged and refunded,
 * whatever the redeliveries.
 *
 * Order on success: the answer is written, the credit committed, then the job
 * marked succeeded. A crash between the commit and the mark leaves the job
 * running; the redelivered run converts again and commits the same
 * reservation again, which the stores treat as done (commit is idempotent).
 *
 * Nothing here knows HTTP or AWS: the conversion and the error mapping come in
 * as functions, the stores through ./ports.ts.
 */
import { IdempotencyKeyReusedError, QuotaExceededError } from '../keys/errors.js';
import { renewalDateOf, type KeyIdentity, type KeyStore } from '../keys/store.js';
import { JobNotFoundError } from './errors.js';
import {
  inputName,
  isExpired,
  isFinal,
  isJobId,
  isStale,
  jobIdFor,
  JOB_TTL_MS,
  newJobId,
  resultName,
  type JobError,
  type JobRecord,
  type JobRequest,
} from './job.js';
import type { JobBlobs, JobQueue, JobStore } from './ports.js';

/** What the use cases need. */
export interface JobDeps {
  jobs: JobStore;
  blobs: JobBlobs;
  /** The key store's credit calls (the same store the synchronous path meters with). */
  keys: Pick<KeyStore, 'reserveCredit' | 'commit' | 'release'>;
  clock?: () => Date;
}

/** What a submission carries. */
export interface JobSubmission {
  request: JobRequest;
  /** The document. */
  bytes: Uint8Array;
  /** Idempotency-Key and body fingerprint: the job id then derives from them (./job.ts, jobIdFor). */
  idempotency?: { key: string; fingerprint: string } | undefined;
}

const nowOf = (deps: JobDeps) => (deps.clock ?? (() => new Date()))();

/** The failure recorded when a job's document or answer is gone before it could be used. */
const INPUT_GONE: JobError = { statusCode: 410, code: 'JOB_INTERRUPTED', message: 'The document of this job is no longer stored; submit it again. No credit was taken.' };

/** The failure recorded on a job found unfinished past JOB_STALE_AFTER_MS. */
export const STALE_JOB_ERROR: JobError = Object.freeze({
  statusCode: 503,
  code: 'JOB_INTERRUPTED',
  message: 'The job did not finish in time: what ran it stopped. No credit was taken; submit the document again.',
});

/**
 * Creates a job and hands it to the queue: reserves a credit
 * (QuotaExceededError when the month's quota is used up), stores the document,
 * then the job, then enqueues it. A failure at any step gives the credit back
 * and leaves no job to poll.
 *
 * With an Idempotency-Key, a repeat with the same body gets the first job
 * (`replayed: true`, nothing reserved), a repeat with another body
 * IdempotencyKeyReusedError; after 24 h the key is free again.
 */
export async function submitJob(deps: JobDeps & { queue: JobQueue }, key: KeyIdentity, submission: JobSubmission): Promise<{ job: JobRecord; replayed: boolean }> {
  const now = nowOf(deps);
  const id = submission.idempotency ? jobIdFor(key.id, submission.idempotency.key) : newJobId();
  const replay = (existing: JobRecord): { job: JobRecord; replayed: boolean } | undefined => {
    if (isExpired(existing, now)) return undefined;
    if (existing.keyId !== key.id || existing.fingerprint !== submission.idempotency?.fingerprint) throw new IdempotencyKeyReusedError();
    return { job: existing, replayed: true };
  };
  if (submission.idempotency) {
    const existing = await deps.jobs.get(id);
    const replayed = existing && replay(existing);
    if (replayed) return replayed;
  }
  const credit = await deps.keys.reserveCredit(key, now);
  if (!credit.ok) throw new QuotaExceededError(key.plan, credit.quota, renewalDateOf(credit.period));
  const job: JobRecord = {
    id,
    keyId: key.id,
    plan: key.plan,
    status: 'queued',
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    expiresAt: Math.floor((now.getTime() + JOB_TTL_MS) / 1000),
    request: submission.request,
    input: inputName(id),
    reservation: credit.reservation,
    creditsRemaining: credit.remaining,
    ...(submission.idempotency ? { fingerprint: submission.idempotency.fingerprint } : {}),
    attempts: 0,
  };
  let created: Awaited<ReturnType<JobStore['create']>>;
  try {
    created = await deps.jobs.create(job, now);
  } catch (err) {
    await deps.keys.release(credit.reservation).catch(() => undefined);
    throw err;
  }
  if (!created.created) {
    // A concurrent twin with the same Idempotency-Key got there first: its job is the answer, this credit goes back.
    await deps.keys.release(credit.reservation);
    const replayed = replay(created.existing);
    if (replayed) return replayed;
    throw new IdempotencyKeyReusedError();
  }
  // The document is stored after the job (so a twin never overwrites another's) and before the queue sees the job.
  try {
    await deps.blobs.put(job.input, submission.bytes);
    await deps.queue.enqueue(id);
    return { job, replayed: false };
  } catch (err) {
    const failed = await deps.jobs
      .transition(id, ['queued'], { status: 'failed', updatedAt: nowOf(deps).toISOString(), error: { statusCode: 503, code: 'JOB_INTERRUPTED', message: 'The job could not be queued; no credit was taken.' } })
      .catch(() => undefined);
    if (failed) {
      await deps.keys.release(credit.reservation).catch(() => undefined);
      await deps.blobs.delete(job.input).catch(() => undefined);
    }
    throw err;
  }
}

/** What {@link runJob} needs besides the stores. */
export interface RunJobOptions {
  /**
   * The conversion: the JSON body of the synchronous answer, built with the job's credits remaining, and whether it
   * is charged (it produced Factur-X XML; a partial result, `factureX: null`, is not). Throws on failure.
   */
  convert: (job: JobRecord, bytes: Uint8Array) => Promise<{ body: string; charged: boolean }>;
  /** The one error mapping: what the synchronous path would have answered for `err`. */
  describeError: (err: unknown) => JobError;
}

/**
 * Runs a job: nothing when it is absent or final (a redelivery), else
 * queued|running -> running, the conversion, then succeeded (answer stored,
 * credit committed) or failed (credit released, the error recorded as the
 * synchronous path would have answered it). The document is deleted once the
 * job is final. Returns the job as it ends.
 *
 * Throws only when a store fails (the queue should then deliver it again).
 */
export async function runJob(deps: JobDeps, id: string, options: RunJobOptions): Promise<JobRecord | undefined> {
  const job = await deps.jobs.get(id);
  if (!job || isFinal(job.status)) return job;
  const now = nowOf(deps);
  if (isExpired(job, now) || isStale(job, now)) return failJob(deps, job, STALE_JOB_ERROR);
  const running = await deps.jobs.transition(id, ['queued', 'running'], { status: 'running', updatedAt: now.toISOString(), attempts: job.attempts + 1 });
  if (!running) return deps.jobs.get(id);
  const bytes = await deps.blobs.get(running.input);
  if (!bytes) return failJob(deps, running, INPUT_GONE);
  let outcome: { body: string; charged: boolean };
  try {
    outcome = await options.convert(running, bytes);
  } catch (err) {
    return failJob(deps, running, options.describeError(err));
  }
  const result = resultName(id);
  await deps.blobs.put(result, new TextEncoder().encode(outcome.body));
  // A partial result (what was read, no XML) succeeds as a job but, as on the synchronous path, costs nothing.
  if (outcome.charged) await deps.keys.commit(running.reservation);
  else await deps.keys.release(running.reservation);
  const done = await deps.jobs.transition(id, ['running'], { status: 'succeeded', updatedAt: nowOf(deps).toISOString(), result });
  await deps.blobs.delete(running.input);
  return done ?? deps.jobs.get(id);
}

/** Moves an unfinished job to failed; the caller whose transition wins releases the credit. */
async function failJob(deps: JobDeps, job: JobRecord, error: JobError): Promise<JobRecord | undefined> {
  const failed = await deps.jobs.transition(job.id, ['queued', 'running'], { status: 'failed', updatedAt: nowOf(deps).toISOString(), error });
  if (failed) {
    await deps.keys.release(job.reservation);
    await deps.blobs.delete(job.input).catch(() => undefined);
    return failed;
  }
  return deps.jobs.get(job.id);
}

/** A job as its owner reads it: the record, and once succeeded the answer body. */
export interface JobView {
  job: JobRecord;
  /** The JSON body of the synchronous answer (succeeded jobs). */
  body?: string;
}

/**
 * The job `id` as the key `key` sees it: JobNotFoundError (404) when the id is
 * malformed, unknown, expired or another key's (the same answer, so a key
 * learns nothing of others' jobs). An unfinished job past
 * JOB_STALE_AFTER_MS is failed here (its credit released).
 */
export async function readJob(deps: JobDeps, key: KeyIdentity, id: string): Promise<JobView> {
  if (!isJobId(id)) throw new JobNotFoundError(id);
  let job = await deps.jobs.get(id);
  const now = nowOf(deps);
  if (!job || job.keyId !== key.id || isExpired(job, now)) throw new JobNotFoundError(id);
  if (isStale(job, now)) job = (await failJob(deps, job, STALE_JOB_ERROR)) ?? job;
  if (job.status !== 'succeeded') return { job };
  const bytes = job.result ? await deps.blobs.get(job.result) : undefined;
  if (!bytes) throw new JobNotFoundError(id);
  return { job, body: new TextDecoder().decode(bytes) };
}
