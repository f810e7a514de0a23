/**
 * The AWS paths of asynchronous jobs against mocked SDK clients
 * (aws-sdk-client-mock): Textract's StartExpenseAnalysis / GetExpenseAnalysis,
 * the S3 blobs, the SQS queue, the DynamoDB job store, and the worker Lambda
 * end to end (submit through the v1 convert handler, the SQS message, the
 * worker, the GET handler).
 *
 * No GetExpenseAnalysis response of an invoice is recorded in
 * ../shared/aws-recorded except one: the async multi-page expense response of
 * amazon-textract-response-parser (JobStatus SUCCEEDED, two ExpenseDocuments).
 * Its results are served here as two GetExpenseAnalysis pages (one
 * ExpenseDocument each, joined by a NextToken) to exercise the pagination;
 * GetExpenseAnalysis pages carry the same ExpenseDocuments shape as
 * AnalyzeExpense (Textract API reference).
 */
import { readFileSync } from 'node:fs';
import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { GetExpenseAnalysisCommand, StartExpenseAnalysisCommand, TextractClient, type GetExpenseAnalysisResponse } from '@aws-sdk/client-textract';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDeadline } from '../../adapters/aws/extract/call.js';
import { createAwsExtractor } from '../../adapters/aws/extract/index.js';
import { analyzeExpenseAsync } from '../../adapters/aws/extract/textract-async.js';
import { documentClientJobTable, jobDocumentClient } from '../../adapters/aws/jobs/document-client-job-table.js';
import { s3JobBlobs } from '../../adapters/aws/jobs/s3-blobs.js';
import { sqsJobQueue } from '../../adapters/aws/jobs/sqs-queue.js';
import { setExtractor } from '../../functions/_shared/extractor.js';
import { setJobRuntime } from '../../functions/_shared/jobs.js';
import { setKeyStore } from '../../functions/_shared/key-store.js';
import { handler as convertHandler } from '../../functions/v1-convert.js';
import { handler as worker } from '../../functions/v1-job-worker.js';
import { handler as jobsHandler } from '../../functions/v1-jobs.js';
import { ExtractionError } from '../../lib/errors.js';
import { DynamoJobStore } from '../../lib/jobs/dynamo-job-store.js';
import { openLocalKeyStore, type LocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { awsFixture } from '../fixtures/extract/aws/load.js';
import { context, loadEvent } from '../handlers/load-event.js';
import { requireShared } from '../shared-path.js';

const REGION = 'eu-west-3';
const BUCKET = 'facturx-jobs-test';
const QUEUE = 'https://sqs.eu-west-3.amazonaws.com/123456789012/jobs';
const MODEL = 'eu.anthropic.claude-3-7-sonnet-20250219-v1:0';

const recorded = JSON.parse(readFileSync(requireShared('aws-recorded', 'textract', 'response-parser__src-python_tests_data_analyzeExpenseResponse-multipage.json'), 'utf8')) as GetExpenseAnalysisResponse;
/** The recorded results as two pages joined by a NextToken. */
const pageOne: GetExpenseAnalysisResponse = { ...recorded, ExpenseDocuments: recorded.ExpenseDocuments!.slice(0, 1), NextToken: 'page-2' };
const pageTwo: GetExpenseAnalysisResponse = { ...recorded, ExpenseDocuments: recorded.ExpenseDocuments!.slice(1) };

const textract = mockClient(TextractClient);
const bedrock = mockClient(BedrockRuntimeClient);
const s3 = mockClient(S3Client);
const sqs = mockClient(SQSClient);
const ddb = mockClient(DynamoDBDocumentClient);

const objects = new Map<string, Uint8Array>();
const items = new Map<string, Record<string, unknown>>();
const conditionFailed = () => Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

/** S3 and DynamoDB as far as the adapters use them: objects by key; items by id, with the conditions the store writes. */
function fakeStorage(): void {
  s3.on(PutObjectCommand).callsFake(async (input) => void objects.set(input.Key, new Uint8Array(input.Body as Uint8Array)));
  s3.on(GetObjectCommand).callsFake(async (input) => {
    const bytes = objects.get(input.Key);
    if (!bytes) throw new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} });
    // The part of the SDK's stream mixin the adapter uses.
    return { Body: { transformToByteArray: async () => new Uint8Array(bytes) } as never };
  });
  s3.on(DeleteObjectCommand).callsFake(async (input) => void objects.delete(input.Key));
  ddb.on(PutCommand).callsFake(async (input) => {
    const existing = items.get(input.Item.id);
    if (existing && (existing.expiresAt as number) > input.ExpressionAttributeValues[':now']) throw conditionFailed();
    items.set(input.Item.id, structuredClone(input.Item));
    return {};
  });
  ddb.on(GetCommand).callsFake(async (input) => ({ Item: structuredClone(items.get(input.Key.id)) }));
  ddb.on(UpdateCommand).callsFake(async (input) => {
    const item = items.get(input.Key.id);
    const values = input.ExpressionAttributeValues as Record<string, unknown>;
    const from = Object.entries(values).filter(([k]) => k.startsWith(':from')).map(([, v]) => v);
    if (!item || !from.includes(item.status)) throw conditionFailed();
    for (const part of (input.UpdateExpression as string).replace(/^SET /, '').split(', ')) {
      const [name, value] = part.split(' = ') as [string, string];
      item[input.ExpressionAttributeNames[name]] = structuredClone(values[value]);
    }
    return { Attributes: structuredClone(item) };
  });
}

