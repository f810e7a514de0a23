/**
 * The local key store, the default of `npm start` and of `npm run keys`: API
 * keys, monthly credits, the per-minute rate and the Idempotency-Key answers
 * in the data directory's SQLite database (lib/local-db/database.ts), so every
 * process that opens it (each worker of the server, the keys command, a test)
 * works on the same state at the same time, with no lock file.
 *
 * Exactness: every decision and the change it makes ("used < quota, so
 * used + 1") is one `BEGIN IMMEDIATE` transaction, so concurrent requests, in
 * this process or in others, are serialized without lost or double counts;
 * a call that changes keys or credits returns once its transaction is on disk
 * (LocalDatabase.commit). A kill -9 loses nothing that was acknowledged and
 * leaves nothing half done (SQLite's WAL).
 *
 * Work in progress (credit reservations, Idempotency-Key claims) names the
 * process that does it (lib/local-db/database.ts, owners). When that process
 * is gone its conversions are gone too: opening the store gives back their
 * credits and frees their claims, and a claim of a dead process is taken over
 * by the next request with its key.
 *
 * Idempotency-Key (../idempotency.ts): the answer is stored in the transaction
 * that commits its credit, so a crash keeps both or neither. Bounds of the
 * answers kept ({@link AnswerLimits}): 24 h; a body over 6 MB is not kept;
 * at most 16 MiB of bodies per API key and 64 MiB in all, past which the
 * oldest bodies go first (the record stays until it expires, so a repeat is
 * told the answer is gone instead of being converted and charged again).
 *
 * Data files of older versions (a journal and a snapshot) are moved into the
 * database on the first open (./legacy-files.ts), once.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { endOwner, isOwnerAlive, LocalDatabase, newOwner } from '../../local-db/database.js';
import { generateApiKey, generateKeyId, hashApiKey, isWellFormedApiKey } from '../api-key.js';
import { KeyStoreFailedError } from '../errors.js';
import {
  IDEMPOTENCY_TTL_MS,
  IN_PROGRESS_RETRY_AFTER_SECONDS,
  MAX_REPLAYABLE_ANSWER_BYTES,
  type CommitDecision,
  type IdempotencyClaim,
  type IdempotencyDecision,
  type IdempotencyRequest,
  type StoredAnswer,
} from '../idempotency.js';
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
import { readLegacyKeyStore, retireLegacyKeyFiles, type LegacyKeyData } from './legacy-files.js';

/** Label given to the key created on first open. */
export const DEVELOPMENT_KEY_LABEL = 'development';

/** Longest label accepted for a key. */
export const MAX_LABEL_LENGTH = 100;

/** The sliding window of the per-key rate limit. */
const RATE_WINDOW_MS = 60_000;

/** Bounds of the answers kept for Idempotency-Key replays. */
export interface AnswerLimits {
  /** How long an answer is replayed. Default 24 h. */
  ttlMs: number;
  /** Largest body kept. Default 6 MB. */
  maxAnswerBytes: number;
  /** Body bytes kept per API key. Default 16 MiB. */
  maxBytesPerKey: number;
  /** Body bytes kept overall. Default 64 MiB. */
  maxTotalBytes: number;
}

/** The default bounds. */
export const DEFAULT_ANSWER_LIMITS: Readonly<AnswerLimits> = Object.freeze({
  ttlMs: IDEMPOTENCY_TTL_MS,
  maxAnswerBytes: MAX_REPLAYABLE_ANSWER_BYTES,
  maxBytesPerKey: 16 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
});

/** Overrides of {@link DEFAULT_ANSWER_LIMITS}; every bound must be a positive integer. */
export function resolveAnswerLimits(options: Partial<AnswerLimits> = {}): AnswerLimits {
  const limits = { ...DEFAULT_ANSWER_LIMITS, ...options };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`Idempotency limit ${name} must be a positive integer, got ${String(value)}.`);
  }
  return limits;
}

