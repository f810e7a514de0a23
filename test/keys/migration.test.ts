/**
 * The first start on a data directory of a version before SQLite moves its
 * files into the database, once and safely (test/fixtures/legacy-data: what
 * the journal key store and the file job store left after a kill -9, written
 * by their own code). A crash at any step leaves the old files as they were
 * (an older version can still use them) and the next start finishes the move
 * without counting anything twice.
 */
import { execFile, spawn } from 'node:child_process';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileJobBlobs } from '../../lib/jobs/local/file-job-blobs.js';
import { openSqliteJobStore, sweepJobs } from '../../lib/jobs/local/sqlite-job-store.js';
import { meterConversionAnswer } from '../../lib/keys/admission.js';
import { KeyStoreCorruptError, KeyStoreLockedError } from '../../lib/keys/errors.js';
import { openLocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { ROOT, tempDataDir } from './support.js';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'legacy-data');
const expected = JSON.parse(await readFile(join(FIXTURE, 'expected.json'), 'utf8')) as {
  clock: string;
  keys: Record<'development' | 'acme' | 'old', { key: string; record: { id: string; plan: 'free' | 'starter' } }>;
  used: { acme: number; period: string };
  answers: string[];
  jobs: { succeeded: string; interrupted: string };
};
const clock = () => new Date(expected.clock);
const acme = expected.keys.acme.record;
const LEGACY_FILES = ['journal.log', 'state.json'];

/** A pid that no process has any more. */
const deadPid = () =>
  new Promise<number>((resolve) => {
    const p = spawn(process.execPath, ['-e', '']);
    p.on('exit', () => resolve(p.pid!));
  });

/** A copy of the fixture whose lock names a process that is gone (as after the kill -9 that left it). */
async function legacyDir(): Promise<string> {
  const dir = await tempDataDir();
  await cp(join(FIXTURE, 'data'), dir, { recursive: true });
  await writeFile(join(dir, 'lock'), JSON.stringify({ pid: await deadPid(), token: 'x', since: expected.clock }));
  return dir;
}

async function snapshotOf(dir: string, names: string[]): Promise<Record<string, string>> {
  return Object.fromEntries(await Promise.all(names.map(async (n) => [n, await readFile(join(dir, n), 'utf8')] as const)));
}

/** Runs the migration in a child that kills itself at `step`. */
function crashAt(dir: string, step: 'imported' | 'committed', which: 'keys' | 'jobs'): Promise<{ signal: string | null; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--throw-deprecation', '--import', 'tsx', join(ROOT, 'test/keys/fixtures/migrate-child.ts'), dir, step, expected.clock, which], { cwd: ROOT }, (err, stdout) =>
      resolve({ signal: (err as { signal?: string } | null)?.signal ?? null, stdout }),
    );
  });
}

