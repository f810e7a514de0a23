import { ConditionalCheckFailedException, DynamoDBClient, ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { admitApiKey, meterConversion } from '../../lib/keys/admission.js';
import { documentClientTable } from '../../adapters/aws/credits/document-client-table.js';
import { DynamoCreditStore } from '../../lib/keys/dynamo-credit-store.js';
import { QuotaExceededError, UnauthorizedError } from '../../lib/keys/errors.js';
import type { KeyIdentity } from '../../lib/keys/store.js';
import { fakeClock } from './support.js';

const ddb = mockClient(DynamoDBDocumentClient);
const TABLE = 'facturx-credits';
const STARTER: KeyIdentity = { id: 'key_abc123', plan: 'starter' };

function conditionalFailure(): ConditionalCheckFailedException {
  return new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
}

function storeAt(iso: string) {
  const clock = fakeClock(iso);
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-3', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } }));
  return { clock, store: new DynamoCreditStore({ table: documentClientTable(client), tableName: TABLE, clock: clock.now }) };
}

const updates = () => ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);

beforeEach(() => {
  ddb.reset();
});

describe('DynamoCreditStore.reserveCredit', () => {
  it('sends one conditional ADD on the key-month item and derives the remaining credits', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { used: 37 } });
    const { store } = storeAt('2026-11-15T10:00:00Z');
    const credit = await store.reserveCredit(STARTER);
    expect(updates()).toEqual([
      {
        TableName: TABLE,
        Key: { pk: 'KEY#key_abc123', sk: 'MONTH#2026-11' },
        UpdateExpression: 'ADD used :one',
        ConditionExpression: 'attribute_not_exists(used) OR used < :quota',
        ExpressionAttributeValues: { ':one': 1, ':quota': 1000 },
        ReturnValues: 'UPDATED_NEW',
      },
    ]);
    expect(credit).toMatchObject({ ok: true, remaining: 963, reservation: { keyId: 'key_abc123', period: '2026-11' } });
  });

  it.each([
    ['free', 100],
    ['business', 10_000],
  ] as const)('uses the quota of plan %s (%i)', async (plan, quota) => {
    ddb.on(UpdateCommand).resolves({ Attributes: { used: 1 } });
    const { store } = storeAt('2026-11-15T10:00:00Z');
    await store.reserveCredit({ id: 'key_p', plan });
    expect(updates()[0]?.ExpressionAttributeValues).toEqual({ ':one': 1, ':quota': quota });
  });

  it('honours quota overrides', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { used: 1 } });
    const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-3' }));
    const store = new DynamoCreditStore({ table: documentClientTable(client), tableName: TABLE, limits: { monthlyQuota: { starter: 5 } } });
    expect(await store.reserveCredit(STARTER)).toMatchObject({ ok: true, remaining: 4 });
    expect(updates()[0]?.ExpressionAttributeValues).toEqual({ ':one': 1, ':quota': 5 });
  });

  it('reads a failed condition as "quota used up"', async () => {
    ddb.on(UpdateCommand).rejects(conditionalFailure());
    const { store } = storeAt('2026-11-15T10:00:00Z');
    expect(await store.reserveCredit(STARTER)).toEqual({ ok: false, reason: 'quota', remaining: 0, quota: 1000, period: '2026-11' });
  });

  it('lets any other DynamoDB error through', async () => {
    ddb.on(UpdateCommand).rejects(new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} }));
    const { store } = storeAt('2026-11-15T10:00:00Z');
    await expect(store.reserveCredit(STARTER)).rejects.toBeInstanceOf(ProvisionedThroughputExceededException);
  });

  it.each([
    ['2026-11-30T23:59:59.999Z', 'MONTH#2026-11'],
    ['2026-12-01T00:00:00.000Z', 'MONTH#2026-12'],
    ['2026-12-01T00:59:59.000+01:00', 'MONTH#2026-11'],
    ['2026-12-31T23:59:59.999Z', 'MONTH#2026-12'],
    ['2027-01-01T00:00:00.000Z', 'MONTH#2027-01'],
  ])('at %s counts in %s (UTC month)', async (iso, sk) => {
    ddb.on(UpdateCommand).resolves({ Attributes: { used: 1 } });
    const { store } = storeAt(iso);
    await store.reserveCredit(STARTER);
    expect(updates()[0]?.Key).toEqual({ pk: 'KEY#key_abc123', sk });
  });
});

