/**
 * The answers the local key store keeps for Idempotency-Key replays
 * (../idempotency.ts), part of its durable state: each arrives in the journal
 * line that commits its credit (./key-state.ts), so a crash keeps both or
 * neither.
 *
 * Bounds, all applied oldest first (by completion):
 *  - expiry: an answer is replayed for 24 h ({@link AnswerLimits.ttlMs});
 *    lookups ignore older ones, and they are dropped when the next answer
 *    arrives and at compaction;
 *  - an answer larger than `maxAnswerBytes` (default 6 MB, the response size
 *    limit) is recorded without its body;
 *  - bodies kept per API key: at most `maxBytesPerKey` (default 16 MiB);
 *    past it the key's oldest bodies are evicted;
 *  - bodies kept overall: at most `maxTotalBytes` (default 64 MiB); past it
 *    the oldest bodies of any key are evicted.
 *
 * An evicted answer keeps its record without the body until it expires, so a
 * repeat is told the answer is gone (409) instead of being converted and
 * charged a second time. Every change is a pure function of the entries
 * applied (times come from the entries, never from a clock), so replaying the
 * journal rebuilds exactly what was served.
 */
import { IDEMPOTENCY_TTL_MS, MAX_REPLAYABLE_ANSWER_BYTES } from '../idempotency.js';

/** A stored answer as the journal and the snapshot carry it (short names: one is written per conversion). */
export interface AnswerEntry {
  /** The Idempotency-Key. */
  k: string;
  /** Fingerprint of the request body. */
  f: string;
  /** When the answer was stored, epoch ms. */
  t: number;
  /** When it expires, epoch ms. */
  x: number;
  /** HTTP status of the answer. */
  st: number;
  /** The answer body; absent when it was too large to keep or has been evicted. */
  b?: string;
}

/** Bounds of the answer cache. */
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

/** True when `value` has the shape of an {@link AnswerEntry}. */
export function isAnswerEntry(value: unknown): value is AnswerEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Partial<AnswerEntry>;
  return (
    typeof e.k === 'string' &&
    typeof e.f === 'string' &&
    Number.isSafeInteger(e.t) &&
    Number.isSafeInteger(e.x) &&
    Number.isSafeInteger(e.st) &&
    (e.b === undefined || typeof e.b === 'string')
  );
}

interface Held {
  keyId: string;
  entry: AnswerEntry;
  /** UTF-8 bytes of the body kept (0 when none). */
  bytes: number;
}

const scopeOf = (keyId: string, key: string) => `${keyId} ${key}`; // neither holds a space

/** The answers of every API key, oldest first. */
export class AnswerCache {
  private readonly held = new Map<string, Held>();
  private readonly bytesByKey = new Map<string, number>();
  private totalBytes = 0;

  constructor(readonly limits: AnswerLimits = DEFAULT_ANSWER_LIMITS) {}

  /** The answer of (keyId, Idempotency-Key) still live at `nowMs`, if any. */
  get(keyId: string, key: string, nowMs: number): AnswerEntry | undefined {
    const h = this.held.get(scopeOf(keyId, key));
    return h !== undefined && h.entry.x > nowMs ? h.entry : undefined;
  }

  /** Body bytes kept (for tests and listings). */
  get bytes(): number {
    return this.totalBytes;
  }

  /** Number of answers recorded, with or without body. */
  get size(): number {
    return this.held.size;
  }

  /**
   * Records the answer of `keyId` (a replaced record of the same key goes),
   * after dropping what expired by its time and evicting the oldest bodies
   * the bounds require.
   */
  add(keyId: string, entry: AnswerEntry): void {
    this.dropExpiredHead(entry.t);
    const scope = scopeOf(keyId, entry.k);
    const previous = this.held.get(scope);
    if (previous) this.remove(scope, previous);
    let kept: AnswerEntry = entry;
    let bytes = entry.b === undefined ? 0 : Buffer.byteLength(entry.b, 'utf8');
    if (bytes > Math.min(this.limits.maxAnswerBytes, this.limits.maxBytesPerKey, this.limits.maxTotalBytes)) {
      const { b: _dropped, ...rest } = entry;
      kept = rest;
      bytes = 0;
    }
    if (bytes > 0) {
      while ((this.bytesByKey.get(keyId) ?? 0) + bytes > this.limits.maxBytesPerKey && this.evictOldest(keyId)) {
        // evicting the key's oldest body
      }
      while (this.totalBytes + bytes > this.limits.maxTotalBytes && this.evictOldest(undefined)) {
        // evicting the oldest body of any key
      }
    }
    this.held.set(scope, { keyId, entry: kept, bytes });
    this.count(keyId, bytes);
  }

  /** Drops every answer expired at `nowMs` (compaction). */
  dropExpired(nowMs: number): void {
    for (const [scope, h] of this.held) if (h.entry.x <= nowMs) this.remove(scope, h);
  }

  /** [keyId, entry] pairs, oldest first (the snapshot). */
  entries(): Array<[string, AnswerEntry]> {
    return [...this.held.values()].map((h) => [h.keyId, { ...h.entry }]);
  }

  /** Expired answers at the head (the oldest); cheap on every add, complete at compaction. */
  private dropExpiredHead(nowMs: number): void {
    for (const [scope, h] of this.held) {
      if (h.entry.x > nowMs) return;
      this.remove(scope, h);
    }
  }

  /** Removes the body of the oldest answer (of `keyId` when given) that has one; false when there is none. */
  private evictOldest(keyId: string | undefined): boolean {
    for (const h of this.held.values()) {
      if (h.bytes === 0 || (keyId !== undefined && h.keyId !== keyId)) continue;
      const { b: _evicted, ...rest } = h.entry;
      h.entry = rest;
      this.count(h.keyId, -h.bytes);
      h.bytes = 0;
      return true;
    }
    return false;
  }

  private remove(scope: string, h: Held): void {
    this.held.delete(scope);
    this.count(h.keyId, -h.bytes);
  }

  private count(keyId: string, delta: number): void {
    if (delta === 0) return;
    this.totalBytes += delta;
    const next = (this.bytesByKey.get(keyId) ?? 0) + delta;
    if (next === 0) this.bytesByKey.delete(keyId);
    else this.bytesByKey.set(keyId, next);
  }
}
