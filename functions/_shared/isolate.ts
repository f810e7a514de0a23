/**
 * The process's isolation pool (lib/isolate): untrusted documents are read in
 * worker threads with memory limits and a deadline per job. Settings, read
 * once: ISOLATE_WORKERS (default 2), ISOLATE_MEMORY_MB (V8 heap per worker,
 * default 512), ISOLATE_RSS_BUDGET_MB (resident memory the process may grow
 * while jobs run, default 1024). ISOLATE_TIME_SCALE (default 1, read at each
 * job) multiplies every time budget of lib/isolate/budgets.ts: they are wall
 * clock, and a loaded machine (the test suite beside other work) needs more
 * of it for the same work; tests of what a conversion answers set it, tests of
 * the limits do not.
 *
 * Every budget is also kept below the Lambda invocation's remaining time, less
 * a margin to answer: a function answers 422 DOCUMENT_TOO_COMPLEX before its
 * timeout instead of being killed by it.
 */
import type { Context } from 'aws-lambda';
import { ANSWER_MARGIN_MS } from '../../lib/isolate/budgets.js';
import { IsolatePool, type RunOptions } from '../../lib/isolate/pool.js';
import type { TaskInput, TaskName, TaskOutput } from '../../lib/isolate/tasks.js';

function intFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}".`);
  return n;
}

let pool: IsolatePool | undefined;

/** The pool of this process (created on first use). */
export function isolatePool(): IsolatePool {
  pool ??= new IsolatePool({
    size: intFromEnv('ISOLATE_WORKERS', 2, 1),
    memoryMb: intFromEnv('ISOLATE_MEMORY_MB', 512, 64),
    rssBudgetMb: intFromEnv('ISOLATE_RSS_BUDGET_MB', 1024, 0),
  });
  return pool;
}

/** Installs a pool (tests), or none to go back to the default. */
export function setIsolatePool(p: IsolatePool | undefined): void {
  pool = p;
}

/** `budgetMs`, shortened to what the invocation has left (less the margin to answer). */
export function within(budgetMs: number, context?: Pick<Context, 'getRemainingTimeInMillis'>): number {
  const remaining = context?.getRemainingTimeInMillis?.();
  if (typeof remaining !== 'number' || !Number.isFinite(remaining)) return budgetMs;
  return Math.max(100, Math.min(budgetMs, remaining - ANSWER_MARGIN_MS));
}

/** Runs a task in the pool within its budget (times ISOLATE_TIME_SCALE) and the invocation's remaining time. */
export function runIsolated<K extends TaskName>(
  task: K,
  input: TaskInput<K>,
  options: RunOptions & { context?: Pick<Context, 'getRemainingTimeInMillis'> | undefined },
): Promise<TaskOutput<K>> {
  const { context, ...run } = options;
  const scale = intFromEnv('ISOLATE_TIME_SCALE', 1, 1);
  const timeoutMs = within(run.timeoutMs * scale, context);
  const maxTimeoutMs = run.maxTimeoutMs === undefined ? undefined : within(run.maxTimeoutMs * scale, context);
  return isolatePool().run(task, input, { ...run, timeoutMs, ...(maxTimeoutMs === undefined ? {} : { maxTimeoutMs }) });
}
