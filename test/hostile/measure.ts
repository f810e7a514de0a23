/**
 * Time and memory of one call, for asserting that a hostile document is
 * refused quickly and without a large allocation.
 *
 * Memory is bounded from above: `peakGrowthMB` is the process's high-water
 * RSS after the call (getrusage maxrss, which no sampling can miss) minus its
 * RSS before it. It over-states the growth when an earlier peak was higher,
 * never under-states it, so "< N MB" can only fail wrongly, not pass wrongly.
 * `arrayBuffersGrowthMB` is the growth of Buffer/ArrayBuffer memory still
 * held right after the call (what zlib and pdf-lib allocate).
 */
export interface Measured<T> {
  ms: number;
  peakGrowthMB: number;
  arrayBuffersGrowthMB: number;
  result?: T;
  error?: unknown;
}

const MB = 1024 * 1024;

export async function measure<T>(fn: () => Promise<T> | T): Promise<Measured<T>> {
  const before = process.memoryUsage();
  const t0 = performance.now();
  const out: Partial<Measured<T>> = {};
  try {
    out.result = await fn();
  } catch (error) {
    out.error = error;
  }
  const ms = performance.now() - t0;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const after = process.memoryUsage();
  return {
    ...out,
    ms,
    peakGrowthMB: Math.max(0, peakRss - before.rss) / MB,
    arrayBuffersGrowthMB: Math.max(0, after.arrayBuffers - before.arrayBuffers) / MB,
  };
}

/** The budget every refusal must stay within (issue 15: "quickly, without large memory"). */
export const BUDGET = { ms: 5_000, peakGrowthMB: 300, arrayBuffersGrowthMB: 300 } as const;
