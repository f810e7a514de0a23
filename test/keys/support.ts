/**
 * Helpers of the key-store tests: temporary data directories (removed after
 * each test file), a settable clock, and running TypeScript entry points
 * (the CLI, crash fixtures) as separate processes through tsx.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll } from 'vitest';

export const ROOT = resolve(import.meta.dirname, '..', '..');
// `node --import tsx` rather than the tsx binary: one process, so its pid is the lock holder's and SIGKILL really crashes it.
// --throw-deprecation: a deprecated call in the child is an error there (test/setup/deprecations.ts does it in-process).
const NODE_ARGS = ['--throw-deprecation', '--import', 'tsx'];

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((d) => rm(d, { recursive: true, force: true })));
});

/** A new empty directory; the store's data directory is a subfolder that does not exist yet. */
export async function tempDataDir(): Promise<string> {
  const base = await mkdtemp(join(tmpdir(), 'fx-keys-'));
  made.push(base);
  return join(base, 'data');
}

/** A clock that returns what it is set to. */
export function fakeClock(start: string): { now: () => Date; set: (iso: string) => void; advance: (ms: number) => void } {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (iso) => {
      t = new Date(iso).getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

/** Result of a finished child process. */
export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `script` (relative to the project root) with tsx and waits for it to exit. */
export function runTsx(script: string, args: string[], env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolvePromise) => {
    execFile(process.execPath, [...NODE_ARGS, join(ROOT, script), ...args], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 30_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
      resolvePromise({ code, stdout, stderr });
    });
  });
}

/**
 * Starts `script` with tsx and resolves once it printed `marker` on stdout (the process keeps running; its stdin is a
 * pipe, `output()` is everything it printed so far).
 */
export function startTsx(script: string, args: string[], marker: string): Promise<{ child: ChildProcess; stdout: string; output: () => string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...NODE_ARGS, join(ROOT, script), ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes(marker)) resolvePromise({ child, stdout, output: () => stdout });
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`${script} exited (${code}) before "${marker}": ${stderr}`)));
  });
}

/** Kills `child` with SIGKILL (no cleanup runs: a crash) and waits for it to be gone. */
export function crash(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolvePromise();
    child.once('exit', () => resolvePromise());
    child.kill('SIGKILL');
  });
}
