import { describe, expect, it } from 'vitest';
import { mapError } from '../../functions/_shared/errors.js';
import { admitApiKey, meterConversion } from '../../lib/keys/admission.js';
import { QuotaExceededError, RateLimitedError, UnauthorizedError } from '../../lib/keys/errors.js';
import { openLocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { parseApiKey } from '../../lib/keys/store.js';
import { fakeClock, tempDataDir } from './support.js';

async function setup(limits = {}) {
  const clock = fakeClock('2026-11-30T23:59:00Z');
  const { store } = await openLocalKeyStore({ dataDir: await tempDataDir(), clock: clock.now, limits, createDevelopmentKey: false });
  const { key, record } = await store.createKey('free', 'client');
  return { clock, store, key, record };
}

describe('admitApiKey (authenticate, then the per-minute limit)', () => {
  it('admits a valid key from either header', async () => {
    const { store, key, record } = await setup();
    expect(await admitApiKey(store, { apiKey: parseApiKey({ 'X-API-Key': key }) })).toMatchObject({ id: record.id, plan: 'free' });
    expect(await admitApiKey(store, { apiKey: parseApiKey({ authorization: `Bearer ${key}` }) })).toMatchObject({ id: record.id });
    await store.close();
  });

  it('401 UNAUTHORIZED for a missing, unknown or revoked key, saying which', async () => {
    const { store, key, record } = await setup();
    await expect(admitApiKey(store, { apiKey: parseApiKey({}) })).rejects.toMatchObject({ code: 'UNAUTHORIZED', reason: 'missing' });
    await expect(admitApiKey(store, { apiKey: 'fx_live_00000000000000000000000000000000' })).rejects.toMatchObject({ code: 'UNAUTHORIZED', reason: 'invalid' });
    await store.revokeKey(record.id);
    const revoked = admitApiKey(store, { apiKey: key });
    await expect(revoked).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(revoked).rejects.toMatchObject({ reason: 'invalid' });
    expect(mapError(new UnauthorizedError('missing')).statusCode).toBe(401);
    await store.close();
  });

  it('429 RATE_LIMITED with Retry-After once the minute is full; unknown keys are not counted', async () => {
    const { clock, store, key } = await setup({ ratePerMinute: 3 });
    for (let i = 0; i < 5; i++) await admitApiKey(store, { apiKey: 'fx_live_00000000000000000000000000000000' }).catch(() => undefined);
    for (let i = 0; i < 3; i++) await admitApiKey(store, { apiKey: key });
    clock.advance(20_000);
    const err = await admitApiKey(store, { apiKey: key }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 40 });
    // The one error mapping turns it into 429 with the header.
    const mapped = mapError(err);
    expect(mapped.statusCode).toBe(429);
    expect(mapped.headers).toEqual({ 'Retry-After': '40' });
    expect(mapped.body.error.code).toBe('RATE_LIMITED');
    clock.advance(40_000);
    await expect(admitApiKey(store, { apiKey: key })).resolves.toBeDefined();
    await store.close();
  });
});

describe('meterConversion (reserve, convert, commit or release)', () => {
  it('commits on success and reports the credits left', async () => {
    const { store, record } = await setup({ monthlyQuota: { free: 3 } });
    const out = await meterConversion(store, record, async () => 'xml');
    expect(out).toEqual({ result: 'xml', creditsRemaining: 2 });
    expect(await store.remaining(record)).toBe(2);
    await store.close();
  });

  it('gives the credit back when the conversion fails, and rethrows its error', async () => {
    const { store, record } = await setup({ monthlyQuota: { free: 1 } });
    const boom = new Error('extraction failed');
    await expect(meterConversion(store, record, () => Promise.reject(boom))).rejects.toBe(boom);
    expect(await store.remaining(record)).toBe(1);
    expect((await meterConversion(store, record, async () => 1)).creditsRemaining).toBe(0);
    await store.close();
  });

  it('429 QUOTA_EXCEEDED without converting once the month is used up, naming the renewal date; renews in the next UTC month', async () => {
    const { clock, store, record } = await setup({ monthlyQuota: { free: 2 } });
    await meterConversion(store, record, async () => 1);
    await meterConversion(store, record, async () => 1);
    let converted = false;
    const err = await meterConversion(store, record, async () => {
      converted = true;
    }).catch((e: unknown) => e);
    expect(converted).toBe(false);
    expect(err).toBeInstanceOf(QuotaExceededError);
    expect(err).toMatchObject({ code: 'QUOTA_EXCEEDED', plan: 'free', quota: 2, renewsOn: '2026-12-01' });
    expect(mapError(err).statusCode).toBe(429);
    expect(mapError(err).body.error.code).toBe('QUOTA_EXCEEDED');
    clock.set('2026-12-01T00:00:00Z');
    expect((await meterConversion(store, record, async () => 1)).creditsRemaining).toBe(1);
    await store.close();
  });

  it('under 150 concurrent conversions of which every third fails, the committed count is exact', async () => {
    const { store, record } = await setup({ monthlyQuota: { free: 100 } });
    let n = 0;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 150 }, () =>
        meterConversion(store, record, async () => {
          const i = n++;
          await new Promise((r) => setImmediate(r));
          if (i % 3 === 0) throw new Error('failed');
          return i;
        }),
      ),
    );
    const ok = outcomes.filter((o) => o.status === 'fulfilled').length;
    expect(ok).toBeLessThanOrEqual(100);
    expect(await store.remaining(record)).toBe(100 - ok);
    await store.close();
  });
});
