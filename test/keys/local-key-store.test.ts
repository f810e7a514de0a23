import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../lib/keys/api-key.js';
import { DEVELOPMENT_KEY_LABEL, openLocalKeyStore, type LocalKeyStoreOptions } from '../../lib/keys/local/local-key-store.js';
import type { KeyIdentity } from '../../lib/keys/store.js';
import { fakeClock, tempDataDir } from './support.js';

async function fresh(options: Partial<LocalKeyStoreOptions> = {}) {
  const dataDir = await tempDataDir();
  const opened = await openLocalKeyStore({ dataDir, createDevelopmentKey: false, ...options });
  return { dataDir, ...opened };
}

describe('first open', () => {
  it('creates the directory with one development key on plan free, returned once', async () => {
    const dataDir = await tempDataDir();
    const first = await openLocalKeyStore({ dataDir });
    const dev = first.developmentKey;
    expect(dev?.record).toMatchObject({ plan: 'free', label: DEVELOPMENT_KEY_LABEL });
    expect(dev?.key).toMatch(/^fx_live_[0-9A-Za-z]{32}$/);
    expect(await first.store.authenticate({ apiKey: dev!.key })).toMatchObject({ id: dev!.record.id, plan: 'free' });
    expect((await first.store.listKeys()).map((k) => k.id)).toEqual([dev!.record.id]);
    await first.store.close();

    const second = await openLocalKeyStore({ dataDir });
    expect(second.developmentKey).toBeUndefined();
    expect((await second.store.listKeys()).map((k) => k.id)).toEqual([dev!.record.id]);
    expect(await second.store.authenticate({ apiKey: dev!.key })).toMatchObject({ id: dev!.record.id });
    await second.store.close();
  });

  it('creates no key when told not to', async () => {
    const { store, developmentKey } = await fresh();
    expect(developmentKey).toBeUndefined();
    expect(await store.listKeys()).toEqual([]);
    await store.close();
  });
});

describe('authentication and key management', () => {
  it('authenticates created keys by their text, on their plan, and nothing else', async () => {
    const { store } = await fresh();
    const a = await store.createKey('starter', '  ACME  ');
    const b = await store.createKey('business');
    expect(a.record).toMatchObject({ plan: 'starter', label: 'ACME' });
    expect(b.record.label).toBeUndefined();
    expect(a.record.id).not.toBe(b.record.id);
    expect(await store.authenticate({ apiKey: a.key })).toMatchObject({ id: a.record.id, plan: 'starter' });
    expect(await store.authenticate({ apiKey: ` ${b.key} ` })).toMatchObject({ id: b.record.id, plan: 'business' });
    expect(await store.authenticate({ apiKey: `${a.key.slice(0, -1)}${a.key.endsWith('A') ? 'B' : 'A'}` })).toBeUndefined();
    expect(await store.authenticate({ apiKey: 'not a key' })).toBeUndefined();
    expect(await store.authenticate({ apiKey: '' })).toBeUndefined();
    expect(await store.authenticate({})).toBeUndefined();
    // The AWS authorizer context means nothing to the local store.
    expect(await store.authenticate({ authorizer: { keyId: a.record.id, plan: 'starter' } })).toBeUndefined();
    await store.close();
  });

  it('refuses a revoked key, keeps the first revocation date, and remembers it after a restart', async () => {
    const clock = fakeClock('2026-11-10T08:00:00Z');
    const { dataDir, store } = await fresh({ clock: clock.now });
    const { key, record } = await store.createKey('free');
    const other = await store.createKey('free');
    clock.set('2026-11-11T09:00:00Z');
    expect((await store.revokeKey(record.id))?.revokedAt).toBe('2026-11-11T09:00:00.000Z');
    clock.set('2026-11-12T09:00:00Z');
    expect((await store.revokeKey(record.id))?.revokedAt).toBe('2026-11-11T09:00:00.000Z');
    expect(await store.revokeKey('key_doesnotexist0000')).toBeUndefined();
    expect(await store.authenticate({ apiKey: key })).toBeUndefined();
    expect(await store.authenticate({ apiKey: other.key })).toBeDefined();
    await store.close();

    const reopened = await openLocalKeyStore({ dataDir });
    expect(await reopened.store.authenticate({ apiKey: key })).toBeUndefined();
    expect(await reopened.store.authenticate({ apiKey: other.key })).toBeDefined();
    expect((await reopened.store.listKeys()).find((k) => k.id === record.id)?.revokedAt).toBe('2026-11-11T09:00:00.000Z');
    await reopened.store.close();
  });

  it.each([['x'.repeat(101)], ['line\nbreak']])('refuses the label %j', async (label) => {
    const { store } = await fresh();
    await expect(store.createKey('free', label)).rejects.toThrow(RangeError);
    await store.close();
  });

  it('refuses an unknown plan', async () => {
    const { store } = await fresh();
    await expect(store.createKey('gold' as 'free')).rejects.toThrow(/plan/);
    await store.close();
  });

  it('lists keys oldest first with this month\'s usage and quota, never the key', async () => {
    const clock = fakeClock('2026-11-05T10:00:00Z');
    const { store } = await fresh({ clock: clock.now });
    const a = await store.createKey('starter', 'A');
    clock.advance(1000);
    const b = await store.createKey('free', 'B');
    for (let i = 0; i < 3; i++) {
      const c = await store.reserveCredit(a.record);
      if (c.ok) await store.commit(c.reservation);
    }
    const list = await store.listKeys();
    expect(list).toEqual([
      { ...a.record, period: '2026-11', used: 3, quota: 1000 },
      { ...b.record, period: '2026-11', used: 0, quota: 100 },
    ]);
    expect(JSON.stringify(list)).not.toContain(a.key);
    expect(JSON.stringify(list)).not.toContain(hashApiKey(a.key));
    await store.close();
  });
});

