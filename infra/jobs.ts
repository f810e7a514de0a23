/**
 * Asynchronous v1 conversions on AWS (issue 14, point 3; lib/jobs):
 *
 * - **bucket** of job documents (`inputs/<jobId>`) and answers
 *   (`results/<jobId>.json`): SSE-S3 encryption, every public access blocked,
 *   TLS only, no versions, every object expired after one day (incomplete
 *   uploads too). Textract's StartExpenseAnalysis reads the documents from it
 *   with the worker's own permissions.
 * - **jobs table**: one item per job, TTL on `expiresAt` (24 h), encrypted,
 *   no point-in-time recovery (transient customer data, like the
 *   Idempotency-Key table).
 * - **queue** (SQS, SSE, TLS only) with a **dead-letter queue** after
 *   {@link MAX_RECEIVES} deliveries; the **worker** Lambda
 *   (functions/v1-job-worker.ts) reads it one job at a time and reports batch
 *   item failures, so only the failed job comes back.
 *
 * Grants are per role and per prefix: v1 convert may put documents and
 * create jobs and send messages; GET /api/v1/jobs may read answers and jobs;
 * the worker reads and deletes documents, writes answers, moves jobs, and
 * calls Textract and Bedrock.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { JOB_TABLE_ACTIONS } from '../lib/jobs/dynamo-job-store.js';
import { ApiFunction } from './api-function.js';
import type { CoreLayer } from './core-layer.js';

/** Entry of the worker function. */
export const JOB_WORKER_ENTRY = 'functions/v1-job-worker.ts';

/** The worker's timeout: Textract's asynchronous analysis of a long scan plus the model, with room (JOB_EXTRACTION_TIMEOUT_MS is 240 s). */
export const JOB_WORKER_TIMEOUT = Duration.minutes(5);

/** SQS visibility timeout: six times the worker's timeout, as AWS recommends for Lambda event sources. */
export const JOB_QUEUE_VISIBILITY = Duration.minutes(30);

/** Deliveries of one job message before it goes to the dead-letter queue. */
export const MAX_RECEIVES = 3;

/** Worker instances at most: Textract's asynchronous start has a low request-rate quota. */
export const JOB_WORKER_CONCURRENCY = 5;

/** TTL attribute of the jobs table (lib/jobs/job.ts, JobRecord.expiresAt). */
export const JOBS_TTL_ATTRIBUTE = 'expiresAt';

/** Textract actions of the worker: the asynchronous analysis of stored scans, and AnalyzeExpense for images. */
export const WORKER_TEXTRACT_ACTIONS: readonly string[] = Object.freeze(['textract:AnalyzeExpense', 'textract:StartExpenseAnalysis', 'textract:GetExpenseAnalysis']);

/** Properties of {@link AsyncJobs}. */
export interface AsyncJobsProps {
  coreLayer: CoreLayer;
  serviceName: string;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  sourceMaps: boolean;
  /** Environment of the worker besides the jobs' (credits table, quotas, extractor settings). */
  environment: Record<string, string>;
}

/** The bucket, table, queues and worker of asynchronous jobs. */
export class AsyncJobs extends Construct {
  readonly bucket: Bucket;
  readonly table: Table;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly worker: ApiFunction;

  constructor(scope: Construct, id: string, props: AsyncJobsProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: false,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ id: 'expire-after-a-day', enabled: true, expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      // Objects live a day at most; a stack deletion fails on a non-empty bucket, so it is emptied first (docs/DEPLOY.md).
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.table = new Table(this, 'Table', {
      partitionKey: { name: 'id', type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: JOBS_TTL_ATTRIBUTE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: false },
      encryption: TableEncryption.AWS_MANAGED,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: JOB_QUEUE_VISIBILITY,
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVES },
    });
    this.worker = new ApiFunction(this, 'Worker', {
      entry: JOB_WORKER_ENTRY,
      memorySize: 2048,
      timeout: JOB_WORKER_TIMEOUT,
      coreLayer: props.coreLayer,
      serviceName: `${props.serviceName}-jobs`,
      logLevel: props.logLevel,
      sourceMaps: props.sourceMaps,
      description: 'v1 asynchronous conversions (SQS worker)',
      reservedConcurrentExecutions: JOB_WORKER_CONCURRENCY,
      environment: { ...props.environment, ...this.environment(), JOB_EXTRACTION_TIMEOUT_MS: '240000' },
    });
    this.worker.addEventSource(new SqsEventSource(this.queue, { batchSize: 1, reportBatchItemFailures: true }));
    this.worker.addToRolePolicy(this.objects('WorkerReadsDocuments', ['s3:GetObject', 's3:DeleteObject'], 'inputs'));
    this.worker.addToRolePolicy(this.objects('WorkerWritesAnswers', ['s3:PutObject'], 'results'));
    this.worker.addToRolePolicy(this.items('WorkerMovesJobs', JOB_TABLE_ACTIONS.run));
  }

  /** The environment functions/_shared/jobs.ts reads. */
  environment(options: { queue?: boolean } = {}): Record<string, string> {
    return { JOBS_TABLE: this.table.tableName, JOBS_BUCKET: this.bucket.bucketName, ...(options.queue ? { JOBS_QUEUE_URL: this.queue.queueUrl } : {}) };
  }

  /** v1 convert: put documents, create jobs, send their messages (its environment: `environment({ queue: true })`). */
  grantSubmit(fn: ApiFunction): void {
    fn.addToRolePolicy(this.objects('JobDocuments', ['s3:PutObject'], 'inputs'));
    fn.addToRolePolicy(this.items('JobSubmissions', JOB_TABLE_ACTIONS.submit));
    fn.addToRolePolicy(new PolicyStatement({ sid: 'JobQueue', effect: Effect.ALLOW, actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
  }

  /** GET /api/v1/jobs/{jobId}: read jobs (and fail stale ones), read answers (its environment: `environment()`). */
  grantRead(fn: ApiFunction): void {
    fn.addToRolePolicy(this.objects('JobAnswers', ['s3:GetObject'], 'results'));
    fn.addToRolePolicy(this.items('JobReads', JOB_TABLE_ACTIONS.read));
  }

  /** Textract for the worker, in this region only (no resource-level permissions exist for it). */
  grantTextract(grantee: IGrantable & { addToRolePolicy(s: PolicyStatement): void }, region: string): void {
    grantee.addToRolePolicy(
      new PolicyStatement({ sid: 'Textract', effect: Effect.ALLOW, actions: [...WORKER_TEXTRACT_ACTIONS], resources: ['*'], conditions: { StringEquals: { 'aws:RequestedRegion': region } } }),
    );
  }

  private objects(sid: string, actions: string[], prefix: 'inputs' | 'results'): PolicyStatement {
    return new PolicyStatement({ sid, effect: Effect.ALLOW, actions, resources: [this.bucket.arnForObjects(`${prefix}/*`)] });
  }

  private items(sid: string, actions: readonly string[]): PolicyStatement {
    return new PolicyStatement({ sid, effect: Effect.ALLOW, actions: [...actions], resources: [this.table.tableArn] });
  }
}
