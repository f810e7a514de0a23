/**
 * Runs a synthesized function bundle the way Lambda would, in a fresh Node
 * process: the layer folder is mounted at /opt through a module resolve hook
 * (Lambda extracts layers to /opt; here `/opt/...` imports are redirected to
 * the local layer folder), the function's environment is applied with its
 * `/opt/...` values mapped the same way, the AWS SDK (which the Lambda
 * runtime provides) is taken from the repository, and the handler is invoked
 * with an event. Used by the infra tests and by measure-bundles.ts.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LAYER_MOUNT } from './core-paths.js';

/** Options of {@link runInFreshNode}. */
export interface FreshRunOptions {
  /** Absolute path of the bundle (index.mjs). */
  bundleFile: string;
  /** Absolute path of the layer root (holding nodejs/, schemas/), mounted at /opt. */
  layerDir?: string;
  /** The function's environment variables. */
  environment?: Record<string, string>;
  /** When given, the handler is invoked with it. */
  event?: unknown;
  /** Exported handler name; default `handler`. */
  handlerName?: string;
  /** Time limit in ms; default 60 s. */
  timeoutMs?: number;
  /**
   * Install the resolve hook (default true). A hook runs off the main thread
   * and costs a round trip per import, tens of ms per cold import: timings
   * are taken on a bundle staged by {@link stageForDirectImport} without it.
   */
  hook?: boolean;
}

/** What one run measured and returned. */
export interface FreshRunResult {
  /** Milliseconds spent in `await import(bundle)` (the bundle and every core module it loads). */
  importMs: number;
  /** The handler's answer, when an event was given. */
  result?: unknown;
  /** The message of the error the handler threw, if it threw. */
  error?: string;
}

const MARK = '@@facturx-run@@';

/**
 * The Node.js 22 Lambda runtime ships the AWS SDK v3, so bundles leave
 * `@aws-sdk/*` external; here the repository's installed copy stands in.
 */
const SDK_FROM = resolve(import.meta.dirname, '..', '..', 'package.json');

/** The resolve hook: `/opt/…` -> the local layer folder; `@aws-sdk/…` -> the repository's copy (the runtime's stand-in). */
const HOOK = `
import { pathToFileURL } from 'node:url';
let opt, sdkParent;
export function initialize(data) {
  opt = data.optDir ? pathToFileURL(data.optDir.replace(/\\/?$/, '/')).href : 'file:///opt/';
  sdkParent = pathToFileURL(data.sdkFrom).href;
}
export function resolve(specifier, context, next) {
  if (specifier.startsWith('@aws-sdk/')) return next(specifier, { ...context, parentURL: sdkParent });
  if (specifier.startsWith('${LAYER_MOUNT}/')) return next(opt + specifier.slice(${LAYER_MOUNT.length + 1}), context);
  if (specifier.startsWith('file://${LAYER_MOUNT}/')) return next(opt + specifier.slice(${LAYER_MOUNT.length + 8}), context);
  return next(specifier, context);
}`;

/** The runner, evaluated as an ES module; its options come in argv[1]. */
const RUNNER = `
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
const opts = JSON.parse(process.argv[1]);
if (opts.hook !== false) register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}), { data: { optDir: opts.optDir, sdkFrom: opts.sdkFrom } });
const t0 = performance.now();
const mod = await import(pathToFileURL(opts.bundleFile).href);
const importMs = performance.now() - t0;
let result, error;
if (opts.event !== undefined) {
  const context = {
    awsRequestId: 'local-' + process.pid, functionName: 'local', functionVersion: '$LATEST', memoryLimitInMB: '1024',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-3:123456789012:function:local', logGroupName: 'local', logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: true, getRemainingTimeInMillis: () => 29000, done() {}, fail() {}, succeed() {},
  };
  try {
    result = await mod[opts.handlerName ?? 'handler'](opts.event, context);
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
}
process.stdout.write('\\n${MARK}' + JSON.stringify({ importMs, result, error }) + '\\n');
`;

/** Replaces a leading /opt with the local layer folder. */
function mapOpt(value: string, layerDir: string | undefined): string {
  return layerDir !== undefined && (value === LAYER_MOUNT || value.startsWith(`${LAYER_MOUNT}/`)) ? layerDir + value.slice(LAYER_MOUNT.length) : value;
}

/** Imports (and optionally invokes) a bundle in a fresh Node process. */
export function runInFreshNode(options: FreshRunOptions): FreshRunResult {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    AWS_REGION: 'eu-west-3',
    AWS_LAMBDA_FUNCTION_NAME: 'local',
    TZ: 'UTC',
  };
  for (const [k, v] of Object.entries(options.environment ?? {})) env[k] = mapOpt(v, options.layerDir);
  const args = JSON.stringify({ bundleFile: options.bundleFile, optDir: options.layerDir, sdkFrom: SDK_FROM, event: options.event, handlerName: options.handlerName, hook: options.hook });
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', RUNNER, args], {
    env,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = run.stdout?.split('\n').find((l) => l.startsWith(MARK));
  if (run.status !== 0 || line === undefined) {
    throw new Error(`Fresh run of ${options.bundleFile} failed (exit ${run.status ?? run.signal}):\n${run.stderr}\n${run.stdout}`);
  }
  return JSON.parse(line.slice(MARK.length)) as FreshRunResult;
}

/** A function bundle copied so it imports without a resolve hook; remove it with `cleanup`. */
export interface StagedBundle {
  bundleFile: string;
  cleanup(): void;
}

/**
 * Copies a function bundle to a temporary folder where it loads as on Lambda
 * but with no resolve hook: its `/opt/...` imports point at the local layer
 * folder (file URLs), and `node_modules/@aws-sdk` links to the repository's
 * copy (the runtime's SDK). For timing imports; behaviour tests use the hook.
 */
export function stageForDirectImport(bundleFile: string, layerDir: string | undefined): StagedBundle {
  const root = mkdtempSync(join(tmpdir(), 'facturx-stage-'));
  const fnDir = join(root, 'fn');
  cpSync(dirname(bundleFile), fnDir, { recursive: true });
  mkdirSync(join(root, 'node_modules'));
  symlinkSync(join(dirname(SDK_FROM), 'node_modules', '@aws-sdk'), join(root, 'node_modules', '@aws-sdk'), 'dir');
  if (layerDir !== undefined) {
    const layerUrl = pathToFileURL(resolve(layerDir)).href;
    for (const entry of readdirSync(fnDir, { recursive: true })) {
      const file = join(fnDir, String(entry));
      if (!file.endsWith('.mjs')) continue;
      const code = readFileSync(file, 'utf8');
      const staged = code.replace(new RegExp(`(["'])${LAYER_MOUNT}/`, 'g'), `$1${layerUrl}/`);
      if (staged !== code) writeFileSync(file, staged);
    }
  }
  return { bundleFile: join(fnDir, basename(bundleFile)), cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
