/**
 * Untrusted documents are parsed in isolation: a bounded pool of worker
 * threads, each with V8 heap limits (`resourceLimits`), one job at a time, and
 * a wall-clock deadline per job. A job past its deadline, or a worker that
 * runs out of memory, is terminated (V8 stops even a synchronous loop, such as
 * a library inflating a corrupt zip) and replaced; the caller gets
 * {@link DocumentTooComplexError} naming the limit, never a hung event loop.
 *
 * What runs here is listed in ./tasks.ts (PDF loading and embedding, text
 * extraction, OCR orchestration, Office parsing, rendering of large input).
 * The calling thread only posts bytes and receives plain results, so the
 * server's event loop keeps answering other requests (and keep-alive
 * connections) while a document is read.
 *
 * Memory: `resourceLimits` bounds each worker's JavaScript heap; array buffers
 * live outside it, so every decoder of ours also caps what it inflates
 * (lib/limits.ts), and a watchdog samples the process's resident memory while
 * jobs run and terminates them when it passes {@link IsolateOptions.rssBudgetMb}
 * above the level seen when the pool started.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DocumentTooComplexError, ServiceError } from '../errors.js';
import type { TaskInput, TaskName, TaskOutput } from './tasks.js';

/** Options of {@link IsolatePool}. */
export interface IsolateOptions {
  /** Worker threads at most; default 2. */
  size?: number;
  /** V8 old-generation heap of each worker, in MB; default 512. */
  memoryMb?: number;
  /** Resident memory the process may grow while jobs run, in MB, before they are terminated; default 1024. 0 disables the watchdog. */
  rssBudgetMb?: number;
  /** Jobs waiting for a worker at most; more are refused at once ({@link PoolBusyError}); default 64. */
  maxQueue?: number;
  /** Worker entry (tests); default ./worker.ts beside this file, or the built worker.mjs. */
  workerUrl?: URL;
}

/** Options of one job. */
export interface RunOptions {
  /** Wall-clock budget of the job, queueing included, in ms. */
  timeoutMs: number;
  /** What the time limit protects, for the message (e.g. `reading the spreadsheet`). */
  what?: string;
  /** The longest the job may extend its own deadline to (see `extend` in ./tasks.ts), in ms from its start; default `timeoutMs`. */
  maxTimeoutMs?: number;
  /** Buffers moved (not copied) to the worker; the caller must not use them afterwards. */
  transfer?: ArrayBuffer[];
}

/** No worker became free before the job's deadline, or the queue is full: the service is overloaded (503, retry later). */
export class PoolBusyError extends ServiceError {
  readonly headers = { 'Retry-After': '5' };
  constructor(reason: string) {
    super('SERVER_BUSY', `The service is busy (${reason}); retry in a few seconds.`);
  }
}

/** An error thrown inside the worker, as it crosses the thread boundary. */
export interface WireError {
  name: string;
  message: string;
  code?: string;
  details?: unknown[];
  headers?: Record<string, string>;
}

/** Messages a worker posts. */
export type WorkerMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError }
  | { id: number; extend: number };

interface Job {
  id: number;
  task: TaskName;
  input: unknown;
  transfer: ArrayBuffer[];
  what: string;
  startedAt: number;
  deadline: number;
  maxDeadline: number;
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
  slot?: Slot;
}

interface Slot {
  worker: Worker;
  job?: Job;
  /** Set once the worker is being replaced: its late messages are ignored. */
  dead: boolean;
}

/** The worker entry: the TypeScript source under tsx or vitest, the built module in the Lambda layer. */
function defaultWorkerUrl(): URL {
  const candidates = [
    new URL('./worker.mjs', import.meta.url),
    // The layer's code-split chunks live one folder below the core package root.
    new URL('../isolate/worker.mjs', import.meta.url),
    new URL('./worker.ts', import.meta.url),
  ];
  const found = candidates.find((u) => existsSync(fileURLToPath(u)));
  if (!found) throw new Error(`The isolation worker module is missing beside ${import.meta.url}.`);
  return found;
}

/**
 * Starts a worker on `url`. A TypeScript entry (development, tests) is loaded
 * through tsx's loader, registered inside the worker first: Node applies a
 * `--import` of the parent only after a worker has resolved its entry.
 */
