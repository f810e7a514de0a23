/**
 * The embedded database of the local state (`npm start`, `npm run keys`): one
 * SQLite file, `<DATA_DIR>/state.db`, through `node:sqlite` (built into Node
 * 22.13+ and 24; no server, no dependency). The key store
 * (lib/keys/local/local-key-store.ts) and the job store
 * (lib/jobs/local/sqlite-job-store.ts) keep their tables in it.
 *
 * Settings, for the guarantees those stores give (docs/RELIABILITY.md, "Local state"):
 *  - WAL journal: readers never wait for writers;
 *  - durability: a change is acknowledged only once the WAL is on disk
 *    ({@link LocalDatabase.commit}: the transaction, then an fdatasync of the
 *    WAL file). The fdatasync runs on libuv's thread pool, not on the event
 *    loop, and commits that arrive while one is on its way share the next one
 *    (group commit). That is what `synchronous=FULL` guarantees, without
 *    holding the event loop for an fsync at each commit (measured: up to 2 s
 *    on a congested disk, which stalled every request of the worker); so
 *    SQLite itself runs with `synchronous=NORMAL` (safe from corruption in WAL
 *    mode; it syncs at checkpoints);
 *  - every read-modify-write is one `BEGIN IMMEDIATE` transaction
 *    ({@link LocalDatabase.immediate}): it takes the write lock before it
 *    reads, so two processes can never both decide on the same row;
 *  - a busy timeout of {@link BUSY_TIMEOUT_MS}: a process that finds the
 *    write lock taken waits for it (each transaction holds it for well under
 *    a millisecond) instead of failing.
 * Any number of processes may open the file at once (server workers, the keys
 * command): there is no lock file. Files are created with mode 0600 (SQLite
 * gives its -wal and -shm files the database's mode), the directory 0700.
 *
 * Transactions are synchronous (`DatabaseSync`): one runs from BEGIN to
 * COMMIT within one turn of the event loop, so no other code of this process
 * runs in between.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fdatasync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';

/** The database file inside the data directory. */
export const DATABASE_FILE = 'state.db';

/** How long a process waits for another's write lock before the call fails. */
export const BUSY_TIMEOUT_MS = 10_000;

let sqlite: typeof import('node:sqlite') | undefined;

/**
 * `node:sqlite`, loaded on first use. Node 22 prints "ExperimentalWarning: SQLite is an experimental feature" when
 * the module loads (Node 24 does not): that one warning is kept from stderr, where a CLI's caller or a log would
 * take it for a fault; every other warning goes through.
 */
