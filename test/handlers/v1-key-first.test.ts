/**
 * v1 answers 401 for a missing or unknown key whatever else fails to load
 * (issue 14, point 6): the AWS SDK, the AWS extractor and the conversion and
 * validation code are made to fail at import; the key check still answers
 * 401, and a request with a valid key then meets the failure (500), which
 * proves the failing modules are really on its path.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { context, loadEvent } from './load-event.js';

const BROKEN = 'deliberately broken for this test';
vi.mock('@aws-sdk/client-dynamodb', () => {
  throw new Error(`@aws-sdk/client-dynamodb ${BROKEN}`);
});
vi.mock('@aws-sdk/lib-dynamodb', () => {
  throw new Error(`@aws-sdk/lib-dynamodb ${BROKEN}`);
});
vi.mock('@aws-sdk/client-textract', () => {
  throw new Error(`@aws-sdk/client-textract ${BROKEN}`);
});
vi.mock('../../adapters/aws/extract/index.js', () => {
  throw new Error(`the AWS extractor ${BROKEN}`);
});
vi.mock('../../lib/v1/convert.js', () => {
  throw new Error(`lib/v1/convert ${BROKEN}`);
});
vi.mock('../../lib/generate.js', () => {
  throw new Error(`lib/generate ${BROKEN}`);
});

type Handler = (event: APIGatewayProxyEvent, ctx: typeof context) => Promise<{ statusCode: number; body: string }>;

async function handlers(): Promise<{ convert: Handler; validate: Handler }> {
  vi.resetModules();
  const [{ handler: convert }, { handler: validate }] = await Promise.all([import('../../functions/v1-convert.js'), import('../../functions/v1-validate.js')]);
  return { convert: convert as unknown as Handler, validate: validate as unknown as Handler };
}

function request(name: string, opts: { apiKey?: string; authorizer?: Record<string, unknown> } = {}): APIGatewayProxyEvent {
  const event = loadEvent(name);
  for (const h of Object.keys(event.headers)) if (/^(x-api-key|authorization)$/i.test(h)) delete event.headers[h];
  if (opts.apiKey !== undefined) event.headers['X-API-Key'] = opts.apiKey;
  event.requestContext = { ...event.requestContext, authorizer: opts.authorizer ?? null } as APIGatewayProxyEvent['requestContext'];
  return event;
}

const error = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, code: (JSON.parse(res.body) as { error?: { code?: string } }).error?.code });

beforeEach(() => {
  vi.unstubAllEnvs();
});
afterAll(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('v1 on AWS (CREDITS_TABLE, EXTRACTOR=aws) with the SDK and the extractor failing to load', () => {
  beforeEach(() => {
    vi.stubEnv('CREDITS_TABLE', 'credits-test');
    vi.stubEnv('IDEMPOTENCY_TABLE', 'idempotency-test');
    vi.stubEnv('EXTRACTOR', 'aws');
    vi.stubEnv('AWS_REGION', 'eu-west-3');
  });

  it('answers 401 to a request with no key, on convert and validate', async () => {
    const { convert, validate } = await handlers();
    expect(error(await convert(request('v1-convert/facturx-pdf.json'), context))).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    expect(error(await validate(request('v1-validate/v2-shape.json'), context))).toEqual({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('answers 401 to a key the authorizer did not vouch for (no authorizer context)', async () => {
    const { convert, validate } = await handlers();
    const apiKey = 'fx_live_unknownunknownunknownunknown0';
    expect(error(await convert(request('v1-convert/facturx-pdf.json', { apiKey }), context))).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    expect(error(await validate(request('v1-validate/v2-shape.json', { apiKey }), context))).toEqual({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('answers 500 to a valid key: the broken modules are on the path past the key check', async () => {
    const { convert, validate } = await handlers();
    const authorizer = { keyId: 'k-123', plan: 'starter' };
    expect(error(await convert(request('v1-convert/facturx-pdf.json', { apiKey: 'fx_live_knownknownknownknownknownkn0', authorizer }), context))).toEqual({ status: 500, code: 'INTERNAL_ERROR' });
    expect(error(await validate(request('v1-validate/v2-shape.json', { apiKey: 'fx_live_knownknownknownknownknownkn0', authorizer }), context))).toEqual({ status: 500, code: 'INTERNAL_ERROR' });
  });
});

describe('v1 locally with the conversion code failing to load', () => {
  it('answers 401 to a missing key and to an unknown one', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'v1-key-first-')));
    const { convert, validate } = await handlers();
    expect(error(await convert(request('v1-convert/facturx-pdf.json'), context))).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    expect(error(await convert(request('v1-convert/facturx-pdf.json', { apiKey: 'fx_live_00000000000000000000000000000000' }), context))).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    expect(error(await validate(request('v1-validate/v2-shape.json', { apiKey: 'fx_live_00000000000000000000000000000000' }), context))).toEqual({ status: 401, code: 'UNAUTHORIZED' });
  });
});
