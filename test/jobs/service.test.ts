/**
 * The job use cases (lib/jobs/service.ts) on both local stores: credits taken
 * once and only when XML is produced, idempotent completion, ownership, the
 * Idempotency-Key of a submission, stale jobs, and the start-up sweep.
 */
import { describe, expect, it } from 'vitest';
import { JobNotFoundError } from '../../lib/jobs/errors.js';
import { JOB_STALE_AFTER_MS, JOB_TTL_MS, type JobRecord, type JobRequest } from '../../lib/jobs/job.js';
import { FileJobBlobs } from '../../lib/jobs/local/file-job-blobs.js';
import { openSqliteJobStore, sweepJobs, type SqliteJobStore } from '../../lib/jobs/local/sqlite-job-store.js';
import { MemoryJobBlobs, MemoryJobStore } from '../../lib/jobs/local/memory-job-store.js';
import type { JobBlobs, JobQueue, JobStore } from '../../lib/jobs/ports.js';
import { readJob, runJob, submitJob, type JobDeps } from '../../lib/jobs/service.js';
import { IdempotencyKeyReusedError, QuotaExceededError } from '../../lib/keys/errors.js';
import { openLocalKeyStore, type LocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import type { KeyIdentity } from '../../lib/keys/store.js';
import { fakeClock, startTsx, tempDataDir } from '../keys/support.js';

const REQUEST: JobRequest = { mimeType: 'application/pdf', profile: 'comfort', bytes: 3, reason: 'asked' };
const DOC = new Uint8Array([1, 2, 3]);
const noError = () => ({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'unexpected' });

interface Setup {
  deps: JobDeps & { queue: JobQueue };
  keys: LocalKeyStore;
  owner: KeyIdentity;
  other: KeyIdentity;
  queued: string[];
  clock: ReturnType<typeof fakeClock>;
  /** The data directory (jobs, blobs and keys). */
  dir: string;
}

async function setup(kind: 'memory' | 'sqlite', quota = 5): Promise<Setup> {
  const dir = await tempDataDir();
  const clock = fakeClock('2026-11-10T10:00:00Z');
  const { store: keys } = await openLocalKeyStore({ dataDir: dir, createDevelopmentKey: false, clock: clock.now, limits: { monthlyQuota: { free: quota } } });
  const owner = (await keys.createKey('free', 'owner')).record;
  const other = (await keys.createKey('free', 'other')).record;
  const jobs: JobStore = kind === 'memory' ? new MemoryJobStore() : await openSqliteJobStore(dir);
  const blobs: JobBlobs = kind === 'memory' ? new MemoryJobBlobs() : new FileJobBlobs(dir);
  const queued: string[] = [];
  return { deps: { jobs, blobs, keys, clock: clock.now, queue: { enqueue: async (id) => void queued.push(id) } }, keys, owner, other, queued, clock, dir };
}

describe.each(['memory', 'sqlite'] as const)('jobs on the %s store', (kind) => {
  it('submit reserves one credit and queues the job; a run that produces XML commits it once, a second run changes nothing', async () => {
    const s = await setup(kind);
    const { job } = await submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC });
    expect(job).toMatchObject({ status: 'queued', keyId: s.owner.id, creditsRemaining: 4, attempts: 0 });
    expect(s.queued).toEqual([job.id]);
    expect(await s.keys.remaining(s.owner)).toBe(4);
    let runs = 0;
    const convert = async (j: JobRecord, bytes: Uint8Array) => {
      runs++;
      return { body: JSON.stringify({ success: true, data: { bytes: [...bytes] }, meta: { creditsRemaining: j.creditsRemaining } }), charged: true };
    };
    const done = await runJob(s.deps, job.id, { convert, describeError: noError });
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1 });
    const again = await runJob(s.deps, job.id, { convert, describeError: noError });
    expect(again?.status).toBe('succeeded');
    expect(runs).toBe(1);
    expect(await s.keys.remaining(s.owner)).toBe(4);
    const view = await readJob(s.deps, s.owner, job.id);
    expect(JSON.parse(view.body!)).toEqual({ success: true, data: { bytes: [1, 2, 3] }, meta: { creditsRemaining: 4 } });
    // The document is not kept once the job is done.
    expect(await s.deps.blobs.get(job.input)).toBeUndefined();
  });

  it('a partial result (what was read, no Factur-X XML) succeeds as a job and gives the credit back', async () => {
    const s = await setup(kind);
    const { job } = await submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC });
    expect(await s.keys.remaining(s.owner)).toBe(4);
    const body = JSON.stringify({ success: true, data: { factureX: null, missing: ['buyer.name'] } });
    const done = await runJob(s.deps, job.id, { convert: async () => ({ body, charged: false }), describeError: noError });
    expect(done).toMatchObject({ status: 'succeeded' });
    expect(await s.keys.remaining(s.owner)).toBe(5);
    expect((await readJob(s.deps, s.owner, job.id)).body).toBe(body);
    // A redelivery changes nothing: no second release, no charge.
    await runJob(s.deps, job.id, { convert: async () => ({ body, charged: true }), describeError: noError });
    expect(await s.keys.remaining(s.owner)).toBe(5);
  });

  it('a failed conversion records the error as the synchronous path would answer it and gives the credit back', async () => {
    const s = await setup(kind);
    const { job } = await submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC });
    const failed = await runJob(s.deps, job.id, {
      convert: async () => Promise.reject(new Error('nothing usable')),
      describeError: (err) => ({ statusCode: 422, code: 'EXTRACTION_FAILED', message: (err as Error).message }),
    });
    expect(failed).toMatchObject({ status: 'failed', error: { statusCode: 422, code: 'EXTRACTION_FAILED', message: 'nothing usable' } });
    expect(await s.keys.remaining(s.owner)).toBe(5);
    const view = await readJob(s.deps, s.owner, job.id);
    expect(view.body).toBeUndefined();
    expect(view.job.status).toBe('failed');
  });

  it('only the key that created a job reads it; unknown and malformed ids are the same 404', async () => {
    const s = await setup(kind);
    const { job } = await submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC });
    await expect(readJob(s.deps, s.other, job.id)).rejects.toBeInstanceOf(JobNotFoundError);
    await expect(readJob(s.deps, s.owner, 'job_aaaaaaaaaaaaaaaaaaaaaaaaaa')).rejects.toBeInstanceOf(JobNotFoundError);
    await expect(readJob(s.deps, s.owner, '../../etc/passwd')).rejects.toBeInstanceOf(JobNotFoundError);
    expect((await readJob(s.deps, s.owner, job.id)).job.status).toBe('queued');
  });

  it('an exhausted quota refuses the submission with QUOTA_EXCEEDED and leaves no job', async () => {
    const s = await setup(kind, 1);
    await submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC });
    await expect(submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC })).rejects.toBeInstanceOf(QuotaExceededError);
    expect(s.queued).toHaveLength(1);
  });

  it('with an Idempotency-Key a repeat gets the same job and no second credit; another body is refused', async () => {
    const s = await setup(kind);
    const idem = { key: 'order-77', fingerprint: 'f1' };
    const first = await submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC, idempotency: idem });
    const repeat = await submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC, idempotency: idem });
    expect(repeat).toMatchObject({ replayed: true, job: { id: first.job.id } });
    expect(await s.keys.remaining(s.owner)).toBe(4);
    await expect(submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC, idempotency: { key: 'order-77', fingerprint: 'f2' } })).rejects.toBeInstanceOf(
      IdempotencyKeyReusedError,
    );
    // The same Idempotency-Key of another API key is another job.
    const others = await submitJob(s.deps, s.other, { request: REQUEST, bytes: DOC, idempotency: idem });
    expect(others.job.id).not.toBe(first.job.id);
    // After 24 hours the key is free again.
    s.clock.advance(JOB_TTL_MS + 1000);
    const later = await submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC, idempotency: idem });
    expect(later).toMatchObject({ replayed: false, job: { id: first.job.id, status: 'queued' } });
  });

  it('a run that died after committing is run again on redelivery and charged once', async () => {
    const s = await setup(kind);
    const { job } = await submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC });
    const real = s.deps.jobs.transition.bind(s.deps.jobs);
    let crash = true;
    const flaky: JobStore = {
      create: (j, now) => s.deps.jobs.create(j, now),
      get: (id) => s.deps.jobs.get(id),
      transition: async (id, from, patch) => {
        if (patch.status === 'succeeded' && crash) {
          crash = false;
          throw new Error('store down');
        }
        return real(id, from, patch);
      },
    };
    const convert = async () => ({ body: '{"success":true}', charged: true });
    await expect(runJob({ ...s.deps, jobs: flaky }, job.id, { convert, describeError: noError })).rejects.toThrow('store down');
    expect((await s.deps.jobs.get(job.id))?.status).toBe('running');
    const redelivered = await runJob({ ...s.deps, jobs: flaky }, job.id, { convert, describeError: noError });
    expect(redelivered).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await s.keys.remaining(s.owner)).toBe(4);
  });

  it('a job left unfinished past the stale limit is failed when read, and its credit given back', async () => {
    const s = await setup(kind);
    const { job } = await submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC });
    s.clock.advance(JOB_STALE_AFTER_MS + 1000);
    const view = await readJob(s.deps, s.owner, job.id);
    expect(view.job).toMatchObject({ status: 'failed', error: { code: 'JOB_INTERRUPTED' } });
    expect(await s.keys.remaining(s.owner)).toBe(5);
    // A late run of it does nothing.
    expect((await runJob(s.deps, job.id, { convert: async () => ({ body: '{}', charged: true }), describeError: noError }))?.status).toBe('failed');
    expect(await s.keys.remaining(s.owner)).toBe(5);
  });
});

