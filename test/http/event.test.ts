/**
 * The local server's API Gateway stand-in (server/event.ts): the event built from a request, whether the caller
 * passes the URL it already parsed or not, and the response written from a handler result.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { localContext, toProxyEvent, writeProxyResult } from '../../server/event.js';

function request(url: string, headers: [string, string][] = [['Content-Type', 'application/json']]): IncomingMessage {
  return {
    url,
    method: 'POST',
    httpVersion: '1.1',
    rawHeaders: headers.flat(),
    headers: Object.fromEntries(headers.map(([k, v]) => [k.toLowerCase(), v])),
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as IncomingMessage;
}

/** The event without what changes with every call (request id, time). */
function stable(event: ReturnType<typeof toProxyEvent>) {
  const { requestId, requestTimeEpoch, ...context } = event.requestContext;
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(requestTimeEpoch).toBeGreaterThan(0);
  return { ...event, requestContext: context };
}

describe('toProxyEvent', () => {
  const urls = ['/api/v2/xml', '/api/v2/xml?', '/api/v2/xml?syntax=ubl', '/api/v2/xml?rules=fr&rules=en16931&x', '/api/v1/jobs/a%20b?x=%41#frag', '/api//v2/./xml/'];

  it('builds the same event from the URL the server parsed as from the request alone', () => {
    const body = Buffer.from('{"a":1}');
    for (const url of urls) {
      const req = request(url);
      expect(stable(toProxyEvent(req, body, '/r', { id: 'x' }, new URL(url, 'http://localhost')))).toEqual(stable(toProxyEvent(req, body, '/r', { id: 'x' })));
    }
  });

  it('has no query parameters without a query or with an empty one, and keeps every value of a repeated one', () => {
    const body = Buffer.alloc(0);
    expect(toProxyEvent(request('/p'), body, '/p').queryStringParameters).toBeNull();
    expect(toProxyEvent(request('/p?'), body, '/p').multiValueQueryStringParameters).toBeNull();
    const event = toProxyEvent(request('/p?rules=fr&rules=en16931&x'), body, '/p');
    expect(event.queryStringParameters).toEqual({ rules: 'en16931', x: '' });
    expect(event.multiValueQueryStringParameters).toEqual({ rules: ['fr', 'en16931'], x: [''] });
    expect(event.path).toBe('/p');
    expect(event.body).toBeNull();
  });

  it('passes text that is not UTF-8 as base64, the exact bytes', () => {
    const bytes = Buffer.from([0x7b, 0xe9, 0x7d]);
    const event = toProxyEvent(request('/p'), bytes, '/p');
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
  });
});

describe('localContext', () => {
  it('counts its remaining time down from the timeout, also when the function is called on its own', () => {
    const { getRemainingTimeInMillis, awsRequestId, functionName } = localContext('v2-xml', 10_000);
    expect(getRemainingTimeInMillis()).toBeGreaterThan(9_000);
    expect(getRemainingTimeInMillis()).toBeLessThanOrEqual(10_000);
    expect(localContext('v2-xml', 0).getRemainingTimeInMillis()).toBe(0);
    expect(awsRequestId).not.toBe(localContext('v2-xml').awsRequestId);
    expect(functionName).toBe('v2-xml');
  });
});

describe('writeProxyResult', () => {
  function capture() {
    const out: { status?: number; headers?: Record<string, unknown>; body?: Buffer } = {};
    const res = {
      writeHead: (status: number, headers: Record<string, unknown>) => Object.assign(out, { status, headers }),
      end: (chunk: string | Buffer, encoding?: BufferEncoding) => {
        out.body = typeof chunk === 'string' ? Buffer.from(chunk, encoding ?? 'utf8') : chunk;
      },
    } as unknown as ServerResponse;
    return { res, out };
  }

  it('writes a text body as UTF-8 with its length in bytes, headers as strings', () => {
    const { res, out } = capture();
    writeProxyResult(res, { statusCode: 201, headers: { 'X-Count': 3 as unknown as string }, multiValueHeaders: { 'Set-Cookie': ['a=1', 'b=2'] }, body: '{"n":"N°€😀"}' });
    expect(out.status).toBe(201);
    expect(out.body!.toString('utf8')).toBe('{"n":"N°€😀"}');
    expect(out.headers).toEqual({ 'X-Count': '3', 'Set-Cookie': ['a=1', 'b=2'], 'Content-Length': out.body!.length });
    expect(out.body!.length).toBe(18); // bytes, not the 13 UTF-16 units of the string
  });

  it('decodes a base64 body, and writes an empty one for a missing body', () => {
    const pdf = capture();
    writeProxyResult(pdf.res, { statusCode: 200, body: Buffer.from('%PDF-\xff', 'latin1').toString('base64'), isBase64Encoded: true });
    expect(pdf.out.body).toEqual(Buffer.from('%PDF-\xff', 'latin1'));
    expect(pdf.out.headers!['Content-Length']).toBe(6);
    const empty = capture();
    writeProxyResult(empty.res, { statusCode: 204, body: undefined as unknown as string });
    expect(empty.out.body!.length).toBe(0);
    expect(empty.out.headers!['Content-Length']).toBe(0);
  });
});
