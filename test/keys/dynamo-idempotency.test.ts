/**
 * Idempotency-Key on AWS: the DynamoCreditStore with the real DocumentClient
 * binding (adapters/aws/credits/document-client-table.ts) over a mocked
 * client. Asserts the calls DynamoDB gets (claim PutItem, consistent reads,
 * the TransactWriteItems that charges the credit with the answer, the claim
 * DeleteItem) and how failed conditions are read.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { ConditionalCheckFailedException, DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentClientTable } from '../../adapters/aws/credits/document-client-table.js';
import { meterConversionAnswer } from '../../lib/keys/admission.js';
import { DynamoCreditStore, type DynamoCreditStoreOptions } from '../../lib/keys/dynamo-credit-store.js';
import { IdempotencyAnswerUnavailableError, IdempotencyInProgressError, IdempotencyKeyReusedError, QuotaExceededError } from '../../lib/keys/errors.js';
import type { KeyIdentity } from '../../lib/keys/store.js';
import { fakeClock } from './support.js';

const ddb = mockClient(DynamoDBDocumentClient);
const CREDITS = 'facturx-credits';
const IDEM = 'facturx-idempotency';
const STARTER: KeyIdentity = { id: 'key_abc123', plan: 'starter' };
const NOW = '2026-11-15T10:00:00Z';
const NOW_SEC = Date.parse(NOW) / 1000;
const FP = 'a'.repeat(64);
const ITEM_KEY = { pk: 'KEY#key_abc123', sk: 'IDEM#order-42' };

function conditionalFailure(): ConditionalCheckFailedException {
  return new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
}

function cancelled(...codes: string[]): TransactionCanceledException {
  return new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });
}

function store(options: Partial<DynamoCreditStoreOptions> = {}) {
  const clock = fakeClock(NOW);
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-3', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } }));
  return new DynamoCreditStore({ table: documentClientTable(client), tableName: CREDITS, idempotencyTableName: IDEM, clock: clock.now, ...options });
}

/** A conversion that counts its runs. */
function run(s: DynamoCreditStore, fingerprint = FP, body = '{"success":true,"data":{"xml":"<rsm:CrossIndustryInvoice/>"}}') {
  let runs = 0;
  const done = meterConversionAnswer(s, STARTER, {
    idempotency: { key: 'order-42', fingerprint },
    convert: async () => ++runs,
    answer: (_r, creditsRemaining) => ({ status: 200, body: body.replace('}}', `},"left":${creditsRemaining}}`) }),
  });
  return { done, runs: () => runs };
}

const calls = <T extends Parameters<typeof ddb.commandCalls>[0]>(command: T) => ddb.commandCalls(command).map((c) => c.args[0].input as Record<string, any>);

/** A done item as DynamoDB holds it (the DocumentClient gives binary attributes as Uint8Array). */
function doneItem(body: string, overrides: Record<string, unknown> = {}) {
  return { ...ITEM_KEY, phase: 'done', fingerprint: FP, expiresAt: NOW_SEC + 3600, statusCode: 200, answer: new Uint8Array(gzipSync(body)), answerBytes: body.length, completedAt: '2026-11-15T09:00:00.000Z', ...overrides };
}

beforeEach(() => {
  ddb.reset();
});

