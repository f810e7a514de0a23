/**
 * Idempotent v1 conversions: the `Idempotency-Key` request header, the
 * fingerprint that binds a key to one request body, and the values the key
 * stores exchange (README, "v1", "Idempotent retries").
 *
 * A client sends `Idempotency-Key: <1-255 visible ASCII characters>` with
 * POST /api/v1/convert. The key is scoped to the API key making the call.
 * Within {@link IDEMPOTENCY_TTL_MS} of the first successful answer, a repeat
 * with the same key and the same body gets that answer again (same status and
 * body, plus `Idempotent-Replayed: true`) without converting again and
 * without a second credit. The credit and the stored answer are written in one
 * atomic step by the store (a SQLite transaction locally, a DynamoDB transaction on
 * AWS), so a crash leaves either both or neither.
 *
 * - same key, different body: 422 IDEMPOTENCY_KEY_REUSED;
 * - same key while the first request still runs: 409 IDEMPOTENCY_IN_PROGRESS
 *   with Retry-After (nothing converted, nothing charged);
 * - same key whose answer was not kept (too large, or evicted by the local
 *   store's size bound): 409 IDEMPOTENCY_ANSWER_UNAVAILABLE (the conversion
 *   was made and charged once; it is not made again);
 * - failures are not stored: they consumed no credit, and a retry runs again.
 */
import { createHash, type Hash } from 'node:crypto';
import { InputError } from '../errors.js';
import type { HeaderBag } from './store.js';

/** The request header. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The response header of a replayed answer (`true`). */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Longest accepted Idempotency-Key, in characters. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** How long an answer is replayed after it was stored: 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Largest answer kept for replay: the response size limit of the service
 * (a synchronous Lambda answer is at most 6 MB). Larger answers are delivered
 * once and recorded as done without their body.
 */
export const MAX_REPLAYABLE_ANSWER_BYTES = 6 * 1024 * 1024;

/** Retry-After of a repeat that arrives while the first request still runs (a conversion takes a few seconds). */
export const IN_PROGRESS_RETRY_AFTER_SECONDS = 2;

/** Where a bad header is reported in 400 details. */
export const IDEMPOTENCY_KEY_PATH = `headers.${IDEMPOTENCY_KEY_HEADER}`;

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** An Idempotency-Key as presented, with the fingerprint of the body it came with. */
export interface IdempotencyRequest {
  /** The header value as sent (1-255 visible ASCII characters). */
  key: string;
  /** Hex SHA-256 of the request body ({@link fingerprintBody}). */
  fingerprint: string;
}

/** A successful answer kept for replay: its status and the exact body text sent. */
export interface StoredAnswer {
  status: number;
  body: string;
}

/** The right to run the conversion of one (API key, Idempotency-Key), held until it is committed or released. */
export interface IdempotencyClaim {
  readonly keyId: string;
  readonly key: string;
  readonly fingerprint: string;
  /** Random; only the holder of the current token can store the answer. */
  readonly token: string;
}

/** What a store says about an Idempotency-Key when a request presents it. */
export type IdempotencyDecision =
  /** First use (or a previous attempt failed): run the conversion under this claim. */
  | { state: 'claimed'; claim: IdempotencyClaim }
  /** Done with the same body: send this answer again. */
  | { state: 'replay'; answer: StoredAnswer }
  /** The same request is running now. */
  | { state: 'in-progress'; retryAfterSeconds: number }
  /** The key was used with another body. */
  | { state: 'mismatch' }
  /** Done with the same body, but its answer was not kept. */
  | { state: 'unavailable' };

/** Outcome of committing a credit together with its answer. */
export type CommitDecision =
  | { ok: true }
  /** The month's quota was used up by other conversions meanwhile: nothing charged, nothing stored. */
  | { ok: false; reason: 'quota'; quota: number; period: string }
  /** Another attempt holds the key now: nothing charged, nothing stored. */
  | { ok: false; reason: 'claim-lost' };

/**
 * The Idempotency-Key of a request, or undefined when none was sent. Header
 * names are case-insensitive; `multiValueHeaders` (API Gateway) is checked
 * too, so two different values are refused rather than one picked.
 *
 * @throws InputError (400 BAD_REQUEST, path `headers.Idempotency-Key`) when
 * the value is empty, longer than 255 characters, holds anything but visible
 * ASCII (0x21-0x7E; no spaces), or when the header is sent twice with different values.
 */
export function parseIdempotencyKey(headers: HeaderBag, multiValueHeaders?: HeaderBag): string | undefined {
  const values = new Set<string>();
  for (const bag of [headers, multiValueHeaders]) {
    for (const [name, value] of Object.entries(bag ?? {})) {
      if (name.toLowerCase() !== 'idempotency-key' || value === undefined) continue;
      for (const v of typeof value === 'string' ? [value] : value) values.add(v.trim());
    }
  }
  if (values.size === 0) return undefined;
  if (values.size > 1) throw idempotencyKeyProblem('is sent more than once with different values');
  const [key = ''] = values;
  if (key.length === 0) throw idempotencyKeyProblem('is empty');
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) throw idempotencyKeyProblem(`is longer than ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  if (!VISIBLE_ASCII.test(key)) throw idempotencyKeyProblem('may hold only visible ASCII characters (no spaces)');
  return key;
}

function idempotencyKeyProblem(what: string): InputError {
  return new InputError(`The ${IDEMPOTENCY_KEY_HEADER} header ${what}.`, [
    { path: IDEMPOTENCY_KEY_PATH, message: `${what}; send 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters, e.g. a UUID` },
  ]);
}

/**
 * The fingerprint that binds an Idempotency-Key to a request: the hex SHA-256
 * of the body's canonical JSON (object keys sorted, no whitespace). Two
 * bodies that parse to the same JSON value have the same fingerprint, so a
 * client that serializes the same request again is not refused; any change of
 * a value (one byte of a document, another profile) gives another one.
 */
export function fingerprintBody(body: unknown): string {
  const hash = createHash('sha256');
  writeCanonical(hash, body);
  return hash.digest('hex');
}

function writeCanonical(hash: Hash, value: unknown): void {
  if (value === null || typeof value !== 'object') {
    hash.update(JSON.stringify(value) ?? 'null');
    return;
  }
  if (Array.isArray(value)) {
    hash.update('[');
    value.forEach((item, i) => {
      if (i > 0) hash.update(',');
      writeCanonical(hash, item);
    });
    hash.update(']');
    return;
  }
  const record = value as Record<string, unknown>;
  hash.update('{');
  let first = true;
  for (const name of Object.keys(record).sort()) {
    if (record[name] === undefined) continue;
    if (!first) hash.update(',');
    first = false;
    hash.update(JSON.stringify(name));
    hash.update(':');
    writeCanonical(hash, record[name]);
  }
  hash.update('}');
}
