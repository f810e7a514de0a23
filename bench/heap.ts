/**
 * Heap probe of bench/run.ts, run in a fresh process (`node --expose-gc
 * --import tsx bench/heap.ts LINES`), so that nothing the bench did before
 * sits in the heap measured.
 *
 * Method: the conversion runs in a worker thread. The worker warms up (one
 * conversion of the same size, so code and caches are in place), runs a full
 * garbage collection twice and reports its used heap: the baseline. The
 * main thread then asks for the worker's heap statistics
 * (`Worker.getHeapStatistics()`, answered by the worker's isolate between two
 * JavaScript steps, so also while the conversion runs) every millisecond until
 * the worker says it is done; the peak is the largest `used_heap_size`
 * sampled. That figure counts garbage not yet collected as well as live
 * objects, so it is an upper bound on what one conversion needs at once (at
 * the sampling's resolution, a few hundred samples per second). The worker
 * also reports the used heap after a full collection with the result still
 * held (what the output itself keeps).
 * Prints one JSON line on stdout.
 */
import { getHeapStatistics } from 'node:v8';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { convert, invoiceWithLines } from './cases.js';

interface Ready { kind: 'ready'; baseline: number }
interface Done { kind: 'done'; ms: number; atEnd: number; retained: number; xmlChars: number }

declare const gc: () => void;

if (isMainThread) {
  const lines = Number(process.argv[2] ?? 10000);
  const worker = new Worker(new URL(import.meta.url), { workerData: { lines } });
  const messages: Array<Ready | Done> = [];
  let wake: (() => void) | undefined;
  worker.on('message', (m: Ready | Done) => {
    messages.push(m);
    wake?.();
  });
  worker.on('error', (err) => {
    console.error(err);
    process.exit(1);
  });
  const next = async (): Promise<Ready | Done> => {
    while (messages.length === 0) await new Promise<void>((ok) => (wake = ok));
    return messages.shift()!;
  };
  const ready = (await next()) as Ready;
  let peak = ready.baseline;
  let samples = 0;
  let done: Done | undefined;
  worker.postMessage('go');
  // Sample until the worker's 'done' arrives (the message handler runs between two awaits).
  while (messages.length === 0) {
    const s = await worker.getHeapStatistics();
    samples++;
    if (s.used_heap_size > peak) peak = s.used_heap_size;
    await sleep(1); // back to back, the interrupts would slow the conversion down about 3 times
  }
  done = (await next()) as Done;
  await worker.terminate();
  console.log(JSON.stringify({ lines, baseline: ready.baseline, peak, growth: peak - ready.baseline, samples, ms: done.ms, atEnd: done.atEnd, retained: done.retained - ready.baseline, xmlChars: done.xmlChars }));
} else {
  const { lines } = workerData as { lines: number };
  const json = invoiceWithLines(lines);
  convert(invoiceWithLines(10));
  convert(json); // warm-up at full size
  gc();
  gc();
  const used = () => getHeapStatistics().used_heap_size; // this isolate's, as the main thread samples it
  parentPort!.postMessage({ kind: 'ready', baseline: used() } satisfies Ready);
  parentPort!.on('message', () => { // 'on', not 'once': the port keeps the worker alive until the main thread ends it
    const t = performance.now();
    const xml = convert(json);
    const ms = performance.now() - t;
    const atEnd = used();
    gc();
    const retained = used();
    parentPort!.postMessage({ kind: 'done', ms, atEnd, retained, xmlChars: xml.length } satisfies Done);
  });
}