describe('DynamoCreditStore: first use of an Idempotency-Key', () => {
  it('claims with a conditional PutItem, reads the counter, then charges the credit and stores the answer in one transaction', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { used: 10 } });
    ddb.on(TransactWriteCommand).resolves({});
    const { done, runs } = run(store());
    const { answer, replayed } = await done;
    expect(replayed).toBe(false);
    expect(runs()).toBe(1);
    expect(answer.body).toContain('"left":989');

    const [put] = calls(PutCommand);
    expect(put).toEqual({
      TableName: IDEM,
      Item: { ...ITEM_KEY, phase: 'pending', fingerprint: FP, claimToken: expect.stringMatching(/^[0-9a-f]{24}$/), expiresAt: NOW_SEC + 60 },
      ConditionExpression: 'attribute_not_exists(#pk) OR #expiresAt <= :now',
      ExpressionAttributeNames: { '#pk': 'pk', '#expiresAt': 'expiresAt' },
      ExpressionAttributeValues: { ':now': NOW_SEC },
    });
    expect(calls(GetCommand)).toEqual([{ TableName: CREDITS, Key: { pk: 'KEY#key_abc123', sk: 'MONTH#2026-11' }, ProjectionExpression: 'used', ConsistentRead: true }]);
    // The credit is not taken apart: only inside the transaction.
    expect(calls(UpdateCommand)).toEqual([]);
    const [tx] = calls(TransactWriteCommand);
    const token = put!.Item.claimToken as string;
    expect(tx!.ClientRequestToken).toBe(`${token}-1`);
    expect(tx!.TransactItems).toHaveLength(2);
    expect(tx!.TransactItems[0]).toEqual({
      Update: {
        TableName: CREDITS,
        Key: { pk: 'KEY#key_abc123', sk: 'MONTH#2026-11' },
        UpdateExpression: 'ADD used :one',
        ConditionExpression: 'attribute_not_exists(used) OR used < :quota',
        ExpressionAttributeValues: { ':one': 1, ':quota': 1000 },
      },
    });
    const idem = tx!.TransactItems[1].Update;
    expect(idem).toMatchObject({
      TableName: IDEM,
      Key: ITEM_KEY,
      UpdateExpression: 'SET #phase = :done, #statusCode = :status, #answerBytes = :bytes, #completedAt = :completedAt, #expiresAt = :expiresAt, #answer = :answer REMOVE #claimToken',
      ConditionExpression: '#claimToken = :token',
      ExpressionAttributeNames: { '#phase': 'phase', '#statusCode': 'statusCode', '#answerBytes': 'answerBytes', '#completedAt': 'completedAt', '#expiresAt': 'expiresAt', '#claimToken': 'claimToken', '#answer': 'answer' },
    });
    expect(idem.ExpressionAttributeValues).toMatchObject({
      ':done': 'done',
      ':status': 200,
      ':bytes': Buffer.byteLength(answer.body),
      ':completedAt': '2026-11-15T10:00:00.000Z',
      ':expiresAt': NOW_SEC + 24 * 3600,
      ':token': token,
    });
    expect(gunzipSync(idem.ExpressionAttributeValues[':answer'] as Uint8Array).toString('utf8')).toBe(answer.body);
    expect(calls(DeleteCommand)).toEqual([]);
  });

  it('refuses an exhausted quota before converting, and deletes its claim (only if still its own)', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { used: 1000 } });
    ddb.on(DeleteCommand).resolves({});
    const { done, runs } = run(store());
    await expect(done).rejects.toBeInstanceOf(QuotaExceededError);
    expect(runs()).toBe(0);
    expect(calls(TransactWriteCommand)).toEqual([]);
    const token = calls(PutCommand)[0]!.Item.claimToken;
    expect(calls(DeleteCommand)).toEqual([
      { TableName: IDEM, Key: ITEM_KEY, ConditionExpression: '#claimToken = :token', ExpressionAttributeNames: { '#claimToken': 'claimToken' }, ExpressionAttributeValues: { ':token': token } },
    ]);
  });

  it('a failed conversion charges nothing and deletes its claim, so a retry runs again', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { used: 3 } });
    ddb.on(DeleteCommand).rejects(conditionalFailure()); // a claim already gone is no error
    const s = store();
    const boom = new Error('Textract failed');
    await expect(
      meterConversionAnswer(s, STARTER, { idempotency: { key: 'order-42', fingerprint: FP }, convert: () => Promise.reject(boom), answer: () => ({ status: 200, body: 'x' }) }),
    ).rejects.toBe(boom);
    expect(calls(TransactWriteCommand)).toEqual([]);
    expect(calls(UpdateCommand)).toEqual([]);
    expect(calls(DeleteCommand)).toHaveLength(1);
  });

  it('reads a cancelled transaction: counter condition -> QUOTA_EXCEEDED, claim condition -> IN_PROGRESS; nothing charged either way', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { used: 999 } });
    ddb.on(DeleteCommand).resolves({});
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    const quota = run(store());
    await expect(quota.done).rejects.toBeInstanceOf(QuotaExceededError);
    await expect(quota.done).rejects.toMatchObject({ quota: 1000, renewsOn: '2026-12-01' });
    expect(calls(DeleteCommand)).toHaveLength(1);

    ddb.reset();
    ddb.on(PutCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { used: 5 } });
    ddb.on(DeleteCommand).rejects(conditionalFailure());
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    const lost = run(store());
    await expect(lost.done).rejects.toBeInstanceOf(IdempotencyInProgressError);
    expect(calls(UpdateCommand)).toEqual([]);
  });

  it('retries a transaction conflict with a new request token, and lets other errors through', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { used: 5 } });
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('TransactionConflict', 'None')).resolves({});
    const { done } = run(store());
    expect((await done).replayed).toBe(false);
    const tokens = calls(TransactWriteCommand).map((t) => t.ClientRequestToken);
    expect(tokens).toHaveLength(2);
    expect(new Set(tokens).size).toBe(2);

    ddb.reset();
    ddb.on(PutCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { used: 5 } });
    ddb.on(DeleteCommand).resolves({});
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'TransactionConflict'));
    await expect(run(store()).done).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(calls(TransactWriteCommand)).toHaveLength(3);
    expect(calls(DeleteCommand)).toHaveLength(1);
    expect(calls(UpdateCommand)).toEqual([]); // nothing was charged, so nothing is given back
  });

  it('records an answer whose gzip is over the item budget as done without its body', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { used: 0 } });
    ddb.on(TransactWriteCommand).resolves({});
    await run(store({ maxStoredAnswerBytes: 10 })).done;
    const idem = calls(TransactWriteCommand)[0]!.TransactItems[1].Update;
    expect(idem.UpdateExpression).toBe('SET #phase = :done, #statusCode = :status, #answerBytes = :bytes, #completedAt = :completedAt, #expiresAt = :expiresAt REMOVE #claimToken');
    expect(idem.ExpressionAttributeNames).not.toHaveProperty('#answer');
    expect(idem.ExpressionAttributeValues).not.toHaveProperty(':answer');
  });

  it('refuses to run idempotent requests without the idempotency table', async () => {
    await expect(run(store({ idempotencyTableName: undefined })).done).rejects.toThrow(/IDEMPOTENCY_TABLE/);
    expect(calls(PutCommand)).toEqual([]);
  });
});