/** Options of {@link openLocalKeyStore}. */
export interface LocalKeyStoreOptions {
  /** The data directory; created (mode 0700) when missing. */
  dataDir: string;
  /** Overrides of the spec's limits (60 a minute; free 100, starter 1,000, business 10,000 a month). */
  limits?: KeyLimitsOptions;
  /** The clock; default: the system clock. */
  clock?: () => Date;
  /** Bounds of the answers kept for Idempotency-Key replays; defaults: 24 h, 6 MB, 16 MiB per key, 64 MiB. */
  idempotency?: Partial<AnswerLimits>;
  /** Create one development key on plan free when the store is new. Default true. */
  createDevelopmentKey?: boolean;
  /** @internal Tests of the migration: called inside its transaction, and after it committed. */
  onMigration?: (step: 'imported' | 'committed') => void;
}

/** An opened store; `developmentKey` is set only on the very first open of a directory, to be shown once. */
export interface OpenedLocalKeyStore {
  store: LocalKeyStore;
  developmentKey?: CreatedKey;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY, hash TEXT NOT NULL UNIQUE, plan TEXT NOT NULL, label TEXT, created_at TEXT NOT NULL, revoked_at TEXT
) STRICT;
CREATE TABLE IF NOT EXISTS credit_usage (
  key_id TEXT NOT NULL, period TEXT NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (key_id, period)
) STRICT, WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS reservations (id TEXT PRIMARY KEY, key_id TEXT NOT NULL, period TEXT NOT NULL, owner TEXT NOT NULL) STRICT;
CREATE TABLE IF NOT EXISTS claims (
  key_id TEXT NOT NULL, idem_key TEXT NOT NULL, fingerprint TEXT NOT NULL, token TEXT NOT NULL, owner TEXT NOT NULL,
  PRIMARY KEY (key_id, idem_key)
) STRICT;
CREATE TABLE IF NOT EXISTS answers (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, key_id TEXT NOT NULL, idem_key TEXT NOT NULL, fingerprint TEXT NOT NULL,
  stored_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, status INTEGER NOT NULL, body TEXT, bytes INTEGER NOT NULL,
  UNIQUE (key_id, idem_key)
) STRICT;
CREATE INDEX IF NOT EXISTS answers_expiry ON answers (expires_at);
CREATE TABLE IF NOT EXISTS rate_hits (key_id TEXT NOT NULL, at INTEGER NOT NULL) STRICT;
CREATE INDEX IF NOT EXISTS rate_hits_key ON rate_hits (key_id, at);
`;

interface KeyRow {
  id: string;
  hash: string;
  plan: Plan;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
  [column: string]: unknown;
}

function recordOf(row: KeyRow): KeyRecord {
  return {
    id: row.id,
    plan: row.plan,
    ...(row.label === null ? {} : { label: row.label }),
    createdAt: row.created_at,
    ...(row.revoked_at === null ? {} : { revokedAt: row.revoked_at }),
  };
}

function normalizeLabel(label: string | undefined): string | undefined {
  const clean = label?.trim();
  if (!clean) return undefined;
  if (clean.length > MAX_LABEL_LENGTH) throw new RangeError(`A key label has at most ${MAX_LABEL_LENGTH} characters.`);
  if (/[\u0000-\u001f\u007f]/.test(clean)) throw new RangeError('A key label cannot contain control characters.');
  return clean;
}

/**
 * Opens (or creates) the store in `options.dataDir`: creates the tables, moves
 * the files of an older version in (KeyStoreCorruptError when they cannot be
 * read back, KeyStoreLockedError while a process of that version has them
 * open), gives back the credits and claims of processes that died, and on the
 * very first open creates the development key.
 */
export async function openLocalKeyStore(options: LocalKeyStoreOptions): Promise<OpenedLocalKeyStore> {
  const limits = resolveKeyLimits(options.limits);
  const answerLimits = resolveAnswerLimits(options.idempotency);
  const clock = options.clock ?? (() => new Date());
  const dir = resolve(options.dataDir);
  const db = LocalDatabase.open(dir);
  let store: LocalKeyStore | undefined;
  try {
    db.immediate(() => db.exec(SCHEMA)); // one transaction for the whole schema
    // Read outside the transaction (file reads are asynchronous); whoever commits the migration first wins, the others skip it.
    const legacy = db.meta('keys.legacy') === undefined ? await readLegacyKeyStore(dir) : undefined;
    const opened = new LocalKeyStore(dir, db, limits, answerLimits, clock);
    store = opened;
    let migrated = false;
    const developmentKey = db.immediate(() => {
      const first = db.run(`INSERT INTO meta (name, value) VALUES ('keys.created', ?) ON CONFLICT DO NOTHING`, clock().toISOString()) === 1;
      if (db.meta('keys.legacy') === undefined) {
        if (legacy) importLegacy(db, legacy, clock().getTime());
        db.setMeta('keys.legacy', legacy ? `migrated ${clock().toISOString()}` : 'none');
        migrated = legacy !== undefined;
        if (migrated) options.onMigration?.('imported');
      }
      opened.giveBackDeadWork();
      return first && !legacy && options.createDevelopmentKey !== false ? opened.createKeyNow('free', DEVELOPMENT_KEY_LABEL) : undefined;
    });
    await db.durable(); // the development key, the migrated data and the credits given back, on disk
    if (migrated) options.onMigration?.('committed');
    // Also after a crash between the commit and the renaming: the files are renamed by the next open.
    if (db.meta('keys.legacy')?.startsWith('migrated')) await retireLegacyKeyFiles(dir);
    return developmentKey ? { store: opened, developmentKey } : { store: opened };
  } catch (err) {
    if (store) await store.close();
    else db.close();
    throw err;
  }
}

function importLegacy(db: LocalDatabase, legacy: LegacyKeyData, nowMs: number): void {
  for (const k of legacy.keys) {
    db.run('INSERT INTO api_keys (id, hash, plan, label, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)', k.id, k.hash, k.plan, k.label ?? null, k.createdAt, k.revokedAt ?? null);
  }
  for (const u of legacy.usage) db.run('INSERT INTO credit_usage (key_id, period, used) VALUES (?, ?, ?)', u.keyId, u.period, u.used);
  for (const { keyId, answer: a } of legacy.answers) {
    if (a.x <= nowMs) continue;
    db.run(
      'INSERT INTO answers (key_id, idem_key, fingerprint, stored_at, expires_at, status, body, bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      keyId, a.k, a.f, a.t, a.x, a.st, a.b ?? null, a.b === undefined ? 0 : Buffer.byteLength(a.b, 'utf8'),
    );
  }
}

/** The local adapter of {@link KeyStore}, with key management ({@link KeyAdmin}). Obtain one with {@link openLocalKeyStore}. */
export class LocalKeyStore implements KeyStore, KeyAdmin {
  /** This open store's name on the work it starts (reservations, claims). */
  private readonly owner = newOwner();
  private closed = false;

  /** @internal use {@link openLocalKeyStore}. */
  constructor(
    /** The absolute data directory. */
    readonly dataDir: string,
    private readonly db: LocalDatabase,
    /** The limits in force. */
    readonly limits: KeyLimits,
    private readonly answerLimits: AnswerLimits,
    private readonly clock: () => Date,
  ) {}

  /** Authenticates `credentials.apiKey` by its hash; unknown, malformed or revoked keys give undefined. */
  async authenticate(credentials: PresentedCredentials): Promise<KeyRecord | undefined> {
    this.assertUsable();
    const presented = credentials.apiKey?.trim();
    if (!presented || !isWellFormedApiKey(presented)) return undefined;
    const row = this.db.get<KeyRow>('SELECT * FROM api_keys WHERE hash = ?', hashApiKey(presented));
    return row && row.revoked_at === null ? recordOf(row) : undefined;
  }

  /**
   * Per-key sliding minute (spec: 60 requests), kept in the database so that
   * it holds across worker processes and restarts: a request is let through
   * when fewer than the limit were let through in the last 60 s; refused ones
   * do not count. Committed without waiting for the disk (a power cut may
   * forget the last requests of a minute; nothing is charged by them); so is
   * a claim (a power cut ends the conversion that holds it).
   */
  async takeRate(keyId: string, now: Date = this.clock()): Promise<RateDecision> {
    this.assertUsable();
    const limit = this.limits.ratePerMinute;
    if (limit <= 0) return { ok: true };
    const t = now.getTime();
    return this.db.immediate(() => {
      this.db.run('DELETE FROM rate_hits WHERE key_id = ? AND at <= ?', keyId, t - RATE_WINDOW_MS);
      // The oldest of the last `limit` hits: one more fits once it has left the window.
      const blocking = this.db.get<{ at: number }>('SELECT at FROM rate_hits WHERE key_id = ? ORDER BY at DESC LIMIT 1 OFFSET ?', keyId, limit - 1);
      if (blocking) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((blocking.at + RATE_WINDOW_MS - t) / 1000)) };
      this.db.run('INSERT INTO rate_hits (key_id, at) VALUES (?, ?)', keyId, t);
      return { ok: true };
    });
  }

  /**
   * Takes one credit of the key's monthly quota (UTC calendar month of `now`),
   * durably. The same with an idempotency claim: the credit counts at once
   * (so concurrent conversions cannot pass the quota), and if this process
   * dies before its commit, the next open gives it back.
   */
  async reserveCredit(key: KeyIdentity, now: Date = this.clock(), _claim?: IdempotencyClaim): Promise<CreditDecision> {
    this.assertUsable();
    const period = periodOf(now);
    const quota = this.limits.monthlyQuota[key.plan];
    return this.db.commit((): CreditDecision => {
      if (!this.db.get('SELECT 1 AS known FROM api_keys WHERE id = ?', key.id)) throw new RangeError(`Unknown key id ${key.id}.`);
      const used = this.used(key.id, period);
      if (used >= quota) return { ok: false, reason: 'quota', remaining: 0, quota, period };
      const id = `res_${randomBytes(12).toString('hex')}`;
      this.db.run('INSERT INTO reservations (id, key_id, period, owner) VALUES (?, ?, ?, ?)', id, key.id, period, this.owner);
      this.db.run('INSERT INTO credit_usage (key_id, period, used) VALUES (?, ?, 1) ON CONFLICT DO UPDATE SET used = used + 1', key.id, period);
      return { ok: true, reservation: { id, keyId: key.id, period }, remaining: quota - used - 1 };
    });
  }

  /** Makes a reservation final (once; later calls do nothing). */
  async commit(reservation: Reservation): Promise<void> {
    this.assertUsable();
    this.db.run('DELETE FROM reservations WHERE id = ?', reservation.id);
    await this.db.durable();
  }

  /** Gives a reservation's credit back (once; later calls do nothing). */
  async release(reservation: Reservation): Promise<void> {
    this.assertUsable();
    await this.db.commit(() => this.releaseNow(reservation.id));
  }

  /** Credits left this month. */
  async remaining(key: KeyIdentity, now: Date = this.clock()): Promise<number> {
    this.assertUsable();
    return Math.max(0, this.limits.monthlyQuota[key.plan] - this.used(key.id, periodOf(now)));
  }

  /**
   * Looks up (key id, Idempotency-Key) and claims it when free, in one
   * transaction (a concurrent repeat, in any process, sees the claim). A
   * claim whose process is gone is free. A stored answer is replayed only
   * once it is on disk (its commit may still be syncing, in this process or
   * another: the WAL is one file).
   */
  async claimIdempotency(key: KeyIdentity, request: IdempotencyRequest, now: Date = this.clock()): Promise<IdempotencyDecision> {
    this.assertUsable();
    const decision = this.decideClaim(key, request, now);
    if (decision.state === 'replay') await this.db.durable();
    return decision;
  }

  private decideClaim(key: KeyIdentity, request: IdempotencyRequest, now: Date): IdempotencyDecision {
    return this.db.immediate((): IdempotencyDecision => {
      const stored = this.db.get<{ fingerprint: string; status: number; body: string | null }>(
        'SELECT fingerprint, status, body FROM answers WHERE key_id = ? AND idem_key = ? AND expires_at > ?',
        key.id, request.key, now.getTime(),
      );
      if (stored) {
        if (stored.fingerprint !== request.fingerprint) return { state: 'mismatch' };
        return stored.body === null ? { state: 'unavailable' } : { state: 'replay', answer: { status: stored.status, body: stored.body } };
      }
      const running = this.db.get<{ fingerprint: string; owner: string }>('SELECT fingerprint, owner FROM claims WHERE key_id = ? AND idem_key = ?', key.id, request.key);
      if (running && isOwnerAlive(running.owner)) {
        return running.fingerprint === request.fingerprint ? { state: 'in-progress', retryAfterSeconds: IN_PROGRESS_RETRY_AFTER_SECONDS } : { state: 'mismatch' };
      }
      const token = randomBytes(12).toString('hex');
      this.db.run(
        'INSERT INTO claims (key_id, idem_key, fingerprint, token, owner) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET fingerprint = excluded.fingerprint, token = excluded.token, owner = excluded.owner',
        key.id, request.key, request.fingerprint, token, this.owner,
      );
      return { state: 'claimed', claim: { keyId: key.id, key: request.key, fingerprint: request.fingerprint, token } };
    });
  }

  /**
   * Commits the reservation, stores the answer and gives up the claim, in one
   * transaction. When the claim is not held (any more), the reservation is
   * released instead.
   */
  async commitWithAnswer(reservation: Reservation, claim: IdempotencyClaim, answer: StoredAnswer, now: Date = this.clock()): Promise<CommitDecision> {
    this.assertUsable();
    const t = now.getTime();
    const bytes = Buffer.byteLength(answer.body, 'utf8');
    const { maxAnswerBytes, maxBytesPerKey, maxTotalBytes, ttlMs } = this.answerLimits;
    const keep = bytes <= Math.min(maxAnswerBytes, maxBytesPerKey, maxTotalBytes);
    return this.db.commit((): CommitDecision => {
      const held = this.db.get<{ token: string }>('SELECT token FROM claims WHERE key_id = ? AND idem_key = ?', claim.keyId, claim.key);
      if (held?.token !== claim.token || reservation.keyId !== claim.keyId) {
        this.releaseNow(reservation.id);
        return { ok: false, reason: 'claim-lost' };
      }
      if (this.db.run('DELETE FROM reservations WHERE id = ?', reservation.id) === 0) throw new RangeError(`Reservation ${reservation.id} is not open.`);
      this.db.run('DELETE FROM claims WHERE key_id = ? AND idem_key = ?', claim.keyId, claim.key);
      this.db.run('DELETE FROM answers WHERE expires_at <= ? OR (key_id = ? AND idem_key = ?)', t, claim.keyId, claim.key);
      if (keep) {
        // Oldest bodies first: keep the newest ones whose bytes, with this body, fit the bound (per key, then overall).
        const evict = `UPDATE answers SET body = NULL, bytes = 0 WHERE seq IN (
          SELECT seq FROM (SELECT seq, SUM(bytes) OVER (ORDER BY seq DESC) AS newer FROM answers WHERE bytes > 0 AND (? IS NULL OR key_id = ?)) WHERE newer + ? > ?)`;
        this.db.run(evict, claim.keyId, claim.keyId, bytes, maxBytesPerKey);
        this.db.run(evict, null, null, bytes, maxTotalBytes);
      }
      this.db.run(
        'INSERT INTO answers (key_id, idem_key, fingerprint, stored_at, expires_at, status, body, bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        claim.keyId, claim.key, claim.fingerprint, t, t + ttlMs, answer.status, keep ? answer.body : null, keep ? bytes : 0,
      );
      return { ok: true };
    });
  }

  /** Gives up a claim (its conversion failed or was refused); a claim no longer held is ignored. */
  async releaseClaim(claim: IdempotencyClaim): Promise<void> {
    this.assertUsable();
    this.db.run('DELETE FROM claims WHERE key_id = ? AND idem_key = ? AND token = ?', claim.keyId, claim.key, claim.token);
  }

  /** Creates a key on `plan`; the key text is returned once and only its hash is stored. */
  async createKey(plan: Plan, label?: string): Promise<CreatedKey> {
    this.assertUsable();
    return this.db.commit(() => this.createKeyNow(plan, label));
  }

  /** @internal Creates a key inside the caller's transaction. */
  createKeyNow(plan: Plan, label?: string): CreatedKey {
    if (!isPlan(plan)) throw new RangeError(`Unknown plan "${String(plan)}"; use free, starter or business.`);
    const clean = normalizeLabel(label);
    let key: string;
    let hash: string;
    do {
      key = generateApiKey();
      hash = hashApiKey(key);
    } while (this.db.get('SELECT 1 AS taken FROM api_keys WHERE hash = ?', hash));
    let id: string;
    do id = generateKeyId();
    while (this.db.get('SELECT 1 AS taken FROM api_keys WHERE id = ?', id));
    const createdAt = this.clock().toISOString();
    this.db.run('INSERT INTO api_keys (id, hash, plan, label, created_at) VALUES (?, ?, ?, ?, ?)', id, hash, plan, clean ?? null, createdAt);
    return { key, record: { id, plan, createdAt, ...(clean === undefined ? {} : { label: clean }) } };
  }

  /** Every key, oldest first, with its usage in the month of `now`; never the key text. */
  async listKeys(now: Date = this.clock()): Promise<KeyUsage[]> {
    this.assertUsable();
    const period = periodOf(now);
    return this.db
      .all<KeyRow & { used: number | null }>(
        'SELECT k.*, u.used FROM api_keys k LEFT JOIN credit_usage u ON u.key_id = k.id AND u.period = ? ORDER BY k.created_at, k.id',
        period,
      )
      .map((row) => ({ ...recordOf(row), period, used: row.used ?? 0, quota: this.limits.monthlyQuota[row.plan] }));
  }

  /** Revokes a key (authenticate then refuses it); undefined when the id is unknown. */
  async revokeKey(id: string): Promise<KeyRecord | undefined> {
    this.assertUsable();
    return this.db.commit(() => {
      this.db.run('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', this.clock().toISOString(), id);
      const row = this.db.get<KeyRow>('SELECT * FROM api_keys WHERE id = ?', id);
      return row && recordOf(row);
    });
  }

  /**
   * Closes the database connection. Later calls on the store throw
   * KeyStoreFailedError. Conversions still running lose their reservations
   * and claims, which the next open (here or in any process) gives back.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    endOwner(this.owner);
    this.db.close();
  }

  /** @internal Inside a transaction: gives back the credits and frees the claims of processes that are gone. */
  giveBackDeadWork(): void {
    const owners = this.db.all<{ owner: string }>('SELECT owner FROM reservations UNION SELECT owner FROM claims');
    for (const { owner } of owners) {
      if (isOwnerAlive(owner)) continue;
      for (const { id } of this.db.all<{ id: string }>('SELECT id FROM reservations WHERE owner = ?', owner)) this.releaseNow(id);
      this.db.run('DELETE FROM claims WHERE owner = ?', owner);
    }
    this.db.run('DELETE FROM rate_hits WHERE at <= ?', this.clock().getTime() - RATE_WINDOW_MS);
  }

  private used(keyId: string, period: string): number {
    return this.db.get<{ used: number }>('SELECT used FROM credit_usage WHERE key_id = ? AND period = ?', keyId, period)?.used ?? 0;
  }

  /** Inside a transaction: releases reservation `id` if it is still open. */
  private releaseNow(id: string): void {
    const res = this.db.get<{ key_id: string; period: string }>('DELETE FROM reservations WHERE id = ? RETURNING key_id, period', id);
    if (res) this.db.run('UPDATE credit_usage SET used = max(0, used - 1) WHERE key_id = ? AND period = ?', res.key_id, res.period);
  }

  private assertUsable(): void {
    if (this.closed) throw new KeyStoreFailedError('The key store is closed.');
  }
}
