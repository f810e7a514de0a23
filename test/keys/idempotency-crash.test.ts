/**
 * Crash consistency of idempotent conversions on the local store: a process
 * killed with SIGKILL (test/keys/fixtures/store-child.ts) while it runs them.
 * The credit and the answer are committed in one transaction, so a crash keeps
 * both or neither: never a charge without a replayable answer, never an answer
 * without its charge; conversions cut by the crash charged nothing and run again.
 */
import { describe, expect, it } from 'vitest';
import { meterConversionAnswer } from '../../lib/keys/admission.js';
import { openLocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import type { KeyRecord } from '../../lib/keys/store.js';
import { crash, startTsx, tempDataDir } from './support.js';

const CHILD = 'test/keys/fixtures/store-child.ts';
const FINGERPRINT = '0'.repeat(64);
const answerOf = (name: string) => JSON.stringify({ answer: `answer of ${name}` });

async function preparedDir(): Promise<{ dataDir: string; record: KeyRecord }> {
  const dataDir = await tempDataDir();
  const { store } = await openLocalKeyStore({ dataDir, createDevelopmentKey: false });
  const { record } = await store.createKey('business', 'crash test');
  await store.close();
  return { dataDir, record };
}

/** What repeats of `names` get from a store opened on `dataDir`: the replayed body, or "converted" when it ran again. */
async function repeat(dataDir: string, record: KeyRecord, names: string[]): Promise<{ outcomes: string[]; usedBefore: number }> {
  const { store } = await openLocalKeyStore({ dataDir, limits: { monthlyQuota: { business: 1_000_000 } } });
  const usedBefore = (await store.listKeys()).find((k) => k.id === record.id)!.used;
  const outcomes: string[] = [];
  for (const name of names) {
    const r = await meterConversionAnswer(store, record, {
      idempotency: { key: name, fingerprint: FINGERPRINT },
      convert: async () => 'again',
      answer: () => ({ status: 200, body: 'converted again' }),
    });
    outcomes.push(r.replayed ? r.answer.body : 'converted');
  }
  await store.close();
  return { outcomes, usedBefore };
}

describe('idempotent conversions across a crash', () => {
  it('conversions running at the kill (claimed, credit reserved) charged nothing and run again', async () => {
    const { dataDir, record } = await preparedDir();
    const { child } = await startTsx(CHILD, [dataDir, record.id, record.plan, 'hold', '3', '2'], 'READY');
    await crash(child);
    const { outcomes, usedBefore } = await repeat(dataDir, record, ['held-0', 'held-1']);
    expect(usedBefore).toBe(3);
    expect(outcomes).toEqual(['converted', 'converted']);
  });

  it('killed at random moments: every acknowledged conversion replays, and the credits counted are exactly the answers kept', async () => {
    for (const ms of [60, 250]) {
      const { dataDir, record } = await preparedDir();
      const { child, output } = await startTsx(CHILD, [dataDir, record.id, record.plan, 'churn-idempotent'], 'TRY 0');
      await new Promise((r) => setTimeout(r, ms));
      await crash(child);
      const acknowledged = Math.max(-1, ...[...output().matchAll(/^ACK (\d+)$/gm)].map((m) => Number(m[1])));
      const tried = Math.max(...[...output().matchAll(/^TRY (\d+)$/gm)].map((m) => Number(m[1])));
      const names = Array.from({ length: tried + 1 }, (_, i) => `c-${i}`);
      const { outcomes, usedBefore } = await repeat(dataDir, record, names);
      // Acknowledged ones are replayed with their own answer; the one cut by the kill either replays (committed) or runs again.
      for (let i = 0; i <= acknowledged; i++) expect(outcomes[i], names[i]).toBe(answerOf(names[i]!));
      for (let i = acknowledged + 1; i <= tried; i++) expect([answerOf(names[i]!), 'converted']).toContain(outcomes[i]);
      // Nothing charged without its answer, no answer without its charge (earlier rounds' credits included).
      const replays = outcomes.filter((o) => o !== 'converted').length;
      expect(usedBefore).toBe(replays);
      expect(replays).toBeGreaterThan(0);
    }
  }, 120_000);
});
