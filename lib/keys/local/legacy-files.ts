/**
 * Reading the key store's files of the versions before SQLite (a snapshot
 * `state.json` plus the journal `journal.log` after it, and the `lock` of the
 * process that had them open), once, to move their content into the database
 * (./local-key-store.ts). The state is rebuilt as those versions rebuilt it
 * when they opened: the journal replayed over the snapshot, a torn last line
 * (a crash in the middle of a write) dropped, damage before intact lines
 * refused, and the reservations still open (conversions cut by the crash)
 * given back. Answers already expired are left out.
 *
 * The files are only read here; once the database holds their content they
 * are renamed `*.migrated` ({@link retireLegacyKeyFiles}), never rewritten,
 * so a crash at any point of the migration leaves them usable.
 */
import { readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { KeyStoreCorruptError, KeyStoreLockedError } from '../errors.js';
import { isPlan, type KeyRecord } from '../store.js';

/** The legacy file names. */
export const LEGACY_KEY_FILES = Object.freeze({ snapshot: 'state.json', journal: 'journal.log', lock: 'lock' });

/** A key as the legacy files kept it: its record and the SHA-256 of its text. */
export interface LegacyKey extends KeyRecord {
  hash: string;
}

/** A stored Idempotency-Key answer as the legacy files kept it (short names). */
export interface LegacyAnswer {
  k: string;
  f: string;
  t: number;
  x: number;
  st: number;
  b?: string;
}

/** What the legacy files hold. */
export interface LegacyKeyData {
  keys: LegacyKey[];
  /** Credits used per key and month, reservations left open by a crash given back. */
  usage: Array<{ keyId: string; period: string; used: number }>;
  /** Live answers, oldest first. */
  answers: Array<{ keyId: string; answer: LegacyAnswer }>;
}

async function readIfExists(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false; // the legacy store is never opened by this code
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const isAnswer = (a: unknown): a is LegacyAnswer => {
  const e = a as Partial<LegacyAnswer> | null;
  return !!e && typeof e.k === 'string' && typeof e.f === 'string' && Number.isSafeInteger(e.t) && Number.isSafeInteger(e.x) && Number.isSafeInteger(e.st) && (e.b === undefined || typeof e.b === 'string');
};

interface Entry {
  s: number;
  op: string;
  [field: string]: unknown;
}

/** The journal's entries: a torn tail is dropped, a bad line followed by good ones is corruption. */
function parseJournal(content: Buffer, file: string): Entry[] {
  const entries: Entry[] = [];
  let badLine: number | undefined;
  let start = 0;
  for (let line = 1; start < content.length; line++) {
    const end = content.indexOf(0x0a, start);
    if (end < 0) break; // unterminated last line: torn
    let entry: Entry | undefined;
    try {
      const value = JSON.parse(content.subarray(start, end).toString('utf8')) as Entry;
      if (value && Number.isSafeInteger(value.s) && typeof value.op === 'string') entry = value;
    } catch {
      // a bad line
    }
    start = end + 1;
    if (entry === undefined) {
      badLine ??= line;
      continue;
    }
    if (badLine !== undefined) throw new KeyStoreCorruptError(`${file}: line ${badLine} is damaged but later lines are intact; refusing to guess. Restore the file from a backup.`);
    if (entries.length > 0 && entry.s <= entries[entries.length - 1]!.s) throw new KeyStoreCorruptError(`${file}: line ${line} is out of sequence.`);
    entries.push(entry);
  }
  return entries;
}

/**
 * The content of the legacy files in `dir`, or undefined when there are none.
 * Throws KeyStoreLockedError while a process of an older version still has
 * them open (it would go on writing to them), KeyStoreCorruptError when they
 * cannot be read back.
 */
export async function readLegacyKeyStore(dir: string): Promise<LegacyKeyData | undefined> {
  const snapshotBytes = await readIfExists(join(dir, LEGACY_KEY_FILES.snapshot));
  const journalBytes = await readIfExists(join(dir, LEGACY_KEY_FILES.journal));
  if (snapshotBytes === undefined && journalBytes === undefined) return undefined;
  const lock = await readIfExists(join(dir, LEGACY_KEY_FILES.lock));
  let holder: number | undefined;
  try {
    holder = lock && (JSON.parse(lock.toString('utf8')) as { pid?: number }).pid;
  } catch {
    holder = undefined; // unreadable: stale
  }
  if (Number.isSafeInteger(holder) && isAlive(holder!)) throw new KeyStoreLockedError(dir, holder);

  const keys = new Map<string, LegacyKey>();
  const usage = new Map<string, number>();
  const open = new Map<string, { keyId: string; period: string }>();
  const answers = new Map<string, { keyId: string; answer: LegacyAnswer }>();
  const corrupt = (why: string) => new KeyStoreCorruptError(`The key store files in ${dir} cannot be read back: ${why}.`);
  const addAnswer = (keyId: string, answer: unknown) => {
    if (!isAnswer(answer)) throw corrupt('a malformed answer');
    const scope = `${keyId} ${answer.k}`;
    answers.delete(scope); // a replaced answer moves to the end (newest)
    answers.set(scope, { keyId, answer });
  };

  let seq = 0;
  if (snapshotBytes !== undefined) {
    let snapshot: { format?: number; seq?: number; keys?: LegacyKey[]; usage?: Array<[string, string, number]>; open?: Array<[string, string, string]>; answers?: Array<[string, unknown]> };
    try {
      snapshot = JSON.parse(snapshotBytes.toString('utf8'));
    } catch (err) {
      throw new KeyStoreCorruptError(`${join(dir, LEGACY_KEY_FILES.snapshot)} is not valid JSON.`, { cause: err });
    }
    if (snapshot?.format !== 1 || !Number.isSafeInteger(snapshot.seq) || ![snapshot.keys, snapshot.usage, snapshot.open].every(Array.isArray)) throw corrupt('unknown snapshot format');
    seq = snapshot.seq!;
    for (const k of snapshot.keys!) {
      if (typeof k.id !== 'string' || typeof k.hash !== 'string' || !isPlan(k.plan) || keys.has(k.id)) throw corrupt(`an invalid key ${String(k.id)}`);
      keys.set(k.id, { ...k });
    }
    for (const [keyId, period, used] of snapshot.usage!) usage.set(`${keyId} ${period}`, used);
    for (const [r, keyId, period] of snapshot.open!) open.set(r, { keyId, period });
    for (const [keyId, answer] of snapshot.answers ?? []) addAnswer(keyId, answer);
  }
  for (const e of parseJournal(journalBytes ?? Buffer.alloc(0), join(dir, LEGACY_KEY_FILES.journal))) {
    if (e.s <= seq) continue; // already in the snapshot
    const at = typeof e.at === 'string' ? e.at : '';
    if (e.op === 'key') {
      if (keys.has(String(e.id)) || !isPlan(e.plan) || typeof e.hash !== 'string') throw corrupt(`entry ${e.s}: a duplicate key or unknown plan`);
      keys.set(String(e.id), { id: String(e.id), hash: e.hash, plan: e.plan, createdAt: at, ...(typeof e.label === 'string' ? { label: e.label } : {}) });
    } else if (e.op === 'revoke') {
      const key = keys.get(String(e.id));
      if (!key) throw corrupt(`entry ${e.s}: an unknown key`);
      key.revokedAt ??= at;
    } else if (e.op === 'reserve') {
      if (open.has(String(e.r))) throw corrupt(`entry ${e.s}: a duplicate reservation`);
      const u = `${String(e.key)} ${String(e.p)}`;
      open.set(String(e.r), { keyId: String(e.key), period: String(e.p) });
      usage.set(u, (usage.get(u) ?? 0) + 1);
    } else if (e.op === 'commit' || e.op === 'release') {
      const res = open.get(String(e.r));
      if (!res) throw corrupt(`entry ${e.s}: an unknown reservation`);
      open.delete(String(e.r));
      if (e.op === 'release') usage.set(`${res.keyId} ${res.period}`, Math.max(0, (usage.get(`${res.keyId} ${res.period}`) ?? 0) - 1));
      else if (e.a !== undefined) addAnswer(res.keyId, e.a);
    } else throw corrupt(`entry ${e.s}: unknown operation ${e.op}`);
    seq = e.s;
  }
  // Reservations still open belong to conversions that died with the process that had the files: they consumed nothing.
  for (const { keyId, period } of open.values()) usage.set(`${keyId} ${period}`, Math.max(0, (usage.get(`${keyId} ${period}`) ?? 0) - 1));
  return {
    keys: [...keys.values()],
    usage: [...usage].filter(([, used]) => used > 0).map(([k, used]) => ({ keyId: k.split(' ')[0]!, period: k.split(' ')[1]!, used })),
    answers: [...answers.values()],
  };
}

/** Renames the legacy files `<name>.migrated` (kept for the operator, never read again) and removes the stale lock. */
export async function retireLegacyKeyFiles(dir: string): Promise<void> {
  for (const name of [LEGACY_KEY_FILES.journal, LEGACY_KEY_FILES.snapshot]) {
    await rename(join(dir, name), join(dir, `${name}.migrated`)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
  await unlink(join(dir, LEGACY_KEY_FILES.lock)).catch(() => undefined);
}
