/**
 * Binds the {@link CreditTable} port of ../dynamo-credit-store.ts to the AWS
 * SDK v3 DynamoDB DocumentClient. The only module of lib/keys that imports
 * the SDK; the edge builds the client (region, credentials) and passes it in:
 *
 * ```ts
 * const store = new DynamoCreditStore({
 *   table: documentClientTable(DynamoDBDocumentClient.from(new DynamoDBClient({}))),
 *   tableName: config.creditsTable,
 * });
 * ```
 */
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CreditTable } from '../../../lib/keys/dynamo-credit-store.js';

/** A CreditTable that sends UpdateCommand / GetCommand / PutCommand / DeleteCommand / TransactWriteCommand through `client`. */
export function documentClientTable(client: DynamoDBDocumentClient): CreditTable {
  return {
    update: (input) => client.send(new UpdateCommand(input)),
    get: (input) => client.send(new GetCommand(input)),
    put: (input) => client.send(new PutCommand(input)),
    delete: (input) => client.send(new DeleteCommand(input)),
    transactWrite: (input) => client.send(new TransactWriteCommand(input)),
  };
}
