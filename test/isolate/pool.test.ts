/**
 * The isolation pool (lib/isolate/pool.ts): deadlines stop even synchronous
 * loops, a heap bomb is stopped by the worker's memory limit, both replace
 * the worker; queueing, time extension and errors crossing the thread.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DocumentTooComplexError, ServiceError } from '../../lib/errors.js';
import { IsolatePool, PoolBusyError } from '../../lib/isolate/pool.js';

const workerUrl = new URL('./test-worker.ts', import.meta.url);
const pools: IsolatePool[] = [];
function pool(options: ConstructorParameters<typeof IsolatePool>[0] = {}): IsolatePool {
  const p = new IsolatePool({ workerUrl, size: 1, memoryMb: 64, rssBudgetMb: 0, ...options });
  pools.push(p);
  return p;
}
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

// The pool is typed by the service's tasks; the test worker's tasks go through an untyped view.
type Untyped = { run(task: string, input: unknown, options: Parameters<IsolatePool['run']>[2]): Promise<unknown> };
const untyped = (p: IsolatePool) => p as unknown as Untyped;

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the job to fail');
}

describe('IsolatePool', () => {
  it('stops a job that never returns at its deadline, then serves the next job on a new worker', async () => {
    const p = untyped(pool());
    const started = performance.now();
    const err = await failure(p.run('spin', null, { timeoutMs: 800, what: 'spinning' }));
    const took = performance.now() - started;
    expect(err).toBeInstanceOf(DocumentTooComplexError);
    expect((err as DocumentTooComplexError).limit).toBe('time');
    expect((err as DocumentTooComplexError).details?.[0]).toMatchObject({ reason: 'limit', limit: 'time', max: 800 });
    expect(took).toBeGreaterThanOrEqual(790);
    // The loop never ends by itself: only the deadline stops it (without it the test times out). The bound says it was
    // this 800 ms deadline, with room for a loaded machine to terminate the thread (about 0.9 s quiet).
    expect(took).toBeLessThan(10_000);
    await expect(p.run('echo', { a: 1 }, { timeoutMs: 5000 })).resolves.toEqual({ a: 1 });
  }, 20_000);

  it('stops a job that fills its heap with the memory limit', async () => {
    const p = untyped(pool({ memoryMb: 64 }));
    const err = await failure(p.run('heap', null, { timeoutMs: 15_000 }));
    expect(err).toBeInstanceOf(DocumentTooComplexError);
    expect((err as DocumentTooComplexError).limit).toBe('memory');
    await expect(p.run('echo', 'still here', { timeoutMs: 5000 })).resolves.toBe('still here');
  }, 30_000);

  it('gives back a domain error with its code and details', async () => {
    const err = await failure(untyped(pool()).run('throw', null, { timeoutMs: 5000 }));
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ code: 'EXTRACTION_FAILED', message: 'nothing found', details: [{ path: 'invoiceNumber' }] });
  }, 20_000);

  it('reports a worker that exits as an internal error, not a limit', async () => {
    const p = untyped(pool());
    const err = await failure(p.run('exit', null, { timeoutMs: 5000 }));
    expect(err).not.toBeInstanceOf(ServiceError);
    await expect(p.run('echo', 1, { timeoutMs: 5000 })).resolves.toBe(1);
  }, 20_000);

  it('lets a job extend its deadline up to the maximum given, and no further', async () => {
    const p = untyped(pool());
    await expect(p.run('slow', { extend: 3000, wait: 1200 }, { timeoutMs: 600, maxTimeoutMs: 3000 })).resolves.toBe('done');
    const err = await failure(p.run('slow', { extend: 60_000, wait: 2500 }, { timeoutMs: 600, maxTimeoutMs: 1500 }));
    expect((err as DocumentTooComplexError).limit).toBe('time');
  }, 20_000);

  it('answers busy when the queue is full or no worker frees up before the deadline', async () => {
    const p = untyped(pool({ maxQueue: 1 }));
    const running = p.run('slow', { extend: 0, wait: 1500 }, { timeoutMs: 5000 });
    await new Promise((r) => setTimeout(r, 50));
    const waiting = p.run('echo', 'late', { timeoutMs: 300 });
    const refused = await failure(p.run('echo', 'third', { timeoutMs: 5000 }));
    expect(refused).toBeInstanceOf(PoolBusyError);
    const late = await failure(waiting);
    expect(late).toBeInstanceOf(PoolBusyError);
    expect((late as PoolBusyError).code).toBe('SERVER_BUSY');
    await expect(running).resolves.toBe('done');
  }, 20_000);

  it('runs jobs side by side up to its size', async () => {
    const typed = pool({ size: 2 });
    const p = untyped(typed);
    const both = (await Promise.all([p.run('window', 700, { timeoutMs: 30_000 }), p.run('window', 700, { timeoutMs: 30_000 })])) as Array<{ start: number; end: number }>;
    // Side by side: each ran while the other was running (each waits 700 ms; one after the other they could not
    // overlap). Told by the jobs' own times, not by the total, which a loaded machine stretches.
    const [a, b] = both as [{ start: number; end: number }, { start: number; end: number }];
    expect(a.start < b.end && b.start < a.end, JSON.stringify(both)).toBe(true);
    expect(typed.stats().workers).toBe(2);
  }, 20_000);
});