function loadSqlite(): typeof import('node:sqlite') {
  if (sqlite) return sqlite;
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    const text = typeof warning === 'string' ? warning : warning.message;
    if ((type === 'ExperimentalWarning' || (warning as Error).name === 'ExperimentalWarning') && /SQLite/i.test(text)) return;
    return (emitWarning as (...a: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    sqlite = createRequire(import.meta.url)('node:sqlite') as typeof import('node:sqlite');
  } finally {
    process.emitWarning = emitWarning;
  }
  return sqlite;
}

type Row = Record<string, unknown>;

/** An open state database: cached statements and immediate transactions. */
export class LocalDatabase {
  private readonly statements = new Map<string, StatementSync>();
  /** The fdatasync on its way, and the one queued after it for commits made meanwhile (group commit). */
  private syncing: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  /** The WAL file, opened at the first sync. */
  private walFd: number | undefined;

  private constructor(
    private readonly db: DatabaseSync,
    /** The data directory. */
    readonly dataDir: string,
  ) {}

  /** Opens (creating when missing) `<dataDir>/state.db`. */
  static open(dataDir: string): LocalDatabase {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const path = join(dataDir, DATABASE_FILE);
    // Created here, not by SQLite, so that its mode is 0600 whatever the umask; SQLite copies it to -wal and -shm.
    closeSync(openSync(path, 'a', 0o600));
    chmodSync(path, 0o600);
    const { DatabaseSync } = loadSqlite();
    const db = new DatabaseSync(path);
    try {
      db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // Changing the journal mode needs a moment alone with the file: the busy timeout covers a concurrent opener.
      db.exec('PRAGMA journal_mode = WAL');
      // Durability comes from commit()'s own fdatasync of the WAL (see above); NORMAL still syncs at checkpoints.
      db.exec('PRAGMA synchronous = NORMAL');
      // The WAL is emptied at each checkpoint; past a large answer it is cut back to this size.
      db.exec('PRAGMA journal_size_limit = 16777216');
      db.exec('CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT');
    } catch (err) {
      db.close();
      throw err;
    }
    return new LocalDatabase(db, dataDir);
  }

  private statement(sql: string): StatementSync {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** Runs a statement; returns the number of rows it changed. */
  run(sql: string, ...params: SQLInputValue[]): number {
    return Number(this.statement(sql).run(...params).changes);
  }

  /** The first row of a query, or undefined. */
  get<T extends Row>(sql: string, ...params: SQLInputValue[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  /** Every row of a query. */
  all<T extends Row>(sql: string, ...params: SQLInputValue[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  /** Runs statements with no parameters (schema). */
  exec(sql: string): void {
    this.db.exec(sql);
  }

  /**
   * Runs `fn` in a `BEGIN IMMEDIATE` transaction: the write lock is taken
   * before the first read, so what `fn` reads cannot change before it writes.
   * Committed when `fn` returns, rolled back when it throws. Committed is not
   * yet durable: for that, {@link LocalDatabase.commit} (or {@link durable}).
   */
  immediate<T>(fn: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    let result: T;
    try {
      result = fn();
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    }
    try {
      this.db.exec('COMMIT');
    } catch (err) {
      // A failed COMMIT (disk error) may leave the transaction open; it must not be reused.
      try {
        this.db.exec('ROLLBACK');
      } catch {
        // already rolled back by SQLite
      }
      throw err;
    }
    return result;
  }

  /** {@link immediate}, then {@link durable}: resolves once the change is on disk. */
  async commit<T>(fn: () => T): Promise<T> {
    const result = this.immediate(fn);
    await this.durable();
    return result;
  }

  /**
   * Resolves once every change this connection committed before the call is
   * on disk: an fdatasync of the WAL file, on libuv's thread pool. Calls made
   * while one runs share the next (whose fdatasync covers all of them).
   */
  durable(): Promise<void> {
    if (this.syncing === undefined) {
      const run = this.syncWal().finally(() => {
        if (this.syncing === run) this.syncing = undefined;
      });
      this.syncing = run;
      return run;
    }
    // The one on its way may have started before this caller's commit: one more after it, shared by all who wait.
    this.queued ??= this.syncing
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.durable();
      });
    return this.queued;
  }

  private syncWal(): Promise<void> {
    if (this.walFd === undefined) {
      try {
        // Kept open until close(): SQLite deletes the WAL file only when the last connection closes, never while this
        // one is open (a checkpoint empties it in place), so the descriptor always names the live file.
        this.walFd = openSync(join(this.dataDir, `${DATABASE_FILE}-wal`), 'r');
      } catch (err) {
        // No WAL: the last connection to close folded it into the database, which SQLite synced then.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return Promise.resolve();
        throw err;
      }
    }
    const fd = this.walFd;
    return new Promise((resolve, reject) => fdatasync(fd, (err) => (err ? reject(err) : resolve())));
  }

  /** Value of a `meta` row. */
  meta(name: string): string | undefined {
    return this.get<{ value: string }>('SELECT value FROM meta WHERE name = ?', name)?.value;
  }

  /** Sets a `meta` row. */
  setMeta(name: string, value: string): void {
    this.run('INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value', name, value);
  }

  /** Closes the connection (the last one to close folds the WAL into the database). */
  close(): void {
    this.statements.clear();
    this.db.close();
    const fd = this.walFd;
    this.walFd = undefined;
    if (fd === undefined) return;
    // After the syncs on their way, which use it.
    const pending = this.queued ?? this.syncing;
    if (pending) void pending.catch(() => undefined).finally(() => closeSync(fd));
    else closeSync(fd);
  }
}

/*
 * Owners. Rows that stand for work in progress (a credit reservation, an
 * Idempotency-Key claim, a running job) name the process that does the work:
 * `<pid>.<token>`, the token drawn when a store opens. When that process is
 * gone (killed, crashed), its work is gone with it, and whoever looks next
 * gives the rows back. Stores open in this process are known by token, so a
 * closed store's rows count as dead (and a restarted container whose server
 * gets the same pid is not mistaken for its predecessor).
 */
const OPEN_OWNERS: Set<string> = ((globalThis as Record<symbol, unknown>)[Symbol.for('facturx.local-db.owners')] ??= new Set<string>()) as Set<string>;

/** A new owner id for a store opening in this process; {@link endOwner} when it closes. */
export function newOwner(): string {
  const id = `${process.pid}.${randomBytes(8).toString('hex')}`;
  OPEN_OWNERS.add(id);
  return id;
}

/** The owner's store closed: its unfinished work is now dead. */
export function endOwner(id: string): void {
  OPEN_OWNERS.delete(id);
}

/** Whether the process (and, in this process, the open store) named by `owner` still exists. */
export function isOwnerAlive(owner: string): boolean {
  const pid = Number(owner.slice(0, owner.indexOf('.')));
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return OPEN_OWNERS.has(owner);
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
