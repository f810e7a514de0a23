/**
 * The local server: serves every route of functions/routes.ts through the very
 * same Lambda handlers, with an embedded stand-in for what API Gateway does in
 * front of them (body size limit, 404/405, per-client rate limit on v2).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyResult } from 'aws-lambda';
import type { ApiHandler } from '../functions/_shared/http.js';
import { MAX_BODY_BYTES } from '../functions/_shared/http.js';
import { ROUTES, type Route } from '../functions/routes.js';
import { localContext, toProxyEvent, writeProxyResult } from './event.js';
import { SlidingWindowLimiter } from './rate-limit.js';
import type { RateLimiter } from './rpc.js';

/** Server options (read from the environment by server/main.ts). */
export interface AppOptions {
  /** Requests per minute per client address on /api/v2 (0 = unlimited). Default 60. */
  v2RateLimitPerMinute?: number;
  /** Largest body accepted. Default 6 MB. */
  maxBodyBytes?: number;
  /** The v2 limiter to use instead of an in-process one (cluster workers share the primary's). */
  rateLimiter?: RateLimiter;
  /**
   * Time a handler has to answer, in ms (the Lambda context's remaining time bounds its isolated jobs); past it the
   * client gets 504 REQUEST_TIMEOUT, as API Gateway answers past its integration timeout. Default 30 s.
   */
  requestTimeoutMs?: number;
}

function envelope(statusCode: number, code: string, message: string, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify({ success: false, error: { code, message } }),
  };
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLarge());
        req.pause();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A route path with `{name}` parameters, compiled once: its pattern and the names of its parameters. */
interface PathPattern {
  regex: RegExp;
  names: string[];
}

const patterns = new Map<string, PathPattern>();

function compilePath(template: string): PathPattern {
  let compiled = patterns.get(template);
  if (compiled === undefined) {
    const names: string[] = [];
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    compiled = { regex: new RegExp(`^${pattern}$`), names };
    patterns.set(template, compiled);
  }
  return compiled;
}

/** Matches `path` against a route path with `{name}` parameters; the parameters, or undefined when it does not match. */
export function matchPath(template: string, path: string): Record<string, string> | undefined {
  const { regex, names } = compilePath(template);
  const m = regex.exec(path);
  if (!m) return undefined;
  const params: Record<string, string> = {};
  names.forEach((n, i) => {
    try {
      params[n] = decodeURIComponent(m[i + 1]!);
    } catch {
      params[n] = m[i + 1]!;
    }
  });
  return params;
}

/** Creates the HTTP server (not yet listening). */
export function createApp(options: AppOptions = {}): Server {
  const limit = options.v2RateLimitPerMinute ?? 60;
  const limiter: RateLimiter | undefined = limit <= 0 ? undefined : (options.rateLimiter ?? new SlidingWindowLimiter(limit));
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  const handlers = new Map<Route, Promise<ApiHandler>>();
  const load = (route: Route) => {
    let h = handlers.get(route);
    if (!h) handlers.set(route, (h = route.load()));
    return h;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '') || '/';
    const candidates = ROUTES.flatMap((r) => {
      const params = matchPath(r.path, path);
      return params === undefined ? [] : [{ ...r, params }];
    });
    if (candidates.length === 0) {
      req.resume();
      writeProxyResult(res, envelope(404, 'NOT_FOUND', `No endpoint at ${path}. See /api/docs.`));
      return;
    }
    const route = candidates.find((r) => r.method === req.method);
    if (!route) {
      req.resume();
      const allow = candidates.map((r) => r.method).join(', ');
      writeProxyResult(res, envelope(405, 'METHOD_NOT_ALLOWED', `Use ${allow} on ${path}.`, { Allow: allow }));
      return;
    }
    if (limiter && path.startsWith('/api/v2/')) {
      const wait = await limiter.take(req.socket.remoteAddress ?? 'unknown');
      if (wait > 0) {
        req.resume();
        writeProxyResult(res, envelope(429, 'RATE_LIMITED', 'More than the allowed requests per minute from this address.', { 'Retry-After': String(wait) }));
        return;
      }
    }
    let body: Buffer;
    try {
      body = await readBody(req, maxBody);
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        writeProxyResult(res, envelope(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds the limit of ${maxBody} bytes.`, { Connection: 'close' }));
        return;
      }
      throw err;
    }
    const handler = await load(ROUTES.find((r) => r.name === route.name)!);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<APIGatewayProxyResult>((resolve) => {
      timer = setTimeout(
        () => resolve(envelope(504, 'REQUEST_TIMEOUT', `The request was not answered within ${Math.round(requestTimeoutMs / 1000)} s.`)),
        requestTimeoutMs,
      );
    });
    try {
      writeProxyResult(res, await Promise.race([handler(toProxyEvent(req, body, route.path, route.params), localContext(route.name, requestTimeoutMs)), timedOut]));
    } finally {
      clearTimeout(timer);
    }
  }

  return createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) writeProxyResult(res, envelope(500, 'INTERNAL_ERROR', 'An internal error occurred.'));
      else res.destroy();
    });
  });
}
