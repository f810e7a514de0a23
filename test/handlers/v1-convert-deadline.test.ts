/**
 * The synchronous deadline of v1 convert (issue 14, point 3): a conversion
 * gets 20 s from the start of the invocation, never more than the invocation
 * has left less the time to answer; one cut by it is answered 422
 * DOCUMENT_TOO_COMPLEX with `limit: "sync-time"` suggesting `async`, and takes
 * no credit. A document past its own limit earlier keeps its own error.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setExtractor } from '../../functions/_shared/extractor.js';
import { setKeyStore } from '../../functions/_shared/key-store.js';
import { handler } from '../../functions/v1-convert.js';
import { DocumentTooComplexError } from '../../lib/errors.js';
import type { ExtractionInput } from '../../lib/extract/port.js';
import { ANSWER_MARGIN_MS } from '../../lib/isolate/budgets.js';
import { openLocalKeyStore, type LocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { atSyncDeadline, SYNC_BUDGET_MS, syncDeadline, SyncDeadlineError } from '../../lib/v1/sync-deadline.js';
import { loadEvent } from './load-event.js';

let store: LocalKeyStore;
let key = '';
const seen: ExtractionInput[] = [];

beforeAll(async () => {
  ({ store } = await openLocalKeyStore({ dataDir: mkdtempSync(join(tmpdir(), 'v1-deadline-')), createDevelopmentKey: false }));
  key = (await store.createKey('free', 'deadline test')).key;
  setKeyStore(store);
  // Stands for the isolation pool: a job is stopped ANSWER_MARGIN_MS before the deadline it is given (functions/_shared/isolate.ts).
  setExtractor({
    name: 'slow',
    extract: (input) => {
      seen.push(input);
      const cutAt = (input.deadline ?? Date.now() + 60_000) - ANSWER_MARGIN_MS;
      return new Promise((_, reject) => setTimeout(() => reject(new DocumentTooComplexError('time', 'stopped at its budget', 20_000)), Math.max(0, cutAt - Date.now())));
    },
  });
});
afterAll(() => store.close());

const contextWith = (remainingMs: number): Context => {
  const end = Date.now() + remainingMs;
  return { functionName: 'test', awsRequestId: 'test', getRemainingTimeInMillis: () => end - Date.now() } as unknown as Context;
};

function imageEvent() {
  const event = loadEvent('v1-convert/empty-image.json');
  event.headers['X-API-Key'] = key;
  event.body = JSON.stringify({ imageBase64: Buffer.from('not really a png, the extractor here does not read it').toString('base64'), mimeType: 'image/png' });
  return event;
}

describe('the synchronous deadline', () => {
  it('is 20 s from the start of the invocation, cut to what the invocation has left less the margin to answer', () => {
    expect(SYNC_BUDGET_MS).toBe(20_000);
    expect(syncDeadline(1_000_000, 300, undefined)).toBe(1_000_000 - 300 + 20_000);
    expect(syncDeadline(1_000_000, 300, 28_000)).toBe(1_000_000 - 300 + 20_000);
    expect(syncDeadline(1_000_000, 300, 10_000)).toBe(1_000_000 + 10_000 - ANSWER_MARGIN_MS);
    // 20 s plus a 3 s cold start and the margin stay under API Gateway's 29 s.
    expect(3_000 + SYNC_BUDGET_MS + ANSWER_MARGIN_MS).toBeLessThan(29_000);
  });

  it('a time failure at the deadline becomes sync-time; one well before it keeps its own limit', () => {
    const timeout = new DocumentTooComplexError('time', 'reading stopped at 4 s', 4_000);
    expect(atSyncDeadline(timeout, 50_000, 50_000 - ANSWER_MARGIN_MS)).toBeInstanceOf(SyncDeadlineError);
    expect(atSyncDeadline(timeout, 50_000, 40_000)).toBe(timeout);
    const bomb = new DocumentTooComplexError('zip-uncompressed-bytes', 'too big', 1);
    expect(atSyncDeadline(bomb, 50_000, 50_000)).toBe(bomb);
    const plain = new Error('bug');
    expect(atSyncDeadline(plain, 50_000, 50_000)).toBe(plain);
  });

  it('a conversion cut by the deadline is answered 422 sync-time suggesting async, with no credit', { timeout: 40_000 }, async () => {
    const id = (await store.authenticate({ apiKey: key }))!;
    const before = await store.remaining(id);
    const started = Date.now();
    // 18 s left: an image's estimated reading (lib/v1/cost.ts: about 6.6 s, plus 3 s kept for the answer) fits even
    // when a loaded machine spends seconds before the decision, so it is converted in the request, and overruns.
    const res = await handler(imageEvent(), contextWith(18_000));
    const elapsed = Date.now() - started;
    const body = JSON.parse(res.body);
    expect(res.statusCode, res.body).toBe(422);
    expect(body.error.code).toBe('DOCUMENT_TOO_COMPLEX');
    expect(body.error.details).toEqual([expect.objectContaining({ reason: 'limit', limit: 'sync-time', max: SYNC_BUDGET_MS })]);
    expect(body.error.message).toContain('"async": true');
    expect(seen.at(-1)?.deadline).toBeLessThanOrEqual(started + 18_000 - ANSWER_MARGIN_MS + 50);
    // Answered before the invocation's end, with the margin to spare.
    expect(elapsed).toBeLessThan(18_000 - ANSWER_MARGIN_MS + 1_000);
    expect(await store.remaining(id)).toBe(before);
  });
});
