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
 *
 * Idempotency-Key (../idempotency.ts): a claim on (key id, Idempotency-Key)
 * lives in memory while its conversion runs (a process that dies takes its
 * conversions, hence its claims, with it); the answer is written in the same
 * journal line as the commit of its credit, so a crash keeps both or neither,
 * and it is replayed only once that line is on disk. The answers kept are
 * bounded by ./answer-cache.ts (24 h, 6 MB each, 16 MiB per key, 64 MiB in
 * all, oldest evicted first). Because answers make journal lines large, the
 * store also compacts after `compactAfterBytes` of stored answers.
 */
import { chmod, mkdir, open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { generateApiKey, generateKeyId, hashApiKey, isWellFormedApiKey } from '../api-key.js';
import { KeyStoreCorruptError, KeyStoreFailedError } from '../errors.js';
import {
  IN_PROGRESS_RETRY_AFTER_SECONDS,
  type CommitDecision,
  type IdempotencyClaim,
  type IdempotencyDecision,
  type IdempotencyRequest,
  type StoredAnswer,
} from '../idempotency.js';
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
import { resolveAnswerLimits, type AnswerEntry, type AnswerLimits } from './answer-cache.js';
import { JournalWriter, parseJournal } from './journal.js';
import { KeyState, type JournalChange, type JournalEntry, type Snapshot, type StoredKey } from './key-state.js';
import { acquireLock, type HeldLock } from './lock-file.js';

/** File names inside the data directory. */
export const DATA_FILES = Object.freeze({ snapshot: 'state.json', journal: 'journal.log', lock: 'lock' });

const scopeOf = (keyId: string, key: string) => `${keyId} ${key}`;

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
  /** Bytes of stored answers written to the journal after which the store compacts. Default 64 MiB. */
  compactAfterBytes?: number;
  /** Bounds of the answers kept for Idempotency-Key replays (./answer-cache.ts); defaults: 24 h, 6 MB, 16 MiB per key, 64 MiB. */
  idempotency?: Partial<AnswerLimits>;
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
  const compactAfterBytes = options.compactAfterBytes ?? 64 * 1024 * 1024;
  if (!(compactAfterBytes >= 1)) throw new RangeError('compactAfterBytes must be at least 1.');
  const answerLimits = resolveAnswerLimits(options.idempotency);
  const dir = resolve(options.dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const lock = await acquireLock(dir);
  let journalFile: FileHandle | undefined;
  try {
    const snapshotPath = join(dir, DATA_FILES.snapshot);
    const journalPath = join(dir, DATA_FILES.journal);
    const snapshotBytes = await readIfExists(snapshotPath);
    let state = new KeyState(answerLimits);
    let seq = 0;
    if (snapshotBytes !== undefined) {
      let snapshot: Snapshot;
      try {
        snapshot = JSON.parse(snapshotBytes.toString('utf8')) as Snapshot;
      } catch (err) {
        throw new KeyStoreCorruptError(`${snapshotPath} is not valid JSON.`, { cause: err });
      }
      state = KeyState.fromSnapshot(snapshot, answerLimits);
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
    const store = new LocalKeyStore(dir, journalFile, lock, state, seq, limits, options.clock ?? (() => new Date()), { entries: compactAfter, bytes: compactAfterBytes });
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
  private sinceSnapshotBytes = 0;
  private closed = false;
  /** Idempotency claims of conversions running now, by scope: in memory, as the conversions are. */
  private readonly claims = new Map<string, { token: string; fingerprint: string }>();
  /** Answers applied but not yet on disk, by scope: a replay waits for them. */
  private readonly committing = new Map<string, Promise<void>>();

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
    private readonly compactAfter: { entries: number; bytes: number },
  ) {
    // A failed automatic compaction loses nothing (the journal still holds every change): it is retried after the next batch.
    this.journal = new JournalWriter(journalFile, () =>
      this.sinceSnapshot >= this.compactAfter.entries || this.sinceSnapshotBytes >= this.compactAfter.bytes
        ? this.compactNow().catch(() => undefined)
        : Promise.resolve(),
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

  /**
   * Takes one credit of the key's monthly quota (UTC calendar month of `now`),
   * durably. The same with an idempotency claim: the credit counts at once
   * (so concurrent conversions cannot pass the quota), and a crash before its
   * commit gives it back at the next open.
   */
  async reserveCredit(key: KeyIdentity, now: Date = this.clock(), _claim?: IdempotencyClaim): Promise<CreditDecision> {
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

  /**
   * Looks up (key id, Idempotency-Key) and claims it when free, in one
   * synchronous step (concurrent repeats see the claim). A stored answer is
   * returned only once its journal line is on disk.
   */
  async claimIdempotency(key: KeyIdentity, request: IdempotencyRequest, now: Date = this.clock()): Promise<IdempotencyDecision> {
    this.assertUsable();
    const scope = scopeOf(key.id, request.key);
    const stored = this.state.answers.get(key.id, request.key, now.getTime());
    if (stored !== undefined) {
      if (stored.f !== request.fingerprint) return { state: 'mismatch' };
      if (stored.b === undefined) return { state: 'unavailable' };
      const answer: StoredAnswer = { status: stored.st, body: stored.b };
      await this.committing.get(scope);
      return { state: 'replay', answer };
    }
    const running = this.claims.get(scope);
    if (running !== undefined) {
      return running.fingerprint === request.fingerprint ? { state: 'in-progress', retryAfterSeconds: IN_PROGRESS_RETRY_AFTER_SECONDS } : { state: 'mismatch' };
    }
    const token = randomBytes(12).toString('hex');
    this.claims.set(scope, { token, fingerprint: request.fingerprint });
    return { state: 'claimed', claim: { keyId: key.id, key: request.key, fingerprint: request.fingerprint, token } };
  }

  /**
   * Commits the reservation with the answer in one journal line (applied now,
   * acknowledged once on disk) and gives up the claim in the same step. When
   * the claim is not held (any more), the reservation is released instead.
   */
  async commitWithAnswer(reservation: Reservation, claim: IdempotencyClaim, answer: StoredAnswer, now: Date = this.clock()): Promise<CommitDecision> {
    this.assertUsable();
    const scope = scopeOf(claim.keyId, claim.key);
    if (this.claims.get(scope)?.token !== claim.token || reservation.keyId !== claim.keyId) {
      await this.settle(reservation.id, 'release');
      return { ok: false, reason: 'claim-lost' };
    }
    if (!this.state.open.has(reservation.id)) throw new RangeError(`Reservation ${reservation.id} is not open.`);
    const t = now.getTime();
    const bytes = Buffer.byteLength(answer.body, 'utf8');
    const keep = bytes <= this.state.answers.limits.maxAnswerBytes;
    const a: AnswerEntry = { k: claim.key, f: claim.fingerprint, t, x: t + this.state.answers.limits.ttlMs, st: answer.status, ...(keep ? { b: answer.body } : {}) };
    this.claims.delete(scope);
    const written = this.record({ op: 'commit', r: reservation.id, a }, keep ? bytes : 0);
    this.committing.set(scope, written);
    try {
      await written;
    } finally {
      if (this.committing.get(scope) === written) this.committing.delete(scope);
    }
    return { ok: true };
  }

  /** Gives up a claim (its conversion failed or was refused); a claim no longer held is ignored. */
  async releaseClaim(claim: IdempotencyClaim): Promise<void> {
    const scope = scopeOf(claim.keyId, claim.key);
    if (this.claims.get(scope)?.token === claim.token) this.claims.delete(scope);
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

  /** Applies `change` now (same synchronous step as the caller's check) and resolves once it is on disk. `bytes`: stored answer bytes it carries. */
  private record(change: JournalChange, bytes = 0): Promise<void> {
    const entry = { ...change, s: ++this.seq } as JournalEntry;
    this.state.apply(entry);
    this.sinceSnapshot++;
    this.sinceSnapshotBytes += bytes;
    return this.journal.append(entry);
  }

  /**
   * The snapshot covers every change applied so far, including changes still
   * queued for the journal: those get written after the truncation with
   * sequence numbers the snapshot already covers, and replay skips them.
   */
  private async compactNow(): Promise<void> {
    // Expired answers are never replayed; the snapshot leaves them out.
    this.state.answers.dropExpired(this.clock().getTime());
    const snapshot = this.state.toSnapshot(this.seq);
    const counted = this.sinceSnapshot;
    const countedBytes = this.sinceSnapshotBytes;
    this.sinceSnapshot = 0;
    this.sinceSnapshotBytes = 0;
    try {
      await writeFileAtomic(this.dataDir, DATA_FILES.snapshot, JSON.stringify(snapshot));
    } catch (err) {
      this.sinceSnapshot += counted;
      this.sinceSnapshotBytes += countedBytes;
      throw err;
    }
    // Once the snapshot is durable, the journal's entries are all covered by it (replay would skip them).
    await this.journalFile.truncate(0);
    await this.journalFile.datasync();
  }
}
