/**
 * The middy stack every JSON endpoint shares: header normalisation, a body
 * size limit, strict UTF-8, JSON body parsing, timing, and the one error mapping.
 * Handlers built with `jsonEndpoint` receive the parsed body and return the
 * `data` of a success envelope (or a full HTTP result for binary answers).
 */
import middy, { type MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { EncodingError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../lib/errors.js';
import { findInvalidUtf8, findUnpairedSurrogate } from '../../lib/input/utf8.js';
import { declaredXmlEncoding } from '../../lib/xml/prologue-bytes.js';
import { mapError } from './errors.js';
import { logger } from './logger.js';

/** Largest body we accept: the synchronous Lambda payload limit (DECISIONS.md). */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;

/** Headers every JSON answer carries. */
const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

/** A JSON response with our headers. */
export function jsonResult(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

/** Milliseconds since `start`, rounded to an integer (meta.processingTimeMs). */
export function elapsedMs(start: number): number {
  return Math.round(performance.now() - start);
}

/** Lower-cases header names, so `Content-Type` checks work whatever case the client used. */
export function normalizeHeaders(): MiddlewareObj<APIGatewayProxyEvent> {
  return {
    before: (request) => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(request.event.headers ?? {})) if (v !== undefined) headers[k.toLowerCase()] = v;
      request.event.headers = headers;
    },
  };
}

/** Refuses bodies over `limit` bytes with 413 before any parsing. */
export function bodyLimit(limit = MAX_BODY_BYTES): MiddlewareObj<APIGatewayProxyEvent> {
  return {
    before: (request) => {
      const body = request.event.body;
      if (typeof body !== 'string') return;
      const bytes = request.event.isBase64Encoded ? Math.floor((body.length * 3) / 4) : Buffer.byteLength(body, 'utf8');
      if (bytes > limit) throw new PayloadTooLargeError(limit);
    },
  };
}

/** Turns any error into the envelope (the last middleware to see it). */
export function errorEnvelope(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    onError: (request) => {
      const mapped = mapError(request.error);
      request.response = jsonResult(mapped.statusCode, mapped.body, mapped.headers);
    },
  };
}

/** Media types read as raw XML when an endpoint accepts XML. */
const XML_TYPE = /^(application|text)\/(?:[\w.+-]+\+)?xml\s*(;|$)/i;
const JSON_TYPE = /^application\/(.+\+)?json\s*(;|$)/i;

/**
 * Refuses a JSON body, or an XML body where the endpoint reads XML, that is
 * not well-formed UTF-8, before anything parses it: 400 `BAD_REQUEST` with
 * `details[{path: "body", reason: "encoding", message, byteOffset}]` naming
 * the first bad sequence. A base64 body (API Gateway's binary form, and the
 * local server's form for text that is not UTF-8) is checked byte by byte; a
 * text body has already been decoded by whoever built the event, so what can
 * still be wrong with it is an unpaired surrogate. Without this, a decoder
 * further on would put U+FFFD where the bad bytes were and the invoice would
 * be read, validated and printed with characters the client never sent.
 * Other media types pass untouched (`acceptBody` answers them 415).
 */
export function strictUtf8Body(acceptXml: boolean): MiddlewareObj<APIGatewayProxyEvent> {
  return {
    before: (request) => {
      const { body, isBase64Encoded } = request.event;
      if (typeof body !== 'string' || body === '') return;
      const type = request.event.headers?.['content-type'] ?? '';
      const xml = acceptXml && XML_TYPE.test(type);
      if (!xml && !JSON_TYPE.test(type)) return;
      const what = xml ? 'XML' : 'JSON';
      if (isBase64Encoded) {
        const bytes = Buffer.from(body, 'base64');
        const fault = findInvalidUtf8(bytes);
        if (fault === undefined) return;
        const declared = xml ? declaredXmlEncoding(bytes) : undefined;
        const byte = `0x${fault.byte.toString(16).toUpperCase().padStart(2, '0')}`;
        const message =
          (fault.truncated
            ? `the body ends inside a UTF-8 sequence starting at byte offset ${fault.offset} (${byte})`
            : `invalid UTF-8 sequence at byte offset ${fault.offset} (byte ${byte})`) +
          (declared !== undefined && !/^utf-?8$/i.test(declared) ? `; the XML declaration names "${declared}", and only UTF-8 is accepted` : '');
        throw new EncodingError(`The ${what} body is not valid UTF-8.`, { path: 'body', message, byteOffset: fault.offset });
      }
      const lone = findUnpairedSurrogate(body);
      if (lone === undefined) return;
      throw new EncodingError(`The ${what} body is not valid UTF-8.`, {
        path: 'body',
        message: `unpaired surrogate ${lone.codeUnit} at byte offset ${lone.byteOffset}: not a Unicode character, it has no UTF-8 form`,
        byteOffset: lone.byteOffset,
      });
    },
  };
}

/**
 * After the JSON body parser: lets raw XML through as `event.body` text when
 * the endpoint accepts it (base64 decoded), and refuses every other media type
 * with 415.
 */
export function acceptBody(acceptXml: boolean): MiddlewareObj<APIGatewayProxyEvent> {
  return {
    before: (request) => {
      const type = request.event.headers?.['content-type'] ?? '';
      if (JSON_TYPE.test(type)) return;
      if (acceptXml && XML_TYPE.test(type)) {
        const body = request.event.body ?? '';
        // Binary (base64) bodies stay bytes, so the XML parser sees invalid UTF-8 as such.
        const xml = request.event.isBase64Encoded ? Buffer.from(body, 'base64') : body;
        (request.event as APIGatewayProxyEvent & { rawXml?: string | Buffer }).rawXml = xml;
        return;
      }
      throw new UnsupportedMediaTypeError(type || undefined, acceptXml ? ['application/json', 'application/xml', 'text/xml'] : ['application/json']);
    },
  };
}

