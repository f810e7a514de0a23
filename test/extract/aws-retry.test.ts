/**
 * Retries, backoff and timeouts through the real SDK stack: the clients are
 * built by clients.ts (our retry strategy inside the SDK's retry middleware)
 * and only the HTTP layer is faked, with wire responses shaped like the
 * services' (awsJson1_1 for Textract, restJson1 for Bedrock). aws-sdk-client-mock
 * cannot test this: it replaces `send`, so no middleware runs.
 */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../lib/errors.js';
import { AwsCallError, createAwsExtractor, createBedrockClient, createTextractClient, UpstreamUnavailableError } from '../../adapters/aws/extract/index.js';
import { backoffDelay, createRetryStrategy, type RetryErrorInfo } from '../../adapters/aws/extract/retry.js';
import { awsFixture } from '../fixtures/extract/aws/load.js';
import { asRequestHandler, ScriptedHandler, TEST_CREDENTIALS as CREDENTIALS, type Reply, type SeenRequest } from './aws-http.js';

const MODEL = 'eu.anthropic.claude-3-7-sonnet-20250219-v1:0';
const REGION = 'eu-west-3';
const FAST = { maxAttempts: 3, requestTimeoutMs: 5_000, backoff: { baseDelayMs: 1, maxDelayMs: 4 } };

