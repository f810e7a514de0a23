/**
 * Retries for Textract and Bedrock: a retry strategy (the SDK's
 * `RetryStrategyV2` interface) that the clients' own retry middleware drives,
 * so every SDK call gets exponential backoff with jitter and a cap, a bounded
 * number of attempts, and the server's `Retry-After` hint when it sends one.
 *
 * Retried: what the SDK classifies as throttling (ThrottlingException,
 * ProvisionedThroughputExceededException, TooManyRequestsException,
 * LimitExceededException, HTTP 429) or transient (5xx, timeouts, connection
 * resets), plus Bedrock's ServiceQuotaExceededException, ModelNotReadyException
 * and ModelTimeoutException. Everything else (validation, access denied, bad
 * document) fails at once.
 */
import type { TextractClientConfig } from '@aws-sdk/client-textract';

/** The SDK's retry strategy interface (v2), taken from the client configuration type. */
export type RetryStrategyV2 = Extract<NonNullable<TextractClientConfig['retryStrategy']>, { acquireInitialRetryToken: unknown }>;
type RetryToken = Awaited<ReturnType<RetryStrategyV2['acquireInitialRetryToken']>>;
/** What the SDK's retry middleware says about a failed attempt. */
export type RetryErrorInfo = Parameters<RetryStrategyV2['refreshRetryTokenForRetry']>[1];

/** Backoff settings. */
export interface BackoffOptions {
  /** Attempts in all, the first included (1 = no retry). */
  maxAttempts: number;
  /** Delay ceiling of the first retry; doubles at each retry. */
  baseDelayMs: number;
  /** Upper bound of any delay. */
  maxDelayMs: number;
  /** Source of jitter in [0, 1); Math.random by default. */
  random?: () => number;
}

/** Default backoff: 250 ms, 500 ms, 1 s, ... capped at 4 s (a synchronous API call has about 29 s in all). */
export const DEFAULT_BACKOFF = { baseDelayMs: 250, maxDelayMs: 4_000 } as const;

/** AWS error names that mean "slow down", whatever the service. */
export const THROTTLING_ERROR_NAMES: ReadonlySet<string> = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'TooManyRequestsException',
  'ServiceQuotaExceededException',
  'LimitExceededException',
]);

/** Error names worth another attempt beyond the SDK's own throttling / transient classes. */
const EXTRA_RETRYABLE_NAMES: ReadonlySet<string> = new Set([
  'ServiceQuotaExceededException',
  'ModelNotReadyException',
  'ModelTimeoutException',
  'ServiceUnavailableException',
  'InternalServerException',
  'InternalServerError',
]);

/**
 * Delay before retry number `retryCount + 1`: "equal jitter" over an
 * exponential ceiling, `ceiling/2 + random * ceiling/2` with
 * `ceiling = min(maxDelayMs, baseDelayMs * 2^retryCount)`, so delays grow
 * and never reach zero, yet concurrent clients do not retry in lockstep.
 */
export function backoffDelay(retryCount: number, options: Pick<BackoffOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retryCount);
  const random = options.random ?? Math.random;
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** True when a failed attempt deserves another one (see the module comment). */
export function isRetryable(info: RetryErrorInfo): boolean {
  if (info.errorType === 'THROTTLING' || info.errorType === 'TRANSIENT' || info.errorType === 'SERVER_ERROR') return true;
  const name = (info as { error?: { name?: unknown } }).error?.name;
  return typeof name === 'string' && EXTRA_RETRYABLE_NAMES.has(name);
}

function token(retryCount: number, delay: number): RetryToken {
  return { getRetryCount: () => retryCount, getRetryDelay: () => delay };
}

/**
 * A retry strategy for an SDK client's `retryStrategy` option: at most
 * `maxAttempts` attempts, {@link backoffDelay} between them, stretched to the
 * server's `Retry-After` hint (within `maxDelayMs`). When it declines, the SDK
 * throws the last error with `$metadata.attempts` set.
 */
export function createRetryStrategy(options: BackoffOptions): RetryStrategyV2 {
  return {
    acquireInitialRetryToken: async () => token(0, 0),
    refreshRetryTokenForRetry: async (previous, info) => {
      const retries = previous.getRetryCount();
      if (retries + 1 >= options.maxAttempts) throw new Error(`No retry: ${options.maxAttempts} attempts made.`);
      if (!isRetryable(info)) throw new Error(`No retry: ${info.errorType} error.`);
      let delay = backoffDelay(retries, options);
      if (info.retryAfterHint instanceof Date) {
        delay = Math.min(options.maxDelayMs, Math.max(delay, info.retryAfterHint.getTime() - Date.now()));
      }
      return token(retries + 1, delay);
    },
    recordSuccess: () => {},
  };
}
