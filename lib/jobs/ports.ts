/**
 * The ports of asynchronous jobs. The core (./service.ts) talks to these; the
 * edge picks the adapters:
 *
 * | port | locally (`npm start`) | on AWS |
 * |---|---|---|
 * | {@link JobStore} | ./local/sqlite-job-store.ts (a table of DATA_DIR/state.db) | ./dynamo-job-store.ts (a DynamoDB table with TTL) |
 * | {@link JobBlobs} | ./local/file-job-blobs.ts (files in DATA_DIR/blobs) | adapters/aws/jobs/s3-blobs.ts (an S3 bucket expiring objects after a day) |
 * | {@link JobQueue} | ./local/in-process-queue.ts (runs jobs in the server process) | adapters/aws/jobs/sqs-queue.ts (SQS, consumed by the worker Lambda) |
 *
 * ./local/memory-job-store.ts keeps jobs in memory (tests).
 */
import type { JobPatch, JobRecord, JobStatus } from './job.js';

/** Where jobs are kept. Every method is atomic on one job. */
export interface JobStore {
  /**
   * Stores a new job, unless one with its id exists and has not expired at
   * `now`: then that one is returned and nothing is written.
   */
  create(job: JobRecord, now: Date): Promise<{ created: true } | { created: false; existing: JobRecord }>;
  /** The job, or undefined. Consistent: a transition that returned is seen. */
  get(id: string): Promise<JobRecord | undefined>;
  /**
   * Applies `patch` when the job's status is one of `from`, in one atomic
   * step; returns the updated job, or undefined when the job is absent or in
   * another state (someone else moved it first).
   */
  transition(id: string, from: readonly JobStatus[], patch: JobPatch): Promise<JobRecord | undefined>;
}

/** Documents and answers of jobs, by name (`inputs/<id>`, `results/<id>.json`). */
export interface JobBlobs {
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or undefined when absent (never written, deleted or expired). */
  get(name: string): Promise<Uint8Array | undefined>;
  /** Removes a blob; absent is fine. */
  delete(name: string): Promise<void>;
}

/** Hands a job to whatever runs it. */
export interface JobQueue {
  enqueue(jobId: string): Promise<void>;
}
