/**
 * The primary's side of the cluster IPC (server/rpc.ts) with a stand-in
 * worker: idempotency calls reach the one store, and what a worker holds
 * (claims, credit reservations) is given back when it dies, so its keys do
 * not stay "in progress" and its credits are not kept.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { openLocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import type { IdempotencyDecision } from '../../lib/keys/idempotency.js';
import type { CreditDecision } from '../../lib/keys/store.js';
import { serveWorker } from '../../server/rpc.js';
import { tempDataDir } from '../keys/support.js';

/** A worker process as the primary sees it: messages in, replies out. */
class FakeWorker extends EventEmitter {
  private nextId = 1;
  private readonly waiting = new Map<number, (r: { ok: boolean; value?: unknown; error?: string }) => void>();

  isConnected(): boolean {
    return true;
  }

  send(message: { t: string; id: number; ok: boolean; value?: unknown; error?: string }): boolean {
    this.waiting.get(message.id)?.(message);
    this.waiting.delete(message.id);
    return true;
  }

  /** What the worker's remoteKeyStore would send; arguments go through JSON as over IPC. */
  call(method: string, args: unknown[]): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (r) => (r.ok ? resolve(r.value) : reject(new Error(r.error))));
      this.emit('message', JSON.parse(JSON.stringify({ t: 'fx-rpc', id, target: 'keys', method, args })));
    });
  }
}

async function setup() {
  const { store } = await openLocalKeyStore({ dataDir: await tempDataDir(), createDevelopmentKey: false });
  const { record } = await store.createKey('free', 'cluster');
  const limiter = { take: () => 0 };
  const a = new FakeWorker();
  const b = new FakeWorker();
  serveWorker(a, store, limiter);
  serveWorker(b, store, limiter);
  return { store, record, a, b };
}

const request = { key: 'order-42', fingerprint: 'f'.repeat(64) };

describe('serveWorker: idempotency across workers', () => {
  it('a claim taken through one worker is seen through the other; the answer committed through one is replayed through the other', async () => {
    const { store, record, a, b } = await setup();
    const claimed = (await a.call('claimIdempotency', [record, request])) as IdempotencyDecision;
    if (claimed.state !== 'claimed') throw new Error(claimed.state);
    expect(await b.call('claimIdempotency', [record, request])).toEqual({ state: 'in-progress', retryAfterSeconds: 2 });
    const credit = (await a.call('reserveCredit', [record, null, claimed.claim])) as CreditDecision;
    if (!credit.ok) throw new Error('quota');
    const answer = { status: 200, body: '{"success":true}' };
    expect(await a.call('commitWithAnswer', [credit.reservation, claimed.claim, answer, null])).toEqual({ ok: true });
    expect(await b.call('claimIdempotency', [record, request])).toEqual({ state: 'replay', answer });
    expect(await store.remaining(record)).toBe(99);
    await store.close();
  });

  it('gives back the claims and reservations of a worker that dies, and only those', async () => {
    const { store, record, a, b } = await setup();
    const dying = (await a.call('claimIdempotency', [record, request])) as IdempotencyDecision;
    if (dying.state !== 'claimed') throw new Error(dying.state);
    await a.call('reserveCredit', [record, null, dying.claim]);
    const living = (await b.call('claimIdempotency', [record, { ...request, key: 'other' }])) as IdempotencyDecision;
    if (living.state !== 'claimed') throw new Error(living.state);
    await b.call('reserveCredit', [record, null, living.claim]);
    expect(await store.remaining(record)).toBe(98);

    a.emit('exit', null, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 20));
    expect(await store.remaining(record)).toBe(99);
    // The dead worker's key is free again; the living worker's is still in progress.
    expect(await b.call('claimIdempotency', [record, request])).toMatchObject({ state: 'claimed' });
    expect(await b.call('claimIdempotency', [record, { ...request, key: 'other' }])).toMatchObject({ state: 'in-progress' });
    await store.close();
  });

  it('gives back at once what a call takes after its worker died', async () => {
    const { store, record, a } = await setup();
    a.emit('exit', 1, null);
    const late = (await a.call('claimIdempotency', [record, request])) as IdempotencyDecision;
    expect(late.state).toBe('claimed');
    await new Promise((r) => setTimeout(r, 20));
    expect(await store.claimIdempotency(record, request)).toMatchObject({ state: 'claimed' });
    await store.close();
  });
});