describe('the local start-up sweep', () => {
  it('fails the unfinished jobs of a process that is gone (a stopped server), not those of a live one, and deletes expired ones', async () => {
    const s = await setup('sqlite');
    const a = await submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC });
    const b = await submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC });
    await s.deps.jobs.transition(b.job.id, ['queued'], { status: 'running', updatedAt: s.clock.now().toISOString() });
    // Another store on the same database, still open (another worker process): its job is left alone.
    const live = await openSqliteJobStore(s.dir);
    const c = await submitJob({ ...s.deps, jobs: live }, s.owner, { request: REQUEST, bytes: DOC });
    (s.deps.jobs as SqliteJobStore).close(); // the process of a and b stops
    const sweeper = await openSqliteJobStore(s.dir);
    const blobs = s.deps.blobs as FileJobBlobs;
    expect(await sweepJobs(sweeper, blobs, s.clock.now())).toEqual({ interrupted: 2, expired: 0 });
    for (const id of [a.job.id, b.job.id]) expect(await sweeper.get(id)).toMatchObject({ status: 'failed', error: { code: 'JOB_INTERRUPTED' } });
    expect(await blobs.get(a.job.input)).toBeUndefined();
    expect(await sweeper.get(c.job.id)).toMatchObject({ status: 'queued' });
    expect(await blobs.get(c.job.input)).toEqual(DOC);
    expect(await sweepJobs(sweeper, blobs, new Date(s.clock.now().getTime() + JOB_TTL_MS + 1))).toEqual({ interrupted: 0, expired: 3 });
    expect(await sweeper.get(a.job.id)).toBeUndefined();
    live.close();
    sweeper.close();
  });
});

describe('several processes on one job store', () => {
  it('three processes racing to start the same 20 jobs: each is started exactly once', async () => {
    const s = await setup('sqlite', 30);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await submitJob(s.deps, s.owner, { request: REQUEST, bytes: DOC })).job.id);
    const racers = await Promise.all([1, 2, 3].map(() => startTsx('test/jobs/fixtures/transition-child.ts', [s.dir, ...ids], 'READY')));
    const done = racers.map(({ child, output }) => new Promise<string>((ok) => child.once('exit', () => ok(output()))));
    for (const { child } of racers) child.stdin!.write('go\n');
    const won = (await Promise.all(done)).flatMap((out) => [...out.matchAll(/^WON (\S+)$/gm)].map((m) => m[1]!));
    expect(won.sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await s.deps.jobs.get(id)).toMatchObject({ status: 'running' });
  }, 60_000);
});
