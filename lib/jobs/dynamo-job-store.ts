/**
 * The AWS {@link JobStore}: one DynamoDB item per job, partition key `id`,
 * removed by DynamoDB TTL on `expiresAt` (epoch seconds, 24 h after
 * submission; TTL deletion is lazy, so readers check `expiresAt` too).
 *
 * - create: PutItem if `attribute_not_exists(id) OR expiresAt <= :now`; a
 *   failed condition is answered from a consistent GetItem (the existing job);
 * - get: a consistent GetItem;
 * - transition: one UpdateItem `SET #status = :status, ...` under
 *   `#status IN (:from...)`, returning the new item: atomic across every
 *   Lambda instance, so a job reaches a final state once.
 *
 * This module does not import the AWS SDK: it talks to a {@link JobTable}
 * whose inputs are exactly the DynamoDB DocumentClient command inputs
 * (adapters/aws/jobs/document-client-job-table.ts binds it).
 */
import type { JobPatch, JobRecord, JobStatus } from './job.js';
import type { JobStore } from './ports.js';

/** The DocumentClient calls the store makes; a failed condition rejects with an error named `ConditionalCheckFailedException`. */
export interface JobTable {
  put(input: { TableName: string; Item: Record<string, unknown>; ConditionExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Record<string, unknown> }): Promise<unknown>;
  get(input: { TableName: string; Key: { id: string }; ConsistentRead: boolean }): Promise<{ Item?: Record<string, unknown> | undefined }>;
  update(input: {
    TableName: string;
    Key: { id: string };
    UpdateExpression: string;
    ConditionExpression: string;
    ExpressionAttributeNames: Record<string, string>;
    ExpressionAttributeValues: Record<string, unknown>;
    ReturnValues: 'ALL_NEW';
  }): Promise<{ Attributes?: Record<string, unknown> | undefined }>;
}

/** The DynamoDB actions the store needs, for IAM (infra/stack.ts). */
export const JOB_TABLE_ACTIONS = Object.freeze({
  /** Submitting (v1 convert): create, read a repeat, fail a job that could not be queued. */
  submit: ['dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem'] as const,
  /** Reading (GET /api/v1/jobs/{jobId}): read, fail a stale job. */
  read: ['dynamodb:GetItem', 'dynamodb:UpdateItem'] as const,
  /** Running (the worker): read, move. */
  run: ['dynamodb:GetItem', 'dynamodb:UpdateItem'] as const,
});

function isConditionFailure(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: string }).name === 'ConditionalCheckFailedException';
}

/** Jobs in a DynamoDB table. */
export class DynamoJobStore implements JobStore {
  constructor(
    private readonly table: JobTable,
    private readonly tableName: string,
  ) {}

  async create(job: JobRecord, now: Date): Promise<{ created: true } | { created: false; existing: JobRecord }> {
    try {
      await this.table.put({
        TableName: this.tableName,
        Item: { ...job },
        ConditionExpression: 'attribute_not_exists(#id) OR #expiresAt <= :now',
        ExpressionAttributeNames: { '#id': 'id', '#expiresAt': 'expiresAt' },
        ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
      });
      return { created: true };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const existing = await this.get(job.id);
      if (!existing) throw err;
      return { created: false, existing };
    }
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const { Item } = await this.table.get({ TableName: this.tableName, Key: { id }, ConsistentRead: true });
    return Item as JobRecord | undefined;
  }

  async transition(id: string, from: readonly JobStatus[], patch: JobPatch): Promise<JobRecord | undefined> {
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = {};
    const sets: string[] = [];
    for (const [field, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      names[`#${field}`] = field;
      values[`:${field}`] = value;
      sets.push(`#${field} = :${field}`);
    }
    from.forEach((s, i) => (values[`:from${i}`] = s));
    try {
      const { Attributes } = await this.table.update({
        TableName: this.tableName,
        Key: { id },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: `attribute_exists(#status) AND #status IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      });
      return Attributes as JobRecord | undefined;
    } catch (err) {
      if (isConditionFailure(err)) return undefined;
      throw err;
    }
  }
}
