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
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
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

/** A route that matches a request path, with the values of its `{name}` parameters. */
export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/**
 * Finds the routes whose path matches a request path, in the order of `routes` (the order of `Allow` on a 405).
 * Compiled once: a path without `{name}` parameters is looked up by its exact text, with the parameterised routes
 * that also match it worked out in advance; any other path is tried against the parameterised routes only (it cannot
 * equal a plain one).
 */
export function routeMatcher(routes: readonly Route[]): (path: string) => RouteMatch[] {
  const templated = routes.filter((r) => r.path.includes('{'));
  const exact = new Map<string, RouteMatch[]>();
  for (const r of routes) {
    if (r.path.includes('{') || exact.has(r.path)) continue;
    exact.set(
      r.path,
      routes.flatMap((other) => {
        const params = matchPath(other.path, r.path);
        return params === undefined ? [] : [{ route: other, params }];
      }),
    );
  }
  return (path) => {
    const known = exact.get(path);
    // Fresh parameter objects: the handler receives them in its event and may change them.
    if (known !== undefined) return known.map((m) => ({ route: m.route, params: { ...m.params } }));
    const found: RouteMatch[] = [];
    for (const r of templated) {
      const params = matchPath(r.path, path);
      if (params !== undefined) found.push({ route: r, params });
    }
    return found;
  };
}

/** Creates the HTTP server (not yet listening). */
export function createApp(options: AppOptions = {}): Server {
  const limit = options.v2RateLimitPerMinute ?? 60;
  const limiter: RateLimiter | undefined = limit <= 0 ? undefined : (options.rateLimiter ?? new SlidingWindowLimiter(limit));
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  const matchRoutes = routeMatcher(ROUTES);
  const loading = new Map<Route, Promise<ApiHandler>>();
  const loaded = new Map<Route, ApiHandler>();
  const load = (route: Route): Promise<ApiHandler> => {
    let h = loading.get(route);
    if (!h) {
      loading.set(route, (h = route.load()));
      h.then((handler) => loaded.set(route, handler), () => undefined);
    }
    return h;
  };
  const timeoutMessage = `The request was not answered within ${Math.round(requestTimeoutMs / 1000)} s.`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Parsed once: the route is chosen on its path, and the event is built from it (path, query string).
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const candidates = matchRoutes(path);
    if (candidates.length === 0) {
      req.resume();
      writeProxyResult(res, envelope(404, 'NOT_FOUND', `No endpoint at ${path}. See /api/docs.`));
      return;
    }
    const match = candidates.find((c) => c.route.method === req.method);
    if (!match) {
      req.resume();
      const allow = candidates.map((c) => c.route.method).join(', ');
      writeProxyResult(res, envelope(405, 'METHOD_NOT_ALLOWED', `Use ${allow} on ${path}.`, { Allow: allow }));
      return;
    }
    const { route, params } = match;
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
    const handler = loaded.get(route) ?? (await load(route));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<APIGatewayProxyResult>((resolve) => {
      timer = setTimeout(() => resolve(envelope(504, 'REQUEST_TIMEOUT', timeoutMessage)), requestTimeoutMs);
    });
    try {
      writeProxyResult(res, await Promise.race([handler(toProxyEvent(req, body, route.path, params, url), localContext(route.name, requestTimeoutMs)), timedOut]));
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
