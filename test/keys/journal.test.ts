import type { FileHandle } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { KeyStoreCorruptError, KeyStoreFailedError } from '../../lib/keys/errors.js';
import { JournalWriter, parseJournal } from '../../lib/keys/local/journal.js';
import type { JournalEntry } from '../../lib/keys/local/key-state.js';

const line = (s: number) => `${JSON.stringify({ s, op: 'commit', r: `res_${s}` })}\n`;

describe('parseJournal', () => {
  it('reads whole lines and reports the valid length', () => {
    const text = line(1) + line(2) + line(5);
    const parsed = parseJournal(Buffer.from(text), 'j');
    expect(parsed.entries.map((e) => e.s)).toEqual([1, 2, 5]);
    expect(parsed.validBytes).toBe(Buffer.byteLength(text));
  });

  it.each([
    ['an unterminated last line', '{"s":3,"op":"commit","r":"res_3"}'],
    ['a cut JSON line', '{"s":3,"op":"com'],
    ['a terminated but incomplete line', '{"s":3,"op":"com\n'],
    ['zeros left by the file system', '\u0000\u0000\u0000\n\u0000\n'],
    ['an empty line', '\n'],
  ])('drops %s at the end', (_name, tail) => {
    const good = line(1) + line(2);
    const parsed = parseJournal(Buffer.from(good + tail), 'j');
    expect(parsed.entries.map((e) => e.s)).toEqual([1, 2]);
    expect(parsed.validBytes).toBe(Buffer.byteLength(good));
  });

  it('refuses damage followed by intact lines', () => {
    expect(() => parseJournal(Buffer.from(line(1) + 'oops\n' + line(3)), 'j')).toThrow(KeyStoreCorruptError);
  });

  it('refuses lines out of sequence', () => {
    expect(() => parseJournal(Buffer.from(line(2) + line(2)), 'j')).toThrow(/out of sequence/);
  });

  it('reads an empty journal', () => {
    expect(parseJournal(Buffer.alloc(0), 'j')).toEqual({ entries: [], validBytes: 0 });
  });
});

/** A file handle that records writes and syncs, and fails on demand. */
function fakeFile(failOn?: number) {
  const writes: string[] = [];
  let syncs = 0;
  const file = {
    appendFile: async (data: string) => {
      await new Promise((r) => setTimeout(r, 2));
      if (failOn !== undefined && writes.length + 1 === failOn) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      writes.push(data);
    },
    datasync: async () => {
      syncs++;
    },
  };
  return { file: file as unknown as FileHandle, writes, syncs: () => syncs };
}

const entry = (s: number): JournalEntry => ({ s, op: 'commit', r: `res_${s}` });

describe('JournalWriter', () => {
  it('groups entries queued during a write into the next write, one sync per write, in order', async () => {
    const { file, writes, syncs } = fakeFile();
    const writer = new JournalWriter(file, async () => undefined);
    const first = writer.append(entry(1));
    await new Promise((r) => setImmediate(r)); // the first write is under way
    const rest = [2, 3, 4, 5].map((s) => writer.append(entry(s)));
    await Promise.all([first, ...rest]);
    expect(writes).toEqual([line(1), line(2) + line(3) + line(4) + line(5)]);
    expect(syncs()).toBe(2);
  });

  it('resolves an append only after its write is synced', async () => {
    const { file, syncs } = fakeFile();
    const writer = new JournalWriter(file, async () => undefined);
    await writer.append(entry(1));
    expect(syncs()).toBe(1);
  });

  it('a failed write rejects its entries and everything queued, and every later append', async () => {
    const { file } = fakeFile(2);
    const writer = new JournalWriter(file, async () => undefined);
    await writer.append(entry(1));
    const failing = writer.append(entry(2));
    await new Promise((r) => setImmediate(r));
    const queued = writer.append(entry(3));
    await expect(failing).rejects.toBeInstanceOf(KeyStoreFailedError);
    await expect(queued).rejects.toBeInstanceOf(KeyStoreFailedError);
    await expect(writer.append(entry(4))).rejects.toThrow(/ENOSPC/);
    expect(writer.failed).toBeInstanceOf(KeyStoreFailedError);
    await expect(writer.exclusive(async () => 'never')).rejects.toBeInstanceOf(KeyStoreFailedError);
  });

  it('runs exclusive tasks between writes, never during one', async () => {
    const { file, writes } = fakeFile();
    const seen: number[] = [];
    const writer = new JournalWriter(file, async () => undefined);
    const a = writer.append(entry(1));
    await new Promise((r) => setImmediate(r)); // the first write is under way
    const task = writer.exclusive(async () => {
      seen.push(writes.length);
      await new Promise((r) => setTimeout(r, 5));
      seen.push(writes.length);
    });
    const b = writer.append(entry(2));
    await Promise.all([a, task, b]);
    expect(seen).toEqual([1, 1]);
    expect(writes).toEqual([line(1), line(2)]);
  });
});
