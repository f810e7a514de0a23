import { spawn } from 'node:child_process';
import { appendFile, copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../lib/keys/api-key.js';
import { KeyStoreCorruptError, KeyStoreFailedError, KeyStoreLockedError } from '../../lib/keys/errors.js';
import { DATA_FILES, openLocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import type { KeyRecord } from '../../lib/keys/store.js';
import { crash, startTsx, tempDataDir } from './support.js';

const CHILD = 'test/keys/fixtures/crash-child.ts';

/** A store with one starter key, closed; returns the directory and the key. */
async function preparedDir(): Promise<{ dataDir: string; key: string; record: KeyRecord }> {
  const dataDir = await tempDataDir();
  const { store } = await openLocalKeyStore({ dataDir, createDevelopmentKey: false });
  const { key, record } = await store.createKey('starter', 'crash test');
  await store.close();
  return { dataDir, key, record };
}

/** Runs the crash fixture: `committed` commits and `open` unsettled reservations, then SIGKILL. Returns the journal size it saw. */
async function crashAfter(dataDir: string, record: KeyRecord, committed: number, open: number, compactAfter = 10_000): Promise<number> {
  const { child, stdout } = await startTsx(CHILD, [dataDir, record.id, record.plan, String(committed), String(open), String(compactAfter)], 'READY');
  await crash(child);
  return Number(/JOURNAL (\d+)/.exec(stdout)?.[1]);
}

/** What a crash at this instant leaves on disk: the data files copied to a new directory (without the lock). */
async function diskImage(dataDir: string): Promise<string> {
  const copy = await tempDataDir();
  await mkdir(copy, { recursive: true });
  // Journal first: a compaction between the two copies then pairs an older journal with a newer
  // snapshot that covers it (consistent), never an older snapshot with an emptied journal.
  for (const name of [DATA_FILES.journal, DATA_FILES.snapshot]) await copyFile(join(dataDir, name), join(copy, name)).catch(() => undefined);
  return copy;
}

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
    const second = await openLocalKeyStore({ dataDir });
    expect(await second.store.remaining(record)).toBe(995);
    expect((await second.store.listKeys())[0]).toMatchObject({ id: record.id, used: 5 });
    await second.store.close();
  });

  it('replays the journal after a crash: committed credits count, credits of conversions cut by the crash come back', async () => {
    const { dataDir, record } = await preparedDir();
    const journalSize = await crashAfter(dataDir, record, 12, 3);
    expect(journalSize).toBeGreaterThan(0); // the crash left work in the journal, not in a snapshot
    const { store } = await openLocalKeyStore({ dataDir });
    expect(await store.remaining(record)).toBe(1000 - 12);
    await store.close();
  });

  it('drops a torn last journal line (a crash in the middle of a write) and goes on', async () => {
    const { dataDir, record } = await preparedDir();
    await crashAfter(dataDir, record, 4, 0);
    const journal = join(dataDir, DATA_FILES.journal);
    const before = await readFile(journal, 'utf8');
    await appendFile(journal, '{"s":99999,"op":"reserve","r":"res_torn","ke');
    const { store } = await openLocalKeyStore({ dataDir });
    expect(await store.remaining(record)).toBe(1000 - 4);
    const c = await store.reserveCredit(record);
    if (!c.ok) throw new Error('reserve');
    await store.commit(c.reservation);
    await store.close();
    expect(before.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(8);
    const again = await openLocalKeyStore({ dataDir });
    expect(await again.store.remaining(record)).toBe(1000 - 5);
    await again.store.close();
  });

  it('also drops a torn tail that ends with a newline but is not a whole entry', async () => {
    const { dataDir, record } = await preparedDir();
    await crashAfter(dataDir, record, 3, 0);
    await appendFile(join(dataDir, DATA_FILES.journal), '{"s":99999,"op":"com\n\u0000\u0000\u0000\n');
    const { store } = await openLocalKeyStore({ dataDir });
    expect(await store.remaining(record)).toBe(997);
    await store.close();
  });

  it('refuses a journal damaged before intact lines instead of guessing', async () => {
    const { dataDir, record } = await preparedDir();
    await crashAfter(dataDir, record, 3, 0);
    const journal = join(dataDir, DATA_FILES.journal);
    const lines = (await readFile(journal, 'utf8')).split('\n');
    lines[1] = '{"s": garbage';
    await writeFile(journal, lines.join('\n'));
    await expect(openLocalKeyStore({ dataDir })).rejects.toBeInstanceOf(KeyStoreCorruptError);
    // The failed open released its lock.
    await writeFile(journal, '');
    const { store } = await openLocalKeyStore({ dataDir });
    await store.close();
  });

  it('stays exact when it crashes after compacting in the middle of concurrent work', async () => {
    const { dataDir, record } = await preparedDir();
    // compactAfter 7: several snapshots are taken while reservations are still queued for the journal.
    await crashAfter(dataDir, record, 40, 5, 7);
    const { store } = await openLocalKeyStore({ dataDir });
    expect(await store.remaining(record)).toBe(1000 - 40);
    await store.close();
  });

  it('skips journal entries a snapshot already covers (queued while a compaction ran)', async () => {
    const { dataDir, record } = await preparedDir();
    const { store } = await openLocalKeyStore({ dataDir, compactAfter: 1 });
    let overlapSeen = false;
    let committed = 0;
    for (let attempt = 0; attempt < 30 && !overlapSeen; attempt++) {
      // The second reservation arrives while the first is being written: the compaction after
      // that write covers it, and it is written to the emptied journal afterwards.
      const first = store.reserveCredit(record);
      await new Promise((r) => setImmediate(r));
      const second = store.reserveCredit(record);
      const both = await Promise.all([first, second]);
      const snapshot = JSON.parse(await readFile(join(dataDir, DATA_FILES.snapshot), 'utf8')) as { seq: number };
      const journal = (await readFile(join(dataDir, DATA_FILES.journal), 'utf8')).split('\n').filter(Boolean);
      overlapSeen = journal.some((line) => (JSON.parse(line) as { s: number }).s <= snapshot.seq);
      if (overlapSeen) {
        // Crash now: the two reservations are open (given back at open), earlier ones committed.
        const crashed = await openLocalKeyStore({ dataDir: await diskImage(dataDir) });
        expect(await crashed.store.remaining(record)).toBe(1000 - committed);
        await crashed.store.close();
      }
      for (const c of both) {
        if (!c.ok) throw new Error('reserve');
        await store.commit(c.reservation);
        committed++;
      }
    }
    expect(overlapSeen).toBe(true);
    await store.close();
  });

  it('a copy of the files taken at any instant of concurrent work reopens to a count between the acknowledged and the attempted', async () => {
    const { dataDir, record } = await preparedDir();
    const { store } = await openLocalKeyStore({ dataDir, compactAfter: 5 });
    let acknowledged = 0;
    const work = Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        for (let k = 0; k < i % 7; k++) await new Promise((r) => setImmediate(r));
        const c = await store.reserveCredit(record);
        if (!c.ok) throw new Error('reserve');
        await store.commit(c.reservation);
        acknowledged++;
      }),
    );
    const images: Array<{ dir: string; before: number }> = [];
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 1));
      const before = acknowledged;
      images.push({ dir: await diskImage(dataDir), before });
    }
    await work;
    await store.close();
    for (const { dir, before } of images) {
      const crashed = await openLocalKeyStore({ dataDir: dir, createDevelopmentKey: false });
      const used = 1000 - (await crashed.store.remaining(record));
      expect(used).toBeGreaterThanOrEqual(before);
      expect(used).toBeLessThanOrEqual(60);
      await crashed.store.close();
    }
    // Hundreds of fsyncs (compaction every 5 entries, 6 reopened copies): about 2 s alone, but fsync latency
    // on a shared VM under the whole suite's I/O once took it past the default 60 s.
  }, 240_000);

  it('compacts: the journal is emptied into the snapshot, and nothing is lost', async () => {
    const { dataDir, record } = await preparedDir();
    const { store } = await openLocalKeyStore({ dataDir, compactAfter: 10 });
    for (let i = 0; i < 25; i++) {
      const c = await store.reserveCredit(record);
      if (c.ok) await store.commit(c.reservation);
    }
    const journalLines = (await readFile(join(dataDir, DATA_FILES.journal), 'utf8')).split('\n').filter(Boolean).length;
    expect(journalLines).toBeLessThanOrEqual(10);
    const snapshot = JSON.parse(await readFile(join(dataDir, DATA_FILES.snapshot), 'utf8')) as { seq: number };
    expect(snapshot.seq).toBeGreaterThanOrEqual(40);
    await store.close();
    const again = await openLocalKeyStore({ dataDir });
    expect(await again.store.remaining(record)).toBe(975);
    await again.store.close();
  });
});

