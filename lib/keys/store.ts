/**
 * API keys, plans, monthly quotas and the per-minute rate limit of the v1 API
 * (service spec, "Authentication", "Limits"; DECISIONS.md, "Limits" and "Auth").
 *
 * One interface, two adapters:
 *  - ./local/local-key-store.ts: the embedded durable store `npm start` uses
 *    (keys, usage and reservations in a data directory);
 *  - ./dynamo-credit-store.ts: AWS, where API Gateway usage plans enforce the
 *    quota and rate in front of the functions, an authorizer authenticates the
 *    key, and DynamoDB keeps the exact monthly credit counter.
 *
 * The edge calls them in one order (see ./admission.ts, which does it for you):
 * authenticate -> takeRate -> reserveCredit -> convert -> commit (success) or
 * release (failure: a failed conversion consumes no credit).
 *
 * With an Idempotency-Key (./idempotency.ts): authenticate -> takeRate ->
 * claimIdempotency (replay, in progress, reused: stop here) -> reserveCredit
 * under the claim -> convert -> commitWithAnswer (the credit and the answer in
 * one atomic step) or release + releaseClaim (failure).
 *
 * Nothing here reads the environment: the clock, the data directory and the
 * limits come in as parameters.
 */

import type { CommitDecision, IdempotencyClaim, IdempotencyDecision, IdempotencyRequest, StoredAnswer } from './idempotency.js';

/** The plans a key can be on (spec, "Limits"). */
export const PLANS = ['free', 'starter', 'business'] as const;
/** A plan name. */
export type Plan = (typeof PLANS)[number];

/** True when `value` names a known plan. */
export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

/** Limits of the key layer. */
export interface KeyLimits {
  /** Requests per key in any sliding minute; 0 disables the limit. Spec: 60. */
  ratePerMinute: number;
  /** Conversions per calendar month (UTC) for each plan. Spec: free 100, starter 1,000, business 10,000. */
  monthlyQuota: Readonly<Record<Plan, number>>;
}

/** The spec's limits: 60 requests a minute; free 100, starter 1,000, business 10,000 conversions a month. */
export const DEFAULT_KEY_LIMITS: Readonly<KeyLimits> = Object.freeze({
  ratePerMinute: 60,
  monthlyQuota: Object.freeze({ free: 100, starter: 1_000, business: 10_000 }),
});

/** Overrides of {@link DEFAULT_KEY_LIMITS}; absent fields keep the default. */
export interface KeyLimitsOptions {
  ratePerMinute?: number;
  monthlyQuota?: Partial<Record<Plan, number>>;
}

