/**
 * Turns a Node HTTP request into an API Gateway REST (v1 proxy) event and a
 * handler result back into an HTTP response, the way API Gateway does:
 * binary bodies travel base64-encoded, headers are kept. A text body that is
 * not valid UTF-8 is passed as base64 too (the exact bytes), so the handler
 * refuses it instead of reading replacement characters (API Gateway documents
 * text payloads as UTF-8 strings and says nothing of other bytes).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';

/** Media types API Gateway would pass as text; anything else is base64 (binary). */
const TEXT_TYPES = /^(application\/(json|xml|[\w.+-]+\+json|[\w.+-]+\+xml|x-www-form-urlencoded)|text\/)/i;

/** Builds the proxy event for `req` with its already-read body; `pathParameters` are the values of the resource's `{name}` parts. */
export function toProxyEvent(req: IncomingMessage, body: Buffer, resource: string, pathParameters: Record<string, string> = {}): APIGatewayProxyEvent {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    const value = req.rawHeaders[i + 1]!;
    headers[name] = value;
    (multiValueHeaders[name] ??= []).push(value);
  }
  const query: Record<string, string> = {};
  const multiQuery: Record<string, string[]> = {};
  for (const [k, v] of url.searchParams) {
    query[k] = v;
    (multiQuery[k] ??= []).push(v);
  }
  const contentType = req.headers['content-type'] ?? '';
  // Text that is not valid UTF-8 travels as base64 too: decoding it here would put U+FFFD where the bad
  // bytes were, and the handler could no longer refuse them (functions/_shared/http.ts, strictUtf8Body).
  const binary = body.length > 0 && (!TEXT_TYPES.test(contentType) || !isUtf8(body));
  const sourceIp = req.socket.remoteAddress ?? '127.0.0.1';
  const requestId = randomUUID();
  return {
    resource,
    path: url.pathname,
    httpMethod: req.method ?? 'GET',
    headers,
    multiValueHeaders,
    queryStringParameters: url.searchParams.size ? query : null,
    multiValueQueryStringParameters: url.searchParams.size ? multiQuery : null,
    pathParameters: Object.keys(pathParameters).length > 0 ? pathParameters : null,
    stageVariables: null,
    body: body.length === 0 ? null : binary ? body.toString('base64') : body.toString('utf8'),
    isBase64Encoded: binary,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: null,
      protocol: `HTTP/${req.httpVersion}`,
      httpMethod: req.method ?? 'GET',
      path: url.pathname,
      stage: 'local',
      requestId,
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: resource,
      identity: {
        accessKey: null, accountId: null, apiKey: null, apiKeyId: null, caller: null, clientCert: null,
        cognitoAuthenticationProvider: null, cognitoAuthenticationType: null, cognitoIdentityId: null,
        cognitoIdentityPoolId: null, principalOrgId: null, sourceIp, user: null,
        userAgent: req.headers['user-agent'] ?? null, userArn: null,
      },
    },
  };
}

/** A Lambda context good enough for local runs. */
export function localContext(functionName: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Writes a handler result to the HTTP response (base64 bodies decoded, headers kept). */
export function writeProxyResult(res: ServerResponse, result: APIGatewayProxyResult): void {
  const body = result.body == null ? Buffer.alloc(0) : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : Buffer.from(result.body, 'utf8');
  const headers: Record<string, string | number | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  for (const [k, v] of Object.entries(result.multiValueHeaders ?? {})) headers[k] = v.map(String);
  headers['Content-Length'] = body.length;
  res.writeHead(result.statusCode, headers);
  res.end(body);
}