describe('files', () => {
  it('never contain the key text, only its hash', async () => {
    const dataDir = await tempDataDir();
    const { store, developmentKey } = await openLocalKeyStore({ dataDir, compactAfter: 1_000 });
    const created = await store.createKey('business', 'ACME');
    const c = await store.reserveCredit(created.record);
    if (c.ok) await store.commit(c.reservation);
    const keys = [developmentKey!.key, created.key];
    // Look at the journal before close (entries) and at everything after close (snapshot).
    const journal = await readFile(join(dataDir, DATA_FILES.journal), 'utf8');
    expect(journal).toContain(hashApiKey(created.key));
    await store.close();
    const contents = [journal];
    for (const name of await readdir(dataDir)) contents.push(await readFile(join(dataDir, name), 'utf8'));
    const all = contents.join('\n');
    expect(all).toContain(hashApiKey(created.key));
    for (const key of keys) {
      expect(all).not.toContain(key);
      expect(all).not.toContain(key.slice('fx_live_'.length));
    }
  });

  it('are created with mode 0600, the directory with 0700', async () => {
    const dataDir = await tempDataDir();
    const previous = process.umask(0o000); // the store must not rely on the umask
    try {
      const { store } = await openLocalKeyStore({ dataDir });
      await store.compact();
      const names = await readdir(dataDir);
      expect(names.sort()).toEqual([DATA_FILES.journal, DATA_FILES.lock, DATA_FILES.snapshot].sort());
      for (const name of names) expect(((await stat(join(dataDir, name))).mode & 0o777).toString(8)).toBe('600');
      expect(((await stat(dataDir)).mode & 0o777).toString(8)).toBe('700');
      await store.close();
      const after = await readdir(dataDir);
      expect(after.sort()).toEqual([DATA_FILES.journal, DATA_FILES.snapshot].sort());
      for (const name of after) expect(((await stat(join(dataDir, name))).mode & 0o777).toString(8)).toBe('600');
    } finally {
      process.umask(previous);
    }
  });
});

