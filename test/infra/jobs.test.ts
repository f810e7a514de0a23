/**
 * Asynchronous jobs on AWS (issue 14, point 3), on the synthesized template:
 * the bucket (encrypted, public access blocked, TLS only, objects expire
 * after a day), the jobs table (TTL), the queue and its dead-letter queue, the
 * worker and its trigger, least-privilege grants per role, the dead-letter
 * alarm, and the synchronous function's timeout under API Gateway's 29 s.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes.js';
import { resolveDeployConfig } from '../../infra/config.js';
import { JOB_QUEUE_VISIBILITY, JOB_WORKER_TIMEOUT, MAX_RECEIVES } from '../../infra/jobs.js';
import { FacturXStack } from '../../infra/stack.js';
import { SYNC_BUDGET_MS } from '../../lib/jobs/job.js';

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
type Statement = { Sid?: string; Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

let stack: FacturXStack;
let template: Template;
let resources: Record<string, Resource>;

beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  stack = new FacturXStack(app, 'Jobs', { env: { region: 'eu-west-3', account: '123456789012' }, config: resolveDeployConfig(() => undefined, {}), routes: ROUTES });
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources;
});

const idOf = (c: { node: { defaultChild?: unknown } } | undefined) => stack.getLogicalId(c!.node.defaultChild as never);
const actions = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
function statementsOf(fnId: string): Statement[] {
  const role = resources[fnId]!.Properties.Role['Fn::GetAtt'][0];
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && (r.Properties.Roles as Array<{ Ref: string }>).some((x) => x.Ref === role))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}
const onService = (fnId: string, prefix: string) => statementsOf(fnId).filter((s) => actions(s).some((a) => a.startsWith(prefix)));
const bucketObjects = (prefix: string) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [idOf(stack.jobs!.bucket), 'Arn'] }, `/${prefix}/*`]] });

describe('the jobs bucket', () => {
  it('is encrypted, blocks every public access, expires objects after one day and refuses plain HTTP', () => {
    const bucket = resources[idOf(stack.jobs!.bucket)]!;
    expect(bucket.Properties.BucketEncryption).toEqual({ ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] });
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ Status: 'Enabled', ExpirationInDays: 1, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
    ]);
    expect(bucket.Properties.VersioningConfiguration).toBeUndefined();
    const policy = Object.values(resources).find((r) => r.Type === 'AWS::S3::BucketPolicy')!;
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });
});

describe('the jobs table and queues', () => {
  it('keeps jobs 24 h by TTL on expiresAt, on demand, encrypted, deleted with the stack', () => {
    const table = resources[idOf(stack.jobs!.table)]!;
    expect(table.Properties).toMatchObject({
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      SSESpecification: { SSEEnabled: true },
    });
    expect(table.DeletionPolicy).toBe('Delete');
  });

  it('queues jobs with SSE, a visibility of six worker timeouts and a dead-letter queue after 3 deliveries', () => {
    const queue = resources[idOf(stack.jobs!.queue)]!;
    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: JOB_QUEUE_VISIBILITY.toSeconds(),
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [idOf(stack.jobs!.deadLetterQueue), 'Arn'] }, maxReceiveCount: MAX_RECEIVES },
    });
    expect(JOB_QUEUE_VISIBILITY.toSeconds()).toBe(6 * JOB_WORKER_TIMEOUT.toSeconds());
    expect(resources[idOf(stack.jobs!.deadLetterQueue)]!.Properties.SqsManagedSseEnabled).toBe(true);
  });

  it('triggers the worker one job at a time, reporting failed items only', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [idOf(stack.jobs!.queue), 'Arn'] },
      FunctionName: { Ref: idOf(stack.jobs!.worker) },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(resources[idOf(stack.jobs!.worker)]!.Properties).toMatchObject({ Timeout: JOB_WORKER_TIMEOUT.toSeconds(), ReservedConcurrentExecutions: 5 });
  });

  it('alarms when a job reaches the dead-letter queue, and on worker errors', () => {
    const alarms = Object.values(resources).filter((r) => r.Type === 'AWS::CloudWatch::Alarm');
    const dead = alarms.filter((a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(dead).toHaveLength(1);
    expect(dead[0]!.Properties).toMatchObject({ Namespace: 'AWS/SQS', Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [idOf(stack.jobs!.deadLetterQueue), 'QueueName'] } }] });
    const workerErrors = alarms.filter((a) => a.Properties.MetricName === 'Errors' && JSON.stringify(a.Properties.Dimensions).includes(idOf(stack.jobs!.worker)));
    expect(workerErrors).toHaveLength(1);
  });
});

describe('least privilege', () => {
  it('v1 convert puts documents under inputs/ only, creates jobs, sends to the queue only; its timeout leaves the sync budget under 29 s', () => {
    const fn = idOf(stack.functions.get('v1-convert'));
    expect(onService(fn, 's3:').map((s) => [actions(s), s.Resource])).toEqual([[['s3:PutObject'], bucketObjects('inputs')]]);
    expect(onService(fn, 'sqs:').map((s) => [actions(s), s.Resource])).toEqual([[['sqs:SendMessage'], { 'Fn::GetAtt': [idOf(stack.jobs!.queue), 'Arn'] }]]);
    const env = resources[fn]!.Properties.Environment.Variables;
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['JOBS_TABLE', 'JOBS_BUCKET', 'JOBS_QUEUE_URL']));
    const timeout = resources[fn]!.Properties.Timeout as number;
    expect(timeout).toBe(24);
    expect(SYNC_BUDGET_MS / 1000).toBeLessThan(timeout);
  });

  it('GET /api/v1/jobs reads answers under results/ only and sends nothing', () => {
    const fn = idOf(stack.functions.get('v1-jobs'));
    expect(onService(fn, 's3:').map((s) => [actions(s), s.Resource])).toEqual([[['s3:GetObject'], bucketObjects('results')]]);
    expect(onService(fn, 'sqs:')).toEqual([]);
    expect(onService(fn, 'textract:')).toEqual([]);
    expect(resources[fn]!.Properties.Environment.Variables.JOBS_QUEUE_URL).toBeUndefined();
  });

  it('the worker reads and deletes documents, writes answers, calls Textract asynchronously in its region, and consumes its queue only', () => {
    const fn = idOf(stack.jobs!.worker);
    expect(onService(fn, 's3:').map((s) => [actions(s).sort(), s.Resource])).toEqual([
      [['s3:DeleteObject', 's3:GetObject'], bucketObjects('inputs')],
      [['s3:PutObject'], bucketObjects('results')],
    ]);
    const textract = onService(fn, 'textract:');
    expect(textract).toHaveLength(1);
    expect(actions(textract[0]!).sort()).toEqual(['textract:AnalyzeExpense', 'textract:GetExpenseAnalysis', 'textract:StartExpenseAnalysis']);
    expect(textract[0]!.Condition).toEqual({ StringEquals: { 'aws:RequestedRegion': 'eu-west-3' } });
    const sqs = onService(fn, 'sqs:');
    expect(sqs.every((s) => JSON.stringify(s.Resource) === JSON.stringify({ 'Fn::GetAtt': [idOf(stack.jobs!.queue), 'Arn'] }))).toBe(true);
    expect(sqs.flatMap(actions)).not.toContain('sqs:SendMessage');
    const tables = onService(fn, 'dynamodb:').map((s) => JSON.stringify(s.Resource));
    expect(tables.sort()).toEqual(
      [JSON.stringify({ 'Fn::GetAtt': [idOf(stack.creditsTable), 'Arn'] }), JSON.stringify({ 'Fn::GetAtt': [idOf(stack.jobs!.table), 'Arn'] })].sort(),
    );
    const env = resources[fn]!.Properties.Environment.Variables;
    expect(env).toMatchObject({ EXTRACTOR: 'aws', JOB_EXTRACTION_TIMEOUT_MS: '240000' });
    expect(env.JOBS_QUEUE_URL).toBeUndefined();
  });

  it('no statement anywhere grants s3:* or sqs:* or a whole-bucket resource', () => {
    const all = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
    for (const s of all) {
      expect(actions(s)).not.toContain('s3:*');
      expect(actions(s)).not.toContain('sqs:*');
      if (actions(s).some((a) => a.startsWith('s3:'))) expect(JSON.stringify(s.Resource)).toMatch(/\/(inputs|results)\/\*/);
    }
  });
});