function spawn(url: URL, memoryMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
  // Flags of the parent that a worker cannot take: --input-type (a process started with `-e`), --expose-gc (a process
  // started to debug its memory; Worker refuses it: "invalid execArgv flags").
  const execArgv = process.execArgv.filter((a) => !a.startsWith('--input-type') && a !== '--expose-gc' && a !== '--expose_gc');
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { resourceLimits, execArgv });
  // The ESM build of tsx's API (require.resolve names the CommonJS one beside it).
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  const esm = cjs.replace(/\.cjs$/, '.mjs');
  const tsxApi = pathToFileURL(existsSync(esm) ? esm : cjs).href;
  const code = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(code, { eval: true, resourceLimits, execArgv });
}

/** A bounded pool of isolation workers. */
export class IsolatePool {
  private readonly size: number;
  private readonly memoryMb: number;
  private readonly rssBudgetBytes: number;
  private readonly maxQueue: number;
  private readonly workerUrl: URL;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private watchdog: NodeJS.Timeout | undefined;
  private baselineRss = 0;

  constructor(options: IsolateOptions = {}) {
    this.size = Math.max(1, options.size ?? 2);
    this.memoryMb = options.memoryMb ?? 512;
    this.rssBudgetBytes = (options.rssBudgetMb ?? 1024) * 1024 * 1024;
    this.maxQueue = options.maxQueue ?? 64;
    this.workerUrl = options.workerUrl ?? defaultWorkerUrl();
  }

  /** Starts the workers now (e.g. during a Lambda's init phase), instead of on the first job. */
  warm(count = this.size): void {
    while (this.slots.length < Math.min(count, this.size)) this.addSlot();
  }

