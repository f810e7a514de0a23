/**
 * The local stand-in for the WAF rate-based rule: at most `limit` requests per
 * client address in any sliding minute. `limit` 0 disables it. The window is
 * the key store's limiter (lib/keys/sliding-window.ts), keyed by address.
 */
import { SlidingWindowRateLimiter } from '../lib/keys/sliding-window.js';

export class SlidingWindowLimiter {
  private readonly window: SlidingWindowRateLimiter;

  constructor(
    limit: number,
    windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {
    this.window = new SlidingWindowRateLimiter(limit, windowMs);
  }

  /** Counts a request of `key`; returns 0 when allowed, else the seconds to wait. */
  take(key: string): number {
    const decision = this.window.take(key, this.now());
    return decision.ok ? 0 : decision.retryAfterSeconds;
  }
}
