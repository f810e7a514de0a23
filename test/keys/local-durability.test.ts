/**
 * Durability of the local key store (SQLite, WAL, synchronous=FULL): counts
 * across restarts, and kill -9 at any moment of a process that is writing:
 * nothing acknowledged is lost, nothing is counted twice, credits of
 * conversions cut by the crash come back; the files' modes; no key text on disk.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../lib/local-db/database.js';
import { hashApiKey } from '../../lib/keys/api-key.js';
import { KeyStoreFailedError } from '../../lib/keys/errors.js';
import { openLocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import type { KeyRecord } from '../../lib/keys/store.js';
import { crash, startTsx, tempDataDir } from './support.js';

const CHILD = 'test/keys/fixtures/store-child.ts';

/** A store with one key on `plan`, closed; returns the directory and the key. */
async function preparedDir(plan: 'starter' | 'business' = 'starter'): Promise<{ dataDir: string; key: string; record: KeyRecord }> {
  const dataDir = await tempDataDir();
  const { store } = await openLocalKeyStore({ dataDir, createDevelopmentKey: false });
  const { key, record } = await store.createKey(plan, 'crash test');
  await store.close();
  return { dataDir, key, record };
}

const lastNumber = (text: string, word: string) => Math.max(-1, ...[...text.matchAll(new RegExp(`^${word} (\\d+)$`, 'gm'))].map((m) => Number(m[1])));

describe('restart durability', () => {
  it('keeps counts across close and reopen', async () => {
    const { dataDir, record } = await preparedDir();
    const first = await openLocalKeyStore({ dataDir });
    for (let i = 0; i < 7; i++) {
      const c = await first.store.reserveCredit(record);
      if (!c.ok) throw new Error('setup');
      if (i < 5) await first.store.commit(c.reservation);
      else await first.store.release(c.reservation);
    }
    await first.store.close();
    await expect(first.store.listKeys()).rejects.toBeInstanceOf(KeyStoreFailedError);
    const second = await openLocalKeyStore({ dataDir });
    expect(await second.store.remaining(record)).toBe(995);
    expect((await second.store.listKeys())[0]).toMatchObject({ id: record.id, used: 5 });
    await second.store.close();
  });

  it('after kill -9: committed credits count, credits of conversions cut by the crash come back', async () => {
    const { dataDir, record } = await preparedDir();
    const { child } = await startTsx(CHILD, [dataDir, record.id, record.plan, 'hold', '12', '3'], 'READY');
    // While the process lives, its three running conversions hold their credits.
    const during = await openLocalKeyStore({ dataDir });
    expect(await during.store.remaining(record)).toBe(1000 - 15);
    await during.store.close();
    await crash(child);
    const { store } = await openLocalKeyStore({ dataDir });
    expect(await store.remaining(record)).toBe(1000 - 12);
    await store.close();
  });

  it('kill -9 at random moments of a stream of commits: every acknowledged credit is kept, none counted twice', async () => {
    const { dataDir, record } = await preparedDir('business');
    let acknowledged = 0;
    let attempted = 0;
    // Three processes in turn, each killed after a different time; the counts add up across them.
    for (const ms of [40, 150, 400]) {
      const { child, output } = await startTsx(CHILD, [dataDir, record.id, record.plan, 'churn'], 'TRY 0');
      await new Promise((r) => setTimeout(r, ms));
      await crash(child);
      // Run i counts when ACK i was printed; it may count when only TRY i was (committed, then killed before printing).
      acknowledged += lastNumber(output(), 'ACK') + 1;
      attempted += lastNumber(output(), 'TRY') + 1;
      const { store } = await openLocalKeyStore({ dataDir });
      const used = (await store.listKeys()).find((k) => k.id === record.id)!.used;
      await store.close();
      expect(used).toBeGreaterThanOrEqual(acknowledged);
      expect(used).toBeLessThanOrEqual(attempted);
      // Take the count as it is (an unacknowledged commit that survived is a real commit).
      acknowledged = attempted = used;
    }
    expect(acknowledged).toBeGreaterThan(0);
  }, 120_000);
});

describe('files', () => {
  it('never contain the key text, only its hash', async () => {
    const dataDir = await tempDataDir();
    const { store, developmentKey } = await openLocalKeyStore({ dataDir });
    const created = await store.createKey('business', 'ACME');
    const c = await store.reserveCredit(created.record);
    if (c.ok) await store.commit(c.reservation);
    const keys = [developmentKey!.key, created.key];
    // While open (the WAL holds the latest pages) and after close (folded into the database).
    const read = async () => (await Promise.all((await readdir(dataDir)).map((n) => readFile(join(dataDir, n), 'latin1')))).join('\n');
    const open = await read();
    await store.close();
    for (const all of [open, await read()]) {
      expect(all).toContain(hashApiKey(created.key));
      for (const key of keys) {
        expect(all).not.toContain(key);
        expect(all).not.toContain(key.slice('fx_live_'.length));
      }
    }
  });

  it('are created with mode 0600, the directory with 0700, whatever the umask', async () => {
    const dataDir = await tempDataDir();
    const previous = process.umask(0o000);
    try {
      const { store } = await openLocalKeyStore({ dataDir });
      const names = await readdir(dataDir);
      expect(names.sort()).toEqual([DATABASE_FILE, `${DATABASE_FILE}-shm`, `${DATABASE_FILE}-wal`]);
      for (const name of names) expect(((await stat(join(dataDir, name))).mode & 0o777).toString(8)).toBe('600');
      expect(((await stat(dataDir)).mode & 0o777).toString(8)).toBe('700');
      await store.close();
      expect(await readdir(dataDir)).toEqual([DATABASE_FILE]);
    } finally {
      process.umask(previous);
    }
  });
});
