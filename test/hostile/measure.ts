/**
 * Time and memory of one call, for asserting that a hostile document is
 * refused quickly and without a large allocation.
 *
 * Time is bounded in CPU time (`cpuMs`: the process's user + system time,
 * every thread included, plus its child processes such as pdftoppm; ../timing.ts), not wall clock: a bomb that is
 * inflated, a loop that spins, cost CPU whatever the machine's load, while
 * wall clock on a loaded machine also counts the wait for a core. A refusal
 * that waits instead (a hung reader) is stopped by the pool's own deadline,
 * whose answer the tests check. `ms` (wall clock) is kept for the messages.
 *
 * Memory is bounded from above: `peakGrowthMB` is the process's high-water
 * RSS after the call (getrusage maxrss, which no sampling can miss) minus its
 * RSS before it. It over-states the growth when an earlier peak was higher,
 * never under-states it, so "< N MB" can only fail wrongly, not pass wrongly.
 * `arrayBuffersGrowthMB` is the growth of Buffer/ArrayBuffer memory still
 * held right after the call (what zlib and pdf-lib allocate).
 */
import { childrenCpuMs, cpuMsSince } from '../timing.js';

export interface Measured<T> {
  ms: number;
  cpuMs: number;
  peakGrowthMB: number;
  arrayBuffersGrowthMB: number;
  result?: T;
  error?: unknown;
}

const MB = 1024 * 1024;

export async function measure<T>(fn: () => Promise<T> | T): Promise<Measured<T>> {
  const before = process.memoryUsage();
  const cpu = process.cpuUsage();
  const children = childrenCpuMs();
  const t0 = performance.now();
  const out: Partial<Measured<T>> = {};
  try {
    out.result = await fn();
  } catch (error) {
    out.error = error;
  }
  const ms = performance.now() - t0;
  const cpuMs = cpuMsSince(cpu) + childrenCpuMs() - children;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const after = process.memoryUsage();
  return {
    ...out,
    ms,
    cpuMs,
    peakGrowthMB: Math.max(0, peakRss - before.rss) / MB,
    arrayBuffersGrowthMB: Math.max(0, after.arrayBuffers - before.arrayBuffers) / MB,
  };
}

/** The budget every refusal must stay within (issue 15: "quickly, without large memory"); `ms` bounds `cpuMs`. */
export const BUDGET = { ms: 5_000, peakGrowthMB: 300, arrayBuffersGrowthMB: 300 } as const;