/** What a JSON endpoint's core function gets. */
export interface JsonRequest {
  /** The parsed JSON body (undefined when the body was raw XML). */
  body: unknown;
  /** The raw XML (text, or bytes when the body came base64-encoded), when the endpoint accepts XML and the body was sent as XML. */
  xml?: string | Buffer;
  event: APIGatewayProxyEvent;
  /** The invocation's context: its remaining time bounds every isolated job (./isolate.ts). */
  context: Context;
  /** `performance.now()` at the start of the invocation. */
  startedAt: number;
}

/** A handler's answer: a success `data` with optional `meta`, or a raw HTTP result (e.g. a PDF). */
export type EndpointAnswer = { data: unknown; meta?: Record<string, unknown> } | { http: APIGatewayProxyResult };

/** The Lambda handler type of every endpoint. */
export type ApiHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * Builds a JSON endpoint: the body is parsed as JSON (415 for another media
 * type, 400 for malformed JSON), and `fn`'s answer is wrapped in the success
 * envelope with `meta.processingTimeMs` and `meta.apiVersion`.
 */
export function jsonEndpoint(
  apiVersion: string,
  fn: (req: JsonRequest) => Promise<EndpointAnswer> | EndpointAnswer,
  options: { acceptXml?: boolean } = {},
): ApiHandler {
  const respond = (answer: EndpointAnswer, startedAt: number): APIGatewayProxyResult => {
    if ('http' in answer) return answer.http;
    return jsonResult(200, {
      success: true,
      data: answer.data,
      meta: { processingTimeMs: elapsedMs(startedAt), apiVersion, ...answer.meta },
    });
  };
  // Synchronous when `fn` is: middy races a promise from the handler against its early timeout (a timer, a promise
  // and a race per request), which a synchronous answer, already computed, cannot lose.
  const core = (event: APIGatewayProxyEvent, context: Context): APIGatewayProxyResult | Promise<APIGatewayProxyResult> => {
    const startedAt = (event as APIGatewayProxyEvent & { __startedAt?: number }).__startedAt ?? performance.now();
    const rawXml = (event as APIGatewayProxyEvent & { rawXml?: string | Buffer }).rawXml;
    const answer = fn({ body: rawXml === undefined ? (event.body as unknown) : undefined, ...(rawXml === undefined ? {} : { xml: rawXml }), event, context, startedAt });
    return answer instanceof Promise ? answer.then((a) => respond(a, startedAt)) : respond(answer, startedAt);
  };
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(startClock())
    .use(withLogging())
    .use(normalizeHeaders())
    .use(bodyLimit())
    .use(strictUtf8Body(options.acceptXml ?? false))
    .use(jsonBody())
    .use(acceptBody(options.acceptXml ?? false))
    .use(errorEnvelope())
    .handler(core) as unknown as ApiHandler;
}

/**
 * middy's JSON body parser, with a fast path: middy parses with a reviver that
 * refuses `__proto__` (and `constructor` with a prototype) keys, which calls a
 * function for every value. A text that holds neither word and no `\u` escape
 * (through which a key could spell them) cannot have such a key, so plain
 * JSON.parse gives the same value; anything else, and every parse error, goes
 * through middy's own parser, so the answers (415, 422 and their messages) stay
 * middy's.
 */
function jsonBody(): MiddlewareObj<APIGatewayProxyEvent> {
  const middyParser = httpJsonBodyParser({ disableContentTypeError: true });
  return {
    before: (request) => {
      const { body, isBase64Encoded, headers } = request.event;
      const type = headers?.['content-type'] ?? headers?.['Content-Type'];
      if (typeof body === 'string' && !isBase64Encoded && type !== undefined && MIDDY_JSON_TYPE.test(type) && !MAY_HIDE_FORBIDDEN_KEY.test(body)) {
        try {
          request.event.body = JSON.parse(body) as never;
          return;
        } catch {
          // middy's parser answers it.
        }
      }
      return middyParser.before!(request as never);
    },
  };
}

/** The media types middy's parser reads (its `jsonContentTypePattern`); it leaves the others alone. */
const MIDDY_JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json(;|$)/i;
/** What a forbidden key can hide behind: the words themselves, or a unicode escape. */
const MAY_HIDE_FORBIDDEN_KEY = /__proto__|constructor|\\u/;

/**
 * Powertools context for every log line: function name and version, cold
 * start, the Lambda request id, and the API Gateway request id
 * (`requestContext.requestId`) as correlation id. Done by hand rather than
 * with Powertools' injectLambdaContext, which costs about 0.1 ms a request
 * (a JMESPath search and key resets) on a path that answers in a few tenths.
 */
function withLogging(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    before: (request) => {
      logger.addContext(request.context);
      logger.setCorrelationId(request.event.requestContext?.requestId);
    },
  };
}

/** Records the start of the invocation on the event (so parsing time counts). */
function startClock(): MiddlewareObj<APIGatewayProxyEvent> {
  return {
    before: (request) => {
      (request.event as APIGatewayProxyEvent & { __startedAt?: number }).__startedAt = performance.now();
    },
  };
}

/** A plain GET endpoint (no body): health, OpenAPI, docs. */
export function getEndpoint(fn: (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult> | APIGatewayProxyResult): ApiHandler {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(withLogging())
    .use(normalizeHeaders())
    .use(errorEnvelope())
    .handler(async (event) => fn(event)) as unknown as ApiHandler;
}
