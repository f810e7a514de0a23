/**
 * The denial of service of issue 15: an xlsx with one corrupted byte made the
 * spreadsheet library inflate forever in the request's thread. Documents are
 * now read in the isolation pool: every corruption answers 4xx in the
 * envelope within 5 s, the event loop keeps turning meanwhile, no credit is
 * consumed, and the service converts the next good document.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setKeyStore } from '../../functions/_shared/key-store.js';
import { handler } from '../../functions/v1-convert.js';
import { openLocalKeyStore, type LocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { loadSample, makeDocx, makeXlsx } from '../fixtures/extract/generate.js';
import { context, loadEvent } from '../handlers/load-event.js';
import { cpuTimed, stallBaseline } from '../timing.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** A small xlsx (SheetJS, deflated) whose byte 6654 set to 22 made @e965/xlsx loop forever (found by the flips below). */
const fixture = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'hostile', 'invoice.xlsx'));

let store: LocalKeyStore;
let key = '';
let keyId = '';

beforeAll(async () => {
  ({ store } = await openLocalKeyStore({ dataDir: mkdtempSync(join(tmpdir(), 'v1-dos-')), createDevelopmentKey: false }));
  const created = await store.createKey('starter');
  key = created.key;
  keyId = created.record.id;
  setKeyStore(store);
});
afterAll(() => store.close());

async function convert(bytes: Uint8Array, mimeType: string) {
  const event = loadEvent('v1-convert/text-pdf.json');
  event.headers['X-API-Key'] = key;
  event.body = JSON.stringify({ documentBase64: Buffer.from(bytes).toString('base64'), mimeType });
  // CPU time, not wall clock (../timing.ts): a reader that loops costs CPU until its deadline stops it, whatever the
  // machine's load; wall clock on a loaded machine also counts the wait for a core.
  const { value: res, error, cpuMs, wallMs } = await cpuTimed(() => handler(event, context));
  if (!res) throw error;
  return { status: res.statusCode, body: JSON.parse(res.body) as { success: boolean; error?: { code: string; details?: Array<Record<string, unknown>> } }, cpuMs, ms: wallMs };
}

/** Largest gap between timer ticks while `work` runs: how long the event loop was blocked. */
async function largestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 10);
  try {
    return { result: await work(), stallMs };
  } finally {
    clearInterval(timer);
  }
}

/** Deterministic pseudo-random numbers (a fixed seed: the same corruptions on every run). */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function corrupt(bytes: Uint8Array, random: () => number): Uint8Array {
  const out = Uint8Array.from(bytes);
  const flips = 1 + Math.floor(random() * 4);
  for (let i = 0; i < flips; i++) out[Math.floor(random() * out.length)] = Math.floor(random() * 256);
  return out;
}

describe('corrupted Office files cannot hang the service', () => {
  it('answers the xlsx that looped forever with 422 within 5 s, without blocking the event loop or consuming a credit', async () => {
    const bytes = Uint8Array.from(fixture);
    bytes[6654] = 22;
    const before = (await store.listKeys()).find((k) => k.id === keyId)!.used;
    // How late timers fire here with nothing running: the stall bound below scales with it on a loaded machine.
    const baseline = await stallBaseline();
    const { result, stallMs } = await largestStall(() => convert(bytes, XLSX_TYPE));
    expect(result.status).toBe(422);
    expect(result.body.success).toBe(false);
    expect(['DOCUMENT_TOO_COMPLEX', 'EXTRACTION_FAILED']).toContain(result.body.error?.code);
    expect(result.cpuMs, `${Math.round(result.ms)} ms of wall clock`).toBeLessThan(5000);
    // The event loop kept turning: 500 ms, or three times the idle baseline, but always under the 4 s the reader
    // loops for, which a reader on the event loop would have blocked it.
    const bound = Math.min(3000, Math.max(500, 3 * baseline));
    expect(stallMs, `idle baseline ${Math.round(baseline)} ms, bound ${Math.round(bound)} ms`).toBeLessThan(bound);
    expect((await store.listKeys()).find((k) => k.id === keyId)!.used).toBe(before);
  }, 30_000);

  it('answers every corruption of an xlsx and a docx (fixed seed) with 4xx in the envelope within 5 s each, then converts a good file', async () => {
    const sample = loadSample();
    const docs: Array<[Uint8Array, string]> = [
      [Uint8Array.from(fixture), XLSX_TYPE],
      [await makeXlsx(sample), XLSX_TYPE],
      [await makeDocx(sample), DOCX_TYPE],
    ];
    const random = lcg(15);
    const statuses: Record<string, number> = {};
    let slowest = 0;
    for (let i = 0; i < 36; i++) {
      const [doc, type] = docs[i % docs.length]!;
      const { status, body, ms, cpuMs } = await convert(corrupt(doc, random), type);
      const label = `${status} ${body.error?.code ?? 'OK'}`;
      statuses[label] = (statuses[label] ?? 0) + 1;
      slowest = Math.max(slowest, ms);
      expect(status === 200 || (status >= 400 && status < 500), label).toBe(true);
      if (status !== 200) expect(body.success).toBe(false);
      expect(cpuMs, `${label}: ${Math.round(ms)} ms of wall clock`).toBeLessThan(5000);
    }
    console.log(`36 corrupted Office files: ${JSON.stringify(statuses)}, slowest ${Math.round(slowest)} ms`);
    const good = await convert(docs[1]![0], XLSX_TYPE);
    expect(good.status, JSON.stringify(good.body.error)).toBe(200);
  }, 240_000);
});
