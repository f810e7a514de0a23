/**
 * The order in which the edge meters a v1 request, in two calls:
 *
 * ```ts
 * const key = await admitApiKey(store, { apiKey: parseApiKey(event.headers), authorizer: event.requestContext.authorizer });
 * // every v1 endpoint: 401 / 429 RATE_LIMITED are thrown above
 * const { result, creditsRemaining } = await meterConversion(store, key, () => convert(body));
 * // v1 convert only: 429 QUOTA_EXCEEDED thrown before converting; a conversion that throws gives its credit back
 * ```
 */
import { QuotaExceededError, RateLimitedError, UnauthorizedError } from './errors.js';
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
  await store.commit(credit.reservation);
  return { result, creditsRemaining: credit.remaining };
}