  /**
   * Runs `task` on `input` in a worker within `options.timeoutMs`.
   * @throws DocumentTooComplexError (`time` or `memory`) when the job passes a limit; PoolBusyError when no worker frees up in time;
   *   the task's own ServiceError (same code, message and details) when it fails.
   */
  run<K extends TaskName>(task: K, input: TaskInput<K>, options: RunOptions): Promise<TaskOutput<K>> {
    if (this.closed) return Promise.reject(new Error('The isolation pool is closed.'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new PoolBusyError(`${this.queue.length} documents waiting`));
    return new Promise<TaskOutput<K>>((resolve, reject) => {
      const now = performance.now();
      const job: Job = {
        id: this.nextId++,
        task,
        input,
        transfer: options.transfer ?? [],
        what: options.what ?? 'reading the document',
        startedAt: now,
        deadline: now + options.timeoutMs,
        maxDeadline: now + Math.max(options.timeoutMs, options.maxTimeoutMs ?? 0),
        timeoutMs: options.timeoutMs,
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      this.arm(job);
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Terminates every worker; running and queued jobs are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new Error('The isolation pool was closed.'));
    const slots = this.slots.splice(0);
    await Promise.all(
      slots.map(async (slot) => {
        slot.dead = true;
        if (slot.job) this.settle(slot.job, new Error('The isolation pool was closed.'));
        await slot.worker.terminate();
      }),
    );
    this.stopWatchdog();
  }

  /** Number of workers alive and jobs waiting (tests, health). */
  stats(): { workers: number; busy: number; queued: number } {
    return { workers: this.slots.length, busy: this.slots.filter((s) => s.job).length, queued: this.queue.length };
  }

  private arm(job: Job): void {
    if (job.timer) clearTimeout(job.timer);
    job.timer = setTimeout(() => this.expire(job), Math.max(0, job.deadline - performance.now()));
    job.timer.unref();
  }

  private expire(job: Job): void {
    const waiting = this.queue.indexOf(job);
    if (waiting >= 0) {
      this.queue.splice(waiting, 1);
      this.settle(job, new PoolBusyError('no worker became free in time'));
      return;
    }
    const seconds = Math.round((job.deadline - job.startedAt) / 100) / 10;
    this.fail(job, new DocumentTooComplexError('time', `The document took longer than ${seconds} s to process (${job.what}) and was stopped.`, Math.round(job.deadline - job.startedAt)));
  }

  /** Ends a running job with `error`, terminating and replacing its worker. */
  private fail(job: Job, error: Error): void {
    const slot = job.slot;
    this.settle(job, error);
    if (slot) this.retire(slot);
  }

  private settle(job: Job, outcome: Error | { value: unknown }): void {
    if (job.timer) clearTimeout(job.timer);
    job.timer = undefined;
    if (job.slot) {
      job.slot.job = undefined;
      job.slot.worker.unref();
      job.slot = undefined;
    }
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome.value);
    if (!this.slots.some((s) => s.job)) this.stopWatchdog();
  }

  private addSlot(): Slot {
    const slot: Slot = { worker: spawn(this.workerUrl, this.memoryMb), dead: false };
    slot.worker.unref();
    slot.worker.on('message', (m: WorkerMessage) => this.onMessage(slot, m));
    slot.worker.on('error', (err: Error & { code?: string }) => {
      const job = slot.job;
      if (!job || slot.dead) return this.retire(slot);
      const error =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new DocumentTooComplexError('memory', `The document needed more than ${this.memoryMb} MB of memory (${job.what}) and was stopped.`, this.memoryMb)
          : new Error(`The isolation worker failed: ${err.message}`, { cause: err });
      this.fail(job, error);
    });
    slot.worker.on('exit', () => {
      if (!slot.dead && slot.job) this.fail(slot.job, new Error('The isolation worker stopped unexpectedly.'));
      this.retire(slot);
    });
    this.slots.push(slot);
    return slot;
  }

  /** Terminates a worker and forgets it; the next job starts a new one. */
  private retire(slot: Slot): void {
    if (slot.dead) return;
    slot.dead = true;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    void slot.worker.terminate();
    this.dispatch();
  }

  private onMessage(slot: Slot, m: WorkerMessage): void {
    const job = slot.job;
    if (slot.dead || !job || m.id !== job.id) return;
    if ('extend' in m) {
      // The job entered a phase with a larger budget (e.g. OCR, which runs in its own thread).
      job.deadline = Math.min(job.maxDeadline, Math.max(job.deadline, job.startedAt + m.extend));
      this.arm(job);
      return;
    }
    if (m.ok) this.settle(job, { value: m.value });
    else this.settle(job, reviveError(m.error));
    this.dispatch();
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot = this.slots.find((s) => !s.job && !s.dead);
      if (!slot && this.slots.length < this.size) slot = this.addSlot();
      if (!slot) return;
      const job = this.queue.shift()!;
      job.slot = slot;
      slot.job = job;
      slot.worker.ref();
      this.startWatchdog();
      try {
        slot.worker.postMessage({ id: job.id, task: job.task, input: job.input }, job.transfer);
      } catch (err) {
        // The input cannot be cloned: a programming error, reported as such.
        this.settle(job, err as Error);
      }
    }
  }

  private startWatchdog(): void {
    if (this.watchdog || this.rssBudgetBytes <= 0) return;
    // Measured when the pool goes from idle to busy: the budget is above what the process holds at rest.
    this.baselineRss = process.memoryUsage.rss();
    this.watchdog = setInterval(() => {
      if (process.memoryUsage.rss() - this.baselineRss <= this.rssBudgetBytes) return;
      // The heaviest allocation cannot be told apart per thread: every running job is stopped.
      for (const slot of [...this.slots]) {
        if (slot.job) this.fail(slot.job, new DocumentTooComplexError('memory', `The document needed more memory than the service allows per request (${slot.job.what}) and was stopped.`, Math.round(this.rssBudgetBytes / 1048576)));
      }
    }, 50);
    this.watchdog.unref();
  }

  private stopWatchdog(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = undefined;
  }
}

/** A ServiceError thrown in the worker keeps its code, message, details and headers; anything else is an internal error. */
function reviveError(wire: WireError): Error {
  if (wire.code === undefined) return new Error(`${wire.name}: ${wire.message}`);
  if (wire.code === 'DOCUMENT_TOO_COMPLEX') {
    // The same class as in the worker, so callers' checks (lib/limits.ts rethrowLimit) hold across the thread.
    const detail = (wire.details?.[0] ?? {}) as { limit?: unknown; max?: unknown };
    return new DocumentTooComplexError(typeof detail.limit === 'string' ? detail.limit : 'unknown', wire.message, typeof detail.max === 'number' ? detail.max : undefined);
  }
  const error = new ServiceError(wire.code, wire.message, wire.details as Array<Record<string, unknown>> | undefined);
  error.name = wire.name;
  if (wire.headers) Object.assign(error, { headers: wire.headers });
  return error;
}
