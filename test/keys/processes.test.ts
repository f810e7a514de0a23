/**
 * Several processes on one local key store at once, as the server's worker
 * processes and the keys command use it: the quota stays exact, a claim taken
 * in one process is seen in the others, and what a process that died held
 * (credits of its running conversions, its Idempotency-Key claims) is given
 * back, while what live processes hold is left alone.
 */
import { describe, expect, it } from 'vitest';
import { meterConversionAnswer } from '../../lib/keys/admission.js';
import { openLocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { crash, startTsx, tempDataDir } from './support.js';

const CHILD = 'test/keys/fixtures/store-child.ts';
const FINGERPRINT = '0'.repeat(64);

describe('several processes on one store', () => {
  it('four processes asking for 240 credits at once on a quota of 100: exactly 100 granted, 100 counted', async () => {
    const dataDir = await tempDataDir();
    const limits = { monthlyQuota: { free: 100 } };
    const { store } = await openLocalKeyStore({ dataDir, limits, createDevelopmentKey: false });
    const { record } = await store.createKey('free', 'race');
    const children = await Promise.all([1, 2, 3].map(() => startTsx(CHILD, [dataDir, record.id, record.plan, 'race', '60'], 'READY')));
    const finished = children.map(
      ({ child, output }) => new Promise<number>((ok, fail) => child.once('exit', (code) => (code === 0 ? ok(Number(/GRANTED (\d+)/.exec(output())?.[1])) : fail(new Error(`child exited ${code}: ${output()}`))))),
    );
    for (const { child } of children) child.stdin!.write('go\n');
    const mine = await Promise.all(Array.from({ length: 60 }, () => store.reserveCredit(record)));
    for (const c of mine) if (c.ok) await store.commit(c.reservation);
    const granted = [mine.filter((c) => c.ok).length, ...(await Promise.all(finished))];
    expect(granted.reduce((a, b) => a + b, 0), `granted per process: ${granted.join(', ')}`).toBe(100);
    expect(await store.remaining(record)).toBe(0);
    expect((await store.listKeys())[0]!.used).toBe(100);
    await store.close();
  }, 60_000);

  it('gives back the credits and claims of a process that died, and only those', async () => {
    const dataDir = await tempDataDir();
    const { store } = await openLocalKeyStore({ dataDir, createDevelopmentKey: false });
    const dying = (await store.createKey('free', 'dying')).record;
    const living = (await store.createKey('free', 'living')).record;
    const a = await startTsx(CHILD, [dataDir, dying.id, dying.plan, 'hold', '2', '2'], 'READY');
    const b = await startTsx(CHILD, [dataDir, living.id, living.plan, 'hold', '1', '1'], 'READY');
    try {
      // A claim held in another process is seen here.
      expect(await store.claimIdempotency(dying, { key: 'held-0', fingerprint: FINGERPRINT })).toMatchObject({ state: 'in-progress' });
      expect(await store.remaining(dying)).toBe(96);
      await crash(a.child);
      // Its claims are free at once; its credits come back when a store opens (a new worker, the keys command, a restart).
      const taken = await store.claimIdempotency(dying, { key: 'held-0', fingerprint: FINGERPRINT });
      expect(taken.state).toBe('claimed');
      expect(await store.remaining(dying)).toBe(96);
      const other = await openLocalKeyStore({ dataDir });
      expect(await other.store.remaining(dying)).toBe(98);
      // The claim this process took over is alive, the other dead one is free; the living process keeps everything.
      expect(await other.store.claimIdempotency(dying, { key: 'held-0', fingerprint: FINGERPRINT })).toMatchObject({ state: 'in-progress' });
      expect(await other.store.claimIdempotency(dying, { key: 'held-1', fingerprint: FINGERPRINT })).toMatchObject({ state: 'claimed' });
      expect(await other.store.claimIdempotency(living, { key: 'held-0', fingerprint: FINGERPRINT })).toMatchObject({ state: 'in-progress' });
      expect(await other.store.remaining(living)).toBe(98);
      // A store closed in this process counts as gone too: its claim is free for the next one.
      await other.store.close();
      const third = await openLocalKeyStore({ dataDir });
      expect(await third.store.claimIdempotency(dying, { key: 'held-1', fingerprint: FINGERPRINT })).toMatchObject({ state: 'claimed' });
      await third.store.close();
    } finally {
      await crash(a.child);
      await crash(b.child);
    }
    await store.close();
  }, 60_000);

  it('an answer committed in one process is replayed in another, without a second credit', async () => {
    const dataDir = await tempDataDir();
    const first = await openLocalKeyStore({ dataDir, createDevelopmentKey: false });
    const { record } = await first.store.createKey('starter', 'replay');
    const second = await openLocalKeyStore({ dataDir });
    let runs = 0;
    const options = { idempotency: { key: 'order-7', fingerprint: FINGERPRINT }, convert: async () => ++runs, answer: (run: number) => ({ status: 200, body: `run ${run}` }) };
    const made = await meterConversionAnswer(first.store, record, options);
    const replayed = await meterConversionAnswer(second.store, record, options);
    expect(replayed).toEqual({ answer: made.answer, replayed: true });
    expect(runs).toBe(1);
    expect(await second.store.remaining(record)).toBe(999);
    await first.store.close();
    await second.store.close();
  });
});
