/**
 * Entry of an isolation worker thread (./pool.ts): runs one task at a time
 * (./tasks.ts) and posts back its result or its error as plain data.
 */
import { parentPort } from 'node:worker_threads';
import { ServiceError } from '../errors.js';
import type { WireError, WorkerMessage } from './pool.js';
import { runTask } from './tasks.js';

function toWire(err: unknown): WireError {
  if (err instanceof ServiceError) {
    const headers = (err as ServiceError & { headers?: Record<string, string> }).headers;
    return {
      name: err.name,
      message: err.message,
      code: err.code,
      ...(err.details ? { details: JSON.parse(JSON.stringify(err.details)) as unknown[] } : {}),
      ...(headers ? { headers } : {}),
    };
  }
  return { name: err instanceof Error ? err.name : 'Error', message: err instanceof Error ? err.message : String(err) };
}

/** Moves result buffers instead of copying them (PDFs of several MB). */
function transferables(value: unknown): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  const visit = (v: unknown, depth: number): void => {
    if (depth > 2 || v === null || typeof v !== 'object') return;
    if (v instanceof Uint8Array) {
      if (v.byteOffset === 0 && v.byteLength === v.buffer.byteLength && v.buffer instanceof ArrayBuffer && !out.includes(v.buffer)) out.push(v.buffer);
      return;
    }
    for (const x of Object.values(v)) visit(x, depth + 1);
  };
  visit(value, 0);
  return out;
}

const port = parentPort;
if (!port) throw new Error('lib/isolate/worker.ts runs only as a worker thread.');
port.on('message', (m: { id: number; task: string; input: unknown }) => {
  const post = (msg: WorkerMessage, transfer: ArrayBuffer[] = []): void => port.postMessage(msg, transfer);
  runTask(m.task, m.input, { extend: (ms) => post({ id: m.id, extend: ms }) }).then(
    (value) => post({ id: m.id, ok: true, value }, transferables(value)),
    (err: unknown) => post({ id: m.id, ok: false, error: toWire(err) }),
  );
});
