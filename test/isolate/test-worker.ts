/**
 * A worker for the pool's own tests, speaking lib/isolate/worker.ts's protocol
 * with tasks that misbehave on purpose: spin forever, fill the heap, throw a
 * domain error, ask for more time.
 */
import { parentPort } from 'node:worker_threads';

const port = parentPort!;
port.on('message', (m: { id: number; task: string; input: unknown }) => {
  const ok = (value: unknown) => port.postMessage({ id: m.id, ok: true, value });
  switch (m.task) {
    case 'echo':
      return ok(m.input);
    case 'spin':
      for (;;) {
        // A synchronous loop, as a library inflating a corrupt zip: only terminating the thread stops it.
      }
    case 'heap': {
      const keep: number[][] = [];
      for (;;) keep.push(new Array(1_000_000).fill(keep.length));
    }
    case 'throw':
      return port.postMessage({ id: m.id, ok: false, error: { name: 'ExtractionError', code: 'EXTRACTION_FAILED', message: 'nothing found', details: [{ path: 'invoiceNumber', message: 'not found' }] } });
    case 'slow': {
      // Asks for `extend` ms from the start, then answers after `wait` ms.
      const { extend, wait } = m.input as { extend: number; wait: number };
      port.postMessage({ id: m.id, extend });
      setTimeout(() => ok('done'), wait);
      return;
    }
    case 'window': {
      // Waits `wait` ms and answers when it started and ended (epoch ms: the same clock in every thread).
      const start = Date.now();
      setTimeout(() => ok({ start, end: Date.now() }), m.input as number);
      return;
    }
    case 'exit':
      process.exit(3);
  }
});
