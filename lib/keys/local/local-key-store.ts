/**
 * The local key store, the default of `npm start` and of `npm run keys`: an
 * embedded, durable store in a data directory (no database server).
 *
 * Files (all created with mode 0600, the directory with 0700):
 *  - `state.json`: a snapshot of the whole state as of journal entry `seq`,
 *    replaced atomically (write a temporary file, fsync, rename, fsync the
 *    directory);
 *  - `journal.log`: every change since (./journal.ts), one JSON line each,
 *    appended and fdatasync'ed before the change is acknowledged;
 *  - `lock`: the pid of the process that has the directory open (./lock-file.ts).
 *
 * Exactness: a decision and the change it makes (e.g. "used < quota, so
 * used + 1") are taken in one synchronous step of the event loop, so
 * concurrent requests of a key are serialized without lost or double counts;
 * the caller's promise then waits for the change to be on disk. Opening
 * replays the journal over the snapshot (a torn last line from a crash is
 * dropped), gives back the credits of conversions that were running when the
 * previous process died, and compacts. The store compacts again every
 * `compactAfter` entries and on close.
 *
 * The per-minute rate limit is kept in memory (a restart starts a fresh minute).
 */
import { chmod, mkdir, open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { generateApiKey, generateKeyId, hashApiKey, isWellFormedApiKey } from '../api-key.js';
import { KeyStoreCorruptError, KeyStoreFailedError } from '../errors.js';
import { SlidingWindowRateLimiter } from '../sliding-window.js';
import {
  isPlan,
  periodOf,
  resolveKeyLimits,
  type CreatedKey,
  type CreditDecision,
  type KeyAdmin,
  type KeyIdentity,
  type KeyLimits,
  type KeyLimitsOptions,
  type KeyRecord,
  type KeyStore,
  type KeyUsage,
  type Plan,
  type PresentedCredentials,
  type RateDecision,
  type Reservation,
} from '../store.js';
import { JournalWriter, parseJournal } from './journal.js';
import { KeyState, type JournalChange, type JournalEntry, type Snapshot, type StoredKey } from './key-state.js';
import { acquireLock, type HeldLock } from './lock-file.js';

/** File names inside the data directory. */
export const DATA_FILES = Object.freeze({ snapshot: 'state.json', journal: 'journal.log', lock: 'lock' });

/** Label given to the key created on first open. */
export const DEVELOPMENT_KEY_LABEL = 'development';

/** Longest label accepted for a key. */
export const MAX_LABEL_LENGTH = 100;

/** Options of {@link openLocalKeyStore}. */
export interface LocalKeyStoreOptions {
  /** The data directory; created (mode 0700) when missing. */
  dataDir: string;
  /** Overrides of the spec's limits (60 a minute; free 100, starter 1,000, business 10,000 a month). */
  limits?: KeyLimitsOptions;
  /** The clock; default: the system clock. */
  clock?: () => Date;
  /** Journal entries after which the store compacts (snapshot + empty journal). Default 10,000. */
  compactAfter?: number;
  /** Create one development key on plan free when the directory is new. Default true. */
  createDevelopmentKey?: boolean;
}

/** An opened store; `developmentKey` is set only on the very first open of a directory, to be shown once. */
export interface OpenedLocalKeyStore {
  store: LocalKeyStore;
  developmentKey?: CreatedKey;
}

function publicRecord(k: StoredKey): KeyRecord {
  const { hash: _hash, ...record } = k;
  return record;
}

function normalizeLabel(label: string | undefined): string | undefined {
  const clean = label?.trim();
  if (!clean) return undefined;
  if (clean.length > MAX_LABEL_LENGTH) throw new RangeError(`A key label has at most ${MAX_LABEL_LENGTH} characters.`);
  if (/[\u0000-\u001f\u007f]/.test(clean)) throw new RangeError('A key label cannot contain control characters.');
  return clean;
}

async function readIfExists(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Replaces `name` in `dir` atomically and durably with `text` (mode 0600). */
async function writeFileAtomic(dir: string, name: string, text: string): Promise<void> {
  const temp = join(dir, `${name}.tmp`);
  const fh = await open(temp, 'w', 0o600);
  try {
    await fh.chmod(0o600);
    await fh.writeFile(text, 'utf8');
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(temp, join(dir, name));
  await syncDirectory(dir);
}

async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (err) {
    // Some platforms cannot open or sync a directory; the rename is then as durable as they allow.
    if (!['EISDIR', 'EPERM', 'EINVAL', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
  } finally {
    await handle?.close();
  }
}

/**
 * Opens (or creates) the store in `options.dataDir`. Throws
 * KeyStoreLockedError when another open store holds the directory, and
 * KeyStoreCorruptError when the files cannot be read back.
 */
export async function openLocalKeyStore(options: LocalKeyStoreOptions): Promise<OpenedLocalKeyStore> {
  const limits = resolveKeyLimits(options.limits);
  const compactAfter = options.compactAfter ?? 10_000;
  if (!(compactAfter >= 1)) throw new RangeError('compactAfter must be at least 1.');
  const dir = resolve(options.dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const lock = await acquireLock(dir);
  let journalFile: FileHandle | undefined;
  try {
    const snapshotPath = join(dir, DATA_FILES.snapshot);
    const journalPath = join(dir, DATA_FILES.journal);
    const snapshotBytes = await readIfExists(snapshotPath);
    let state = new KeyState();
    let seq = 0;
    if (snapshotBytes !== undefined) {
      let snapshot: Snapshot;
      try {
        snapshot = JSON.parse(snapshotBytes.toString('utf8')) as Snapshot;
      } catch (err) {
        throw new KeyStoreCorruptError(`${snapshotPath} is not valid JSON.`, { cause: err });
      }
      state = KeyState.fromSnapshot(snapshot);
      seq = snapshot.seq;
      await chmod(snapshotPath, 0o600);
    }
    const journalBytes = (await readIfExists(journalPath)) ?? Buffer.alloc(0);
    const fresh = snapshotBytes === undefined && journalBytes.length === 0;
    const parsed = parseJournal(journalBytes, journalPath);
    let replayed = 0;
    for (const entry of parsed.entries) {
      if (entry.s <= seq) continue; // already in the snapshot (a crash between snapshot and truncation)
      state.apply(entry);
      seq = entry.s;
      replayed++;
    }
    journalFile = await open(journalPath, 'a', 0o600);
    await journalFile.chmod(0o600);
    const torn = parsed.validBytes < journalBytes.length;
    if (torn) {
      await journalFile.truncate(parsed.validBytes);
      await journalFile.datasync();
    }
    const store = new LocalKeyStore(dir, journalFile, lock, state, seq, limits, options.clock ?? (() => new Date()), compactAfter);
    // Reservations still open belong to conversions that died with the previous process: they consumed nothing.
    const orphans = [...state.open.keys()];
    await Promise.all(orphans.map((r) => store.settle(r, 'release')));
    const opened: OpenedLocalKeyStore = { store };
    if (fresh && options.createDevelopmentKey !== false) opened.developmentKey = await store.createKey('free', DEVELOPMENT_KEY_LABEL);
    if (replayed > 0 || torn || orphans.length > 0) await store.compact();
    return opened;
  } catch (err) {
    await journalFile?.close().catch(() => undefined);
    await lock.release().catch(() => undefined);
    throw err;
  }
}

/** The local adapter of {@link KeyStore}, with key management ({@link KeyAdmin}). Obtain one with {@link openLocalKeyStore}. */
export class LocalKeyStore implements KeyStore, KeyAdmin {
  private readonly journal: JournalWriter;
  private readonly limiter: SlidingWindowRateLimiter;
  private sinceSnapshot = 0;
  private closed = false;

  /** @internal use {@link openLocalKeyStore}. */
  constructor(
    /** The absolute data directory. */
    readonly dataDir: string,
    private readonly journalFile: FileHandle,
    private readonly lock: HeldLock,
    private readonly state: KeyState,
    private seq: number,
    /** The limits in force. */
    readonly limits: KeyLimits,
    private readonly clock: () => Date,
    private readonly compactAfter: number,
  ) {
    // A failed automatic compaction loses nothing (the journal still holds every change): it is retried after the next batch.
    this.journal = new JournalWriter(journalFile, () =>
      this.sinceSnapshot >= this.compactAfter ? this.compactNow().catch(() => undefined) : Promise.resolve(),
    );
    this.limiter = new SlidingWindowRateLimiter(limits.ratePerMinute);
  }

  /** Authenticates `credentials.apiKey` by its hash; unknown, malformed or revoked keys give undefined. */
  async authenticate(credentials: PresentedCredentials): Promise<KeyRecord | undefined> {
    this.assertUsable();
    const presented = credentials.apiKey?.trim();
    if (!presented || !isWellFormedApiKey(presented)) return undefined;
    const key = this.state.keyByHash(hashApiKey(presented));
    return key && key.revokedAt === undefined ? publicRecord(key) : undefined;
  }

  /** Per-key sliding minute (spec: 60 requests); in memory. */
  async takeRate(keyId: string, now: Date = this.clock()): Promise<RateDecision> {
    this.assertUsable();
    return this.limiter.take(keyId, now.getTime());
  }

  /** Takes one credit of the key's monthly quota (UTC calendar month of `now`), durably. */
  async reserveCredit(key: KeyIdentity, now: Date = this.clock()): Promise<CreditDecision> {
    this.assertUsable();
    if (!this.state.keys.has(key.id)) throw new RangeError(`Unknown key id ${key.id}.`);
    const period = periodOf(now);
    const quota = this.limits.monthlyQuota[key.plan];
    // Check and take in the same synchronous step: concurrent reservations cannot both see the last credit.
    const used = this.state.used(key.id, period);
    if (used >= quota) return { ok: false, reason: 'quota', remaining: 0, quota, period };
    const id = `res_${randomBytes(12).toString('hex')}`;
    await this.record({ op: 'reserve', r: id, key: key.id, p: period });
    return { ok: true, reservation: { id, keyId: key.id, period }, remaining: quota - used - 1 };
  }

  /** Makes a reservation final. */
  async commit(reservation: Reservation): Promise<void> {
    this.assertUsable();
    await this.settle(reservation.id, 'commit');
  }

  /** Gives a reservation's credit back. */
  async release(reservation: Reservation): Promise<void> {
    this.assertUsable();
    await this.settle(reservation.id, 'release');
  }

  /** @internal Commits or releases reservation `id` when it is still open (so a second call does nothing). */
  settle(id: string, op: 'commit' | 'release'): Promise<void> {
    if (!this.state.open.has(id)) return Promise.resolve();
    return this.record({ op, r: id });
  }

  /** Credits left this month. */
  async remaining(key: KeyIdentity, now: Date = this.clock()): Promise<number> {
    this.assertUsable();
    return Math.max(0, this.limits.monthlyQuota[key.plan] - this.state.used(key.id, periodOf(now)));
  }

  /** Creates a key on `plan`; the key text is returned once and only its hash is stored. */
  async createKey(plan: Plan, label?: string): Promise<CreatedKey> {
    this.assertUsable();
    if (!isPlan(plan)) throw new RangeError(`Unknown plan "${String(plan)}"; use free, starter or business.`);
    const clean = normalizeLabel(label);
    let key: string;
    let hash: string;
    do {
      key = generateApiKey();
      hash = hashApiKey(key);
    } while (this.state.keyByHash(hash));
    let id: string;
    do id = generateKeyId();
    while (this.state.keys.has(id));
    await this.record({ op: 'key', id, hash, plan, at: this.clock().toISOString(), ...(clean === undefined ? {} : { label: clean }) });
    return { key, record: publicRecord(this.state.keys.get(id)!) };
  }

  /** Every key, oldest first, with its usage in the month of `now`; never the key text. */
  async listKeys(now: Date = this.clock()): Promise<KeyUsage[]> {
    this.assertUsable();
    const period = periodOf(now);
    return [...this.state.keys.values()]
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
      .map((k) => ({ ...publicRecord(k), period, used: this.state.used(k.id, period), quota: this.limits.monthlyQuota[k.plan] }));
  }

  /** Revokes a key (authenticate then refuses it); undefined when the id is unknown. */
  async revokeKey(id: string): Promise<KeyRecord | undefined> {
    this.assertUsable();
    const key = this.state.keys.get(id);
    if (!key) return undefined;
    if (key.revokedAt === undefined) await this.record({ op: 'revoke', id, at: this.clock().toISOString() });
    return publicRecord(key);
  }

  /** Writes a snapshot and empties the journal (in turn with the journal's writes). */
  compact(): Promise<void> {
    this.assertUsable();
    return this.journal.exclusive(() => this.compactNow());
  }

  /**
   * Waits for pending writes, compacts, closes the files and releases the
   * lock. Later calls on the store throw KeyStoreFailedError. Conversions
   * still running lose their reservation, which the next open gives back.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      if (!this.journal.failed) await this.journal.exclusive(() => this.compactNow());
    } finally {
      await this.journal.drain();
      await this.journalFile.close().catch(() => undefined);
      await this.lock.release();
    }
  }

  private assertUsable(): void {
    if (this.closed) throw new KeyStoreFailedError('The key store is closed.');
    if (this.journal.failed) throw this.journal.failed;
  }

  /** Applies `change` now (same synchronous step as the caller's check) and resolves once it is on disk. */
  private record(change: JournalChange): Promise<void> {
    const entry = { ...change, s: ++this.seq } as JournalEntry;
    this.state.apply(entry);
    this.sinceSnapshot++;
    return this.journal.append(entry);
  }

  /**
   * The snapshot covers every change applied so far, including changes still
   * queued for the journal: those get written after the truncation with
   * sequence numbers the snapshot already covers, and replay skips them.
   */
  private async compactNow(): Promise<void> {
    const snapshot = this.state.toSnapshot(this.seq);
    const counted = this.sinceSnapshot;
    this.sinceSnapshot = 0;
    try {
      await writeFileAtomic(this.dataDir, DATA_FILES.snapshot, JSON.stringify(snapshot));
    } catch (err) {
      this.sinceSnapshot += counted;
      throw err;
    }
    // Once the snapshot is durable, the journal's entries are all covered by it (replay would skip them).
    await this.journalFile.truncate(0);
    await this.journalFile.datasync();
  }
}
