/**
 * `npm start` with several workers: the v2 per-address limit and the v1 key
 * store stay exact across processes (both live in the primary, reached over IPC).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const example = readFileSync(join(root, 'functions', '_shared', 'examples', 'invoice.json'), 'utf8');
const convertBody = (JSON.parse(readFileSync(join(root, 'events', 'v1-convert', 'facturx-pdf-idempotent.json'), 'utf8')) as { body: string }).body;
let child: ChildProcess;
let base = '';
let devKey = '';

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    env: { ...process.env, PORT: '0', WORKERS: '2', V2_RATE_LIMIT_PER_MINUTE: '10', QUOTA_FREE: '100', DATA_DIR: mkdtempSync(join(tmpdir(), 'cluster-')), LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const key = /X-API-Key: (\S+)/.exec(out);
      const url = /listening on (http:\/\/\S+)/.exec(out);
      if (key) devKey = key[1]!;
      if (url) {
        base = url[1]!;
        ok();
      }
    });
    child.on('exit', (code) => fail(new Error(`server exited ${code}`)));
  });
}, 60_000);

afterAll(() => {
  child.kill('SIGTERM');
});

describe('local server with 2 workers', () => {
  it('announces 2 workers and prints the development key once', () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(devKey).toMatch(/^fx_live_/);
  });

  it('keeps the v2 per-address limit exact across workers', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 14 }, () =>
        fetch(`${base}/api/v2/validate`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: example }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('serves v1 with the primary key store: known key 200, unknown 401', async () => {
    const call = (key: string) =>
      fetch(`${base}/api/v1/validate`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': key }, body: JSON.stringify({ invoiceData: JSON.parse(example) }) });
    const ok = await call(devKey);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { meta: { creditsRemaining: number } }).meta.creditsRemaining).toBe(100);
    const bad = await call('fx_live_unknownunknownunknownunknown12');
    expect(bad.status).toBe(401);
  });

  it('keeps Idempotency-Key exact across workers: one conversion and one credit for a burst of identical requests, then replays', async () => {
    const credits = async () => {
      const r = await fetch(`${base}/api/v1/validate`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': devKey }, body: JSON.stringify({ invoiceData: JSON.parse(example) }) });
      return ((await r.json()) as { meta: { creditsRemaining: number } }).meta.creditsRemaining;
    };
    const convert = (idempotencyKey: string, body = convertBody) =>
      fetch(`${base}/api/v1/convert`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': devKey, 'Idempotency-Key': idempotencyKey }, body }).then(async (r) => ({
        status: r.status,
        replayed: r.headers.get('idempotent-replayed'),
        retryAfter: r.headers.get('retry-after'),
        text: await r.text(),
      }));
    const before = await credits();
    const burst = await Promise.all(Array.from({ length: 8 }, () => convert('cluster-burst')));
    const converted = burst.filter((r) => r.status === 200 && r.replayed === null);
    expect(converted, JSON.stringify(burst.map((r) => [r.status, r.replayed]))).toHaveLength(1);
    for (const r of burst) {
      if (r.status === 200) expect(r.text).toBe(converted[0]!.text);
      else expect([r.status, JSON.parse(r.text).error.code, r.retryAfter]).toEqual([409, 'IDEMPOTENCY_IN_PROGRESS', '2']);
    }
    expect(await credits()).toBe(before - 1);
    // Afterwards every worker replays it.
    const later = await Promise.all(Array.from({ length: 4 }, () => convert('cluster-burst')));
    expect(later.map((r) => [r.status, r.replayed, r.text === converted[0]!.text])).toEqual(Array.from({ length: 4 }, () => [200, 'true', true]));
    const other = await convert('cluster-burst', JSON.stringify({ ...JSON.parse(convertBody), profile: 'basic' }));
    expect([other.status, JSON.parse(other.text).error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await credits()).toBe(before - 1);
  });
});
