import { describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, generateApiKey, generateKeyId, hashApiKey, isWellFormedApiKey } from '../../lib/keys/api-key.js';
import { DEFAULT_KEY_LIMITS, parseApiKey, periodOf, renewalDateOf, resolveKeyLimits, type HeaderBag } from '../../lib/keys/store.js';

const KEY = 'fx_live_0123456789abcdefghijABCDEFGHIJ';

describe('parseApiKey', () => {
  it.each<[string, HeaderBag, string | undefined]>([
    ['X-API-Key', { 'X-API-Key': KEY }, KEY],
    ['x-api-key lower-case', { 'x-api-key': KEY }, KEY],
    ['X-Api-KEY mixed case, padded', { 'X-Api-KEY': `  ${KEY} ` }, KEY],
    ['Authorization Bearer', { Authorization: `Bearer ${KEY}` }, KEY],
    ['authorization bearer, lower-case scheme', { authorization: `bearer ${KEY}` }, KEY],
    ['AUTHORIZATION BEARER with extra spaces', { AUTHORIZATION: `  BEARER   ${KEY}  ` }, KEY],
    ['both: X-API-Key wins', { 'x-api-key': KEY, authorization: 'Bearer other' }, KEY],
    ['blank X-API-Key falls back to Authorization', { 'x-api-key': '   ', authorization: `Bearer ${KEY}` }, KEY],
    ['multi-valued header (Node array)', { 'x-api-key': ['', KEY] }, KEY],
    ['Basic scheme is not a key', { authorization: 'Basic dXNlcjpwYXNz' }, undefined],
    ['Bearer without a token', { authorization: 'Bearer ' }, undefined],
    ['Bearer with two tokens', { authorization: `Bearer ${KEY} more` }, undefined],
    ['token without scheme', { authorization: KEY }, undefined],
    ['no headers', {}, undefined],
    ['undefined headers', undefined, undefined],
    ['null headers', null, undefined],
    ['undefined value', { 'x-api-key': undefined }, undefined],
    ['similar but different header', { 'x-api-keys': KEY }, undefined],
  ])('%s', (_name, headers, expected) => {
    expect(parseApiKey(headers)).toBe(expected);
  });
});

describe('periods (calendar months in UTC)', () => {
  it.each([
    ['2026-11-30T23:59:59.999Z', '2026-11'],
    ['2026-12-01T00:00:00.000Z', '2026-12'],
    // 00:30 in Paris on 1 December is still 30 November in UTC.
    ['2026-12-01T00:30:00+01:00', '2026-11'],
    ['2026-11-30T20:00:00-05:00', '2026-12'],
    ['2026-12-31T23:59:59.999Z', '2026-12'],
    ['2027-01-01T00:00:00.000Z', '2027-01'],
  ])('%s is in %s', (iso, period) => {
    expect(periodOf(new Date(iso))).toBe(period);
  });

  it('refuses an invalid date', () => {
    expect(() => periodOf(new Date('nope'))).toThrow(RangeError);
  });

  it.each([
    ['2026-11', '2026-12-01'],
    ['2026-12', '2027-01-01'],
    ['2028-02', '2028-03-01'],
  ])('the quota of %s renews on %s', (period, date) => {
    expect(renewalDateOf(period)).toBe(date);
  });
});

describe('limits', () => {
  it('defaults to the spec: 60 a minute; free 100, starter 1,000, business 10,000', () => {
    expect(resolveKeyLimits()).toEqual({ ratePerMinute: 60, monthlyQuota: { free: 100, starter: 1000, business: 10000 } });
  });

  it('merges partial overrides and keeps the defaults untouched', () => {
    const limits = resolveKeyLimits({ monthlyQuota: { starter: 5 } });
    expect(limits.monthlyQuota).toEqual({ free: 100, starter: 5, business: 10000 });
    expect(DEFAULT_KEY_LIMITS.monthlyQuota.starter).toBe(1000);
  });

  it.each([{ ratePerMinute: -1 }, { ratePerMinute: 1.5 }, { monthlyQuota: { free: Number.NaN } }])('refuses %j', (options) => {
    expect(() => resolveKeyLimits(options)).toThrow(RangeError);
  });
});

describe('key format and hashing', () => {
  it('generates fx_live_ + 32 base62 characters, all different', () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    for (const k of keys) {
      expect(k).toMatch(/^fx_live_[0-9A-Za-z]{32}$/);
      expect(isWellFormedApiKey(k)).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses the whole base62 alphabet', () => {
    const seen = new Set(Array.from({ length: 100 }, () => generateApiKey().slice(API_KEY_PREFIX.length)).join(''));
    expect(seen.size).toBe(62);
  });

  it('generates key ids key_ + 16 base62 characters', () => {
    expect(generateKeyId()).toMatch(/^key_[0-9A-Za-z]{16}$/);
  });

  it.each(['', 'fx_live_short', `${KEY}x`, KEY.replace('fx_live_', 'fx_test_'), `${KEY.slice(0, -1)}-`])('rejects the shape of %j', (value) => {
    expect(isWellFormedApiKey(value)).toBe(false);
  });

  it('stores the SHA-256 of the key, which does not contain it', () => {
    // Expected value from coreutils: printf %s <key> | sha256sum
    expect(hashApiKey(KEY)).toBe('4427459fdcd57132562a2d71908903b631d4a8a665a80b6067bedbae02e33a63');
    expect(hashApiKey(`${KEY.slice(0, -1)}K`)).not.toBe(hashApiKey(KEY));
  });
});
