/**
 * The v1 API-key authorizer: which header carries the key, what it returns to
 * API Gateway, how the key directory caches and refreshes, and how it reads
 * the management API.
 */
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAuthorizer, extractApiKey, UNAUTHORIZED, type AuthorizerLogger } from '../../infra/authorizer/authorize.js';
import { parseUsagePlans, readAuthorizerConfig } from '../../infra/authorizer/config.js';
import {
  ApiGatewayUsagePlanKeys,
  CachedKeyDirectory,
  KeyDirectoryUnavailableError,
  type FetchLike,
  type KeyDirectory,
  type PlanKey,
  type PlanRef,
  type UsagePlanKeysSource,
  type UsagePlanSummary,
} from '../../infra/authorizer/key-directory.js';

const BASE = JSON.parse(readFileSync(resolve(import.meta.dirname, 'fixtures', 'authorizer-request.json'), 'utf8')) as APIGatewayRequestAuthorizerEvent;
const KEY = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const OTHER = 'ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210';

function withHeaders(headers: Record<string, string>): APIGatewayRequestAuthorizerEvent {
  return { ...BASE, headers: { ...BASE.headers, ...headers }, multiValueHeaders: {} };
}

const silent: AuthorizerLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

const PLANS: PlanRef[] = [
  { name: 'free', usagePlanName: 'Svc-free', monthlyQuota: 100 },
  { name: 'starter', usagePlanName: 'Svc-starter', monthlyQuota: 1000 },
];

/** A fake management API: plans by name, keys by plan id, with call counts. */
class FakeSource implements UsagePlanKeysSource {
  calls = 0;
  failing = false;
  plans: UsagePlanSummary[] = [
    { id: 'p-free', name: 'Svc-free' },
    { id: 'p-starter', name: 'Svc-starter' },
    { id: 'p-other', name: 'Someone-else' },
  ];
  keys: Record<string, PlanKey[]> = { 'p-free': [{ id: 'kid-1', value: KEY }], 'p-starter': [], 'p-other': [{ id: 'kid-x', value: OTHER }] };
  async listUsagePlans(): Promise<UsagePlanSummary[]> {
    this.calls++;
    if (this.failing) throw new Error('AccessDenied');
    return this.plans;
  }
  async listKeys(id: string): Promise<PlanKey[]> {
    return this.keys[id] ?? [];
  }
}

describe('extractApiKey', () => {
  const cases: Array<[string, Record<string, string>, ReturnType<typeof extractApiKey>]> = [
    ['X-API-Key', { 'X-API-Key': KEY }, { key: KEY }],
    ['x-api-key in lower case', { 'x-api-key': KEY }, { key: KEY }],
    ['Authorization: Bearer', { Authorization: `Bearer ${KEY}` }, { key: KEY }],
    ['bearer in lower case, extra spaces', { authorization: `bearer   ${KEY}  ` }, { key: KEY }],
    ['both headers agreeing', { 'X-API-Key': KEY, Authorization: `Bearer ${KEY}` }, { key: KEY }],
    ['both headers disagreeing', { 'X-API-Key': KEY, Authorization: `Bearer ${OTHER}` }, { problem: 'conflicting' }],
    ['no header', {}, { problem: 'missing' }],
    ['blank X-API-Key', { 'X-API-Key': '   ' }, { problem: 'missing' }],
    ['Basic authorization only', { Authorization: 'Basic dXNlcjpwYXNz' }, { problem: 'malformed' }],
    ['key too short', { 'X-API-Key': 'short' }, { problem: 'malformed' }],
    ['key with a space', { 'X-API-Key': `${KEY.slice(0, 10)} ${KEY.slice(10)}` }, { problem: 'malformed' }],
  ];
  it.each(cases)('%s', (_label, headers, expected) => {
    expect(extractApiKey(withHeaders(headers))).toEqual(expected);
  });

  it('reads multi-value headers when the single-value map lacks them', () => {
    const event = { ...BASE, headers: {}, multiValueHeaders: { 'X-Api-Key': [KEY] } } as APIGatewayRequestAuthorizerEvent;
    expect(extractApiKey(event)).toEqual({ key: KEY });
  });
});

