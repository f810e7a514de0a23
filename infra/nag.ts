/**
 * cdk-nag (AwsSolutions) findings we accept, each on the resources it
 * concerns and with the reason. `infra/app.ts` runs the checks at every synth
 * (an unsuppressed finding fails `cdk synth`); test/infra/nag.test.ts runs
 * them on the test stack. A new finding is fixed, or suppressed here with its
 * reason: never stack-wide.
 */
import { Stack } from 'aws-cdk-lib';
import { NagSuppressions, type NagPackSuppression } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { ApiFunction } from './api-function.js';

/** The reasons, by rule, for the findings {@link suppressAcceptedFindings} accepts. */
export const FUNCTION_SUPPRESSIONS: readonly NagPackSuppression[] = Object.freeze([
  {
    id: 'AwsSolutions-IAM4',
    appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
    reason:
      'The AWS managed basic execution policy grants only CloudWatch Logs writes (create stream, put events); each function writes to its own log group with retention (api-function.ts).',
  },
  {
    id: 'AwsSolutions-IAM5',
    appliesTo: ['Resource::*'],
    reason:
      'Only for actions without resource-level permissions: X-Ray PutTraceSegments/PutTelemetryRecords (active tracing) and, on v1 convert and the job worker, textract:AnalyzeExpense / StartExpenseAnalysis / GetExpenseAnalysis, which are limited to the stack region by an aws:RequestedRegion condition. Every action on a resource (DynamoDB, Bedrock, API Gateway, S3, SQS) names it.',
  },
]);

/** Suppressions on the REST API and its methods. */
export const API_SUPPRESSIONS: readonly NagPackSuppression[] = Object.freeze([
  {
    id: 'AwsSolutions-APIG2',
    reason:
      'Bodies are validated in the handlers against the valibot schema that also generates /api/openapi.json, with answers in the service envelope and official rule ids; a gateway model would be a second, diverging copy answering outside the envelope.',
  },
  {
    id: 'AwsSolutions-APIG4',
    reason:
      'v2 (and health, openapi, docs) is open by product decision (DECISIONS.md, Auth), limited per address by WAF and per method by the stage throttle; v1 methods use the Lambda REQUEST authorizer with API keys.',
  },
  {
    id: 'AwsSolutions-COG4',
    reason: 'No Cognito users: v1 customers authenticate with API keys through the Lambda REQUEST authorizer (usage plans per key); v2 is open by product decision.',
  },
  {
    id: 'AwsSolutions-IAM4',
    appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs'],
    reason: "The account-level role API Gateway uses to write access and execution logs; AmazonAPIGatewayPushToCloudWatchLogs is AWS's documented policy for it.",
  },
]);

/** Suppression on the Idempotency-Key table. */
export const IDEMPOTENCY_TABLE_SUPPRESSIONS: readonly NagPackSuppression[] = Object.freeze([
  {
    id: 'AwsSolutions-DDB3',
    reason:
      'No point-in-time recovery on purpose: items are customers\' converted invoices kept 24 h for replays (TTL); PITR would keep copies for 35 days. Losing the table loses only replays, never credits (billing data is the credits table, with PITR).',
  },
]);

/** Suppressions on the asynchronous jobs' resources (infra/jobs.ts). */
export const JOBS_SUPPRESSIONS = Object.freeze({
  bucket: [
    {
      id: 'AwsSolutions-S1',
      reason:
        'No server access log bucket: the jobs bucket holds customer documents for at most a day, written and read only by the service roles; an access log bucket would keep every object name (job ids) far longer than the objects. API calls are in CloudTrail.',
    },
  ] as NagPackSuppression[],
  table: [
    {
      id: 'AwsSolutions-DDB3',
      reason:
        'No point-in-time recovery on purpose: job items describe customer conversions kept 24 h (TTL); PITR would keep them for 35 days. Losing the table loses only unfinished polls; credits are in the credits table.',
    },
  ] as NagPackSuppression[],
  functions: [
    {
      id: 'AwsSolutions-IAM5',
      appliesTo: [{ regex: '/^Resource::<Jobs[A-Za-z0-9]*Bucket[A-Za-z0-9]*\\.Arn>\\/(inputs|results)\\/\\*$/' }],
      reason:
        'Job documents and answers are objects named by job id under one prefix (inputs/, results/); each role gets only the actions it needs on only its prefix of the jobs bucket.',
    },
  ] as NagPackSuppression[],
});

/** Applies the accepted suppressions to the stack's resources (call once every construct exists). */
export function suppressAcceptedFindings(
  stack: Stack,
  api: IConstruct,
  idempotencyTable: IConstruct | undefined,
  jobs?: { bucket: IConstruct; table: IConstruct } | undefined,
): void {
  for (const c of stack.node.findAll()) {
    if (c instanceof ApiFunction) NagSuppressions.addResourceSuppressions(c, [...FUNCTION_SUPPRESSIONS, ...(jobs ? JOBS_SUPPRESSIONS.functions : [])], true);
  }
  if (jobs !== undefined) {
    NagSuppressions.addResourceSuppressions(jobs.bucket, [...JOBS_SUPPRESSIONS.bucket], true);
    NagSuppressions.addResourceSuppressions(jobs.table, [...JOBS_SUPPRESSIONS.table], true);
  }
  NagSuppressions.addResourceSuppressions(api, [...API_SUPPRESSIONS], true);
  if (idempotencyTable !== undefined) NagSuppressions.addResourceSuppressions(idempotencyTable, [...IDEMPOTENCY_TABLE_SUPPRESSIONS], true);
}
