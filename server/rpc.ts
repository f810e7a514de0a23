/**
 * With several worker processes (server/main.ts, WORKERS > 1), the v2
 * per-address rate limiter lives in the primary process, so that its count is
 * exact across them: workers reach it over the cluster IPC channel with
 * {@link remoteRateLimiter}, and the primary answers one message at a time.
 * (The v1 key store needs no such channel: every process opens the same
 * SQLite database, lib/keys/local/local-key-store.ts.)
 */

/** A v2 rate limiter: 0 when allowed, else the seconds to wait. */
export interface RateLimiter {
  take(key: string): number | Promise<number>;
}

interface RpcRequest {
  t: 'fx-rpc';
  id: number;
  target: 'rate';
  method: string;
  args: unknown[];
}

interface RpcResponse {
  t: 'fx-rpc-res';
  id: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

/** The part of a worker's process the primary serves (a cluster Worker; an EventEmitter in tests). */
export interface ServedWorker {
  /** `message` (an RpcRequest). */
  on(event: string, listener: (...args: any[]) => void): unknown;
  send(message: RpcResponse): boolean;
  isConnected(): boolean;
}

/** Primary side: answers a worker's calls with the real limiter. */
export function serveWorker(worker: ServedWorker, limiter: RateLimiter): void {
  worker.on('message', (message: RpcRequest) => {
    if (message?.t !== 'fx-rpc') return;
    const reply = (r: Omit<RpcResponse, 't' | 'id'>) => {
      if (worker.isConnected()) worker.send({ t: 'fx-rpc-res', id: message.id, ...r } satisfies RpcResponse);
    };
    void (async () => {
      try {
        if (message.target !== 'rate') throw new Error(`unknown call ${String(message.target)}.${message.method}`);
        reply({ ok: true, value: await limiter.take(String(message.args[0])) });
      } catch (err) {
        reply({ ok: false, error: (err as Error).message });
      }
    })();
  });
}

let nextId = 1;
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
let listening = false;

function call(target: RpcRequest['target'], method: string, args: unknown[]): Promise<unknown> {
  if (!process.send) return Promise.reject(new Error('not a cluster worker'));
  if (!listening) {
    listening = true;
    process.on('message', (m: RpcResponse) => {
      if (m?.t !== 'fx-rpc-res') return;
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new Error(m.error ?? 'rate limiter call failed'));
    });
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    process.send!({ t: 'fx-rpc', id, target, method, args } satisfies RpcRequest);
  });
}

/** Worker side: the v2 rate limiter of the primary. */
export function remoteRateLimiter(): RateLimiter {
  return { take: (key) => call('rate', 'take', [key]) as Promise<number> };
}
