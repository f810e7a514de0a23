/**
 * Stopping `npm start` stops every process, even a worker whose event loop
 * does not turn (simulated with SIGSTOP: it cannot handle SIGTERM): the
 * primary waits for its workers a grace period, then kills what is left.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

/** The cluster workers of `pid` (its children running server/main.ts; tsx's esbuild service is another child). */
function workerPids(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`)
    .flatMap((t) => readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number))
    .filter((c) => readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('main.ts'));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

describe('npm start shutdown', () => {
  it('ends every worker on SIGTERM within the grace period, a stuck one included', async () => {
    const child = spawn(process.execPath, ['--throw-deprecation', '--import', 'tsx', join(root, 'server', 'main.ts')], {
      env: { ...process.env, PORT: '0', WORKERS: '2', DATA_DIR: mkdtempSync(join(tmpdir(), 'shutdown-')), LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((ok, fail) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (/listening on/.test(out)) ok();
      });
      child.on('exit', (code) => fail(new Error(`server exited ${code}`)));
    });
    const workers = workerPids(child.pid!);
    expect(workers).toHaveLength(2);
    process.kill(workers[0]!, 'SIGSTOP');
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const started = performance.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The stopped worker never exits by itself: the primary ends it after its 5 s grace period (without that it would
    // wait for ever and the test time out). Grace plus 20 s tells the two apart on a loaded machine (about 5.3 s quiet).
    expect(performance.now() - started).toBeLessThan(5_000 + 20_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(workers.filter(alive)).toEqual([]);
  }, 60_000);
});