/** Merges overrides into the defaults; every limit must be a non-negative integer. */
export function resolveKeyLimits(options: KeyLimitsOptions = {}): KeyLimits {
  const limits: KeyLimits = {
    ratePerMinute: options.ratePerMinute ?? DEFAULT_KEY_LIMITS.ratePerMinute,
    monthlyQuota: { ...DEFAULT_KEY_LIMITS.monthlyQuota, ...options.monthlyQuota },
  };
  const all: Array<[string, number]> = [['ratePerMinute', limits.ratePerMinute], ...PLANS.map((p): [string, number] => [`monthlyQuota.${p}`, limits.monthlyQuota[p]])];
  for (const [name, value] of all) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Key limit ${name} must be a non-negative integer, got ${String(value)}.`);
  }
  return limits;
}

/**
 * The accounting period of an instant: its calendar month in UTC, `YYYY-MM`
 * (a request at 2026-11-30T23:59:59Z counts in 2026-11 whatever the server's
 * time zone).
 */
export function periodOf(now: Date): string {
  const t = now.getTime();
  if (Number.isNaN(t)) throw new RangeError('Invalid date given as the current time.');
  return `${String(now.getUTCFullYear()).padStart(4, '0')}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The day a period's quota renews: the first day of the next month, `YYYY-MM-DD` (UTC). */
export function renewalDateOf(period: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) throw new RangeError(`Not a period (YYYY-MM): ${period}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]), 1)).toISOString().slice(0, 10);
}

/** Who a key is, as far as metering needs: its id (`key_...`) and plan. */
export interface KeyIdentity {
  /** Public identifier of the key (`key_...`), for listing and revoking; not a secret. */
  id: string;
  plan: Plan;
}

/** A stored key, without the key itself (only its hash is ever stored). */
export interface KeyRecord extends KeyIdentity {
  label?: string;
  /** ISO 8601 instant. */
  createdAt: string;
  /** ISO 8601 instant; present once revoked. */
  revokedAt?: string;
}

/** A key with its usage in one period (for listings). */
export interface KeyUsage extends KeyRecord {
  /** `YYYY-MM` (UTC). */
  period: string;
  /** Credits consumed in the period, including conversions still running. */
  used: number;
  quota: number;
}

/** A credit taken for one conversion, to be committed or released exactly once. */
export interface Reservation {
  readonly id: string;
  readonly keyId: string;
  /** The period the credit was taken from (a conversion straddling midnight stays in it). */
  readonly period: string;
}

/** Outcome of the per-minute rate limit. */
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Outcome of a credit reservation: `remaining` counts credits left after this one. */
export type CreditDecision =
  | { ok: true; reservation: Reservation; remaining: number }
  | { ok: false; reason: 'quota'; remaining: 0; quota: number; period: string };

/**
 * What the edge knows about the caller. The local store reads `apiKey` (from
 * {@link parseApiKey}); the AWS store reads `authorizer` (the API Gateway
 * authorizer context, `{ keyId, plan }`), because API Gateway already checked
 * the key.
 */
export interface PresentedCredentials {
  apiKey?: string | undefined;
  authorizer?: Readonly<Record<string, unknown>> | null | undefined;
}

/** The metering interface both adapters implement. `now` defaults to the store's clock. */
export interface KeyStore {
  /** The key's identity, or undefined when missing, unknown or revoked (-> 401 UNAUTHORIZED). */
  authenticate(credentials: PresentedCredentials): Promise<KeyIdentity | undefined>;
  /** Counts one request of the key against the per-minute limit (-> 429 RATE_LIMITED with Retry-After). */
  takeRate(keyId: string, now?: Date): Promise<RateDecision>;
  /**
   * Takes one credit of the key's monthly quota, or says the quota is used up (-> 429 QUOTA_EXCEEDED).
   * With `claim` (an idempotent conversion) the credit is to be committed by
   * {@link KeyStore.commitWithAnswer}; a store may then count it only there.
   */
  reserveCredit(key: KeyIdentity, now?: Date, claim?: IdempotencyClaim): Promise<CreditDecision>;
  /** Makes a reservation final (the conversion succeeded). Idempotent; unknown reservations are ignored. */
  commit(reservation: Reservation): Promise<void>;
  /** Gives a reservation's credit back (the conversion failed). Idempotent; unknown reservations are ignored. */
  release(reservation: Reservation): Promise<void>;
  /** Credits left in the period of `now` (meta.creditsRemaining). */
  remaining(key: KeyIdentity, now?: Date): Promise<number>;
  /**
   * Looks up (key id, Idempotency-Key) and, when it is free, claims it for
   * this request, in one exact step: a concurrent repeat sees the claim.
   * Answers stored more than 24 h ago are treated as absent.
   */
  claimIdempotency(key: KeyIdentity, request: IdempotencyRequest, now?: Date): Promise<IdempotencyDecision>;
  /**
   * Commits `reservation` and stores `answer` under `claim` as one atomic
   * step (both or neither survive a crash), and gives up the claim. Refused
   * (nothing charged, nothing stored) when the claim is no longer held or the
   * quota ran out meanwhile.
   */
  commitWithAnswer(reservation: Reservation, claim: IdempotencyClaim, answer: StoredAnswer, now?: Date): Promise<CommitDecision>;
  /** Gives up a claim without an answer (the conversion failed or was refused): a retry runs again. Idempotent. */
  releaseClaim(claim: IdempotencyClaim): Promise<void>;
}

/** A newly created key: `key` is shown once and never stored. */
export interface CreatedKey {
  key: string;
  record: KeyRecord;
}

/** Key management (the local store; on AWS keys are managed by API Gateway). */
export interface KeyAdmin {
  createKey(plan: Plan, label?: string): Promise<CreatedKey>;
  /** Every key, oldest first, with its usage in the period of `now`. */
  listKeys(now?: Date): Promise<KeyUsage[]>;
  /** Revokes a key; returns its record, or undefined when the id is unknown. Revoking twice keeps the first date. */
  revokeKey(id: string): Promise<KeyRecord | undefined>;
}

/** Request headers as Node (`IncomingHttpHeaders`) or API Gateway (`event.headers`) give them. */
export type HeaderBag = Readonly<Record<string, string | readonly string[] | undefined>> | null | undefined;

function headerValue(headers: HeaderBag, name: string): string | undefined {
  if (!headers) return undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    const values = typeof value === 'string' ? [value] : (value ?? []);
    for (const v of values) if (v.trim() !== '') return v.trim();
  }
  return undefined;
}

/**
 * The API key presented with a request (spec, "Authentication"): the
 * `X-API-Key` header, else `Authorization: Bearer <key>`; header names and the
 * `Bearer` scheme are case-insensitive, blank values count as absent. When
 * both headers are sent, `X-API-Key` wins. Returns undefined when no key was
 * presented (-> 401).
 */
export function parseApiKey(headers: HeaderBag): string | undefined {
  const direct = headerValue(headers, 'x-api-key');
  if (direct !== undefined) return direct;
  const auth = headerValue(headers, 'authorization');
  const match = auth === undefined ? null : /^Bearer[ \t]+(\S+)$/i.exec(auth);
  return match?.[1];
}