beforeEach(() => {
  for (const m of [textract, bedrock, s3, sqs, ddb]) m.reset();
  fakeStorage();
});
afterAll(() => {
  for (const m of [textract, bedrock, s3, sqs, ddb]) m.restore();
});

describe('Textract asynchronous expense analysis', () => {
  it('starts the analysis on the stored object, polls while IN_PROGRESS and reads every result page', async () => {
    textract.on(StartExpenseAnalysisCommand).resolves({ JobId: 'tx-1' });
    textract.on(GetExpenseAnalysisCommand).resolvesOnce({ JobStatus: 'IN_PROGRESS' }).resolvesOnce(pageOne).resolvesOnce(pageTwo);
    const deadline = startDeadline(5_000);
    const pages = await analyzeExpenseAsync(new TextractClient({ region: REGION }), { bucket: BUCKET, key: 'inputs/job_x', clientRequestToken: 'job_x', pollIntervalMs: 1 }, deadline);
    deadline.dispose();
    expect(pages.map((p) => p.ExpenseDocuments?.length)).toEqual([1, 1]);
    expect(textract.commandCalls(StartExpenseAnalysisCommand)[0]!.args[0].input).toEqual({
      DocumentLocation: { S3Object: { Bucket: BUCKET, Name: 'inputs/job_x' } },
      ClientRequestToken: 'job_x',
    });
    const gets = textract.commandCalls(GetExpenseAnalysisCommand).map((c) => c.args[0].input);
    expect(gets.map((g) => g.NextToken)).toEqual([undefined, undefined, 'page-2']);
    expect(gets.every((g) => g.JobId === 'tx-1')).toBe(true);
  });

  it('a FAILED analysis is an extraction failure naming Textract\'s message', async () => {
    textract.on(StartExpenseAnalysisCommand).resolves({ JobId: 'tx-2' });
    textract.on(GetExpenseAnalysisCommand).resolves({ JobStatus: 'FAILED', StatusMessage: 'Request has unsupported document format' });
    const deadline = startDeadline(5_000);
    const err = await analyzeExpenseAsync(new TextractClient({ region: REGION }), { bucket: BUCKET, key: 'inputs/job_y', clientRequestToken: 'job_y', pollIntervalMs: 1 }, deadline).catch((e: unknown) => e);
    deadline.dispose();
    expect(err).toBeInstanceOf(ExtractionError);
    expect((err as Error).message).toContain('unsupported document format');
  });

  it('the extractor reads a stored multi-page scan with one asynchronous analysis, not page by page', async () => {
    textract.on(StartExpenseAnalysisCommand).resolves({ JobId: 'tx-3' });
    textract.on(GetExpenseAnalysisCommand).resolvesOnce(pageOne).resolvesOnce(pageTwo);
    let split = 0;
    const extractor = createAwsExtractor({
      region: REGION,
      textract: new TextractClient({ region: REGION }),
      timeoutMs: 5_000,
      maxAttempts: 1,
      asyncDocuments: { bucket: BUCKET, pollIntervalMs: 1 },
      splitPdfPages: async () => (split++, []),
    });
    const invoice = await extractor.extract({ bytes: new TextEncoder().encode('%PDF-1.7 scan'), mimeType: 'application/pdf', storedAt: 'inputs/job_z' });
    expect(split).toBe(0);
    expect(invoice.method).toBe('textract');
    // Read from both pages: the number on page 1, the date and total on page 2 (as the recording has them).
    expect(invoice.invoiceNumber?.value).toBe('00000135');
    expect(invoice.invoiceDate?.value).toBe('2020-03-12');
    expect(invoice.totals.totalTTC?.value).toBe('5715.00');
  });
});

