/**
 * The per-key request limit of the local store (spec, "Limits": 60 requests a
 * minute; DECISIONS.md: 429 RATE_LIMITED with Retry-After). A sliding log: a
 * request is allowed when fewer than `limit` allowed requests of the same key
 * fall in the last `windowMs`. Refused requests are not counted, so a client
 * that waits `retryAfterSeconds` is let through. Kept in memory only: after a
 * restart a key starts with a fresh minute.
 */
import type { RateDecision } from './store.js';

/** Sliding-window request limiter keyed by key id; time comes in as a parameter. */
export class SlidingWindowRateLimiter {
  private readonly hits = new Map<string, number[]>();
  private calls = 0;

  /** `limit` requests per `windowMs` (default one minute); a limit of 0 lets everything through. */
  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one request of `id` at `nowMs` (epoch milliseconds) when allowed. */
  take(id: string, nowMs: number): RateDecision {
    if (this.limit <= 0) return { ok: true };
    if (++this.calls % 10_000 === 0) this.prune(nowMs);
    const log = this.hits.get(id) ?? [];
    // Keep only hits still inside the window; the log is in time order.
    let first = 0;
    while (first < log.length && nowMs - log[first]! >= this.windowMs) first++;
    const live = first === 0 ? log : log.slice(first);
    if (live.length >= this.limit) {
      this.hits.set(id, live);
      // The oldest hit that must leave the window before one more fits.
      const oldest = live[live.length - this.limit]!;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - nowMs) / 1000)) };
    }
    live.push(nowMs);
    this.hits.set(id, live);
    return { ok: true };
  }

  private prune(nowMs: number): void {
    for (const [id, log] of this.hits) if (log.every((t) => nowMs - t >= this.windowMs)) this.hits.delete(id);
  }
}
