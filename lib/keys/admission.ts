/**
 * The order in which the edge meters a v1 request, in two calls:
 *
 * ```ts
 * const key = await admitApiKey(store, { apiKey: parseApiKey(event.headers), authorizer: event.requestContext.authorizer });
 * // every v1 endpoint: 401 / 429 RATE_LIMITED are thrown above
 * const { result, creditsRemaining } = await meterConversion(store, key, () => convert(body));
 * // v1 convert only: 429 QUOTA_EXCEEDED thrown before converting; a conversion that throws gives its credit back
 * ```
 *
 * v1 convert builds its answer inside the metered step, so that with an
 * Idempotency-Key the answer is stored with the credit ({@link meterConversionAnswer}).
 */
import {
  IdempotencyAnswerUnavailableError,
  IdempotencyInProgressError,
  IdempotencyKeyReusedError,
  QuotaExceededError,
  RateLimitedError,
  UnauthorizedError,
} from './errors.js';
import { IN_PROGRESS_RETRY_AFTER_SECONDS, type IdempotencyRequest, type StoredAnswer } from './idempotency.js';
import { renewalDateOf, type KeyIdentity, type KeyStore, type PresentedCredentials } from './store.js';

/**
 * Authenticates the caller and counts the request against the per-minute
 * limit (spec, "Authentication" and "Limits"). Throws UnauthorizedError (401)
 * or RateLimitedError (429, `Retry-After`).
 */
export async function admitApiKey(store: KeyStore, credentials: PresentedCredentials, now?: Date): Promise<KeyIdentity> {
  const key = await store.authenticate(credentials);
  if (!key) {
    const presented = (credentials.apiKey ?? '').trim() !== '' || credentials.authorizer != null;
    throw new UnauthorizedError(presented ? 'invalid' : 'missing');
  }
  const rate = await store.takeRate(key.id, now);
  if (!rate.ok) throw new RateLimitedError(rate.retryAfterSeconds);
  return key;
}

/**
 * Runs one metered conversion: reserves a credit (QuotaExceededError, 429,
 * when the month's quota is used up), runs `convert`, then commits the credit
 * when it returns or releases it when it throws (a failed conversion consumes
 * no credit), and rethrows. `creditsRemaining` is what is left after this
 * conversion (v1 meta.creditsRemaining).
 */
export async function meterConversion<T>(
  store: KeyStore,
  key: KeyIdentity,
  convert: () => Promise<T>,
  now?: Date,
  charged: (result: T) => boolean = () => true,
): Promise<{ result: T; creditsRemaining: number }> {
  const credit = await store.reserveCredit(key, now);
  if (!credit.ok) throw new QuotaExceededError(key.plan, credit.quota, renewalDateOf(credit.period));
  let result: T;
  try {
    result = await convert();
  } catch (err) {
    // The conversion's error is the one the caller must see; a failing release
    // means the store itself failed, and it then refuses every later request.
    await store.release(credit.reservation).catch(() => undefined);
    throw err;
  }
  if (!charged(result)) {
    // A conversion that produced nothing billable (v1: no Factur-X XML) gives its credit back.
    await store.release(credit.reservation);
    return { result, creditsRemaining: credit.remaining + 1 };
  }
  await store.commit(credit.reservation);
  return { result, creditsRemaining: credit.remaining };
}

/** What {@link meterConversionAnswer} runs. */
export interface MeteredAnswerOptions<T> {
  /** The request's Idempotency-Key and body fingerprint; undefined for a plain metered conversion. */
  idempotency?: IdempotencyRequest | undefined;
  /** The conversion. */
  convert: () => Promise<T>;
  /** The HTTP answer of a successful conversion (the exact body that is sent, and stored for replay). */
  answer: (result: T, creditsRemaining: number) => StoredAnswer;
  /**
   * Whether a result costs a credit (default: always). v1 convert charges only when Factur-X XML was produced
   * (DECISIONS.md, "v1 partial results"); an uncharged answer is not stored for replay: a retry runs again, free.
   */
  charged?: ((result: T) => boolean) | undefined;
  now?: Date | undefined;
}

