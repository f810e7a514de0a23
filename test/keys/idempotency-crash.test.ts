/**
 * Crash consistency of idempotent conversions on the local store: a process
 * killed with SIGKILL (test/keys/fixtures/idempotent-crash-child.ts), and a
 * journal cut inside the line that commits a credit with its answer. The
 * credit and the answer are one journal line, so a crash keeps both or
 * neither: never a charge without a replayable answer, never an answer
 * without its charge.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { meterConversionAnswer } from '../../lib/keys/admission.js';
import { DATA_FILES, openLocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import type { KeyRecord } from '../../lib/keys/store.js';
import { crash, startTsx, tempDataDir } from './support.js';

const CHILD = 'test/keys/fixtures/idempotent-crash-child.ts';
const FINGERPRINT = '0'.repeat(64);
const answerOf = (name: string) => JSON.stringify({ answer: `answer of ${name}` });

async function preparedDir(): Promise<{ dataDir: string; record: KeyRecord }> {
  const dataDir = await tempDataDir();
  const { store } = await openLocalKeyStore({ dataDir, createDevelopmentKey: false });
  const { record } = await store.createKey('starter', 'crash test');
  await store.close();
  return { dataDir, record };
}

async function crashAfter(dataDir: string, record: KeyRecord, done: number, running: number): Promise<void> {
  const { child } = await startTsx(CHILD, [dataDir, record.id, record.plan, String(done), String(running)], 'READY');
  await crash(child);
}

/** What a repeat of `name` gets from a store opened on `dataDir`: the replayed body, or "converted" when it ran again. */
async function repeat(dataDir: string, record: KeyRecord, names: string[]): Promise<{ outcomes: string[]; usedBefore: number }> {
  const { store } = await openLocalKeyStore({ dataDir });
  const usedBefore = 1000 - (await store.remaining(record));
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
  it('after SIGKILL: committed answers replay without a new charge; conversions cut by the crash charged nothing and run again', async () => {
    const { dataDir, record } = await preparedDir();
    await crashAfter(dataDir, record, 3, 2);
    const { outcomes, usedBefore } = await repeat(dataDir, record, ['done-0', 'done-1', 'done-2', 'running-0', 'running-1']);
    expect(usedBefore).toBe(3);
    expect(outcomes).toEqual([answerOf('done-0'), answerOf('done-1'), answerOf('done-2'), 'converted', 'converted']);
  });

  it('the journal line of a commit holds the answer; cut anywhere inside it, neither the credit nor the answer survives', async () => {
    const { dataDir, record } = await preparedDir();
    await crashAfter(dataDir, record, 2, 0);
    const journal = await readFile(join(dataDir, DATA_FILES.journal));
    const text = journal.toString('utf8');
    const lines = text.split('\n').filter(Boolean);
    const last = JSON.parse(lines[lines.length - 1]!) as { op: string; r: string; a?: { k: string; b?: string } };
    // One line: the commit of the reservation and the answer of done-1.
    expect(last).toMatchObject({ op: 'commit', a: { k: 'done-1', b: answerOf('done-1') } });
    const reserve = lines.map((l) => JSON.parse(l) as { op: string; r?: string }).find((e) => e.op === 'reserve' && e.r === last.r);
    expect(reserve).toBeDefined();

    const lineStart = text.lastIndexOf('\n', text.length - 2) + 1;
    const lineEnd = text.length - 1; // the newline
    const bodyAt = text.indexOf('answer of done-1', lineStart);
    const cuts = [lineStart + 5, text.indexOf('"a"', lineStart) + 2, bodyAt + 4, lineEnd - 1, lineEnd];
    for (const cut of cuts) {
      const copy = await withJournal(dataDir, journal.subarray(0, cut));
      const { outcomes, usedBefore } = await repeat(copy, record, ['done-0', 'done-1']);
      expect({ cut, usedBefore, outcomes }).toEqual({ cut, usedBefore: 1, outcomes: [answerOf('done-0'), 'converted'] });
    }
    const whole = await withJournal(dataDir, journal);
    expect(await repeat(whole, record, ['done-0', 'done-1'])).toEqual({ usedBefore: 2, outcomes: [answerOf('done-0'), answerOf('done-1')] });
  });
});

/** A copy of `dataDir` whose journal is `bytes`. */
async function withJournal(dataDir: string, bytes: Buffer): Promise<string> {
  const copy = await tempDataDir();
  await mkdir(copy, { recursive: true });
  await copyFile(join(dataDir, DATA_FILES.snapshot), join(copy, DATA_FILES.snapshot)).catch(() => undefined);
  await writeFile(join(copy, DATA_FILES.journal), bytes);
  return copy;
}
