import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openLocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { SlidingWindowRateLimiter } from '../../lib/keys/sliding-window.js';
import { fakeClock, tempDataDir } from './support.js';

describe('per-key rate limit of the local store (60 per sliding minute)', () => {
  it('lets 60 through, refuses the 61st with the seconds until the oldest leaves the window', async () => {
    const clock = fakeClock('2026-11-10T12:00:00Z');
    const { store } = await openLocalKeyStore({ dataDir: await tempDataDir(), clock: clock.now, createDevelopmentKey: false });
    const key = (await store.createKey('free')).record;
    const other = (await store.createKey('free')).record;
    // One request every 500 ms: t = 0 .. 29.5 s.
    for (let i = 0; i < 60; i++) {
      expect(await store.takeRate(key.id)).toEqual({ ok: true });
      clock.advance(500);
    }
    // t = 30 s: the oldest (t = 0) leaves the window at t = 60 s.
    expect(await store.takeRate(key.id)).toEqual({ ok: false, retryAfterSeconds: 30 });
    // Another key has its own minute.
    expect(await store.takeRate(other.id)).toEqual({ ok: true });
    clock.set('2026-11-10T12:00:59.001Z');
    expect(await store.takeRate(key.id)).toEqual({ ok: false, retryAfterSeconds: 1 });
    clock.set('2026-11-10T12:01:00.000Z');
    expect(await store.takeRate(key.id)).toEqual({ ok: true });
    // Now 60 again in the window (0.5 .. 29.5 s and 60 s): the next slot frees at 60.5 s.
    expect(await store.takeRate(key.id)).toEqual({ ok: false, retryAfterSeconds: 1 });
    clock.set('2026-11-10T12:01:00.500Z');
    expect(await store.takeRate(key.id)).toEqual({ ok: true });
    await store.close();
  });

  it('takes the limit from the options, 0 meaning unlimited', async () => {
    const clock = fakeClock('2026-11-10T12:00:00Z');
    const limited = await openLocalKeyStore({ dataDir: await tempDataDir(), clock: clock.now, limits: { ratePerMinute: 2 } });
    const id = limited.developmentKey!.record.id;
    expect((await Promise.all([1, 2, 3].map(() => limited.store.takeRate(id)))).map((d) => d.ok)).toEqual([true, true, false]);
    await limited.store.close();
    const unlimited = await openLocalKeyStore({ dataDir: await tempDataDir(), clock: clock.now, limits: { ratePerMinute: 0 } });
    const uid = unlimited.developmentKey!.record.id;
    const decisions = await Promise.all(Array.from({ length: 500 }, () => unlimited.store.takeRate(uid)));
    expect(decisions.every((d) => d.ok)).toBe(true);
    await unlimited.store.close();
  });

  it('refused requests do not count', () => {
    const limiter = new SlidingWindowRateLimiter(3);
    for (const t of [0, 1000, 2000]) expect(limiter.take('k', t).ok).toBe(true);
    for (let t = 3000; t < 60_000; t += 1000) expect(limiter.take('k', t).ok).toBe(false);
    expect(limiter.take('k', 60_000)).toEqual({ ok: true });
  });

  it('property: never more than the limit in any minute, and waiting Retry-After always lets the next request through', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 80 }),
        (limit, gaps) => {
          const limiter = new SlidingWindowRateLimiter(limit);
          const accepted: number[] = [];
          let t = 1_000_000;
          for (const gap of gaps) {
            t += gap;
            const d = limiter.take('k', t);
            if (d.ok) {
              accepted.push(t);
              expect(accepted.filter((a) => t - a < 60_000).length).toBeLessThanOrEqual(limit);
            } else {
              expect(d.retryAfterSeconds).toBeGreaterThanOrEqual(1);
              expect(d.retryAfterSeconds).toBeLessThanOrEqual(60);
              // Exactly Retry-After later (on a copy of the state) the request is accepted...
              const probe = new SlidingWindowRateLimiter(limit);
              for (const a of accepted) probe.take('k', a);
              expect(probe.take('k', t + d.retryAfterSeconds * 1000).ok).toBe(true);
              // ...and one second earlier it would not have been, unless Retry-After is the 1 s floor.
              if (d.retryAfterSeconds > 1) {
                const early = new SlidingWindowRateLimiter(limit);
                for (const a of accepted) early.take('k', a);
                expect(early.take('k', t + (d.retryAfterSeconds - 1) * 1000).ok).toBe(false);
              }
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