describe('createAuthorizer', () => {
  const directory = (answer: Awaited<ReturnType<KeyDirectory['lookup']>> | Error): KeyDirectory => ({
    lookup: async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });

  it('allows a known key: the key as usageIdentifierKey, key id and plan in the context, never the key as principal', async () => {
    const authorize = createAuthorizer(directory({ id: 'kid-1', plan: 'starter', monthlyQuota: 1000 }), silent);
    const result = await authorize(withHeaders({ Authorization: `Bearer ${KEY}` }));
    expect(result).toEqual({
      principalId: 'kid-1',
      policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: BASE.methodArn }] },
      context: { keyId: 'kid-1', plan: 'starter', monthlyQuota: 1000 },
      usageIdentifierKey: KEY,
    });
  });

  it('refuses a missing key and an unknown key with Unauthorized (401)', async () => {
    const authorize = createAuthorizer(directory(undefined), silent);
    await expect(authorize(withHeaders({}))).rejects.toThrow(UNAUTHORIZED);
    await expect(authorize(withHeaders({ 'X-API-Key': KEY }))).rejects.toThrow(UNAUTHORIZED);
  });

  it('fails (API Gateway 500, not 401) when the directory is unavailable, and logs it', async () => {
    const errors: string[] = [];
    const logger = { ...silent, error: (m: string) => void errors.push(m) };
    const authorize = createAuthorizer(directory(new KeyDirectoryUnavailableError('down')), logger);
    const failure = await authorize(withHeaders({ 'X-API-Key': KEY })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).not.toBe(UNAUTHORIZED);
    expect(errors).toHaveLength(1);
  });

  it('lets other failures through (API Gateway answers 500)', async () => {
    const authorize = createAuthorizer(directory(new TypeError('bug')), silent);
    await expect(authorize(withHeaders({ 'X-API-Key': KEY }))).rejects.toThrow('bug');
  });
});

describe('CachedKeyDirectory', () => {
  function setup(options: { ttlMs?: number; missRefreshMs?: number } = {}) {
    let t = 1_000_000;
    const source = new FakeSource();
    const dir = new CachedKeyDirectory(PLANS, source, { ttlMs: 300_000, missRefreshMs: 30_000, ...options, now: () => t });
    return { source, dir, advance: (ms: number) => void (t += ms) };
  }

  it('finds a key of one of its plans, ignoring other usage plans', async () => {
    const { dir } = setup();
    expect(await dir.lookup(KEY)).toEqual({ id: 'kid-1', plan: 'free', monthlyQuota: 100 });
    expect(await dir.lookup(OTHER)).toBeUndefined();
  });

  it('serves hits from memory until the TTL, then reloads', async () => {
    const { dir, source, advance } = setup();
    await dir.lookup(KEY);
    advance(299_000);
    await dir.lookup(KEY);
    expect(source.calls).toBe(1);
    advance(2_000);
    await dir.lookup(KEY);
    expect(source.calls).toBe(2);
  });

  it('reloads for an unknown key at most once per missRefreshMs, so a new key works soon', async () => {
    const { dir, source, advance } = setup();
    await dir.lookup(KEY);
    const fresh = 'N'.repeat(30);
    expect(await dir.lookup(fresh)).toBeUndefined();
    expect(await dir.lookup(fresh)).toBeUndefined();
    expect(source.calls).toBe(1);
    source.keys['p-starter'] = [{ id: 'kid-new', value: fresh }];
    advance(30_000);
    expect(await dir.lookup(fresh)).toEqual({ id: 'kid-new', plan: 'starter', monthlyQuota: 1000 });
    expect(source.calls).toBe(2);
  });

  it('keeps the last map when a reload fails, and says unavailable when it never loaded', async () => {
    const { dir, source, advance } = setup();
    await dir.lookup(KEY);
    source.failing = true;
    advance(400_000);
    expect(await dir.lookup(KEY)).toEqual({ id: 'kid-1', plan: 'free', monthlyQuota: 100 });
    expect(dir.lastError).toBeInstanceOf(Error);

    const cold = setup();
    cold.source.failing = true;
    await expect(cold.dir.lookup(KEY)).rejects.toBeInstanceOf(KeyDirectoryUnavailableError);
    // Not retried on every request.
    await expect(cold.dir.lookup(KEY)).rejects.toBeInstanceOf(KeyDirectoryUnavailableError);
    expect(cold.source.calls).toBe(1);
  });

  it('fails to load when one of its plans does not exist', async () => {
    const { dir, source } = setup();
    source.plans = source.plans.filter((p) => p.name !== 'Svc-starter');
    await expect(dir.lookup(KEY)).rejects.toBeInstanceOf(KeyDirectoryUnavailableError);
  });
});

