/**
 * The append-only journal of the local key store: one JSON entry per line.
 *
 * Writing: entries are queued and written with group commit: all entries
 * queued while the previous write was on its way go out in one append and one
 * fdatasync, and each caller's promise resolves only once its entry is on
 * disk. A failed write poisons the writer: every pending and later
 * append rejects, and the store must be reopened (the journal is the truth).
 *
 * Reading: a crash can leave the last line torn (partly written, never
 * acknowledged). {@link parseJournal} drops such a tail; a bad line followed
 * by good ones is corruption and is refused.
 */
import type { FileHandle } from 'node:fs/promises';
import { KeyStoreCorruptError, KeyStoreFailedError } from '../errors.js';
import type { JournalEntry } from './key-state.js';

/** The entries of a journal file and where its valid part ends. */
export interface ParsedJournal {
  entries: JournalEntry[];
  /** Length in bytes of the valid prefix; the file is truncated to it when shorter than the file. */
  validBytes: number;
}

function parseLine(bytes: Buffer): JournalEntry | undefined {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { s, op } = value as { s?: unknown; op?: unknown };
    return Number.isSafeInteger(s) && typeof op === 'string' ? (value as JournalEntry) : undefined;
  } catch {
    return undefined;
  }
}

/** Parses a journal; a torn tail is left out of `validBytes`, damage before good lines throws KeyStoreCorruptError. */
export function parseJournal(content: Buffer, file: string): ParsedJournal {
  const entries: JournalEntry[] = [];
  let start = 0;
  let firstBad: { offset: number; line: number } | undefined;
  let line = 0;
  while (start < content.length) {
    const end = content.indexOf(0x0a, start);
    if (end < 0) break; // unterminated last line: torn
    line++;
    const entry = parseLine(content.subarray(start, end));
    if (entry === undefined) firstBad ??= { offset: start, line };
    else if (firstBad !== undefined) {
      throw new KeyStoreCorruptError(`${file}: line ${firstBad.line} is damaged but later lines are intact; refusing to guess. Restore the file from a backup.`);
    } else {
      const previous = entries[entries.length - 1];
      if (previous !== undefined && entry.s <= previous.s) {
        throw new KeyStoreCorruptError(`${file}: line ${line} is out of sequence (${entry.s} after ${previous.s}).`);
      }
      entries.push(entry);
    }
    start = end + 1;
  }
  return { entries, validBytes: firstBad?.offset ?? start };
}

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Appends journal lines with group commit, and runs every other file task
 * (compaction) in the same serial order, so nothing writes the journal while
 * it is being compacted.
 */
export class JournalWriter {
  private queue: string[] = [];
  private waiters: Waiter[] = [];
  private flushScheduled = false;
  private tail: Promise<unknown> = Promise.resolve();
  private failure: KeyStoreFailedError | undefined;

  /**
   * `afterBatch` runs right after each batch is synced, still in turn (the
   * store compacts there when the journal is long); if it throws, the writer
   * fails like on a write error.
   */
  constructor(
    private readonly file: FileHandle,
    private readonly afterBatch: () => Promise<void>,
  ) {}

  /** The error that poisoned the writer, if any. */
  get failed(): KeyStoreFailedError | undefined {
    return this.failure;
  }

  /** Queues one entry; resolves once it is written and synced. */
  append(entry: JournalEntry): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const line = `${JSON.stringify(entry)}\n`;
    const done = new Promise<void>((resolve, reject) => {
      this.queue.push(line);
      this.waiters.push({ resolve, reject });
    });
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      // Errors reach the waiters; the task's own rejection is not needed.
      this.exclusive(() => this.flush()).catch(() => undefined);
    }
    return done;
  }

  /** Runs `task` after every write and task queued before it, and before any queued after it. Refused once failed. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(() => {
      if (this.failure) throw this.failure;
      return task();
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Waits until everything queued so far is written (or failed). */
  async drain(): Promise<void> {
    await this.exclusive(async () => undefined).catch(() => undefined);
  }

  private async flush(): Promise<void> {
    // Takes everything queued until now, including what arrived during the previous write.
    this.flushScheduled = false;
    const lines = this.queue;
    const waiters = this.waiters;
    this.queue = [];
    this.waiters = [];
    if (lines.length === 0) return;
    try {
      await this.file.appendFile(lines.join(''), 'utf8');
      await this.file.datasync();
    } catch (err) {
      throw this.fail(err, waiters);
    }
    for (const w of waiters) w.resolve();
    try {
      await this.afterBatch();
    } catch (err) {
      throw this.fail(err, []);
    }
  }

  /** Poisons the writer: rejects the given and every queued waiter. */
  fail(err: unknown, inFlight: readonly Waiter[] = []): KeyStoreFailedError {
    this.failure ??= new KeyStoreFailedError(`Writing the key store failed; reopen the store. (${err instanceof Error ? err.message : String(err)})`, { cause: err });
    const everyone = [...inFlight, ...this.waiters];
    this.queue = [];
    this.waiters = [];
    for (const w of everyone) w.reject(this.failure);
    return this.failure;
  }
}
