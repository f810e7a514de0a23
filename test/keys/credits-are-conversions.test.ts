/**
 * Credits are conversions (issue 14, point 2), on AWS as locally: what the v1
 * handlers do for a validation (admit, then read the remaining credits) and
 * for a failed conversion never takes a credit; exactly `quota` successful
 * conversions pass in a month, the next is 429 QUOTA_EXCEEDED. On AWS the
 * DynamoDB counter is the only count (the usage plans carry no quota:
 * test/infra/stack.test.ts); here it is an in-memory table that evaluates the
 * exact expressions DynamoCreditStore sends and refuses any other.
 */
import { describe, expect, it } from 'vitest';
import { admitApiKey, meterConversion } from '../../lib/keys/admission.js';
import { DynamoCreditStore, type CreditGetInput, type CreditTable, type CreditUpdateInput } from '../../lib/keys/dynamo-credit-store.js';
import { QuotaExceededError } from '../../lib/keys/errors.js';
import { openLocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import type { KeyStore, PresentedCredentials } from '../../lib/keys/store.js';
import { fakeClock, tempDataDir } from './support.js';

const QUOTA = 3;

/** A credits table in memory: the reservation and release updates and the consistent read, nothing else. */
function memoryCreditTable(): CreditTable & { used: Map<string, number> } {
  const used = new Map<string, number>();
  const id = (k: { pk: string; sk: string }) => `${k.pk}|${k.sk}`;
  const conditionFailed = () => Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
  return {
    used,
    async update(input: CreditUpdateInput) {
      const k = id(input.Key);
      const current = used.get(k);
      const v = input.ExpressionAttributeValues;
      if (input.UpdateExpression === 'ADD used :one' && input.ConditionExpression === 'attribute_not_exists(used) OR used < :quota') {
        if (current !== undefined && current >= (v[':quota'] as number)) throw conditionFailed();
        used.set(k, (current ?? 0) + (v[':one'] as number));
        return { Attributes: { used: used.get(k) } };
      }
      if (input.UpdateExpression === 'ADD used :minusOne' && input.ConditionExpression === 'used > :zero') {
        if (current === undefined || current <= (v[':zero'] as number)) throw conditionFailed();
        used.set(k, current + (v[':minusOne'] as number));
        return {};
      }
      throw new Error(`unexpected update ${input.UpdateExpression} / ${input.ConditionExpression}`);
    },
    async get(input: CreditGetInput) {
      const current = used.get(id(input.Key));
      return current === undefined ? {} : { Item: { used: current } };
    },
    put: () => Promise.reject(new Error('no put expected')),
    delete: () => Promise.reject(new Error('no delete expected')),
    transactWrite: () => Promise.reject(new Error('no transaction expected')),
  };
}

interface Case {
  store: KeyStore;
  credentials: PresentedCredentials;
  /** The month's count as the store keeps it. */
  counted: () => Promise<number>;
  close: () => Promise<void>;
}

const CASES: Array<[string, () => Promise<Case>]> = [
  [
    'local store',
    async () => {
      const clock = fakeClock('2026-11-10T09:00:00Z');
      const { store } = await openLocalKeyStore({ dataDir: await tempDataDir(), clock: clock.now, limits: { monthlyQuota: { free: QUOTA } }, createDevelopmentKey: false });
      const { key, record } = await store.createKey('free', 'credits');
      return {
        store,
        credentials: { apiKey: key },
        counted: async () => (await store.listKeys()).find((k) => k.id === record.id)?.used ?? Number.NaN,
        close: () => store.close(),
      };
    },
  ],
  [
    'DynamoDB store (AWS)',
    async () => {
      const clock = fakeClock('2026-11-10T09:00:00Z');
      const table = memoryCreditTable();
      const store = new DynamoCreditStore({ table, tableName: 'credits', clock: clock.now, limits: { monthlyQuota: { free: QUOTA } } });
      return {
        store,
        credentials: { apiKey: 'fx_live_anything', authorizer: { keyId: 'k-1', plan: 'free' } },
        counted: async () => table.used.get('KEY#k-1|MONTH#2026-11') ?? 0,
        close: async () => undefined,
      };
    },
  ],
];

describe.each(CASES)('credits are conversions: %s', (_name, make) => {
  it('validations, failed conversions and partial results without XML cost nothing; exactly the quota of conversions pass, then 429', async () => {
    const { store, credentials, counted, close } = await make();
    const now = new Date('2026-11-10T09:00:00Z');
    try {
      // v1 validate: admit, validate, report the remaining credits. Many more than the quota.
      for (let i = 0; i < QUOTA * 4; i++) {
        const key = await admitApiKey(store, credentials, now);
        expect(await store.remaining(key, now)).toBe(QUOTA);
      }
      // Failed conversions (extraction failure, 422...): the error surfaces, the credit comes back.
      for (let i = 0; i < QUOTA * 2; i++) {
        const key = await admitApiKey(store, credentials, now);
        await expect(meterConversion(store, key, () => Promise.reject(new Error('EXTRACTION_FAILED')), now)).rejects.toThrow('EXTRACTION_FAILED');
      }
      // Partial results (v1 convert without XML, issue 13): answered, but nothing billable, so no credit.
      for (let i = 0; i < QUOTA * 2; i++) {
        const key = await admitApiKey(store, credentials, now);
        const partial = await meterConversion(store, key, async () => ({ xml: null }), now, (r) => r.xml !== null);
        expect(partial.creditsRemaining).toBe(QUOTA);
      }
      const key = await admitApiKey(store, credentials, now);
      expect(await store.remaining(key, now)).toBe(QUOTA);
      expect(await counted()).toBe(0);

      const left: number[] = [];
      for (let i = 0; i < QUOTA; i++) left.push((await meterConversion(store, key, async () => 'xml', now)).creditsRemaining);
      expect(left).toEqual([2, 1, 0]);
      await expect(meterConversion(store, key, async () => 'xml', now)).rejects.toBeInstanceOf(QuotaExceededError);
      expect(await counted()).toBe(QUOTA);
      // Once the credits are gone, validation still answers (it costs none).
      expect(await store.remaining(await admitApiKey(store, credentials, now), now)).toBe(0);
    } finally {
      await close();
    }
  });
});
