/**
 * With several worker processes (server/main.ts, WORKERS > 1), the state that
 * must be exact across them lives in the primary process: the v1 key, quota
 * and rate store (one durable store, one lock) and the v2 per-address rate
 * limiter. Workers reach them over the cluster IPC channel with these proxies;
 * the primary serves them one message at a time, so counts stay exact.
 */
import type { Worker } from 'node:cluster';
import type { KeyStore } from '../lib/keys/store.js';

/** A v2 rate limiter: 0 when allowed, else the seconds to wait. */
export interface RateLimiter {
  take(key: string): number | Promise<number>;
}

interface RpcRequest {
  t: 'fx-rpc';
  id: number;
  target: 'keys' | 'rate';
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

const KEY_METHODS = new Set(['authenticate', 'takeRate', 'reserveCredit', 'commit', 'release', 'remaining']);

/** Primary side: answers a worker's calls with the real store and limiter. */
export function serveWorker(worker: Worker, store: KeyStore | undefined, limiter: RateLimiter): void {
  worker.on('message', (message: RpcRequest) => {
    if (message?.t !== 'fx-rpc') return;
    const reply = (r: Omit<RpcResponse, 't' | 'id'>) => {
      if (worker.isConnected()) worker.send({ t: 'fx-rpc-res', id: message.id, ...r } satisfies RpcResponse);
    };
    void (async () => {
      try {
        if (message.target === 'rate') {
          reply({ ok: true, value: await limiter.take(String(message.args[0])) });
        } else {
          if (!store || !KEY_METHODS.has(message.method)) throw new Error(`key store call ${message.method} is not available`);
          const fn = (store as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[message.method]!;
          reply({ ok: true, value: await fn.apply(store, message.args) });
        }
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
      else p.reject(new Error(m.error ?? 'key store call failed'));
    });
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    process.send!({ t: 'fx-rpc', id, target, method, args } satisfies RpcRequest);
  });
}

/** Worker side: the key store of the primary. (`now` is not sent: the primary's clock decides.) */
export function remoteKeyStore(): KeyStore {
  return {
    authenticate: (credentials) => call('keys', 'authenticate', [credentials]) as ReturnType<KeyStore['authenticate']>,
    takeRate: (keyId) => call('keys', 'takeRate', [keyId]) as ReturnType<KeyStore['takeRate']>,
    reserveCredit: (key) => call('keys', 'reserveCredit', [key]) as ReturnType<KeyStore['reserveCredit']>,
    commit: (reservation) => call('keys', 'commit', [reservation]) as ReturnType<KeyStore['commit']>,
    release: (reservation) => call('keys', 'release', [reservation]) as ReturnType<KeyStore['release']>,
    remaining: (key) => call('keys', 'remaining', [key]) as ReturnType<KeyStore['remaining']>,
  };
}

/** Worker side: the v2 rate limiter of the primary. */
export function remoteRateLimiter(): RateLimiter {
  return { take: (key) => call('rate', 'take', [key]) as Promise<number> };
}
