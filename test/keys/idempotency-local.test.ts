/**
 * Idempotency-Key on the local store, through the metered flow v1 convert
 * uses (meterConversionAnswer): replay, reuse, concurrency, failures, expiry,
 * restart and the size bounds.
 */
import { describe, expect, it } from 'vitest';
import { meterConversionAnswer } from '../../lib/keys/admission.js';
import {
  IdempotencyAnswerUnavailableError,
  IdempotencyInProgressError,
  IdempotencyKeyReusedError,
  QuotaExceededError,
} from '../../lib/keys/errors.js';
import type { IdempotencyRequest } from '../../lib/keys/idempotency.js';
import { openLocalKeyStore, type LocalKeyStore, type LocalKeyStoreOptions } from '../../lib/keys/local/local-key-store.js';
import { LocalDatabase } from '../../lib/local-db/database.js';
import type { KeyRecord } from '../../lib/keys/store.js';
import { fakeClock, tempDataDir } from './support.js';

const DAY_MS = 24 * 60 * 60 * 1000;

async function setup(options: Partial<LocalKeyStoreOptions> = {}) {
  const clock = fakeClock('2026-11-10T09:00:00Z');
  const dataDir = await tempDataDir();
  const { store } = await openLocalKeyStore({ dataDir, clock: clock.now, createDevelopmentKey: false, ...options });
  const { record } = await store.createKey('starter', 'client');
  return { clock, dataDir, store, record };
}

/** A conversion that counts its runs and answers a body naming the run and the credits left. */
function converter(bodyOf: (run: number, creditsRemaining: number) => string = (run, left) => JSON.stringify({ run, left })) {
  let runs = 0;
  return {
    get runs() {
      return runs;
    },
    options: (idempotency: IdempotencyRequest | undefined) => ({
      idempotency,
      convert: async () => ++runs,
      answer: (run: number, creditsRemaining: number) => ({ status: 200, body: bodyOf(run, creditsRemaining) }),
    }),
  };
}

const req = (key: string, fingerprint = 'f'.repeat(64)): IdempotencyRequest => ({ key, fingerprint });
const used = async (store: LocalKeyStore, record: KeyRecord) => (await store.listKeys()).find((k) => k.id === record.id)!.used;

