/**
 * Time measures for tests that bound how long our code takes, and that must
 * hold on a loaded machine (the suite shares two cores with other work: a
 * wall-clock bound that passes on a quiet machine fails there, as
 * hostile-xml's `ms < 2000` once did).
 *
 * - {@link cpuTimed}: the CPU time the process spent while the work ran,
 *   every thread included (isolation pool workers, libuv), plus that of the
 *   child processes it ran (pdftoppm, Ghostscript). Another process's load
 *   does not inflate it; work that loops, inflates or backtracks does.
 *   The work must be the only thing this process does meanwhile (tests of a
 *   file run one after the other).
 * - {@link stallBaseline}: how late timers fire on this machine right now, the
 *   baseline against which a test that bounds latency (the event loop kept
 *   turning) scales its bound.
 */
import { readFileSync } from 'node:fs';

/** CPU milliseconds (user + system, all threads of this process) since `start` (a `process.cpuUsage()`). */
export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * CPU milliseconds used so far by the child processes this one started and that have ended (pdftoppm, Ghostscript,
 * qpdf), from /proc/self/stat (cutime + cstime, in clock ticks of 10 ms); 0 where there is no /proc.
 */
export function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return 0;
  }
}

/**
 * Runs `work`; returns its result (or error) with the CPU time it cost, in ms (this process's threads and the child
 * processes it ran to the end), and the wall time it took.
 */
export async function cpuTimed<T>(work: () => Promise<T> | T): Promise<{ value?: T; error?: unknown; cpuMs: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const children = childrenCpuMs();
  const t0 = performance.now();
  const done = (out: { value?: T; error?: unknown }) => ({ ...out, cpuMs: cpuMsSince(cpu) + childrenCpuMs() - children, wallMs: performance.now() - t0 });
  try {
    return done({ value: await work() });
  } catch (error) {
    return done({ error });
  }
}

/** The largest gap between 10 ms timer ticks over `ms` of idle time: how late this process gets to run now. */
export async function stallBaseline(ms = 1000): Promise<number> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 10);
  await new Promise((r) => setTimeout(r, ms));
  clearInterval(timer);
  return worst;
}

/** The median CPU time of `runs` calls of `fn` (after `warmUp` calls), in ms: a per-call cost robust to other load. */
export async function cpuMedianMs(runs: number, fn: () => unknown, warmUp = 3): Promise<number> {
  for (let i = 0; i < warmUp; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    await fn();
    times.push(cpuMsSince(start));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

/** The same for synchronous code that takes microseconds: the median of `runs` calls. */
export function cpuMedianMsSync(runs: number, fn: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    fn();
    times.push(cpuMsSince(start));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}
