import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapError } from '../../functions/_shared/errors.js';
import { IdempotencyAnswerUnavailableError, IdempotencyInProgressError, IdempotencyKeyReusedError } from '../../lib/keys/errors.js';
import { fingerprintBody, parseIdempotencyKey } from '../../lib/keys/idempotency.js';

/** Visible ASCII, plus space and tab: mostly valid keys, some with blanks. */
const PRINTABLE_AND_SPACES = [...Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)), ' ', '\t'];

describe('parseIdempotencyKey', () => {
  it.each([
    [{ 'Idempotency-Key': 'order-42' }, 'order-42'],
    [{ 'idempotency-key': '6f1c2f4e-2b7d-4d0e-9a51-0c8b8f2f9a10' }, '6f1c2f4e-2b7d-4d0e-9a51-0c8b8f2f9a10'],
    [{ 'IDEMPOTENCY-KEY': '"quoted"' }, '"quoted"'],
    [{ 'Idempotency-Key': '  padded  ' }, 'padded'],
    [{ 'Idempotency-Key': '!~' }, '!~'],
    [{ 'Idempotency-Key': 'k'.repeat(255) }, 'k'.repeat(255)],
  ])('accepts %j', (headers, key) => {
    expect(parseIdempotencyKey(headers)).toBe(key);
  });

  it('is undefined without the header', () => {
    expect(parseIdempotencyKey({ 'X-API-Key': 'x' })).toBeUndefined();
    expect(parseIdempotencyKey(null)).toBeUndefined();
    expect(parseIdempotencyKey(undefined, { 'X-API-Key': ['x'] })).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['256 characters', 'k'.repeat(256)],
    ['an inner space', 'order 42'],
    ['a tab', 'order\t42'],
    ['a control character', 'order\u000142'],
    ['non-ASCII', 'commande-n°42'],
    ['DEL', 'order\u007f'],
  ])('refuses %s with 400 BAD_REQUEST at headers.Idempotency-Key', (_what, value) => {
    let caught: unknown;
    try {
      parseIdempotencyKey({ 'Idempotency-Key': value });
    } catch (err) {
      caught = err;
    }
    const mapped = mapError(caught);
    expect(mapped.statusCode).toBe(400);
    expect(mapped.body.error.code).toBe('BAD_REQUEST');
    expect(mapped.body.error.details).toEqual([{ path: 'headers.Idempotency-Key', message: expect.any(String) }]);
  });

  it('refuses the header sent twice with different values (multiValueHeaders), accepts it twice with the same value', () => {
    expect(() => parseIdempotencyKey({ 'idempotency-key': 'b' }, { 'Idempotency-Key': ['a', 'b'] })).toThrow(/more than once/);
    expect(parseIdempotencyKey({ 'idempotency-key': 'a' }, { 'Idempotency-Key': ['a', 'a'] })).toBe('a');
  });

  it('accepts exactly the strings of 1-255 visible ASCII characters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300, unit: 'binary' }), fc.string({ maxLength: 300, unit: fc.constantFrom(...PRINTABLE_AND_SPACES) })), (value) => {
        const valid = /^[\x21-\x7e]{1,255}$/.test(value.trim());
        let ok: boolean;
        try {
          ok = parseIdempotencyKey({ 'Idempotency-Key': value }) === value.trim();
        } catch {
          ok = false;
        }
        expect(ok).toBe(valid);
      }),
    );
  });
});

describe('fingerprintBody', () => {
  it('is the SHA-256 of the canonical JSON: key order and whitespace do not matter', () => {
    const a = JSON.parse('{"pdfBase64":"JVBERi0=","profile":"basic","nested":{"y":1,"x":[1,2]}}');
    const b = JSON.parse('{ "nested": { "x": [1, 2], "y": 1.0 }, "profile": "basic", "pdfBase64": "JVBERi0=" }');
    expect(fingerprintBody(a)).toBe(fingerprintBody(b));
    expect(fingerprintBody(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any value, with array order, and with added fields', () => {
    const base = { pdfBase64: 'JVBERi0=', profile: 'basic', list: [1, 2] };
    const seen = new Set([
      fingerprintBody(base),
      fingerprintBody({ ...base, pdfBase64: 'JVBERi1=' }),
      fingerprintBody({ ...base, profile: 'comfort' }),
      fingerprintBody({ ...base, list: [2, 1] }),
      fingerprintBody({ ...base, fileName: 'a.pdf' }),
      fingerprintBody({ ...base, profile: null }),
      fingerprintBody([base]),
    ]);
    expect(seen.size).toBe(7);
  });

  it('equals for equal JSON values, whatever the key order (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const shuffled = JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v)));
        expect(fingerprintBody(shuffled)).toBe(fingerprintBody(value));
      }),
    );
  });
});

describe('error mapping of the idempotency errors', () => {
  it('422 IDEMPOTENCY_KEY_REUSED, 409 IDEMPOTENCY_IN_PROGRESS with Retry-After, 409 IDEMPOTENCY_ANSWER_UNAVAILABLE', () => {
    const reused = mapError(new IdempotencyKeyReusedError());
    expect(reused.statusCode).toBe(422);
    expect(reused.body.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', details: [{ path: 'headers.Idempotency-Key' }] });
    const running = mapError(new IdempotencyInProgressError(2));
    expect(running.statusCode).toBe(409);
    expect(running.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(running.headers).toEqual({ 'Retry-After': '2' });
    const gone = mapError(new IdempotencyAnswerUnavailableError());
    expect(gone.statusCode).toBe(409);
    expect(gone.body.error.code).toBe('IDEMPOTENCY_ANSWER_UNAVAILABLE');
  });
});