describe('the AWS job adapters', () => {
  it('S3 blobs: put with SSE, get, absent is undefined, delete', async () => {
    const blobs = s3JobBlobs(new S3Client({ region: REGION }), BUCKET);
    await blobs.put('inputs/job_aaaaaaaaaaaaaaaaaaaaaaaaaa', new Uint8Array([7, 8]));
    expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input).toMatchObject({ Bucket: BUCKET, Key: 'inputs/job_aaaaaaaaaaaaaaaaaaaaaaaaaa', ServerSideEncryption: 'AES256' });
    expect([...(await blobs.get('inputs/job_aaaaaaaaaaaaaaaaaaaaaaaaaa'))!]).toEqual([7, 8]);
    await blobs.delete('inputs/job_aaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(await blobs.get('inputs/job_aaaaaaaaaaaaaaaaaaaaaaaaaa')).toBeUndefined();
  });

  it('DynamoDB store: conditional create, transitions only from the named states', async () => {
    const store = new DynamoJobStore(documentClientJobTable(jobDocumentClient(new DynamoDBClient({ region: REGION }))), 'Jobs');
    const now = new Date('2026-11-10T10:00:00Z');
    const job = {
      id: 'job_bbbbbbbbbbbbbbbbbbbbbbbbbb', keyId: 'key_1', plan: 'free' as const, status: 'queued' as const, createdAt: now.toISOString(), updatedAt: now.toISOString(),
      expiresAt: now.getTime() / 1000 + 86_400, request: { mimeType: 'application/pdf', profile: 'comfort' as const, bytes: 1, reason: 'asked' as const },
      input: 'inputs/job_bbbbbbbbbbbbbbbbbbbbbbbbbb', reservation: { id: 'r1', keyId: 'key_1', period: '2026-11' }, creditsRemaining: 9, attempts: 0,
    };
    expect(await store.create(job, now)).toEqual({ created: true });
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input).toMatchObject({ TableName: 'Jobs', ConditionExpression: 'attribute_not_exists(#id) OR #expiresAt <= :now' });
    expect(await store.create(job, now)).toMatchObject({ created: false, existing: { id: job.id } });
    expect(await store.transition(job.id, ['running'], { status: 'succeeded', updatedAt: now.toISOString() })).toBeUndefined();
    expect(await store.transition(job.id, ['queued'], { status: 'running', updatedAt: now.toISOString(), attempts: 1 })).toMatchObject({ status: 'running', attempts: 1 });
    const update = ddb.commandCalls(UpdateCommand).at(-1)!.args[0].input;
    expect(update).toMatchObject({ ConditionExpression: 'attribute_exists(#status) AND #status IN (:from0)', ReturnValues: 'ALL_NEW' });
  });

  it('SQS queue: one message per job', async () => {
    await sqsJobQueue(new SQSClient({ region: REGION }), QUEUE).enqueue('job_cccccccccccccccccccccccccc');
    expect(sqs.commandCalls(SendMessageCommand)[0]!.args[0].input).toEqual({ QueueUrl: QUEUE, MessageBody: '{"jobId":"job_cccccccccccccccccccccccccc"}' });
  });
});

