/**
 * With several worker processes (server/main.ts, WORKERS > 1), the state that
 * must be exact across them lives in the primary process: the v1 key, quota
 * and rate store (one durable store, one lock) and the v2 per-address rate
 * limiter. Workers reach them over the cluster IPC channel with these proxies;
 * the primary serves them one message at a time, so counts stay exact.
 *
 * Idempotency-Key claims live in the primary's store too, so a repeat that
 * lands on another worker sees the first one's claim or answer. The primary
 * remembers the claims and credit reservations each worker holds; when a
 * worker dies (its conversions with it), they are given back, so its keys do
 * not stay "in progress" and its credits are not kept.
 */
import type { IdempotencyClaim, IdempotencyDecision } from '../lib/keys/idempotency.js';
import type { CreditDecision, KeyStore, Reservation } from '../lib/keys/store.js';

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

const KEY_METHODS = new Set(['authenticate', 'takeRate', 'reserveCredit', 'commit', 'release', 'remaining', 'claimIdempotency', 'commitWithAnswer', 'releaseClaim']);

/** The part of a worker's process the primary serves (a cluster Worker; an EventEmitter in tests). */
export interface ServedWorker {
  /** `message` (an RpcRequest) and `exit` (the worker died). */
  on(event: string, listener: (...args: any[]) => void): unknown;
  send(message: RpcResponse): boolean;
  isConnected(): boolean;
}

/** What a worker holds in the primary's store: given back when the worker dies. */
class WorkerHoldings {
  readonly claims = new Map<string, IdempotencyClaim>();
  readonly reservations = new Map<string, Reservation>();
  exited = false;

  constructor(private readonly store: KeyStore) {}

  /** Before a call: settling calls stop tracking what they settle (even if the worker dies meanwhile, the call settles it). */
  before(method: string, args: unknown[]): void {
    if (method === 'commit' || method === 'release' || method === 'commitWithAnswer') this.reservations.delete((args[0] as Reservation).id);
    if (method === 'commitWithAnswer') this.claims.delete((args[1] as IdempotencyClaim).token);
    if (method === 'releaseClaim') this.claims.delete((args[0] as IdempotencyClaim).token);
  }

  /** After a call: what it took is tracked, or given back at once when the worker is already gone. */
  after(method: string, value: unknown): void {
    if (method === 'claimIdempotency' && (value as IdempotencyDecision).state === 'claimed') {
      const claim = (value as Extract<IdempotencyDecision, { state: 'claimed' }>).claim;
      this.claims.set(claim.token, claim);
    }
    if (method === 'reserveCredit' && (value as CreditDecision).ok) {
      const reservation = (value as Extract<CreditDecision, { ok: true }>).reservation;
      this.reservations.set(reservation.id, reservation);
    }
    if (this.exited) void this.giveBack();
  }

  /** Releases every credit reservation and claim still held. */
  async giveBack(): Promise<void> {
    const reservations = [...this.reservations.values()];
    const claims = [...this.claims.values()];
    this.reservations.clear();
    this.claims.clear();
    await Promise.all([...reservations.map((r) => this.store.release(r).catch(() => undefined)), ...claims.map((c) => this.store.releaseClaim(c).catch(() => undefined))]);
  }
}

/** Primary side: answers a worker's calls with the real store and limiter. */
export function serveWorker(worker: ServedWorker, store: KeyStore | undefined, limiter: RateLimiter): void {
  const holdings = store ? new WorkerHoldings(store) : undefined;
  worker.on('exit', () => {
    if (!holdings) return;
    holdings.exited = true;
    void holdings.giveBack();
  });
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
          if (!store || !holdings || !KEY_METHODS.has(message.method)) throw new Error(`key store call ${message.method} is not available`);
          // JSON turns an omitted argument (`now`, which the primary's clock decides) into null.
          const args = message.args.map((a) => a ?? undefined);
          const fn = (store as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[message.method]!;
          holdings.before(message.method, args);
          const value = await fn.apply(store, args);
          holdings.after(message.method, value);
          reply({ ok: true, value });
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
    reserveCredit: (key, _now, claim) => call('keys', 'reserveCredit', [key, null, claim ?? null]) as ReturnType<KeyStore['reserveCredit']>,
    commit: (reservation) => call('keys', 'commit', [reservation]) as ReturnType<KeyStore['commit']>,
    release: (reservation) => call('keys', 'release', [reservation]) as ReturnType<KeyStore['release']>,
    remaining: (key) => call('keys', 'remaining', [key]) as ReturnType<KeyStore['remaining']>,
    claimIdempotency: (key, request) => call('keys', 'claimIdempotency', [key, request]) as ReturnType<KeyStore['claimIdempotency']>,
    commitWithAnswer: (reservation, claim, answer) => call('keys', 'commitWithAnswer', [reservation, claim, answer, null]) as ReturnType<KeyStore['commitWithAnswer']>,
    releaseClaim: (claim) => call('keys', 'releaseClaim', [claim]) as ReturnType<KeyStore['releaseClaim']>,
  };
}

/** Worker side: the v2 rate limiter of the primary. */
export function remoteRateLimiter(): RateLimiter {
  return { take: (key) => call('rate', 'take', [key]) as Promise<number> };
}