describe('the lock', () => {
  it('refuses a second opener with a clear error naming the holder, until the first closes', async () => {
    const dataDir = await tempDataDir();
    const { store } = await openLocalKeyStore({ dataDir });
    const lock = JSON.parse(await readFile(join(dataDir, DATA_FILES.lock), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(process.pid);
    const second = openLocalKeyStore({ dataDir });
    await expect(second).rejects.toBeInstanceOf(KeyStoreLockedError);
    await expect(second).rejects.toThrow(`in use by process ${process.pid}`);
    await store.close();
    await expect(store.listKeys()).rejects.toBeInstanceOf(KeyStoreFailedError);
    const third = await openLocalKeyStore({ dataDir });
    await third.store.close();
  });

  it('refuses a directory held by another live process', async () => {
    const { dataDir, record } = await preparedDir();
    const { child } = await startTsx(CHILD, [dataDir, record.id, record.plan, '0', '0', '10000'], 'READY');
    try {
      await expect(openLocalKeyStore({ dataDir })).rejects.toThrow(`in use by process ${child.pid}`);
    } finally {
      await crash(child);
    }
    // Once that process is dead its lock is stale and is taken over.
    const { store } = await openLocalKeyStore({ dataDir });
    expect((JSON.parse(await readFile(join(dataDir, DATA_FILES.lock), 'utf8')) as { pid: number }).pid).toBe(process.pid);
    await store.close();
  });

  it('takes over a lock left by a dead process, or an unreadable one', async () => {
    const dataDir = await tempDataDir();
    await (await openLocalKeyStore({ dataDir })).store.close();
    const deadPid = await new Promise<number>((resolve) => {
      const p = spawn(process.execPath, ['-e', '']);
      p.on('exit', () => resolve(p.pid!));
    });
    await writeFile(join(dataDir, DATA_FILES.lock), JSON.stringify({ pid: deadPid, token: 'x', since: '2026-01-01T00:00:00Z' }));
    const a = await openLocalKeyStore({ dataDir });
    await a.store.close();
    await writeFile(join(dataDir, DATA_FILES.lock), 'garbage');
    const b = await openLocalKeyStore({ dataDir });
    await b.store.close();
  });
});