describe('the worker Lambda, end to end on mocked AWS', () => {
  let keys: LocalKeyStore;
  let apiKey = '';

  beforeAll(async () => {
    ({ store: keys } = await openLocalKeyStore({ dataDir: mkdtempSync(join(tmpdir(), 'fx-aws-jobs-')), createDevelopmentKey: false, limits: { monthlyQuota: { free: 5 } } }));
    apiKey = (await keys.createKey('free', 'aws jobs')).key;
    setKeyStore(keys);
    setJobRuntime({
      jobs: new DynamoJobStore(documentClientJobTable(jobDocumentClient(new DynamoDBClient({ region: REGION }))), 'Jobs'),
      blobs: s3JobBlobs(new S3Client({ region: REGION }), BUCKET),
      queue: sqsJobQueue(new SQSClient({ region: REGION }), QUEUE),
    });
    setExtractor(
      createAwsExtractor({
        region: REGION,
        textract: new TextractClient({ region: REGION }),
        bedrock: new BedrockRuntimeClient({ region: REGION }),
        modelId: MODEL,
        timeoutMs: 10_000,
        maxAttempts: 1,
        asyncDocuments: { bucket: BUCKET, pollIntervalMs: 1 },
        // A scan: no text layer, so Textract reads it.
        pdfText: async () => '',
      }),
      'job',
    );
  });
  afterAll(async () => {
    setJobRuntime(undefined);
    await keys.close();
  });

  it('submit -> SQS -> worker (Textract async, Bedrock) -> GET 200 with the conversion; one credit, none on redelivery', async () => {
    textract.on(StartExpenseAnalysisCommand).resolves({ JobId: 'tx-9' });
    textract.on(GetExpenseAnalysisCommand).resolvesOnce({ JobStatus: 'IN_PROGRESS' }).resolvesOnce(pageOne).resolvesOnce(pageTwo);
    bedrock.on(ConverseCommand).resolves(awsFixture<ConverseCommandOutput>('bedrock-converse-tool-use-invoice-fr.json'));
    const identity = (await keys.authenticate({ apiKey }))!;

    const submit = loadEvent('v1-convert/text-pdf-async.json');
    submit.headers['X-API-Key'] = apiKey;
    const accepted = await convertHandler(submit, context);
    expect(accepted.statusCode, accepted.body).toBe(202);
    const jobId = JSON.parse(accepted.body).data.jobId as string;
    expect(await keys.remaining(identity)).toBe(4);
    expect(objects.has(`inputs/${jobId}`)).toBe(true);
    const sent = sqs.commandCalls(SendMessageCommand);
    expect(sent).toHaveLength(1);

    const event = { Records: [{ messageId: 'm-1', body: sent[0]!.args[0].input.MessageBody }] } as unknown as SQSEvent;
    expect(await worker(event)).toEqual({ batchItemFailures: [] });
    expect(textract.commandCalls(StartExpenseAnalysisCommand)[0]!.args[0].input).toMatchObject({
      DocumentLocation: { S3Object: { Bucket: BUCKET, Name: `inputs/${jobId}` } },
      ClientRequestToken: jobId,
    });
    expect(items.get(jobId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    // The document is deleted once the job is done; the answer is kept (the bucket expires it after a day).
    expect(objects.has(`inputs/${jobId}`)).toBe(false);
    expect(objects.has(`results/${jobId}.json`)).toBe(true);

    const get = loadEvent('v1-jobs/get.json');
    get.headers['X-API-Key'] = apiKey;
    get.pathParameters = { jobId };
    const done = await jobsHandler(get, context);
    expect(done.statusCode).toBe(200);
    expect(done.headers?.['X-Job-Status']).toBe('succeeded');
    const body = JSON.parse(done.body);
    expect(body.data.factureX.xml).toContain('<rsm:CrossIndustryInvoice');
    expect(body.data.extractedData.method).toBe('bedrock');
    expect(body.meta).toMatchObject({ apiVersion: '1.0', extractor: 'aws', jobId, creditsRemaining: 4 });

    // SQS delivers at least once: the same message again changes nothing and charges nothing.
    expect(await worker(event)).toEqual({ batchItemFailures: [] });
    expect(textract.commandCalls(StartExpenseAnalysisCommand)).toHaveLength(1);
    expect(await keys.remaining(identity)).toBe(4);
  });

  it('a store failure is a batch item failure (SQS delivers it again); a foreign message is dropped', async () => {
    ddb.on(GetCommand).rejects(Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' }));
    const event = {
      Records: [
        { messageId: 'm-2', body: '{"jobId":"job_dddddddddddddddddddddddddd"}' },
        { messageId: 'm-3', body: 'not json' },
      ],
    } as unknown as SQSEvent;
    expect(await worker(event)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-2' }] });
  });
});
