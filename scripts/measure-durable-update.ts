/**
 * What one durable update of the local key store costs (docs/RELIABILITY.md,
 * "Local state"). Through the store's own interface, so the same script
 * measured the journal store before the move to SQLite and the SQLite store
 * after it:
 *  - sequential: one reservation then its commit, one after the other (each
 *    is acknowledged only once on disk): the time per durable update;
 *  - concurrent: `--concurrency` reservations and commits in flight at once in
 *    one process, the updates per second.
 * Usage: npx tsx scripts/measure-durable-update.ts [--updates 2000] [--concurrency 16] [--rounds 3] [--dir <tmp dir>]
 * The directory should be on the disk the store would use (default: the system temporary directory).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openLocalKeyStore } from '../lib/keys/local/local-key-store.js';

const { values } = parseArgs({
  options: { updates: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '16' }, rounds: { type: 'string', default: '3' }, dir: { type: 'string' } },
});
const updates = Number(values.updates);
const concurrency = Number(values.concurrency);
const rounds = Number(values.rounds);
// Large quotas: the measure is the write, never a refusal.
const limits = { monthlyQuota: { business: 10_000_000 } };

async function round(): Promise<{ sequentialUs: number; concurrentPerSecond: number }> {
  const dataDir = await mkdtemp(join(values.dir ?? tmpdir(), 'fx-durable-'));
  try {
    const { store } = await openLocalKeyStore({ dataDir, limits, createDevelopmentKey: false });
    const { record } = await store.createKey('business', 'measure');
    const pair = async () => {
      const credit = await store.reserveCredit(record);
      if (!credit.ok) throw new Error('quota');
      await store.commit(credit.reservation);
    };
    for (let i = 0; i < 50; i++) await pair(); // warm-up
    let t = performance.now();
    for (let i = 0; i < updates / 2; i++) await pair();
    const sequentialUs = ((performance.now() - t) * 1000) / updates;
    t = performance.now();
    let left = updates / 2;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (left-- > 0) await pair();
      }),
    );
    const concurrentPerSecond = updates / ((performance.now() - t) / 1000);
    await store.close();
    return { sequentialUs, concurrentPerSecond };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`Node ${process.version}; ${updates} durable updates per measure (reserve + commit pairs), concurrency ${concurrency}, ${rounds} rounds`);
for (let r = 1; r <= rounds; r++) {
  const { sequentialUs, concurrentPerSecond } = await round();
  console.log(`round ${r}: sequential ${sequentialUs.toFixed(0)} us per update; ${concurrency} in flight: ${concurrentPerSecond.toFixed(0)} updates/s`);
}
