/** A {@link JobStore} and {@link JobBlobs} in memory, for tests and one-process runs. */
import { isExpired, type JobPatch, type JobRecord, type JobStatus } from '../job.js';
import type { JobBlobs, JobStore } from '../ports.js';

const copy = <T>(v: T): T => structuredClone(v);

/** Jobs in a Map; every call completes synchronously, so each is atomic. */
export class MemoryJobStore implements JobStore {
  readonly jobs = new Map<string, JobRecord>();

  async create(job: JobRecord, now: Date): Promise<{ created: true } | { created: false; existing: JobRecord }> {
    const existing = this.jobs.get(job.id);
    if (existing && !isExpired(existing, now)) return { created: false, existing: copy(existing) };
    this.jobs.set(job.id, copy(job));
    return { created: true };
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const job = this.jobs.get(id);
    return job && copy(job);
  }

  async transition(id: string, from: readonly JobStatus[], patch: JobPatch): Promise<JobRecord | undefined> {
    const job = this.jobs.get(id);
    if (!job || !from.includes(job.status)) return undefined;
    const next = { ...job, ...copy(patch) };
    this.jobs.set(id, next);
    return copy(next);
  }
}

/** Blobs in a Map. */
export class MemoryJobBlobs implements JobBlobs {
  readonly blobs = new Map<string, Uint8Array>();

  async put(name: string, bytes: Uint8Array): Promise<void> {
    this.blobs.set(name, new Uint8Array(bytes));
  }

  async get(name: string): Promise<Uint8Array | undefined> {
    const b = this.blobs.get(name);
    return b && new Uint8Array(b);
  }

  async delete(name: string): Promise<void> {
    this.blobs.delete(name);
  }
}