const textractOk = (): Reply => ({
  status: 200,
  headers: { 'content-type': 'application/x-amz-json-1.1' },
  body: awsFixture('textract-analyze-expense-invoice-fr.json'),
});
const textractError = (status: number, fixture: string): Reply => ({
  status,
  headers: { 'content-type': 'application/x-amz-json-1.1' },
  body: awsFixture(fixture),
});
const converseOk = (): Reply => ({ status: 200, headers: { 'content-type': 'application/json' }, body: awsFixture('bedrock-converse-tool-use-invoice-de.json') });
const bedrockError = (status: number, type: string, fixture: string): Reply => ({
  status,
  headers: { 'content-type': 'application/json', 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` },
  body: awsFixture(fixture),
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 8, 7]);
const OFFICE_TEXT = new TextEncoder().encode('Rechnung Nr. RE-2025-117 vom 03.04.2025, Beratung 8 Std. 95,00, Gesamtbetrag 1.047,20 EUR');

function textractExtractor(handler: ScriptedHandler, maxAttempts = FAST.maxAttempts) {
  const settings = { ...FAST, region: REGION, maxAttempts };
  return createAwsExtractor({
    region: REGION,
    textract: createTextractClient(settings, { requestHandler: asRequestHandler(handler), credentials: CREDENTIALS }),
    timeoutMs: 5_000,
    maxAttempts,
  });
}

function bedrockExtractor(handler: ScriptedHandler, maxAttempts = FAST.maxAttempts, timeoutMs = 5_000) {
  const settings = { ...FAST, region: REGION, maxAttempts };
  return createAwsExtractor({
    region: REGION,
    textract: createTextractClient(settings, { requestHandler: asRequestHandler(new ScriptedHandler([])), credentials: CREDENTIALS }),
    bedrock: createBedrockClient(settings, { requestHandler: asRequestHandler(handler), credentials: CREDENTIALS }),
    modelId: MODEL,
    timeoutMs,
    maxAttempts,
  });
}

describe('Textract through the SDK retry middleware', () => {
  it('retries a throttled AnalyzeExpense and succeeds on the second attempt', async () => {
    const handler = new ScriptedHandler([textractError(500, 'http-textract-throttling-exception.json'), textractOk()]);

    const result = await textractExtractor(handler).extract({ bytes: PNG, mimeType: 'image/png' });

    expect(result.invoiceNumber!.value).toBe('F-2025-0042');
    expect(handler.requests).toHaveLength(2);
    const [first, second] = handler.requests as [SeenRequest, SeenRequest];
    expect(first.hostname).toBe('textract.eu-west-3.amazonaws.com');
    expect(first.headers['x-amz-target']).toBe('Textract.AnalyzeExpense');
    expect(JSON.parse(first.body)).toEqual({ Document: { Bytes: Buffer.from(PNG).toString('base64') } });
    expect(second.headers['amz-sdk-request']).toBe('attempt=2; max=3');
  });

  it('ends persistent throttling in UPSTREAM_UNAVAILABLE after maxAttempts attempts', async () => {
    const handler = new ScriptedHandler([textractError(400, 'http-textract-provisioned-throughput-exceeded.json')]);

    const err = await textractExtractor(handler, 3)
      .extract({ bytes: PNG, mimeType: 'image/png' })
      .catch((e: unknown) => e);

    expect(err).toBeInstanceOf(UpstreamUnavailableError);
    expect((err as ServiceError).code).toBe('UPSTREAM_UNAVAILABLE');
    expect((err as UpstreamUnavailableError).reason).toBe('throttled');
    expect((err as UpstreamUnavailableError).attempts).toBe(3);
    expect((err as Error).message).toContain('ProvisionedThroughputExceededException');
    expect(handler.requests).toHaveLength(3);
  });
});

describe('Bedrock Converse through the SDK retry middleware', () => {
  it('retries a throttled Converse (429) and succeeds; the request carries the EU profile and the forced tool', async () => {
    const handler = new ScriptedHandler([bedrockError(429, 'ThrottlingException', 'http-bedrock-throttling-exception.json'), converseOk()]);

    const result = await bedrockExtractor(handler).extract({ bytes: OFFICE_TEXT, mimeType: 'text/plain' });

    expect(result.invoiceNumber!.value).toBe('RE-2025-117');
    expect(handler.requests).toHaveLength(2);
    const request = handler.requests[1]!;
    expect(request.hostname).toBe('bedrock-runtime.eu-west-3.amazonaws.com');
    expect(decodeURIComponent(request.path)).toBe(`/model/${MODEL}/converse`);
    const body = JSON.parse(request.body) as { toolConfig: { toolChoice: unknown; tools: Array<{ toolSpec: { name: string } }> } };
    expect(body.toolConfig.toolChoice).toEqual({ tool: { name: 'record_invoice' } });
    expect(body.toolConfig.tools[0]!.toolSpec.name).toBe('record_invoice');
  });

  it('retries ServiceQuotaExceededException, which the SDK alone would not', async () => {
    const handler = new ScriptedHandler([bedrockError(400, 'ServiceQuotaExceededException', 'http-bedrock-service-quota-exceeded.json'), converseOk()]);

    const result = await bedrockExtractor(handler).extract({ bytes: OFFICE_TEXT, mimeType: 'text/plain' });

    expect(result.method).toBe('bedrock');
    expect(handler.requests).toHaveLength(2);
  });

  it('does not retry a ValidationException and reports it as an operator error', async () => {
    const handler = new ScriptedHandler([bedrockError(400, 'ValidationException', 'http-bedrock-validation-exception.json'), converseOk()]);

    const err = await bedrockExtractor(handler)
      .extract({ bytes: OFFICE_TEXT, mimeType: 'text/plain' })
      .catch((e: unknown) => e);

    expect(err).toBeInstanceOf(AwsCallError);
    expect((err as AwsCallError).awsErrorName).toBe('ValidationException');
    expect(handler.requests).toHaveLength(1);
  });

  it('ends persistent throttling in UPSTREAM_UNAVAILABLE after maxAttempts attempts', async () => {
    const handler = new ScriptedHandler([bedrockError(429, 'ThrottlingException', 'http-bedrock-throttling-exception.json')]);

    const err = await bedrockExtractor(handler, 4)
      .extract({ bytes: OFFICE_TEXT, mimeType: 'text/plain' })
      .catch((e: unknown) => e);

    expect((err as ServiceError).code).toBe('UPSTREAM_UNAVAILABLE');
    expect((err as UpstreamUnavailableError).attempts).toBe(4);
    expect(handler.requests).toHaveLength(4);
  });

  it('aborts a hanging request at the extraction deadline', async () => {
    const handler = new ScriptedHandler(['hang']);
    const started = Date.now();

    const err = await bedrockExtractor(handler, 3, 100)
      .extract({ bytes: OFFICE_TEXT, mimeType: 'text/plain' })
      .catch((e: unknown) => e);

    expect((err as UpstreamUnavailableError).reason).toBe('timeout');
    // Stopped by its own 100 ms deadline (the handler hangs for ever; this file's extractors otherwise have 5 s): 4 s
    // leaves a loaded machine forty times the deadline and still tells the two apart.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(handler.requests[0]!.signal?.aborted).toBe(true);
  });
});

describe('backoff', () => {
  const options = { baseDelayMs: 100, maxDelayMs: 1_000 };

  it('doubles the ceiling at each retry, with jitter in its upper half, up to the cap', () => {
    const low = [0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, { ...options, random: () => 0 }));
    const high = [0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, { ...options, random: () => 0.999999 }));
    expect(low).toEqual([50, 100, 200, 400, 500, 500]);
    expect(high).toEqual([100, 200, 400, 800, 1_000, 1_000]);
  });

  const info = (errorType: RetryErrorInfo['errorType'], name = 'X'): RetryErrorInfo => ({ errorType, error: Object.assign(new Error(name), { name }) }) as RetryErrorInfo;

  it('retries throttling and transient errors up to maxAttempts, then declines', async () => {
    const strategy = createRetryStrategy({ maxAttempts: 3, ...options });
    let token = await strategy.acquireInitialRetryToken('');
    token = await strategy.refreshRetryTokenForRetry(token, info('THROTTLING'));
    expect(token.getRetryCount()).toBe(1);
    token = await strategy.refreshRetryTokenForRetry(token, info('TRANSIENT'));
    expect(token.getRetryCount()).toBe(2);
    await expect(strategy.refreshRetryTokenForRetry(token, info('THROTTLING'))).rejects.toThrow(/3 attempts/);
  });

  it('declines client errors except the named retryable ones', async () => {
    const strategy = createRetryStrategy({ maxAttempts: 5, ...options });
    const token = await strategy.acquireInitialRetryToken('');
    await expect(strategy.refreshRetryTokenForRetry(token, info('CLIENT_ERROR', 'ValidationException'))).rejects.toThrow();
    await expect(strategy.refreshRetryTokenForRetry(token, info('CLIENT_ERROR', 'ServiceQuotaExceededException'))).resolves.toBeDefined();
    await expect(strategy.refreshRetryTokenForRetry(token, info('CLIENT_ERROR', 'ModelNotReadyException'))).resolves.toBeDefined();
  });

  it('waits at least as long as a Retry-After hint, within the cap', async () => {
    const strategy = createRetryStrategy({ maxAttempts: 5, ...options, random: () => 0 });
    const token = await strategy.acquireInitialRetryToken('');
    const hinted = await strategy.refreshRetryTokenForRetry(token, { ...info('THROTTLING'), retryAfterHint: new Date(Date.now() + 700) });
    expect(hinted.getRetryDelay()).toBeGreaterThan(600);
    expect(hinted.getRetryDelay()).toBeLessThanOrEqual(1_000);
    const capped = await strategy.refreshRetryTokenForRetry(token, { ...info('THROTTLING'), retryAfterHint: new Date(Date.now() + 60_000) });
    expect(capped.getRetryDelay()).toBe(1_000);
  });
});
