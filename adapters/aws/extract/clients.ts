/**
 * Textract and Bedrock Runtime clients configured for the extractor: an EU
 * region, our retry strategy (retry.ts) and a per-request timeout on the HTTP
 * handler. The extractor builds its clients here unless they are injected; an
 * injected client keeps its own retry and timeout settings, so build it with
 * these functions to get ours.
 */
import { BedrockRuntimeClient, type BedrockRuntimeClientConfig } from '@aws-sdk/client-bedrock-runtime';
import { TextractClient, type TextractClientConfig } from '@aws-sdk/client-textract';
import { assertEuRegion } from './regions.js';
import { createRetryStrategy, DEFAULT_BACKOFF, type BackoffOptions } from './retry.js';

/** Settings shared by both clients. */
export interface AwsClientSettings {
  /** An EU region (regions.ts). */
  region: string;
  /** Attempts per call, the first included. */
  maxAttempts: number;
  /** Timeout of one HTTP request (each attempt). */
  requestTimeoutMs: number;
  /** Backoff between attempts; {@link DEFAULT_BACKOFF} when absent. */
  backoff?: Partial<Pick<BackoffOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>>;
}

/** The client configuration both clients share (region, retries, timeouts). */
export function awsClientConfig(settings: AwsClientSettings): TextractClientConfig & BedrockRuntimeClientConfig {
  assertEuRegion(settings.region);
  return {
    region: settings.region,
    maxAttempts: settings.maxAttempts,
    retryStrategy: createRetryStrategy({
      maxAttempts: settings.maxAttempts,
      baseDelayMs: settings.backoff?.baseDelayMs ?? DEFAULT_BACKOFF.baseDelayMs,
      maxDelayMs: settings.backoff?.maxDelayMs ?? DEFAULT_BACKOFF.maxDelayMs,
      ...(settings.backoff?.random ? { random: settings.backoff.random } : {}),
    }),
    requestHandler: { requestTimeout: settings.requestTimeoutMs, connectionTimeout: Math.min(settings.requestTimeoutMs, 3_000) },
  };
}

/** A Textract client for AnalyzeExpense; `overrides` are for tests (request handler, credentials). */
export function createTextractClient(settings: AwsClientSettings, overrides: Partial<TextractClientConfig> = {}): TextractClient {
  return new TextractClient({ ...awsClientConfig(settings), ...overrides });
}

/** A Bedrock Runtime client for Converse; `overrides` are for tests (request handler, credentials). */
export function createBedrockClient(settings: AwsClientSettings, overrides: Partial<BedrockRuntimeClientConfig> = {}): BedrockRuntimeClient {
  return new BedrockRuntimeClient({ ...awsClientConfig(settings), ...overrides });
}