/**
 * A metered conversion whose answer may be replayed (README, "Idempotent
 * retries"). Without an Idempotency-Key it is {@link meterConversion} with the
 * answer built from the result. With one:
 *
 * 1. the store claims (API key, Idempotency-Key), or says it is done (the
 *    stored answer is returned with `replayed: true`: no conversion, no
 *    credit), running (IdempotencyInProgressError, 409), bound to another
 *    body (IdempotencyKeyReusedError, 422) or done without a kept answer
 *    (IdempotencyAnswerUnavailableError, 409);
 * 2. a credit is reserved under the claim (QuotaExceededError, 429);
 * 3. the conversion runs and its answer is built;
 * 4. the credit and the answer are committed in one atomic step.
 *
 * A failure at any step gives the credit and the claim back, so a retry runs
 * again; only successful answers are stored.
 */
export async function meterConversionAnswer<T>(
  store: KeyStore,
  key: KeyIdentity,
  options: MeteredAnswerOptions<T>,
): Promise<{ answer: StoredAnswer; replayed: boolean }> {
  const { idempotency, convert, answer, now } = options;
  const charged = options.charged ?? (() => true);
  if (idempotency === undefined) {
    const { result, creditsRemaining } = await meterConversion(store, key, convert, now, charged);
    return { answer: answer(result, creditsRemaining), replayed: false };
  }
  const decision = await store.claimIdempotency(key, idempotency, now);
  switch (decision.state) {
    case 'replay':
      return { answer: decision.answer, replayed: true };
    case 'in-progress':
      throw new IdempotencyInProgressError(decision.retryAfterSeconds);
    case 'mismatch':
      throw new IdempotencyKeyReusedError();
    case 'unavailable':
      throw new IdempotencyAnswerUnavailableError();
    case 'claimed':
      break;
  }
  const claim = decision.claim;
  // Whatever goes wrong before the commit, the claim is given back (a failing
  // releaseClaim means the store itself failed; the original error is the one to show).
  const giveBack = () => store.releaseClaim(claim).catch(() => undefined);
  let credit;
  try {
    credit = await store.reserveCredit(key, now, claim);
  } catch (err) {
    await giveBack();
    throw err;
  }
  if (!credit.ok) {
    await giveBack();
    throw new QuotaExceededError(key.plan, credit.quota, renewalDateOf(credit.period));
  }
  let built: StoredAnswer;
  let result: T;
  try {
    result = await convert();
    if (!charged(result)) {
      // Nothing billable: the credit and the claim go back, nothing is stored (a retry converts again, free).
      built = answer(result, credit.remaining + 1);
      await store.release(credit.reservation);
      await giveBack();
      return { answer: built, replayed: false };
    }
    built = answer(result, credit.remaining);
  } catch (err) {
    await store.release(credit.reservation).catch(() => undefined);
    await giveBack();
    throw err;
  }
  let committed;
  try {
    committed = await store.commitWithAnswer(credit.reservation, claim, built, now);
  } catch (err) {
    // Unknown outcome: if the commit went through, the claim and the reservation are settled and a retry
    // replays (both calls below then do nothing); otherwise the credit comes back and a retry runs again.
    await store.release(credit.reservation).catch(() => undefined);
    await giveBack();
    throw err;
  }
  if (committed.ok) return { answer: built, replayed: false };
  await giveBack();
  if (committed.reason === 'quota') throw new QuotaExceededError(key.plan, committed.quota, renewalDateOf(committed.period));
  // Another attempt holds the key: its answer is what a retry will get.
  throw new IdempotencyInProgressError(IN_PROGRESS_RETRY_AFTER_SECONDS);
}
