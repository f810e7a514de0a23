/**
 * The local {@link JobStore} of `npm start`: job records in the data
 * directory's SQLite database (lib/local-db/database.ts), documents and
 * answers as files beside it (./file-job-blobs.ts). Every worker process of
 * the local server opens the same database, so a job submitted to one is
 * polled through any. `create` and `transition` are each one `BEGIN
 * IMMEDIATE` transaction (read, check, write), so two processes cannot both
 * move the same job; a transition that returned is on disk (LocalDatabase.commit).
 *
 * Each job names the process that last moved it (its owner). {@link sweepJobs}
 * runs when the server starts: jobs still queued or running whose process is
 * gone (the server's stop, a kill -9) are failed (`JOB_INTERRUPTED`; their
 * credit was never committed), and jobs past their 24 hours are deleted with
 * their files.
 *
 * The job files of versions before SQLite (`<dataDir>/jobs/<id>.json`) are
 * moved into the database on the first open, once: read, inserted in one
 * transaction, then the folder is renamed `jobs.migrated` (a crash before that
 * leaves it as it was; a crash after the commit, the next open renames it).
 */
import { readdir, readFile, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { endOwner, LocalDatabase, isOwnerAlive, newOwner } from '../../local-db/database.js';
import { isExpired, isFinal, isJobId, type JobError, type JobPatch, type JobRecord, type JobStatus } from '../job.js';
import type { JobBlobs, JobStore } from '../ports.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS jobs (
  id TEXT PRIMARY KEY, status TEXT NOT NULL, expires_at INTEGER NOT NULL, owner TEXT NOT NULL, record TEXT NOT NULL
) STRICT;
`;

/** Owner of the jobs moved in from the files of an older version: no process, so unfinished ones count as interrupted. */
const LEGACY_OWNER = '0.legacy';

/** The folder of the job files of versions before SQLite. */
const LEGACY_JOBS = 'jobs';

/** Job records of the folder of an older version, or undefined when there is none. */
async function readLegacyJobs(dataDir: string): Promise<JobRecord[] | undefined> {
  const dir = join(dataDir, LEGACY_JOBS);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const jobs: JobRecord[] = [];
  for (const name of names.filter((n) => /^job_[a-z2-7]{26}\.json$/.test(n))) {
    try {
      jobs.push(JSON.parse(await readFile(join(dir, name), 'utf8')) as JobRecord);
    } catch {
      // Unreadable (a write cut by a crash): it is lost either way; the folder is kept as it was.
    }
  }
  return jobs;
}

/** Jobs in `<dataDir>/state.db`. Obtain one with {@link openSqliteJobStore}. */
export class SqliteJobStore implements JobStore {
  private readonly owner = newOwner();

  /** @internal use {@link openSqliteJobStore}. */
  constructor(private readonly db: LocalDatabase) {}

  async create(job: JobRecord, now: Date): Promise<{ created: true } | { created: false; existing: JobRecord }> {
    return this.db.commit(() => {
      const existing = this.read(job.id);
      if (existing && !isExpired(existing, now)) return { created: false, existing };
      this.write(job, 'INSERT OR REPLACE');
      return { created: true } as const;
    });
  }

  async get(id: string): Promise<JobRecord | undefined> {
    return isJobId(id) ? this.read(id) : undefined;
  }

  async transition(id: string, from: readonly JobStatus[], patch: JobPatch): Promise<JobRecord | undefined> {
    if (!isJobId(id)) throw new RangeError(`Not a job id: ${id}`);
    return this.db.commit(() => {
      const job = this.read(id);
      if (!job || !from.includes(job.status)) return undefined;
      const next: JobRecord = { ...job, ...patch };
      this.write(next, 'REPLACE');
      return next;
    });
  }

  /** Unfinished jobs whose process is gone, and jobs expired at `now` (the start-up sweep). */
  async leftovers(now: Date): Promise<{ orphaned: JobRecord[]; expired: JobRecord[] }> {
    const jobs = this.db.all<{ record: string; owner: string }>('SELECT record, owner FROM jobs').map((r) => ({ job: JSON.parse(r.record) as JobRecord, owner: r.owner }));
    return {
      expired: jobs.filter(({ job }) => isExpired(job, now)).map(({ job }) => job),
      orphaned: jobs.filter(({ job, owner }) => !isExpired(job, now) && !isFinal(job.status) && !isOwnerAlive(owner)).map(({ job }) => job),
    };
  }

  /** Deletes a job's record. */
  async remove(id: string): Promise<void> {
    this.db.run('DELETE FROM jobs WHERE id = ?', id);
    await this.db.durable();
  }

  /** Closes the database connection; unfinished jobs moved by this store then count as interrupted. */
  close(): void {
    endOwner(this.owner);
    this.db.close();
  }

  private read(id: string): JobRecord | undefined {
    const row = this.db.get<{ record: string }>('SELECT record FROM jobs WHERE id = ?', id);
    return row && (JSON.parse(row.record) as JobRecord);
  }

  private write(job: JobRecord, verb: 'INSERT OR REPLACE' | 'REPLACE', owner = this.owner): void {
    if (!isJobId(job.id)) throw new RangeError(`Not a job id: ${job.id}`);
    this.db.run(`${verb} INTO jobs (id, status, expires_at, owner, record) VALUES (?, ?, ?, ?, ?)`, job.id, job.status, job.expiresAt, owner, JSON.stringify(job));
  }

  /** @internal The migration: inserts the jobs of an older version's files. */
  importLegacy(jobs: readonly JobRecord[]): void {
    for (const job of jobs) if (isJobId(job.id)) this.write(job, 'INSERT OR REPLACE', LEGACY_OWNER);
  }
}

/** Options of {@link openSqliteJobStore}. */
export interface SqliteJobStoreOptions {
  /** @internal Tests of the migration: called inside its transaction, and after it committed. */
  onMigration?: (step: 'imported' | 'committed') => void;
}

/** Opens the job store of `dataDir` (creating the database when missing) and moves an older version's job files in. */
export async function openSqliteJobStore(dataDir: string, options: SqliteJobStoreOptions = {}): Promise<SqliteJobStore> {
  const dir = resolve(dataDir);
  const db = LocalDatabase.open(dir);
  let store: SqliteJobStore | undefined;
  try {
    db.immediate(() => db.exec(SCHEMA)); // one transaction for the whole schema
    const legacy = db.meta('jobs.legacy') === undefined ? await readLegacyJobs(dir) : undefined;
    const opened = new SqliteJobStore(db);
    store = opened;
    const migrated = db.immediate(() => {
      if (db.meta('jobs.legacy') !== undefined) return false;
      if (legacy) opened.importLegacy(legacy);
      db.setMeta('jobs.legacy', legacy ? `migrated ${new Date().toISOString()}` : 'none');
      if (legacy) options.onMigration?.('imported');
      return legacy !== undefined;
    });
    await db.durable();
    if (migrated) options.onMigration?.('committed');
    if (db.meta('jobs.legacy')?.startsWith('migrated')) {
      await rename(join(dir, LEGACY_JOBS), join(dir, `${LEGACY_JOBS}.migrated`)).catch((err: NodeJS.ErrnoException) => {
        // Gone already (renamed by another process), or a folder of that name exists from an earlier migration.
        if (err.code !== 'ENOENT' && err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
      });
    }
    return opened;
  } catch (err) {
    if (store) store.close();
    else db.close();
    throw err;
  }
}

/** The failure recorded on a job the server's stop interrupted. */
export const INTERRUPTED_BY_STOP: JobError = Object.freeze({
  statusCode: 503,
  code: 'JOB_INTERRUPTED',
  message: 'The server stopped before the job finished. No credit was taken; submit the document again.',
});

/**
 * At server start: fails the unfinished jobs whose process is gone (nothing
 * runs them any more; the local key store gives their credits back when it
 * opens) and deletes jobs past their 24 hours with their blobs. Returns what
 * it did, for the start-up log.
 */
export async function sweepJobs(store: SqliteJobStore, blobs: JobBlobs, now: Date = new Date()): Promise<{ interrupted: number; expired: number }> {
  const { orphaned, expired } = await store.leftovers(now);
  for (const job of expired) await Promise.all([blobs.delete(job.input), job.result ? blobs.delete(job.result) : undefined, store.remove(job.id)]);
  let interrupted = 0;
  for (const job of orphaned) {
    const failed = await store.transition(job.id, ['queued', 'running'], { status: 'failed', updatedAt: now.toISOString(), error: { ...INTERRUPTED_BY_STOP } });
    if (failed) {
      await blobs.delete(job.input);
      interrupted++;
    }
  }
  return { interrupted, expired: expired.length };
}
