/**
 * The exclusive lock of a data directory: a file `lock` holding the owner's
 * pid. It is created atomically with its content (written to a private
 * temporary file, then hard-linked into place, which fails when a lock
 * exists), so a reader never sees a half-written lock. A lock whose process
 * is gone (a crash) is stale and taken over; one held by a live process,
 * including this one, makes the opener fail with KeyStoreLockedError.
 */
import { randomBytes } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KeyStoreLockedError } from '../errors.js';

/** Name of the lock file in the data directory. */
export const LOCK_FILE = 'lock';

interface LockContent {
  pid: number;
  token: string;
  since: string;
}

/** A held lock; `release` removes the file if it is still ours. */
export interface HeldLock {
  release(): Promise<void>;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readLock(path: string): Promise<LockContent | undefined> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as Partial<LockContent>;
    return Number.isSafeInteger(value.pid) && typeof value.token === 'string' ? (value as LockContent) : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw err;
    return undefined; // unreadable: treated as stale
  }
}

/** Takes the lock of `dir` (which must exist), or throws KeyStoreLockedError naming the holder's pid. */
export async function acquireLock(dir: string): Promise<HeldLock> {
  const path = join(dir, LOCK_FILE);
  const mine: LockContent = { pid: process.pid, token: randomBytes(12).toString('hex'), since: new Date().toISOString() };
  const temp = join(dir, `${LOCK_FILE}.${mine.token}.tmp`);
  await writeFile(temp, `${JSON.stringify(mine)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await link(temp, path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        let holder: LockContent | undefined;
        try {
          holder = await readLock(path);
        } catch {
          continue; // vanished in between: try again
        }
        if (holder && isAlive(holder.pid)) throw new KeyStoreLockedError(dir, holder.pid);
        await unlink(path).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e;
        });
        continue;
      }
      // Someone removing a stale lock at the same instant could have removed ours: check.
      const now = await readLock(path).catch(() => undefined);
      if (now?.token !== mine.token) throw new KeyStoreLockedError(dir, now?.pid);
      return {
        release: async () => {
          const current = await readLock(path).catch(() => undefined);
          if (current?.token === mine.token) await unlink(path).catch(() => undefined);
        },
      };
    }
    throw new KeyStoreLockedError(dir, undefined);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}
