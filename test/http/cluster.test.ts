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
});
