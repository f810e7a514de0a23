/**
 * The local {@link JobQueue}: jobs run in the process that accepted them, one
 * at a time (a conversion already uses the isolation pool's workers), in the
 * order they came. The job itself is in the durable store, so a poll through
 * another worker process sees it; if the process stops first, the next start
 * fails it (./sqlite-job-store.ts, sweepJobs).
 */
import type { JobQueue } from '../ports.js';

/** Runs `run(jobId)` for each enqueued job, `concurrency` at a time. */
export class InProcessQueue implements JobQueue {
  private readonly waiting: string[] = [];
  private active = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly run: (jobId: string) => Promise<unknown>,
    private readonly concurrency = 1,
    /** Told about a run that threw (runJob records failures itself; this is for what it could not record). */
    private readonly onError: (jobId: string, err: unknown) => void = () => undefined,
  ) {}

  async enqueue(jobId: string): Promise<void> {
    this.waiting.push(jobId);
    // After the caller's answer is on its way: the submission returns first.
    setImmediate(() => this.pump());
  }

  /** Jobs waiting or running. */
  get size(): number {
    return this.waiting.length + this.active;
  }

  /** Resolves when nothing waits or runs (tests, shutdown). */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  private pump(): void {
    while (this.active < this.concurrency && this.waiting.length > 0) {
      const id = this.waiting.shift()!;
      this.active++;
      void this.run(id)
        .catch((err: unknown) => this.onError(id, err))
        .finally(() => {
          this.active--;
          this.pump();
          if (this.size === 0) for (const r of this.idleWaiters.splice(0)) r();
        });
    }
  }
}
