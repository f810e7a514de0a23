/**
 * `npm start` with several workers: the v2 per-address limit (kept in the
 * primary, reached over IPC) and the v1 key store (one SQLite database every
 * worker opens) stay exact across processes.
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
  child = spawn(process.execPath, ['--throw-deprecation', '--import', 'tsx', join(root, 'server', 'main.ts')], {
    // ISOLATE_TIME_SCALE: the reading budgets (wall clock) times 5, as for the handler tests of conversions
    // (test/handlers/load-event.ts, relaxReadingBudgets): this file tests exactness across workers, not time limits.
    env: { ...process.env, PORT: '0', WORKERS: '2', V2_RATE_LIMIT_PER_MINUTE: '10', QUOTA_FREE: '100', DATA_DIR: mkdtempSync(join(tmpdir(), 'cluster-')), LOG_LEVEL: 'error', ISOLATE_TIME_SCALE: '5' },
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

  it('serves v1 from the shared key store: known key 200, unknown 401', async () => {
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
      fetch(`${base}/api/v1/convert`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': devKey, 'Idempotency-Key': idempotencyKey }, body }).then(async (r) => {
        const text = await r.text();
        const error = r.status === 200 ? undefined : (JSON.parse(text) as { error: { code: string; message: string; details?: Array<{ limit?: string }> } }).error;
        return { status: r.status, replayed: r.headers.get('idempotent-replayed'), retryAfter: r.headers.get('retry-after'), text, error };
      });
    type Answer = Awaited<ReturnType<typeof convert>>;
    const shown = (answers: Answer[]) => JSON.stringify(answers.map((r) => [r.status, r.replayed, r.error ? `${r.error.code}: ${r.error.message}` : `${r.text.length} bytes`]));
    // Stopped by the server's own time limit (reading the PDF in the isolation pool: wall clock, the wait for a worker
    // thread included, even times 5 here) or refused for lack of a free thread: once seen on a loaded machine, when all
    // eight answered 422 before any claimed the key. Such an answer charged nothing and says nothing about
    // idempotency: the burst is sent again with a new key (five times at most), and every answer is printed on failure.
    const timeLimited = (r: Answer) =>
      (r.status === 422 && r.error?.code === 'DOCUMENT_TOO_COMPLEX' && ['time', 'sync-time'].includes(r.error.details?.[0]?.limit ?? '')) || (r.status === 503 && r.error?.code === 'SERVER_BUSY');
    let name = '';
    let converted: Answer | undefined;
    const attempts: string[] = [];
    for (let attempt = 1; attempt <= 5 && converted === undefined; attempt++) {
      name = `cluster-burst-${attempt}`;
      const before = await credits();
      const burst = await Promise.all(Array.from({ length: 8 }, () => convert(name)));
      attempts.push(shown(burst));
      const made = burst.filter((r) => r.status === 200 && r.replayed === null);
      // Every answer is the one conversion, its replay, "in progress", or a time-limited stop that charged nothing.
      expect(made.length, attempts.join('\n')).toBeLessThanOrEqual(1);
      for (const r of burst) {
        if (r.status === 200) expect(r.text, attempts.join('\n')).toBe(made[0]?.text);
        else if (!timeLimited(r)) expect([r.status, r.error?.code, r.retryAfter], attempts.join('\n')).toEqual([409, 'IDEMPOTENCY_IN_PROGRESS', '2']);
      }
      expect(await credits(), attempts.join('\n')).toBe(before - made.length);
      converted = made[0];
    }
    // Five bursts all stopped by the time limit: the machine is too loaded to tell (the answers are printed).
    expect(converted, `no burst converted:\n${attempts.join('\n')}`).toBeDefined();
    const after = await credits();
    // Afterwards every worker replays it, free.
    const later = await Promise.all(Array.from({ length: 4 }, () => convert(name)));
    expect(later.map((r) => [r.status, r.replayed, r.text === converted!.text]), shown(later)).toEqual(Array.from({ length: 4 }, () => [200, 'true', true]));
    const other = await convert(name, JSON.stringify({ ...JSON.parse(convertBody), profile: 'basic' }));
    expect([other.status, other.error?.code], shown([other])).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await credits()).toBe(after);
  }, 180_000);
});