describe('ApiGatewayUsagePlanKeys', () => {
  const creds = () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'token' });

  it('pages through GET /usageplans/{id}/keys, signed for apigateway in the region', async () => {
    const seen: Array<{ url: string; headers: Record<string, string> }> = [];
    const pages = [
      { item: [{ id: 'k1', value: 'v1', name: 'a', type: 'API_KEY' }], position: 'next-page' },
      { item: [{ id: 'k2', value: 'v2', name: 'b', type: 'API_KEY' }] },
    ];
    const fetchFn: FetchLike = async (url, init) => {
      seen.push({ url, headers: init.headers });
      return { ok: true, status: 200, json: async () => pages[seen.length - 1] };
    };
    const keys = await new ApiGatewayUsagePlanKeys('eu-west-3', creds, fetchFn).listKeys('abc123');
    expect(keys).toEqual([
      { id: 'k1', value: 'v1' },
      { id: 'k2', value: 'v2' },
    ]);
    expect(seen.map((s) => s.url)).toEqual([
      'https://apigateway.eu-west-3.amazonaws.com/usageplans/abc123/keys?limit=500',
      'https://apigateway.eu-west-3.amazonaws.com/usageplans/abc123/keys?limit=500&position=next-page',
    ]);
    const h = seen[0]?.headers ?? {};
    expect(h.accept).toBe('application/json');
    expect(h['x-amz-security-token']).toBe('token');
    expect(h.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-3\/apigateway\/aws4_request, SignedHeaders=accept;host;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$/);
  });

  it('lists usage plans by id and name, and fails on an HTTP error', async () => {
    const ok: FetchLike = async () => ({ ok: true, status: 200, json: async () => ({ item: [{ id: 'p1', name: 'Svc-free' }, { id: 'p2' }] }) });
    expect(await new ApiGatewayUsagePlanKeys('eu-west-3', creds, ok).listUsagePlans()).toEqual([{ id: 'p1', name: 'Svc-free' }]);
    const denied: FetchLike = async () => ({ ok: false, status: 403, json: async () => ({}) });
    await expect(new ApiGatewayUsagePlanKeys('eu-west-3', creds, denied).listUsagePlans()).rejects.toThrow(/HTTP 403/);
  });
});

describe('authorizer configuration', () => {
  it('reads USAGE_PLANS and AWS_REGION, with the REST correlation path by default', () => {
    const config = readAuthorizerConfig({ AWS_REGION: 'eu-west-3', USAGE_PLANS: JSON.stringify(PLANS) });
    expect(config).toEqual({ region: 'eu-west-3', plans: PLANS, correlationIdPath: 'requestContext.requestId' });
  });

  it.each([
    ['not JSON', 'free'],
    ['empty array', '[]'],
    ['unknown plan', '[{"name":"gold","usagePlanName":"x","monthlyQuota":1}]'],
    ['missing name', '[{"name":"free","monthlyQuota":1}]'],
    ['fractional quota', '[{"name":"free","usagePlanName":"x","monthlyQuota":1.5}]'],
  ])('refuses USAGE_PLANS: %s', (_label, raw) => {
    expect(() => parseUsagePlans(raw)).toThrow(/USAGE_PLANS/);
  });

  it('refuses a missing region', () => {
    expect(() => readAuthorizerConfig({ USAGE_PLANS: JSON.stringify(PLANS) })).toThrow(/AWS_REGION/);
  });
});
