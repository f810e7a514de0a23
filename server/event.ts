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

/**
 * Builds the proxy event for `req` with its already-read body; `pathParameters` are the values of the resource's
 * `{name}` parts; `url` is `req.url` already parsed (against `http://localhost`), when the caller has it.
 */
export function toProxyEvent(
  req: IncomingMessage,
  body: Buffer,
  resource: string,
  pathParameters: Record<string, string> = {},
  url: URL = new URL(req.url ?? '/', 'http://localhost'),
): APIGatewayProxyEvent {
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
  // `search` is '' when there is no query (or a bare `?`): no URLSearchParams to build then.
  const params = url.search === '' ? undefined : url.searchParams;
  if (params) {
    for (const [k, v] of params) {
      query[k] = v;
      (multiQuery[k] ??= []).push(v);
    }
  }
  const hasQuery = params !== undefined && params.size > 0;
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
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
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

/**
 * The remaining time of an invocation that ends at `deadline`. A closure, as middy calls it detached from its
 * context; made here rather than as a named property of the context, which tsx (esbuild's keepNames) would name
 * with a `defineProperty` on every request.
 */
function remainingTime(deadline: number): () => number {
  return () => Math.max(0, deadline - Date.now());
}

/** The callbacks of the old Lambda programming model: nothing to do locally. */
function done(): undefined {
  return undefined;
}
function fail(): undefined {
  return undefined;
}
function succeed(): undefined {
  return undefined;
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
    getRemainingTimeInMillis: remainingTime(deadline),
    done,
    fail,
    succeed,
  };
}

/** Writes a handler result to the HTTP response (base64 bodies decoded, headers kept). */
export function writeProxyResult(res: ServerResponse, result: APIGatewayProxyResult): void {
  // A text body is written as the string it is (the socket encodes it once), not first copied into a Buffer.
  const body: Buffer | string = result.body == null ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  const headers: Record<string, string | number | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  for (const [k, v] of Object.entries(result.multiValueHeaders ?? {})) headers[k] = v.map(String);
  headers['Content-Length'] = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length;
  res.writeHead(result.statusCode, headers);
  res.end(body, 'utf8');
}
