/**
 * The local {@link JobStore} and {@link JobBlobs} of `npm start`: one JSON
 * file per job in `<dir>/jobs/`, documents and answers beside them in
 * `<dir>/blobs/`. Every worker process of the local server reads the same
 * files, so a job submitted to one is polled through any. Writes go to a
 * temporary file renamed over the old one (a reader never sees half a job);
 * a transition holds a per-job lock file (O_EXCL) across its read-check-write,
 * so two processes cannot both move the same job.
 *
 * {@link sweepJobs} runs when the server starts: jobs still queued or running
 * then were interrupted by the server's stop and are failed
 * (`JOB_INTERRUPTED`; their credit was never committed), and jobs past their
 * 24 hours are deleted with their files.
 */
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { isExpired, isFinal, isJobId, type JobError, type JobPatch, type JobRecord, type JobStatus } from '../job.js';
import type { JobBlobs, JobStore } from '../ports.js';

/** A lock older than this is left over by a process that died holding it. */
const STALE_LOCK_MS = 10_000;
const LOCK_WAIT_MS = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Whether the process that wrote the lock file no longer exists (it was killed while holding it: the next start's
 * sweep would otherwise wait for the lock and give up). False while the owner lives, and when the file names no
 * process (still being written, or written by an older version): the age limit then decides.
 */
async function lockOwnerIsDead(lock: string): Promise<boolean> {
  const pid = Number(await readFile(lock, 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

async function readJson(path: string): Promise<JobRecord | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as JobRecord;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Jobs as files in `<dataDir>/jobs`. */
export class FileJobStore implements JobStore {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'jobs');
  }

  private path(id: string): string {
    if (!isJobId(id)) throw new RangeError(`Not a job id: ${id}`);
    return join(this.dir, `${id}.json`);
  }

  private async locked<T>(id: string, fn: () => Promise<T>): Promise<T> {
    await mkdir(this.dir, { recursive: true });
    const lock = `${this.path(id)}.lock`;
    const started = Date.now();
    for (;;) {
      try {
        const handle = await open(lock, 'wx');
        // The owner's process id, so that a lock left by a process that died holding it (kill -9) is taken at once.
        await handle.writeFile(String(process.pid));
        await handle.close();
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
        if (age > STALE_LOCK_MS || (await lockOwnerIsDead(lock))) await rm(lock, { force: true });
        else if (Date.now() - started > LOCK_WAIT_MS) throw new Error(`Job ${id} stayed locked for ${LOCK_WAIT_MS} ms.`);
        else await sleep(5);
      }
    }
    try {
      return await fn();
    } finally {
      await rm(lock, { force: true });
    }
  }

  async create(job: JobRecord, now: Date): Promise<{ created: true } | { created: false; existing: JobRecord }> {
    return this.locked(job.id, async () => {
      const existing = await readJson(this.path(job.id));
      if (existing && !isExpired(existing, now)) return { created: false, existing };
      await writeAtomic(this.path(job.id), JSON.stringify(job));
      return { created: true };
    });
  }

  async get(id: string): Promise<JobRecord | undefined> {
    return isJobId(id) ? readJson(this.path(id)) : undefined;
  }

  async transition(id: string, from: readonly JobStatus[], patch: JobPatch): Promise<JobRecord | undefined> {
    return this.locked(id, async () => {
      const job = await readJson(this.path(id));
      if (!job || !from.includes(job.status)) return undefined;
      const next: JobRecord = { ...job, ...patch };
      await writeAtomic(this.path(id), JSON.stringify(next));
      return next;
    });
  }

  /** Every job on disk (the start-up sweep). */
  async list(): Promise<JobRecord[]> {
    const names = await readdir(this.dir).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? [] : Promise.reject(err)));
    const jobs = await Promise.all(names.filter((n) => /^job_[a-z2-7]{26}\.json$/.test(n)).map((n) => readJson(join(this.dir, n))));
    return jobs.filter((j): j is JobRecord => j !== undefined);
  }

  /** Deletes a job's record. */
  async remove(id: string): Promise<void> {
    await rm(this.path(id), { force: true });
  }
}

/** Blobs as files in `<dataDir>/blobs/<name>`. */
export class FileJobBlobs implements JobBlobs {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'blobs');
  }

  private path(name: string): string {
    if (!/^(inputs|results)\/job_[a-z2-7]{26}(\.json)?$/.test(name)) throw new RangeError(`Not a job blob name: ${name}`);
    return join(this.dir, name);
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    const path = this.path(name);
    await mkdir(join(path, '..'), { recursive: true });
    await writeAtomic(path, bytes);
  }

  async get(name: string): Promise<Uint8Array | undefined> {
    try {
      return new Uint8Array(await readFile(this.path(name)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(name: string): Promise<void> {
    await rm(this.path(name), { force: true });
  }
}

/** The failure recorded on a job the server's stop interrupted. */
export const INTERRUPTED_BY_STOP: JobError = Object.freeze({
  statusCode: 503,
  code: 'JOB_INTERRUPTED',
  message: 'The server stopped before the job finished. No credit was taken; submit the document again.',
});

/**
 * At server start: fails the jobs a previous run left queued or running (no
 * process runs them any more; the local key store gave their credits back when
 * it opened) and deletes jobs past their 24 hours with their blobs. Returns
 * what it did, for the start-up log.
 */
export async function sweepJobs(store: FileJobStore, blobs: FileJobBlobs, now: Date = new Date()): Promise<{ interrupted: number; expired: number }> {
  let interrupted = 0;
  let expired = 0;
  for (const job of await store.list()) {
    if (isExpired(job, now)) {
      await Promise.all([blobs.delete(job.input), job.result ? blobs.delete(job.result) : undefined, store.remove(job.id)]);
      expired++;
    } else if (!isFinal(job.status)) {
      const failed = await store.transition(job.id, ['queued', 'running'], { status: 'failed', updatedAt: now.toISOString(), error: { ...INTERRUPTED_BY_STOP } });
      if (failed) {
        await blobs.delete(job.input);
        interrupted++;
      }
    }
  }
  return { interrupted, expired };
}
