/**
 * Per-route deployment settings: the ONE table, keyed by the route name of
 * functions/routes.ts. A route that is not listed gets the defaults, so new
 * routes deploy without touching infra; list it here only to change them.
 */

import { SWAGGER_UI_PACKAGE, SWAGGER_UI_RUNTIME_FILES } from '../functions/_shared/swagger-ui.js';

/** What the stack needs to know about a route (a subset of functions/routes.ts `Route`). */
export interface RouteLike {
  method: 'GET' | 'POST';
  path: string;
  name: string;
  entry: string;
}

/** The deployment settings of one route. */
export interface RouteSettings {
  /** Lambda memory in MB (also buys CPU: 1,769 MB = one full vCPU). */
  memoryMb: number;
  /** Lambda timeout in seconds; API Gateway's REST integration timeout is 29 s. */
  timeoutSeconds: number;
  /** The route accepts or answers binary bodies (PDF): its integration converts binary requests to base64 text. */
  binary: boolean;
  /**
   * v1: API key required (Lambda REQUEST authorizer + usage plans), and the
   * function gets GetItem/UpdateItem on the credit counters table. Always true
   * for paths under `/api/v1/`; the stack refuses a v1 route with `auth: false`.
   */
  auth: boolean;
  /** Document extraction (v1 convert): Textract and Bedrock permissions, EXTRACTOR=aws, BEDROCK_MODEL_ID. */
  extraction: boolean;
  /**
   * Idempotency-Key (v1 convert): the function gets IDEMPOTENCY_TABLE and
   * GetItem/PutItem/UpdateItem/DeleteItem on that table. Needs `auth`.
   */
  idempotency: boolean;
  /**
   * Asynchronous jobs (infra/jobs.ts): `submit` (v1 convert: puts documents, creates jobs, sends them to the queue),
   * `read` (GET /api/v1/jobs/{jobId}: reads jobs and their answers). Needs `auth`.
   */
  jobs?: 'submit' | 'read' | undefined;
  /**
   * Reserved concurrency: instances kept for this function whatever else runs
   * in the account (and its ceiling). Set for the v1 functions, so open v2
   * traffic cannot starve paying customers; undefined = the shared pool.
   */
  reservedConcurrency?: number | undefined;
  /**
   * Files of installed npm packages the function reads at run time, shipped beside its bundle in
   * `node_modules/<package>/` (the API page's Swagger UI); synth fails when one is missing (runtime-assets.ts).
   */
  runtimeFiles?: ReadonlyArray<{ package: string; files: readonly string[] }> | undefined;
}

/** Prefix of the paths that require an API key (DECISIONS.md, Auth). */
export const V1_PREFIX = '/api/v1/';

/** Settings of a route the table does not list. */
export const DEFAULT_SETTINGS: Readonly<Omit<RouteSettings, 'auth'>> = Object.freeze({
  memoryMb: 1024,
  timeoutSeconds: 15,
  binary: false,
  extraction: false,
  idempotency: false,
});

/**
 * The table. Names follow functions/routes.ts; `v2-pdf`, `v2-render`,
 * `v1-convert` and `v1-validate` are listed ahead of their handlers.
 */
export const ROUTE_SETTINGS: Readonly<Record<string, Partial<RouteSettings>>> = Object.freeze({
  'v2-xml': { memoryMb: 1024, timeoutSeconds: 10 },
  'v2-validate': { memoryMb: 1024, timeoutSeconds: 10 },
  // PDF/A-3 embedding of a client PDF (up to the 6 MB payload limit): memory is CPU for pdf-lib.
  'v2-pdf': { memoryMb: 2048, timeoutSeconds: 29, binary: true },
  'v2-render': { memoryMb: 1536, timeoutSeconds: 29, binary: true },
  // Textract + Bedrock take about 5 s (service-spec.md). A synchronous conversion answers within 20 s of the start of
  // the invocation (lib/v1/sync-deadline.ts); 24 s of timeout leaves the margin, and init (cold start) plus 24 s stays
  // under API Gateway's 29 s. Longer documents go to asynchronous jobs (infra/jobs.ts).
  // Reserved: 20 conversions of about 6 s in flight is about 3 a second, far above the plans' volumes.
  'v1-convert': { memoryMb: 2048, timeoutSeconds: 24, auth: true, extraction: true, idempotency: true, jobs: 'submit', reservedConcurrency: 20 },
  'v1-jobs': { memoryMb: 512, timeoutSeconds: 10, auth: true, jobs: 'read', reservedConcurrency: 10 },
  'v1-validate': { memoryMb: 1024, timeoutSeconds: 10, auth: true, reservedConcurrency: 10 },
  health: { memoryMb: 256, timeoutSeconds: 5 },
  openapi: { memoryMb: 512, timeoutSeconds: 10 },
  docs: { memoryMb: 256, timeoutSeconds: 5 },
  // Swagger UI from the installed swagger-ui-dist (no CDN): its files ship with this function only.
  'docs-assets': { memoryMb: 256, timeoutSeconds: 5, runtimeFiles: [{ package: SWAGGER_UI_PACKAGE, files: SWAGGER_UI_RUNTIME_FILES }] },
});

/** True when `path` is a v1 path (API key required). */
export function isV1Path(path: string): boolean {
  return path.startsWith(V1_PREFIX);
}

/**
 * The settings of `route`: its row of ROUTE_SETTINGS over the defaults.
 * `auth` defaults to "is a v1 path"; a v1 path can never be made public.
 */
export function settingsFor(route: RouteLike, table: Readonly<Record<string, Partial<RouteSettings>>> = ROUTE_SETTINGS): RouteSettings {
  const row = table[route.name] ?? {};
  const v1 = isV1Path(route.path);
  const settings: RouteSettings = { ...DEFAULT_SETTINGS, auth: v1, ...row };
  if (v1 && !settings.auth) {
    throw new Error(`Route "${route.name}" (${route.path}) is a v1 route: it must require an API key (auth: true).`);
  }
  if (settings.jobs !== undefined && !settings.auth) {
    throw new Error(`Route "${route.name}": a job belongs to the API key that created it, so jobs need auth: true.`);
  }
  if (settings.idempotency && !settings.auth) {
    throw new Error(`Route "${route.name}": an Idempotency-Key is scoped to the API key, so idempotency needs auth: true.`);
  }
  if (!Number.isInteger(settings.memoryMb) || settings.memoryMb < 128 || settings.memoryMb > 10240) {
    throw new Error(`Route "${route.name}": memoryMb must be an integer in 128..10240, got ${settings.memoryMb}.`);
  }
  if (settings.reservedConcurrency !== undefined && (!Number.isInteger(settings.reservedConcurrency) || settings.reservedConcurrency < 1)) {
    throw new Error(`Route "${route.name}": reservedConcurrency must be a positive integer, got ${settings.reservedConcurrency}.`);
  }
  if (!Number.isInteger(settings.timeoutSeconds) || settings.timeoutSeconds < 1 || settings.timeoutSeconds > 29) {
    throw new Error(`Route "${route.name}": timeoutSeconds must be an integer in 1..29 (API Gateway limit), got ${settings.timeoutSeconds}.`);
  }
  return settings;
}
