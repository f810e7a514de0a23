/**
 * Sends fuzzed requests (./cases.ts) to a running service over HTTP and
 * checks each answer: never a 5xx (503 SERVER_BUSY under overload aside, which
 * is counted apart), every error in the documented envelope, no stack trace or
 * internal path in a body, no header over 8 KB, every hostile document
 * answered within its time limit.
 */
import { request } from 'node:http';
import type { FuzzCase } from './cases.js';

/** One request's outcome. */
export interface FuzzOutcome {
  kind: string;
  path: string;
  status: number;
  ms: number;
  /** What was wrong with the answer, if anything. */
  problem?: string;
}

/** Totals of a campaign. */
export interface FuzzStats {
  requests: number;
  statuses: Record<string, number>;
  kinds: Record<string, number>;
  serverErrors: number;
  busy: number;
  problems: FuzzOutcome[];
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Sends one case and checks the answer. */
export function sendCase(baseUrl: string, c: FuzzCase, apiKey: string | undefined, timeoutMs = 60_000): Promise<FuzzOutcome> {
  const url = new URL(c.path.startsWith('/') ? c.path : `/${c.path}`, baseUrl);
  const started = performance.now();
  return new Promise((resolveOutcome) => {
    const headers: Record<string, string | number> = { ...c.headers, 'Content-Length': c.body.length };
    if (c.v1 && apiKey) headers['X-API-Key'] = apiKey;
    const req = request(url, { method: c.method, headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        const ms = performance.now() - started;
        const body = Buffer.concat(chunks);
        const status = res.statusCode ?? 0;
        const problem = checkAnswer(c, status, res.headers, res.rawHeaders, body);
        resolveOutcome({ kind: c.kind, path: c.path, status, ms, ...(problem ? { problem } : {}) });
      });
      res.on('error', (err) => resolveOutcome({ kind: c.kind, path: c.path, status: 0, ms: performance.now() - started, problem: `response error: ${err.message}` }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err) => resolveOutcome({ kind: c.kind, path: c.path, status: 0, ms: performance.now() - started, problem: `request error: ${err.message}` }));
    req.end(c.body);
  });
}

const LEAKS = [/\bat [\w.<>]+ \(/, /node_modules\//, /(?:\/[\w.-]+){2,}\.(?:ts|js|mjs|cjs)\b/, /\.ts:\d+/];

function checkAnswer(c: FuzzCase, status: number, headers: Record<string, unknown>, rawHeaders: string[], body: Buffer): string | undefined {
  if (status >= 500 && status !== 503) return `status ${status}`;
  const headerBytes = rawHeaders.reduce((n, h) => n + h.length + 2, 0);
  if (headerBytes > 8192) return `response headers of ${headerBytes} bytes`;
  const type = String(headers['content-type'] ?? '');
  if (c.method === 'HEAD') return undefined;
  if (status >= 400) {
    if (!type.startsWith('application/json')) return `error answer of type ${type}`;
    let parsed: { success?: unknown; error?: { code?: unknown; message?: unknown } };
    try {
      parsed = JSON.parse(body.toString('utf8')) as typeof parsed;
    } catch {
      return 'error answer is not JSON';
    }
    if (parsed.success !== false || typeof parsed.error?.code !== 'string' || typeof parsed.error.message !== 'string') return 'error answer outside the envelope';
    const text = body.toString('utf8');
    const leak = LEAKS.find((re) => re.test(text));
    if (leak) return `error answer leaks internals (${leak.source})`;
  }
  return undefined;
}

/** Percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Sends `cases` with `concurrency` requests in flight and returns the totals; `onOutcome` sees each answer. */
export async function runCampaign(
  baseUrl: string,
  cases: Iterable<FuzzCase>,
  options: { concurrency: number; apiKey?: string; onOutcome?: (o: FuzzOutcome) => void; timeoutMs?: number },
): Promise<FuzzStats> {
  const iterator = cases[Symbol.iterator]();
  const outcomes: FuzzOutcome[] = [];
  const worker = async () => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      const outcome = await sendCase(baseUrl, next.value, options.apiKey, options.timeoutMs);
      outcomes.push(outcome);
      options.onOutcome?.(outcome);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  const kinds: Record<string, number> = {};
  for (const o of outcomes) {
    statuses[o.status] = (statuses[o.status] ?? 0) + 1;
    kinds[o.kind] = (kinds[o.kind] ?? 0) + 1;
  }
  return {
    requests: outcomes.length,
    statuses,
    kinds,
    serverErrors: outcomes.filter((o) => o.status >= 500 && o.status !== 503).length,
    busy: outcomes.filter((o) => o.status === 503).length,
    problems: outcomes.filter((o) => o.problem !== undefined),
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    maxMs: times.at(-1) ?? 0,
  };
}
