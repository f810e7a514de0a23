/**
 * Interleaved timing: the variants compared with each other run in the same
 * process, round-robin, in many short rounds, so that a slow spell of the
 * (shared, virtual) machine falls on all of them alike instead of on
 * whichever ran during it. Each call is timed on its own; the figures are
 * over all the samples of a variant.
 */

export interface Variant {
  name: string;
  fn: () => unknown;
}

export interface Stats {
  name: string;
  n: number;
  p50: number;
  p95: number;
  min: number;
  mean: number;
}

export interface InterleaveOptions {
  /** Wall time for the measured rounds, in ms (the warm-up and calibration come on top). */
  budgetMs: number;
  /** Time each variant is given in one round, in ms (a variant slower than that runs once per round). */
  sliceMs: number;
}

function stats(name: string, samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { name, n: s.length, p50: q(0.5), p95: q(0.95), min: s[0]!, mean: s.reduce((a, b) => a + b, 0) / s.length };
}

/**
 * Warms each variant up, sizes its batch (calls per round) from its warm
 * time, then runs rounds until the budget is spent. The order of the variants
 * rotates from round to round so that none always runs first (after the
 * others' garbage) or last.
 */
export function interleave(variants: Variant[], opts: InterleaveOptions): { stats: Stats[]; rounds: number; elapsedMs: number } {
  const batch: number[] = [];
  for (const v of variants) {
    // Warm-up: at least 3 calls and ~200 ms, so that the JIT has settled before anything is recorded.
    const start = performance.now();
    let calls = 0;
    while (calls < 3 || (performance.now() - start < 200 && calls < 2000)) {
      v.fn();
      calls++;
    }
    const each = (performance.now() - start) / calls;
    batch.push(Math.max(1, Math.round(opts.sliceMs / each)));
  }
  const samples: number[][] = variants.map(() => []);
  const start = performance.now();
  let rounds = 0;
  while (performance.now() - start < opts.budgetMs || rounds < 3) {
    for (let k = 0; k < variants.length; k++) {
      const i = (k + rounds) % variants.length;
      const fn = variants[i]!.fn;
      const out = samples[i]!;
      for (let j = 0; j < batch[i]!; j++) {
        const t = performance.now();
        fn();
        out.push(performance.now() - t);
      }
    }
    rounds++;
  }
  return { stats: variants.map((v, i) => stats(v.name, samples[i]!)), rounds, elapsedMs: performance.now() - start };
}

/** Milliseconds, readable: µs under 1 ms. */
export const fmt = (ms: number): string => (ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);
