/**
 * Where asynchronous jobs (lib/jobs) live and run, chosen once per process:
 *  - on AWS (JOBS_TABLE set): the DynamoDB jobs table, the S3 jobs bucket
 *    (JOBS_BUCKET) and the SQS queue (JOBS_QUEUE_URL) the worker Lambda reads
 *    (functions/v1-job-worker.ts);
 *  - locally (the default): files in DATA_DIR (jobs/, blobs/) and a queue in
 *    this process, so `npm start` serves the same endpoints with nothing else.
 * The conversion a job runs is v1 convert's, with its answer built by the
 * same function (lib/v1/answer.ts); its failure is described by the one
 * error mapping (./errors.ts), as the synchronous path would answer it.
 */
import type { JobError, JobRecord } from '../../lib/jobs/job.js';
import type { JobBlobs, JobQueue, JobStore } from '../../lib/jobs/ports.js';
import { mapError } from './errors.js';
import { dataDir, getKeyStore } from './key-store.js';
import { logger } from './logger.js';

/** The job stores and queue of this process. */
export interface JobRuntime {
  jobs: JobStore;
  blobs: JobBlobs;
  queue: JobQueue;
  /** Resolves when the local queue has nothing left to run (tests); undefined on AWS. */
  idle?: () => Promise<void>;
}

let current: Promise<JobRuntime> | undefined;

async function openAws(table: string): Promise<JobRuntime> {
  const bucket = process.env.JOBS_BUCKET?.trim();
  const queueUrl = process.env.JOBS_QUEUE_URL?.trim();
  if (!bucket) throw new Error('JOBS_TABLE is set without JOBS_BUCKET.');
  const [{ DynamoJobStore }, { documentClientJobTable, jobDocumentClient }, { s3JobBlobs }, { S3Client }] = await Promise.all([
    import('../../lib/jobs/dynamo-job-store.js'),
    import('../../adapters/aws/jobs/document-client-job-table.js'),
    import('../../adapters/aws/jobs/s3-blobs.js'),
    import('@aws-sdk/client-s3'),
  ]);
  const queue: JobQueue = queueUrl
    ? await (async () => {
        const [{ sqsJobQueue }, { SQSClient }] = await Promise.all([import('../../adapters/aws/jobs/sqs-queue.js'), import('@aws-sdk/client-sqs')]);
        return sqsJobQueue(new SQSClient({}), queueUrl);
      })()
    : {
        // The worker and the GET function read and run jobs; only v1 convert submits them.
        enqueue: () => Promise.reject(new Error('JOBS_QUEUE_URL is not set in this function.')),
      };
  return { jobs: new DynamoJobStore(documentClientJobTable(jobDocumentClient()), table), blobs: s3JobBlobs(new S3Client({}), bucket), queue };
}

async function openLocal(): Promise<JobRuntime> {
  const [{ FileJobBlobs, FileJobStore }, { InProcessQueue }] = await Promise.all([import('../../lib/jobs/local/file-job-store.js'), import('../../lib/jobs/local/in-process-queue.js')]);
  const queue = new InProcessQueue(runJobHere, 1, (jobId, err) => logger.error('job run failed', { jobId, error: err instanceof Error ? err.message : String(err) }));
  return { jobs: new FileJobStore(dataDir()), blobs: new FileJobBlobs(dataDir()), queue, idle: () => queue.idle() };
}

/** The process's job runtime (opened on first use). */
export function getJobRuntime(): Promise<JobRuntime> {
  const table = process.env.JOBS_TABLE?.trim();
  current ??= (table ? openAws(table) : openLocal()).catch((err: unknown) => {
    current = undefined;
    throw err;
  });
  return current;
}

/** Installs a runtime (tests), or none to go back to the default. */
export function setJobRuntime(runtime: JobRuntime | undefined): void {
  current = runtime === undefined ? undefined : Promise.resolve(runtime);
}

/** What the synchronous path would have answered for `err` (the one mapping; 500s are logged there and hidden). */
export function describeJobError(err: unknown): JobError {
  const mapped = mapError(err);
  return {
    statusCode: mapped.statusCode,
    code: mapped.body.error.code,
    message: mapped.body.error.message,
    ...(mapped.body.error.details ? { details: mapped.body.error.details } : {}),
  };
}

/** Converts a job's document: the body of the synchronous answer, with the job's credits and id in `meta`, and whether it is charged. */
async function convertJob(job: JobRecord, bytes: Uint8Array): Promise<{ body: string; charged: boolean }> {
  const startedAt = performance.now();
  const [{ loadConvertModules }, { convertAnswer }] = await Promise.all([import('./v1-modules.js'), import('../../lib/v1/answer.js')]);
  const { convertDocument, config, getExtractor } = await loadConvertModules();
  const extractor = await getExtractor('job');
  const { request } = job;
  const result = await convertDocument(
    {
      bytes,
      mimeType: request.mimeType,
      profile: request.profile,
      storedAt: job.input,
      ...(request.fileName === undefined ? {} : { fileName: request.fileName }),
      ...(request.businessProcess === undefined ? {} : { businessProcess: request.businessProcess }),
      ...(request.rules === undefined ? {} : { rules: request.rules }),
      ...(request.syntax === undefined ? {} : { syntax: request.syntax }),
    },
    { extractor, ...(config.schemaDir ? { schemaDir: config.schemaDir } : {}) },
  );
  // A partial result (no XML) is not charged: its reserved credit goes back, and the answer counts it as remaining.
  const charged = result.factureX !== null;
  const creditsRemaining = charged ? job.creditsRemaining : job.creditsRemaining + 1;
  const body = convertAnswer(result, { processingTimeMs: Math.round(performance.now() - startedAt), creditsRemaining, extractor: extractor.name, jobId: job.id });
  return { body: JSON.stringify(body), charged };
}

/** Runs job `jobId` in this process (the local queue, the AWS worker). Throws only when a store fails. */
export async function runJobHere(jobId: string): Promise<JobRecord | undefined> {
  const [{ runJob }, runtime, keys] = await Promise.all([import('../../lib/jobs/service.js'), getJobRuntime(), getKeyStore()]);
  const job = await runJob({ jobs: runtime.jobs, blobs: runtime.blobs, keys }, jobId, { convert: convertJob, describeError: describeJobError });
  logger.info('job ran', { jobId, status: job?.status, code: job?.error?.code });
  return job;
}

/**
 * At `npm start`: jobs a previous run left unfinished are failed (JOB_INTERRUPTED, no credit), jobs past 24 hours
 * deleted (lib/jobs/local/file-job-store.ts, sweepJobs). Nothing on AWS.
 */
export async function sweepLocalJobs(): Promise<{ interrupted: number; expired: number } | undefined> {
  if (process.env.JOBS_TABLE?.trim()) return undefined;
  const { FileJobBlobs, FileJobStore, sweepJobs } = await import('../../lib/jobs/local/file-job-store.js');
  return sweepJobs(new FileJobStore(dataDir()), new FileJobBlobs(dataDir()));
}