describe('DynamoCreditStore.commit / release', () => {
  it('commit writes nothing; release after commit writes nothing', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { used: 1 } });
    const { store } = storeAt('2026-11-15T10:00:00Z');
    const credit = await store.reserveCredit(STARTER);
    if (!credit.ok) throw new Error('setup');
    await store.commit(credit.reservation);
    await store.release(credit.reservation);
    expect(updates()).toHaveLength(1);
  });

  it('release decrements the month of the reservation, once, never below zero', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { used: 100 } });
    const { clock, store } = storeAt('2026-11-30T23:59:59.500Z');
    const credit = await store.reserveCredit(STARTER);
    if (!credit.ok) throw new Error('setup');
    clock.set('2026-12-01T00:00:03Z'); // the conversion ended after midnight
    await store.release(credit.reservation);
    await store.release(credit.reservation);
    expect(updates()).toHaveLength(2);
    expect(updates()[1]).toEqual({
      TableName: TABLE,
      Key: { pk: 'KEY#key_abc123', sk: 'MONTH#2026-11' },
      UpdateExpression: 'ADD used :minusOne',
      ConditionExpression: 'used > :zero',
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      ReturnValues: 'NONE',
    });
  });

  it('a release whose condition fails (counter already at zero) is not an error', async () => {
    ddb.on(UpdateCommand).resolvesOnce({ Attributes: { used: 1 } }).rejects(conditionalFailure());
    const { store } = storeAt('2026-11-15T10:00:00Z');
    const credit = await store.reserveCredit(STARTER);
    if (!credit.ok) throw new Error('setup');
    await expect(store.release(credit.reservation)).resolves.toBeUndefined();
  });
});

describe('DynamoCreditStore.remaining', () => {
  it('reads the month item consistently and subtracts it from the quota', async () => {
    ddb.on(GetCommand).resolves({ Item: { used: 250 } });
    const { store } = storeAt('2026-12-01T00:00:00Z');
    expect(await store.remaining(STARTER)).toBe(750);
    expect(ddb.commandCalls(GetCommand).map((c) => c.args[0].input)).toEqual([
      { TableName: TABLE, Key: { pk: 'KEY#key_abc123', sk: 'MONTH#2026-12' }, ProjectionExpression: 'used', ConsistentRead: true },
    ]);
  });

  it('is the whole quota when the month has no item, and never negative', async () => {
    ddb.on(GetCommand).resolvesOnce({}).resolvesOnce({ Item: { used: 1500 } });
    const { store } = storeAt('2026-12-01T00:00:00Z');
    expect(await store.remaining(STARTER)).toBe(1000);
    expect(await store.remaining(STARTER)).toBe(0);
  });
});

describe('DynamoCreditStore.authenticate and takeRate', () => {
  it.each([
    [{ keyId: 'key_abc123', plan: 'starter' }, STARTER],
    [{ keyId: ' key_abc123 ', plan: 'starter', principalId: 'x' }, STARTER],
    [{ keyId: 'key_abc123', plan: 'gold' }, undefined],
    [{ keyId: '', plan: 'free' }, undefined],
    [{ plan: 'free' }, undefined],
    [{ keyId: 42, plan: 'free' }, undefined],
    [null, undefined],
    [undefined, undefined],
  ])('authorizer context %j -> %j', async (authorizer, expected) => {
    const { store } = storeAt('2026-11-15T10:00:00Z');
    expect(await store.authenticate({ authorizer, apiKey: 'fx_live_ignored' })).toEqual(expected);
  });

  it('leaves the rate to API Gateway', async () => {
    const { store } = storeAt('2026-11-15T10:00:00Z');
    const decisions = await Promise.all(Array.from({ length: 200 }, () => store.takeRate('key_abc123')));
    expect(decisions.every((d) => d.ok)).toBe(true);
  });
});

describe('admission on AWS', () => {
  it('a failed conversion sends the compensating decrement; a quota failure is QUOTA_EXCEEDED', async () => {
    ddb.on(UpdateCommand).resolvesOnce({ Attributes: { used: 3 } }).resolvesOnce({}).rejects(conditionalFailure());
    const { store } = storeAt('2026-11-15T10:00:00Z');
    const key = await admitApiKey(store, { authorizer: { keyId: 'key_abc123', plan: 'starter' } });
    await expect(meterConversion(store, key, () => Promise.reject(new Error('extraction failed')))).rejects.toThrow('extraction failed');
    expect(updates().map((u) => u.UpdateExpression)).toEqual(['ADD used :one', 'ADD used :minusOne']);
    const refused = meterConversion(store, key, () => Promise.resolve('never'));
    await expect(refused).rejects.toBeInstanceOf(QuotaExceededError);
    await expect(refused).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED', renewsOn: '2026-12-01' });
    await expect(admitApiKey(store, {})).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
