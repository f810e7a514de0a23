/**
 * The local stand-in for the WAF rate-based rule: at most `limit` requests per
 * client address in any sliding minute. `limit` 0 disables it.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request of `key`; returns 0 when allowed, else the seconds to wait. */
  take(key: string): number {
    if (this.limit <= 0) return 0;
    const t = this.now();
    const list = (this.hits.get(key) ?? []).filter((at) => t - at < this.windowMs);
    if (list.length >= this.limit) {
      this.hits.set(key, list);
      return Math.max(1, Math.ceil((list[0]! + this.windowMs - t) / 1000));
    }
    list.push(t);
    this.hits.set(key, list);
    if (this.hits.size > 10_000) this.prune(t);
    return 0;
  }

  private prune(t: number): void {
    for (const [k, list] of this.hits) if (list.every((at) => t - at >= this.windowMs)) this.hits.delete(k);
  }
}