/** What the key store of `dir` says about the fixture's keys, answers and counts. */
async function keyState(dir: string) {
  const { store, developmentKey } = await openLocalKeyStore({ dataDir: dir, clock });
  const replays: string[] = [];
  for (const name of expected.answers) {
    const r = await meterConversionAnswer(store, acme, {
      idempotency: { key: name, fingerprint: 'f'.repeat(64) },
      convert: async () => 'again',
      answer: () => ({ status: 200, body: 'converted again' }),
    });
    replays.push(r.answer.body);
  }
  const state = {
    developmentKey,
    dev: await store.authenticate({ apiKey: expected.keys.development.key }),
    acme: await store.authenticate({ apiKey: expected.keys.acme.key }),
    old: await store.authenticate({ apiKey: expected.keys.old.key }),
    used: (await store.listKeys(clock())).map((k) => [k.label, k.used, k.revokedAt !== undefined]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    replays,
  };
  await store.close();
  return state;
}

const MIGRATED = {
  developmentKey: undefined,
  dev: { id: expected.keys.development.record.id, plan: 'free' },
  acme: { id: acme.id, plan: 'starter' },
  old: undefined,
  used: [
    ['ACME', expected.used.acme, false],
    ['development', 0, false],
    ['old', 0, true],
  ],
  replays: expected.answers.map((name) => JSON.stringify({ answer: `answer of ${name}` })),
};

describe('moving an older data directory into the database', () => {
  it('moves keys, counts (credits of conversions cut by the crash given back), revocations, answers and jobs; once', async () => {
    const dir = await legacyDir();
    expect(await keyState(dir)).toMatchObject(MIGRATED);
    const names = await readdir(dir);
    expect(names).toEqual(expect.arrayContaining(['state.db', 'journal.log.migrated', 'state.json.migrated']));
    expect(names).not.toContain('lock');
    expect(names).not.toContain('journal.log');

    const jobs = await openSqliteJobStore(dir);
    const blobs = new FileJobBlobs(dir);
    expect(await sweepJobs(jobs, blobs, clock())).toEqual({ interrupted: 1, expired: 0 });
    const done = await jobs.get(expected.jobs.succeeded);
    expect(done).toMatchObject({ status: 'succeeded', keyId: acme.id });
    expect(new TextDecoder().decode(await blobs.get(done!.result!))).toBe('{"success":true}');
    expect(await jobs.get(expected.jobs.interrupted)).toMatchObject({ status: 'failed', error: { code: 'JOB_INTERRUPTED' } });
    jobs.close();
    expect(await readdir(dir)).toEqual(expect.arrayContaining(['jobs.migrated', 'blobs']));

    // A second start imports nothing again: a credit taken now is the only change.
    const { store } = await openLocalKeyStore({ dataDir: dir, clock });
    const credit = await store.reserveCredit(acme);
    if (credit.ok) await store.commit(credit.reservation);
    await store.close();
    expect((await keyState(dir)).used).toEqual([
      ['ACME', expected.used.acme + 1, false],
      ['development', 0, false],
      ['old', 0, true],
    ]);
  });

  it('killed inside the migration transaction: the old files are untouched and the next start moves them once', async () => {
    const dir = await legacyDir();
    const before = await snapshotOf(dir, [...LEGACY_FILES, 'lock']);
    const killed = await crashAt(dir, 'imported', 'keys');
    expect(killed).toEqual({ signal: 'SIGKILL', stdout: '' });
    expect(await snapshotOf(dir, [...LEGACY_FILES, 'lock'])).toEqual(before);
    expect(await keyState(dir)).toMatchObject(MIGRATED);

    const jobsBefore = await snapshotOf(join(dir, 'jobs'), await readdir(join(dir, 'jobs')));
    expect(await crashAt(dir, 'imported', 'jobs')).toEqual({ signal: 'SIGKILL', stdout: '' });
    expect(await snapshotOf(join(dir, 'jobs'), Object.keys(jobsBefore))).toEqual(jobsBefore);
    const jobs = await openSqliteJobStore(dir);
    expect(await jobs.get(expected.jobs.succeeded)).toMatchObject({ status: 'succeeded' });
    jobs.close();
  });

  it('killed after the commit, before the files are renamed: the next start renames them and counts nothing twice', async () => {
    const dir = await legacyDir();
    expect((await crashAt(dir, 'committed', 'keys')).signal).toBe('SIGKILL');
    expect(await readdir(dir)).toEqual(expect.arrayContaining(LEGACY_FILES));
    expect(await keyState(dir)).toMatchObject(MIGRATED);
    expect(await readdir(dir)).not.toEqual(expect.arrayContaining(['journal.log']));

    expect((await crashAt(dir, 'committed', 'jobs')).signal).toBe('SIGKILL');
    const jobs = await openSqliteJobStore(dir);
    expect(await jobs.get(expected.jobs.interrupted)).toMatchObject({ status: 'queued' });
    jobs.close();
    expect(await readdir(dir)).toEqual(expect.arrayContaining(['jobs.migrated']));
  });

  it('waits while a process of the older version has the files open (its lock names a live process)', async () => {
    const dir = await legacyDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(join(dir, 'lock'), JSON.stringify({ pid: holder.pid, token: 'x', since: expected.clock }));
      const before = await snapshotOf(dir, LEGACY_FILES);
      await expect(openLocalKeyStore({ dataDir: dir, clock })).rejects.toBeInstanceOf(KeyStoreLockedError);
      expect(await snapshotOf(dir, LEGACY_FILES)).toEqual(before);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((r) => holder.once('exit', r));
    }
    expect(await keyState(dir)).toMatchObject(MIGRATED);
  });

  it('refuses a journal damaged before intact lines, leaving it as it is', async () => {
    const dir = await legacyDir();
    const lines = (await readFile(join(dir, 'journal.log'), 'utf8')).split('\n');
    lines[1] = '{"s": garbage';
    await writeFile(join(dir, 'journal.log'), lines.join('\n'));
    await expect(openLocalKeyStore({ dataDir: dir, clock })).rejects.toBeInstanceOf(KeyStoreCorruptError);
    expect((await readFile(join(dir, 'journal.log'), 'utf8')).split('\n')[1]).toBe('{"s": garbage');
  });
});
