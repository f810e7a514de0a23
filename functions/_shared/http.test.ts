import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { EncodingError, InputError } from '../../lib/errors.js';
import { jsonEndpoint, strictUtf8Body, type EndpointAnswer } from './http.js';

type Request = Parameters<NonNullable<ReturnType<typeof strictUtf8Body>['before']>>[0];

/** Runs the middleware's `before` on an event with this body and (lower-cased) content type. */
function check(body: string | Buffer | null, contentType: string, acceptXml = true): unknown {
  const event = {
    headers: { 'content-type': contentType },
    body: Buffer.isBuffer(body) ? body.toString('base64') : body,
    isBase64Encoded: Buffer.isBuffer(body),
  } as unknown as APIGatewayProxyEvent;
  try {
    strictUtf8Body(acceptXml).before!({ event } as Request);
    return undefined;
  } catch (err) {
    return err;
  }
}

function detailOf(err: unknown): Record<string, unknown> {
  expect(err).toBeInstanceOf(EncodingError);
  const e = err as EncodingError;
  expect(e.code).toBe('BAD_REQUEST');
  expect(e.details).toHaveLength(1);
  return e.details![0] as Record<string, unknown>;
}

const latin1Xml = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><r>Société</r>', 'latin1');

describe('strictUtf8Body', () => {
  it('lets well-formed UTF-8 through, as text or as base64', () => {
    expect(check('{"name":"Société 😀 €"}', 'application/json')).toBeUndefined();
    expect(check(Buffer.from('{"name":"Société 😀 €"}'), 'application/json; charset=utf-8')).toBeUndefined();
    expect(check(Buffer.from('<r>Société</r>'), 'application/xml')).toBeUndefined();
    expect(check(Buffer.from('\ufeff<r/>'), 'text/xml')).toBeUndefined();
    expect(check('', 'application/json')).toBeUndefined();
    expect(check(null, 'application/json')).toBeUndefined();
  });

  it('refuses invalid bytes in a base64 body with the byte offset of the first bad sequence', () => {
    const detail = detailOf(check(latin1Xml, 'application/xml'));
    const offset = latin1Xml.indexOf(0xe9);
    expect(detail).toMatchObject({ path: 'body', reason: 'encoding', byteOffset: offset });
    expect(detail.message).toContain(`byte offset ${offset}`);
    expect(detail.message).toContain('0xE9');
  });

  it.each([
    ['an overlong form', [0xc0, 0xaf]],
    ['a surrogate encoded in UTF-8', [0xed, 0xa0, 0x80]],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a stray continuation byte', [0x80]],
  ])('refuses %s in a JSON body', (_name, bad) => {
    const body = Buffer.concat([Buffer.from('{"a":"xé'), Buffer.from(bad), Buffer.from('"}')]);
    const detail = detailOf(check(body, 'application/json'));
    expect(detail).toMatchObject({ path: 'body', reason: 'encoding', byteOffset: Buffer.byteLength('{"a":"xé') });
  });

  it('refuses a body cut inside a sequence, and says so', () => {
    const body = Buffer.concat([Buffer.from('{"a":"x"}'), Buffer.from([0xe2, 0x82])]);
    const detail = detailOf(check(body, 'application/json'));
    expect(detail).toMatchObject({ byteOffset: 9 });
    expect(detail.message).toMatch(/ends inside a UTF-8 sequence/);
  });

  it('names the encoding an XML declaration gives, when it is not UTF-8', () => {
    const declared = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><r>Société</r>', 'latin1');
    expect(detailOf(check(declared, 'text/xml')).message).toMatch(/names "ISO-8859-1", and only UTF-8 is accepted/);
    expect(detailOf(check(latin1Xml, 'text/xml')).message).not.toMatch(/names/);
  });

  it('refuses a text body holding an unpaired surrogate (it has no UTF-8 form)', () => {
    const detail = detailOf(check('{"a":"é\ud800"}', 'application/json'));
    expect(detail).toMatchObject({ path: 'body', reason: 'encoding', byteOffset: Buffer.byteLength('{"a":"é') });
    expect(detail.message).toContain('U+D800');
  });

  it('checks XML only where the endpoint reads XML, and leaves other media types to the 415 check', () => {
    expect(check(latin1Xml, 'application/xml', false)).toBeUndefined();
    expect(check(latin1Xml, 'application/octet-stream')).toBeUndefined();
    expect(check(latin1Xml, 'text/plain')).toBeUndefined();
    expect(check(latin1Xml, 'application/vnd.example+json')).toBeInstanceOf(EncodingError);
    expect(check(latin1Xml, 'application/vnd.example+xml')).toBeInstanceOf(EncodingError);
  });
});

describe('jsonEndpoint', () => {
  const event = (body: string) =>
    ({ headers: { 'Content-Type': 'application/json' }, body, isBase64Encoded: false, requestContext: { requestId: 'r-1' } }) as unknown as APIGatewayProxyEvent;
  const context = (remainingMs = 30_000) => {
    const deadline = Date.now() + remainingMs;
    return { functionName: 'test', awsRequestId: 'a-1', getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()) } as unknown as Context;
  };

  it('answers the same envelope whether its function answers at once or through a promise', async () => {
    const sync = jsonEndpoint('v9', (req) => ({ data: req.body, meta: { extra: 1 } }));
    const async = jsonEndpoint('v9', async (req) => ({ data: req.body, meta: { extra: 1 } }));
    for (const handler of [sync, async]) {
      const res = await handler(event('{"a":[1,"é"]}'), context());
      expect(res.statusCode).toBe(200);
      expect(res.headers).toEqual({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      const body = JSON.parse(res.body);
      expect(body).toEqual({ success: true, data: { a: [1, 'é'] }, meta: { processingTimeMs: expect.any(Number), apiVersion: 'v9', extra: 1 } });
    }
  });

  it('maps an error thrown at once and a rejected promise alike', async () => {
    const problem = () => new InputError('The request body has 1 problem.', [{ path: 'a', message: 'is wrong' }]);
    const sync = jsonEndpoint('v9', () => {
      throw problem();
    });
    const async = jsonEndpoint('v9', async () => {
      throw problem();
    });
    const answers = await Promise.all([sync, async].map(async (h) => await h(event('{}'), context())));
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.statusCode).toBe(400);
    expect(JSON.parse(answers[0]!.body).error.details).toEqual([{ path: 'a', message: 'is wrong' }]);
  });

  it('still gives a promised answer up at middy’s early timeout, before the invocation’s time is over', async () => {
    const slow = jsonEndpoint('v9', () => new Promise<EndpointAnswer>((resolve) => setTimeout(() => resolve({ data: 1 }), 2_000)));
    const started = Date.now();
    const res = await slow(event('{}'), context(60));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body).error.code).toBe('INTERNAL_ERROR');
  });
});
