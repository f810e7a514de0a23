/**
 * The in-memory state of the local key store and the journal entries that
 * change it. Every change, live or replayed at open, goes through
 * {@link KeyState.apply}, so what a restart rebuilds is what was served.
 * Only key hashes are kept (./../api-key.ts), never keys.
 */
import { KeyStoreCorruptError } from '../errors.js';
import { isPlan, type KeyRecord, type Plan } from '../store.js';
import { AnswerCache, DEFAULT_ANSWER_LIMITS, isAnswerEntry, type AnswerEntry, type AnswerLimits } from './answer-cache.js';

/** A key as stored: its record and the SHA-256 of its text. */
export interface StoredKey extends KeyRecord {
  hash: string;
}

/**
 * One journal line. `s` is the sequence number, strictly increasing. A
 * `commit` of an idempotent conversion carries its answer in `a`: the credit
 * and the answer are one line, hence one atomic write.
 */
export type JournalEntry =
  | { s: number; op: 'key'; id: string; hash: string; plan: Plan; label?: string; at: string }
  | { s: number; op: 'revoke'; id: string; at: string }
  | { s: number; op: 'reserve'; r: string; key: string; p: string }
  | { s: number; op: 'commit'; r: string; a?: AnswerEntry }
  | { s: number; op: 'release'; r: string };

/** A journal entry before it gets its sequence number. */
export type JournalChange = DistributiveOmit<JournalEntry, 's'>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The snapshot file: the whole state as of journal entry `seq`. */
export interface Snapshot {
  format: 1;
  seq: number;
  keys: StoredKey[];
  /** [keyId, period, used] where used includes open reservations. */
  usage: Array<[string, string, number]>;
  /** [reservationId, keyId, period] of reservations neither committed nor released. */
  open: Array<[string, string, string]>;
  /** [keyId, answer] of the Idempotency-Key answers, oldest first (absent in snapshots written before idempotency). */
  answers?: Array<[string, AnswerEntry]>;
}

const usageKey = (keyId: string, period: string) => `${keyId} ${period}`;

/** Keys, usage per key and month, open reservations, and the answers kept for Idempotency-Key replays. */
export class KeyState {
  readonly keys = new Map<string, StoredKey>();
  private readonly byHash = new Map<string, string>();
  private readonly usage = new Map<string, number>();
  readonly open = new Map<string, { keyId: string; period: string }>();
  readonly answers: AnswerCache;

  constructor(answerLimits: AnswerLimits = DEFAULT_ANSWER_LIMITS) {
    this.answers = new AnswerCache(answerLimits);
  }

  /** Credits used by a key in a period (open reservations included). */
  used(keyId: string, period: string): number {
    return this.usage.get(usageKey(keyId, period)) ?? 0;
  }

  /** The key whose text hashes to `hash`, revoked or not. */
  keyByHash(hash: string): StoredKey | undefined {
    const id = this.byHash.get(hash);
    return id === undefined ? undefined : this.keys.get(id);
  }

  /** Applies one change; throws KeyStoreCorruptError when it contradicts the state (replay of a damaged journal). */
  apply(e: JournalEntry): void {
    switch (e.op) {
      case 'key': {
        if (this.keys.has(e.id) || this.byHash.has(e.hash) || !isPlan(e.plan)) throw bad(e, 'duplicate key or unknown plan');
        const record: StoredKey = { id: e.id, hash: e.hash, plan: e.plan, createdAt: e.at };
        if (e.label !== undefined) record.label = e.label;
        this.keys.set(e.id, record);
        this.byHash.set(e.hash, e.id);
        return;
      }
      case 'revoke': {
        const key = this.keys.get(e.id);
        if (!key) throw bad(e, 'unknown key');
        key.revokedAt ??= e.at;
        return;
      }
      case 'reserve': {
        if (this.open.has(e.r)) throw bad(e, 'duplicate reservation');
        this.open.set(e.r, { keyId: e.key, period: e.p });
        this.usage.set(usageKey(e.key, e.p), this.used(e.key, e.p) + 1);
        return;
      }
      case 'commit': {
        const res = this.open.get(e.r);
        if (!res) throw bad(e, 'unknown reservation');
        if (e.a !== undefined && !isAnswerEntry(e.a)) throw bad(e, 'malformed answer');
        this.open.delete(e.r);
        if (e.a !== undefined) this.answers.add(res.keyId, e.a);
        return;
      }
      case 'release': {
        const res = this.open.get(e.r);
        if (!res) throw bad(e, 'unknown reservation');
        this.open.delete(e.r);
        this.usage.set(usageKey(res.keyId, res.period), Math.max(0, this.used(res.keyId, res.period) - 1));
        return;
      }
      default:
        throw bad(e, 'unknown operation');
    }
  }

  /** The whole state as a snapshot taken after entry `seq`. */
  toSnapshot(seq: number): Snapshot {
    return {
      format: 1,
      seq,
      keys: [...this.keys.values()].map((k) => ({ ...k })),
      usage: [...this.usage].filter(([, used]) => used > 0).map(([k, used]) => {
        const [keyId = '', period = ''] = k.split(' ');
        return [keyId, period, used];
      }),
      open: [...this.open].map(([r, { keyId, period }]) => [r, keyId, period]),
      answers: this.answers.entries(),
    };
  }

  /** Rebuilds the state from a snapshot. */
  static fromSnapshot(snapshot: Snapshot, answerLimits: AnswerLimits = DEFAULT_ANSWER_LIMITS): KeyState {
    if (
      snapshot?.format !== 1 ||
      !Number.isSafeInteger(snapshot.seq) ||
      ![snapshot.keys, snapshot.usage, snapshot.open].every(Array.isArray) ||
      (snapshot.answers !== undefined && !Array.isArray(snapshot.answers))
    ) {
      throw new KeyStoreCorruptError('The key store snapshot has an unknown format.');
    }
    const state = new KeyState(answerLimits);
    for (const k of snapshot.keys) {
      if (typeof k.id !== 'string' || typeof k.hash !== 'string' || !isPlan(k.plan) || state.keys.has(k.id)) {
        throw new KeyStoreCorruptError(`The key store snapshot has an invalid key entry (${String(k.id)}).`);
      }
      state.keys.set(k.id, { ...k });
      state.byHash.set(k.hash, k.id);
    }
    for (const [keyId, period, used] of snapshot.usage) state.usage.set(usageKey(keyId, period), used);
    for (const [r, keyId, period] of snapshot.open) state.open.set(r, { keyId, period });
    for (const pair of snapshot.answers ?? []) {
      const [keyId, entry] = Array.isArray(pair) ? pair : [];
      if (typeof keyId !== 'string' || !isAnswerEntry(entry)) throw new KeyStoreCorruptError('The key store snapshot has an invalid idempotency answer.');
      state.answers.add(keyId, entry);
    }
    return state;
  }
}

function bad(e: { s: number; op: string }, why: string): KeyStoreCorruptError {
  return new KeyStoreCorruptError(`Journal entry ${e.s} (${e.op}) cannot be applied: ${why}.`);
}