describe('local store: Idempotency-Key', () => {
  it('replays the stored answer: same status and body, no second conversion, no second credit', async () => {
    const { store, record } = await setup();
    const c = converter();
    const first = await meterConversionAnswer(store, record, c.options(req('order-1')));
    expect(first).toEqual({ answer: { status: 200, body: JSON.stringify({ run: 1, left: 999 }) }, replayed: false });
    const remaining = await store.remaining(record);
    const count = await used(store, record);
    const again = await meterConversionAnswer(store, record, c.options(req('order-1')));
    expect(again).toEqual({ answer: first.answer, replayed: true });
    expect(c.runs).toBe(1);
    expect(await store.remaining(record)).toBe(remaining);
    expect(await used(store, record)).toBe(count);
    expect(count).toBe(1);
    await store.close();
  });

  it('an answer without anything billable (v1: no XML) costs no credit and is not stored: a retry converts again, still free', async () => {
    const { store, record } = await setup();
    const c = converter();
    const free = { ...c.options(req('partial-1')), charged: () => false };
    const first = await meterConversionAnswer(store, record, free);
    expect(first).toEqual({ answer: { status: 200, body: JSON.stringify({ run: 1, left: 1000 }) }, replayed: false });
    const again = await meterConversionAnswer(store, record, { ...c.options(req('partial-1')), charged: () => false });
    expect(again.replayed).toBe(false);
    expect(c.runs).toBe(2);
    expect(await used(store, record)).toBe(0);
    expect(await store.remaining(record)).toBe(1000);
    await store.close();
  });

  it('scopes a key to the API key: the same Idempotency-Key of another API key is another request', async () => {
    const { store, record } = await setup();
    const other = (await store.createKey('free', 'other')).record;
    const c = converter();
    await meterConversionAnswer(store, record, c.options(req('shared-name')));
    const theirs = await meterConversionAnswer(store, other, c.options(req('shared-name')));
    expect(theirs.replayed).toBe(false);
    expect(c.runs).toBe(2);
    expect(await used(store, other)).toBe(1);
    await store.close();
  });

  it('refuses the same key with a different body (IDEMPOTENCY_KEY_REUSED), converting and charging nothing', async () => {
    const { store, record } = await setup();
    const c = converter();
    await meterConversionAnswer(store, record, c.options(req('order-1', 'a'.repeat(64))));
    const err = await meterConversionAnswer(store, record, c.options(req('order-1', 'b'.repeat(64)))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IdempotencyKeyReusedError);
    expect(err).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(c.runs).toBe(1);
    expect(await used(store, record)).toBe(1);
    await store.close();
  });

  it('answers IDEMPOTENCY_IN_PROGRESS (Retry-After) to a repeat while the first runs, and the repeat after it gets its answer', async () => {
    const { store, record } = await setup();
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    let runs = 0;
    const slow = meterConversionAnswer(store, record, {
      idempotency: req('order-1'),
      convert: async () => {
        runs++;
        await gate;
        return 'done';
      },
      answer: (r, left) => ({ status: 200, body: `${r}:${left}` }),
    });
    await new Promise((r) => setImmediate(r));
    const repeat = converter();
    const busy = await meterConversionAnswer(store, record, repeat.options(req('order-1'))).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(IdempotencyInProgressError);
    expect(busy).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS', retryAfterSeconds: 2, headers: { 'Retry-After': '2' } });
    // A different body meanwhile is a reuse, not a wait.
    await expect(meterConversionAnswer(store, record, repeat.options(req('order-1', 'c'.repeat(64))))).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(await used(store, record)).toBe(1); // only the running conversion holds a credit
    finish();
    const first = await slow;
    const after = await meterConversionAnswer(store, record, repeat.options(req('order-1')));
    expect(after).toEqual({ answer: first.answer, replayed: true });
    expect(repeat.runs).toBe(0);
    expect(runs).toBe(1);
    expect(await used(store, record)).toBe(1);
    await store.close();
  });

  it('lets exactly one of many concurrent identical requests convert', async () => {
    const { store, record } = await setup();
    const c = converter();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => meterConversionAnswer(store, record, c.options(req('burst'))).then((r) => (r.replayed ? 'replayed' : 'converted'), (e: { code: string }) => e.code)),
    );
    expect(outcomes.filter((o) => o === 'converted')).toHaveLength(1);
    expect(outcomes.every((o) => ['converted', 'replayed', 'IDEMPOTENCY_IN_PROGRESS'].includes(o))).toBe(true);
    expect(c.runs).toBe(1);
    expect(await used(store, record)).toBe(1);
    await store.close();
  });

  it('stores no failure: the credit and the key come back, and a retry converts', async () => {
    const { store, record } = await setup();
    const boom = new Error('extraction failed');
    await expect(
      meterConversionAnswer(store, record, { idempotency: req('order-1'), convert: () => Promise.reject(boom), answer: () => ({ status: 200, body: 'never' }) }),
    ).rejects.toBe(boom);
    expect(await used(store, record)).toBe(0);
    const c = converter();
    const retry = await meterConversionAnswer(store, record, c.options(req('order-1')));
    expect(retry.replayed).toBe(false);
    expect(c.runs).toBe(1);
    expect(await used(store, record)).toBe(1);
    await store.close();
  });

  it('replays even once the quota is used up; a new key then gets QUOTA_EXCEEDED and stays free', async () => {
    const { store, record } = await setup({ limits: { monthlyQuota: { starter: 1 } } });
    const c = converter();
    const first = await meterConversionAnswer(store, record, c.options(req('a')));
    await expect(meterConversionAnswer(store, record, c.options(req('b')))).rejects.toBeInstanceOf(QuotaExceededError);
    expect(await meterConversionAnswer(store, record, c.options(req('a')))).toEqual({ answer: first.answer, replayed: true });
    // The refused key was not claimed for good: it is refused for quota again, not "in progress".
    await expect(meterConversionAnswer(store, record, c.options(req('b')))).rejects.toBeInstanceOf(QuotaExceededError);
    expect(c.runs).toBe(1);
    await store.close();
  });

  it('expires answers after 24 hours: the same key then converts (and is charged) again', async () => {
    const { clock, store, record } = await setup();
    const c = converter();
    await meterConversionAnswer(store, record, c.options(req('order-1')));
    clock.advance(DAY_MS - 1);
    expect((await meterConversionAnswer(store, record, c.options(req('order-1')))).replayed).toBe(true);
    clock.advance(1);
    const later = await meterConversionAnswer(store, record, c.options(req('order-1')));
    expect(later).toEqual({ answer: { status: 200, body: JSON.stringify({ run: 2, left: 998 }) }, replayed: false });
    expect(await used(store, record)).toBe(2);
    // And with another body too, once expired.
    clock.advance(DAY_MS);
    expect((await meterConversionAnswer(store, record, c.options(req('order-1', 'd'.repeat(64))))).replayed).toBe(false);
    await store.close();
  });

  it('survives a restart, and a store opened meanwhile (another process) replays it too', async () => {
    const { clock, dataDir, store, record } = await setup();
    const c = converter();
    const first = await meterConversionAnswer(store, record, c.options(req('order-1')));
    const beside = await openLocalKeyStore({ dataDir, clock: clock.now });
    expect(await meterConversionAnswer(beside.store, record, c.options(req('order-1')))).toEqual({ answer: first.answer, replayed: true });
    await beside.store.close();
    await store.close();
    const reopened = await openLocalKeyStore({ dataDir, clock: clock.now });
    expect(await meterConversionAnswer(reopened.store, record, c.options(req('order-1')))).toEqual({ answer: first.answer, replayed: true });
    expect(await reopened.store.remaining(record)).toBe(999);
    expect(c.runs).toBe(1);
    await reopened.store.close();
  });

  it('deletes expired answers from the database when the next answer is stored', async () => {
    const { clock, dataDir, store, record } = await setup();
    const c = converter();
    await meterConversionAnswer(store, record, c.options(req('early')));
    clock.advance(12 * 60 * 60 * 1000);
    await meterConversionAnswer(store, record, c.options(req('late')));
    expect(answerRows(dataDir).map((r) => r.idem_key)).toEqual(['early', 'late']);
    clock.advance(12 * 60 * 60 * 1000); // 'early' is 24 h old now
    await meterConversionAnswer(store, record, c.options(req('next')));
    expect(answerRows(dataDir).map((r) => r.idem_key)).toEqual(['late', 'next']);
    await store.close();
  });
});

