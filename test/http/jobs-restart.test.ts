/**
 * A job in progress when `npm start` stops is failed, not resumed (README,
 * "Asynchronous conversions"): the server is killed (SIGKILL, no chance to
 * clean up) right after accepting a job, started again on the same data
 * directory, and the job then reads `failed` / `JOB_INTERRUPTED` with its
 * credit given back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const running: ChildProcess[] = [];
afterEach(() => {
  for (const c of running.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

/** Starts `npm start`'s entry on `dataDir`; resolves with its base URL and the development key it printed (first start only). */
function start(dataDir: string): Promise<{ child: ChildProcess; base: string; key?: string }> {
  const child = spawn(process.execPath, ['--throw-deprecation', '--import', 'tsx', join(root, 'server', 'main.ts')], {
    // ISOLATE_TIME_SCALE: reading budgets times 5 (test/handlers/load-event.ts): this file tests a restart, not time limits.
    env: { ...process.env, PORT: '0', WORKERS: '1', DATA_DIR: dataDir, LOG_LEVEL: 'error', ISOLATE_TIME_SCALE: '5' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  return new Promise((ok, fail) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const port = /listening on http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
      if (port) ok({ child, base: `http://127.0.0.1:${port}`, ...(/X-API-Key: (\S+)/.exec(out) ? { key: /X-API-Key: (\S+)/.exec(out)![1]! } : {}) });
    });
    child.on('exit', (code) => fail(new Error(`server exited ${code}: ${out}${err}`)));
  });
}

describe('npm start stopped while a job runs', () => {
  it('fails the job at the next start (JOB_INTERRUPTED) and gives its credit back', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fx-jobs-restart-'));
    const first = await start(dataDir);
    const key = first.key!;
    expect(key).toBeTruthy();
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 1; i <= 4; i++) doc.addPage().drawText(`Page ${i} of a long scan`, { x: 50, y: 700, font, size: 12 });
    const submitted = await fetch(`${first.base}/api/v1/convert`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
      body: JSON.stringify({ pdfBase64: Buffer.from(await doc.save()).toString('base64'), async: true }),
    });
    expect(submitted.status).toBe(202);
    const accepted = (await submitted.json()) as any;
    expect(accepted.meta.creditsRemaining).toBe(99);
    const exited = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await exited;

    const second = await start(dataDir);
    const polled = await fetch(`${second.base}/api/v1/jobs/${accepted.data.jobId}`, { headers: { 'X-API-Key': key } });
    expect(polled.status).toBe(200);
    expect(polled.headers.get('x-job-status')).toBe('failed');
    const body = (await polled.json()) as any;
    expect(body.data).toMatchObject({ status: 'failed', error: { code: 'JOB_INTERRUPTED' } });
    // The credit reserved at submission is back: a new submission leaves 99 again.
    const again = await fetch(`${second.base}/api/v1/convert`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
      body: JSON.stringify({ pdfBase64: Buffer.from(await doc.save()).toString('base64'), async: true }),
    });
    expect(((await again.json()) as any).meta.creditsRemaining).toBe(99);
  }, 90_000);
});