describe('DynamoCreditStore: a repeat', () => {
  it('replays a done item (gunzipped body, same status): no conversion, no counter read, no transaction', async () => {
    const body = '{"success":true,"data":{"xml":"<x/>"},"meta":{"creditsRemaining":7}}';
    ddb.on(PutCommand).rejects(conditionalFailure());
    ddb.on(GetCommand).resolves({ Item: doneItem(body) });
    const { done, runs } = run(store());
    expect(await done).toEqual({ answer: { status: 200, body }, replayed: true });
    expect(runs()).toBe(0);
    expect(calls(GetCommand)).toEqual([{ TableName: IDEM, Key: ITEM_KEY, ConsistentRead: true }]);
    expect(calls(TransactWriteCommand)).toEqual([]);
    expect(calls(UpdateCommand)).toEqual([]);
  });

  it('with another body is IDEMPOTENCY_KEY_REUSED, done or pending', async () => {
    ddb.on(PutCommand).rejects(conditionalFailure());
    ddb.on(GetCommand).resolvesOnce({ Item: doneItem('{}') }).resolves({ Item: { ...ITEM_KEY, phase: 'pending', fingerprint: FP, claimToken: 't', expiresAt: NOW_SEC + 30 } });
    await expect(run(store(), 'b'.repeat(64)).done).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    await expect(run(store(), 'b'.repeat(64)).done).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
  });

  it('while the first runs is IDEMPOTENCY_IN_PROGRESS, Retry-After at most 2 s and never past the lease', async () => {
    ddb.on(PutCommand).rejects(conditionalFailure());
    ddb.on(GetCommand)
      .resolvesOnce({ Item: { ...ITEM_KEY, phase: 'pending', fingerprint: FP, claimToken: 't', expiresAt: NOW_SEC + 50 } })
      .resolves({ Item: { ...ITEM_KEY, phase: 'pending', fingerprint: FP, claimToken: 't', expiresAt: NOW_SEC + 1 } });
    await expect(run(store()).done).rejects.toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS', retryAfterSeconds: 2 });
    await expect(run(store()).done).rejects.toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS', retryAfterSeconds: 1 });
    expect(calls(TransactWriteCommand)).toEqual([]);
  });

  it('of a done item without body is IDEMPOTENCY_ANSWER_UNAVAILABLE', async () => {
    ddb.on(PutCommand).rejects(conditionalFailure());
    const { answer: _none, ...withoutBody } = doneItem('{}');
    ddb.on(GetCommand).resolves({ Item: withoutBody });
    await expect(run(store()).done).rejects.toBeInstanceOf(IdempotencyAnswerUnavailableError);
  });

  it('treats an item past expiresAt as absent (TTL deletes lazily) and claims again', async () => {
    ddb.on(PutCommand).rejectsOnce(conditionalFailure()).resolves({});
    ddb.on(GetCommand)
      .resolvesOnce({ Item: doneItem('{"old":true}', { expiresAt: NOW_SEC }) })
      .resolves({ Item: { used: 1 } });
    ddb.on(TransactWriteCommand).resolves({});
    const { done, runs } = run(store());
    expect((await done).replayed).toBe(false);
    expect(runs()).toBe(1);
    expect(calls(PutCommand)).toHaveLength(2);
    expect(calls(TransactWriteCommand)).toHaveLength(1);
  });

  it('gives a pending claim a lease of leaseSeconds (its expiresAt), past which the claim condition lets a retry replace it', async () => {
    // A function that died mid-conversion charged nothing; DynamoDB itself evaluates the condition (not this mock).
    ddb.on(PutCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { used: 1 } });
    ddb.on(TransactWriteCommand).resolves({});
    await run(store({ leaseSeconds: 45 })).done;
    expect(calls(PutCommand)[0]!.Item.expiresAt).toBe(NOW_SEC + 45);
  });
});

describe('DynamoCreditStore: reservations outside idempotency are unchanged', () => {
  it('a claim-less reservation still counts at once; a deferred one cannot be committed without its answer', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { used: 2 } });
    ddb.on(GetCommand).resolves({ Item: { used: 2 } });
    const s = store();
    const plain = await s.reserveCredit(STARTER);
    expect(plain).toMatchObject({ ok: true, remaining: 998 });
    expect(calls(UpdateCommand)).toHaveLength(1);
    const deferred = await s.reserveCredit(STARTER, undefined, { keyId: STARTER.id, key: 'k', fingerprint: FP, token: 't' });
    if (!deferred.ok) throw new Error('setup');
    expect(calls(UpdateCommand)).toHaveLength(1);
    await expect(s.commit(deferred.reservation)).rejects.toThrow(/commitWithAnswer/);
    await s.release(deferred.reservation); // nothing to give back
    expect(calls(UpdateCommand)).toHaveLength(1);
  });
});