describe('credits', () => {
  it('300 concurrent reservations on a quota of 100: exactly 100 succeed, and that many are on disk', async () => {
    const { dataDir, store } = await fresh();
    const { record } = await store.createKey('free');
    const results = await Promise.all(Array.from({ length: 300 }, () => store.reserveCredit(record)));
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(100);
    expect(new Set(ok.map((r) => (r.ok ? r.reservation.id : ''))).size).toBe(100);
    // Each success saw a distinct "remaining": 99, 98, ..., 0.
    expect(ok.map((r) => r.remaining).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'quota' && r.quota === 100)).toBe(true);
    await Promise.all(ok.map((r) => (r.ok ? store.commit(r.reservation) : undefined)));
    expect(await store.remaining(record)).toBe(0);
    await store.close();

    const reopened = await openLocalKeyStore({ dataDir });
    expect(await reopened.store.remaining(record)).toBe(0);
    expect((await reopened.store.reserveCredit(record)).ok).toBe(false);
    await reopened.store.close();
  });

  it('concurrent reservations of different keys do not take from each other', async () => {
    const { store } = await fresh({ limits: { monthlyQuota: { free: 10, starter: 20 } } });
    const a = (await store.createKey('free')).record;
    const b = (await store.createKey('starter')).record;
    const all = await Promise.all(Array.from({ length: 60 }, (_, i) => store.reserveCredit(i % 2 ? a : b)));
    expect(all.filter((r, i) => r.ok && i % 2 === 1)).toHaveLength(10);
    expect(all.filter((r, i) => r.ok && i % 2 === 0)).toHaveLength(20);
    await store.close();
  });

  it('release gives the credit back; settling twice, or committing after a release, changes nothing', async () => {
    const { store } = await fresh({ limits: { monthlyQuota: { free: 3 } } });
    const key = (await store.createKey('free')).record;
    const taken = await Promise.all([store.reserveCredit(key), store.reserveCredit(key), store.reserveCredit(key)]);
    expect((await store.reserveCredit(key)).ok).toBe(false);
    const [first, second] = taken;
    if (!first?.ok || !second?.ok) throw new Error('setup');
    await store.release(first.reservation);
    expect(await store.remaining(key)).toBe(1);
    await store.release(first.reservation);
    await store.commit(first.reservation);
    expect(await store.remaining(key)).toBe(1);
    await store.commit(second.reservation);
    await store.release(second.reservation);
    expect(await store.remaining(key)).toBe(1);
    const again = await store.reserveCredit(key);
    expect(again).toMatchObject({ ok: true, remaining: 0 });
    expect((await store.reserveCredit(key)).ok).toBe(false);
    await store.close();
  });

  it('counts per calendar month in UTC: the quota renews at 00:00 UTC on the 1st', async () => {
    const clock = fakeClock('2026-11-30T23:59:58Z');
    const { store } = await fresh({ clock: clock.now, limits: { monthlyQuota: { free: 2 } } });
    const key = (await store.createKey('free')).record;
    for (let i = 0; i < 2; i++) expect((await store.reserveCredit(key)).ok).toBe(true);
    clock.set('2026-11-30T23:59:59.999Z');
    expect(await store.reserveCredit(key)).toMatchObject({ ok: false, period: '2026-11' });
    // 00:30 in Paris is still November in UTC.
    expect((await store.reserveCredit(key, new Date('2026-12-01T00:30:00+01:00'))).ok).toBe(false);
    clock.set('2026-12-01T00:00:00Z');
    expect(await store.remaining(key)).toBe(2);
    const december = await store.reserveCredit(key);
    expect(december).toMatchObject({ ok: true, remaining: 1, reservation: { period: '2026-12' } });
    expect((await store.listKeys())[0]).toMatchObject({ period: '2026-12', used: 1 });
    expect((await store.listKeys(new Date('2026-11-15T00:00:00Z')))[0]).toMatchObject({ period: '2026-11', used: 2 });
    await store.close();
  });

  it('a reservation released after midnight gives the credit back to its own month', async () => {
    const clock = fakeClock('2026-11-30T23:59:59Z');
    const { store } = await fresh({ clock: clock.now, limits: { monthlyQuota: { free: 1 } } });
    const key = (await store.createKey('free')).record;
    const nov = await store.reserveCredit(key);
    if (!nov.ok) throw new Error('setup');
    clock.set('2026-12-01T00:00:01Z');
    const dec = await store.reserveCredit(key);
    expect(dec.ok).toBe(true);
    await store.release(nov.reservation);
    expect(await store.remaining(key, new Date('2026-11-20T00:00:00Z'))).toBe(1);
    expect(await store.remaining(key)).toBe(0);
    await store.close();
  });

  it('refuses a reservation for a key it does not know', async () => {
    const { store } = await fresh();
    await expect(store.reserveCredit({ id: 'key_unknown000000000', plan: 'free' })).rejects.toThrow(/Unknown key/);
    await store.close();
  });

  it('property: under any interleaving of reserve / commit / release, the count is exact and survives a restart', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 12 }),
        fc.array(fc.record({ fails: fc.boolean(), delay: fc.nat({ max: 4 }) }), { maxLength: 40 }),
        async (quota, ops) => {
          const { dataDir, store } = await fresh({ limits: { monthlyQuota: { free: quota } } });
          const key: KeyIdentity = (await store.createKey('free')).record;
          const outcomes = await Promise.all(
            ops.map(async ({ fails, delay }) => {
              for (let i = 0; i < delay; i++) await new Promise((r) => setImmediate(r));
              const credit = await store.reserveCredit(key);
              if (!credit.ok) return 'refused';
              for (let i = 0; i < delay; i++) await new Promise((r) => setImmediate(r));
              if (fails) await store.release(credit.reservation);
              else await store.commit(credit.reservation);
              return fails ? 'released' : 'committed';
            }),
          );
          const committed = outcomes.filter((o) => o === 'committed').length;
          const granted = outcomes.filter((o) => o !== 'refused').length;
          expect(committed).toBeLessThanOrEqual(quota);
          // A refusal means `quota` credits were held at that instant, all of them granted.
          if (outcomes.includes('refused')) expect(granted).toBeGreaterThanOrEqual(quota);
          else expect(granted).toBe(ops.length);
          expect(await store.remaining(key)).toBe(quota - committed);
          await store.close();
          const reopened = await openLocalKeyStore({ dataDir, limits: { monthlyQuota: { free: quota } } });
          expect(await reopened.store.remaining(key)).toBe(quota - committed);
          await reopened.store.close();
        },
      ),
      { numRuns: 30 },
    );
  });
});