describe('local store: bounds of the kept answers', () => {
  const body = (n: number, fill: string) => fill.repeat(n);

  it('keeps an answer over maxAnswerBytes without its body: charged once, a repeat is IDEMPOTENCY_ANSWER_UNAVAILABLE, not converted again', async () => {
    const { dataDir, store, record } = await setup({ idempotency: { maxAnswerBytes: 100 } });
    const c = converter(() => body(101, 'x'));
    const first = await meterConversionAnswer(store, record, c.options(req('big')));
    expect(first.answer.body).toHaveLength(101);
    await expect(meterConversionAnswer(store, record, c.options(req('big')))).rejects.toBeInstanceOf(IdempotencyAnswerUnavailableError);
    expect(c.runs).toBe(1);
    expect(await used(store, record)).toBe(1);
    // The database keeps the record but not the body.
    expect(answerRows(dataDir)).toEqual([{ idem_key: 'big', status: 200, body: null }]);
    await store.close();
  });

  it('evicts the oldest bodies of a key past maxBytesPerKey, leaving other keys alone', async () => {
    const { store, record } = await setup({ idempotency: { maxBytesPerKey: 250, maxTotalBytes: 10_000 } });
    const other = (await store.createKey('starter', 'other')).record;
    const c = converter((run) => body(100, String(run % 10)));
    await meterConversionAnswer(store, other, c.options(req('theirs')));
    for (const k of ['one', 'two', 'three']) await meterConversionAnswer(store, record, c.options(req(k)));
    await expect(meterConversionAnswer(store, record, c.options(req('one')))).rejects.toBeInstanceOf(IdempotencyAnswerUnavailableError);
    expect((await meterConversionAnswer(store, record, c.options(req('two')))).answer.body).toBe(body(100, '3'));
    expect((await meterConversionAnswer(store, record, c.options(req('three')))).answer.body).toBe(body(100, '4'));
    expect((await meterConversionAnswer(store, other, c.options(req('theirs')))).answer.body).toBe(body(100, '1'));
    expect(c.runs).toBe(4);
    await store.close();
  });

  it('evicts the oldest bodies of any key past maxTotalBytes, and a restart finds the same set', async () => {
    const { clock, dataDir, store, record } = await setup({ idempotency: { maxBytesPerKey: 10_000, maxTotalBytes: 300 } });
    const other = (await store.createKey('starter', 'other')).record;
    const c = converter((run) => body(100, String(run)));
    await meterConversionAnswer(store, other, c.options(req('o1')));
    await meterConversionAnswer(store, record, c.options(req('r1')));
    await meterConversionAnswer(store, other, c.options(req('o2')));
    await meterConversionAnswer(store, record, c.options(req('r2')));
    const outcome = async (s: LocalKeyStore) =>
      Promise.all(
        [
          [other, 'o1'],
          [record, 'r1'],
          [other, 'o2'],
          [record, 'r2'],
        ].map(([k, name]) => meterConversionAnswer(s, k as KeyRecord, c.options(req(name as string))).then((r) => r.answer.body[0], (e: { code: string }) => e.code)),
      );
    expect(await outcome(store)).toEqual(['IDEMPOTENCY_ANSWER_UNAVAILABLE', '2', '3', '4']);
    await store.close();
    const reopened = await openLocalKeyStore({ dataDir, clock: clock.now, idempotency: { maxBytesPerKey: 10_000, maxTotalBytes: 300 } });
    expect(await outcome(reopened.store)).toEqual(['IDEMPOTENCY_ANSWER_UNAVAILABLE', '2', '3', '4']);
    expect(c.runs).toBe(4);
    await reopened.store.close();
  });
});

/** The answers as the database holds them, oldest first. */
function answerRows(dataDir: string): Array<{ idem_key: string; status: number; body: string | null }> {
  const db = LocalDatabase.open(dataDir);
  try {
    return db.all<{ idem_key: string; status: number; body: string | null }>('SELECT idem_key, status, body FROM answers ORDER BY seq');
  } finally {
    db.close();
  }
}
