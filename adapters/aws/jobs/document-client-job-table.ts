/**
 * Binds the {@link JobTable} port of lib/jobs/dynamo-job-store.ts to the AWS
 * SDK v3 DynamoDB DocumentClient (undefined values are left out of items).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JobTable } from '../../../lib/jobs/dynamo-job-store.js';

/** A JobTable over `client`. */
export function documentClientJobTable(client: DynamoDBDocumentClient): JobTable {
  return {
    put: (input) => client.send(new PutCommand(input)),
    get: (input) => client.send(new GetCommand(input)),
    update: (input) => client.send(new UpdateCommand(input)),
  };
}

/** A DocumentClient with the options the job items need. */
export function jobDocumentClient(client: DynamoDBClient = new DynamoDBClient({})): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}
