/**
 * The esbuild builds behind the CDK assets (run at synth time with the local
 * esbuild, no Docker):
 *  - a function bundle: one handler, ESM, minified, with source maps; lib/
 *    imports rewritten to the core layer (core-external.ts); the AWS SDK v3
 *    left to the Node.js 22 runtime, which ships it;
 *  - the core layer: the lib/ modules the functions import as entry points,
 *    built with code splitting so modules shared by several entry points
 *    exist once (class identity, e.g. `instanceof ServiceError`, holds across
 *    them); packages that cannot be bundled (pdf.js) stay external and are
 *    copied as installed, with data files (fonts), and the XSD schemas when
 *    their source folder exists.
 */
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { chmodSync, cpSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { coreExternalPlugin } from './core-external.js';
import { LIBXML2_WASM_FILE, libxml2WasmPlugin } from './libxml2-wasm.js';
import { trimPlugin } from './trim.js';
import { CORE_PACKAGE, CORE_EXTENSION, isCoreSource, LAYER_CORE_DIR, LAYER_SCHEMA_DIR } from './core-paths.js';

/** The repository's node_modules. */
const REPO_NODE_MODULES = resolve(import.meta.dirname, '..', '..', 'node_modules');

/** Build of one function bundle. */
export interface FunctionBuildJob {
  kind: 'function';
  /** Absolute entry file. */
  entry: string;
  /** Absolute output folder (the asset); receives index.mjs, its lazy chunks/ and their source maps. */
  outDir: string;
  /** Absolute lib/ folder to take from the core layer; omit to bundle everything (the authorizer). */
  coreLibDir?: string;
}

/** Build of the core layer. */
export interface LayerBuildJob {
  kind: 'layer';
  /** Absolute lib/ folder. */
  libDir: string;
  /** Absolute output folder (the layer root: nodejs/…, schemas/). */
  outDir: string;
  /** Absolute folder to copy into `schemas/`; skipped when absent. */
  schemaSourceDir?: string;
  /** Version written into the core's package.json. */
  version: string;
  /**
   * Absolute entry files of the functions that use the layer. The layer's
   * entry points are then the lib modules they import (found by esbuild),
   * which keeps chunks coarse and the module count of a cold start low;
   * without it every lib module is an entry point.
   */
  consumers?: string[];
  /** Package files the core opens or imports at run time by module resolution, copied to the layer's node_modules. */
  runtimeFiles?: RuntimeFiles[];
  /** Packages left out of the core bundle (imported from the layer's node_modules; ship them with runtimeFiles). */
  externalPackages?: string[];
}

/** Files of one installed npm package to ship as is beside the core. */
export interface RuntimeFiles {
  /** Package name, e.g. `dejavu-fonts-ttf`. */
  package: string;
  /** Files or folders inside the package (`.` for all of it); keep its package.json so `require.resolve('<pkg>/<file>')` works. */
  files: string[];
  /** Copied only when this package is installed (e.g. a native binary for the Lambda platform); skipped silently otherwise. */
  when?: string;
}

/** The installed folder of `name` in the repository's node_modules, or undefined. */
export function installedPackageDir(name: string): string | undefined {
  const dir = join(REPO_NODE_MODULES, ...name.split('/'));
  return statSync(join(dir, 'package.json'), { throwIfNoEntry: false })?.isFile() ? dir : undefined;
}

/** Any build job. */
export type BuildJob = FunctionBuildJob | LayerBuildJob;

/**
 * ESM output with `require` available, for CommonJS dependencies that call it
 * (esbuild keeps their `require('node:…')` calls as is).
 */
const REQUIRE_BANNER = "import { createRequire as __fxCreateRequire } from 'node:module'; const require = __fxCreateRequire(import.meta.url);";

/** Settings every build shares: Node.js 22, ESM, minified, source maps without sources. */
const COMMON: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  legalComments: 'none',
  mainFields: ['module', 'main'],
  banner: { js: REQUIRE_BANNER },
  logLevel: 'error',
};

/**
 * Bundles one handler into `outDir/index.mjs`, with code splitting: modules
 * the handler only imports dynamically (e.g. the lazy handler loaders of
 * functions/routes.ts, read by the OpenAPI and docs handlers) become chunks,
 * so neither they nor the core modules they need load at cold start.
 */
export async function buildFunction(job: FunctionBuildJob): Promise<void> {
  mkdirSync(job.outDir, { recursive: true });
  await build({
    ...COMMON,
    entryPoints: { index: job.entry },
    outdir: job.outDir,
    splitting: true,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    external: ['@aws-sdk/*'],
    plugins: job.coreLibDir === undefined ? [trimPlugin()] : [coreExternalPlugin({ libDir: job.coreLibDir }), trimPlugin()],
  });
}

/** Every runtime module of lib/ (tests and fixtures left out), as absolute paths, sorted. */
export function listCoreEntries(libDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else if (isCoreSource(relative(libDir, abs))) out.push(abs);
    }
  };
  walk(libDir);
  return out.sort();
}

/**
 * The lib modules that `consumers` import directly (through any of their own
 * non-lib modules, e.g. functions/_shared), as absolute source files, sorted.
 */
export async function findCoreImports(libDir: string, consumers: readonly string[]): Promise<string[]> {
  if (consumers.length === 0) return [];
  const used = new Set<string>();
  const packagesExternal: Plugin = {
    name: 'packages-external',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, () => ({ external: true }));
    },
  };
  await build({
    entryPoints: [...consumers],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    outdir: '/tmp/facturx-core-scan',
    logLevel: 'error',
    plugins: [coreExternalPlugin({ libDir, onCoreImport: (f) => used.add(f) }), packagesExternal],
  });
  return [...used].sort();
}

/**
 * Worker thread entries the core starts by file, not by import: the isolation
 * pool (lib/isolate/pool.ts) runs `isolate/worker.mjs` beside it, so the layer
 * holds that entry, and the modules its tasks import, whenever it holds the pool.
 */
export async function withWorkerEntries(libDir: string, entries: readonly string[]): Promise<string[]> {
  const pool = resolve(libDir, 'isolate', 'pool.ts');
  if (!entries.includes(pool)) return [...entries];
  const worker = [resolve(libDir, 'isolate', 'worker.ts'), resolve(libDir, 'isolate', 'tasks.ts')];
  return [...new Set([...entries, ...worker, ...(await findCoreImports(libDir, worker))])].sort();
}

/** Builds the core layer into `outDir`. */
export async function buildLayer(job: LayerBuildJob): Promise<void> {
  const coreDir = join(job.outDir, LAYER_CORE_DIR);
  mkdirSync(coreDir, { recursive: true });
  const entries = await withWorkerEntries(job.libDir, job.consumers === undefined ? listCoreEntries(job.libDir) : await findCoreImports(job.libDir, job.consumers));
  if (entries.length > 0) {
    let libxml2Wasm: Uint8Array | undefined;
    await build({
      ...COMMON,
      entryPoints: entries,
      outbase: job.libDir,
      outdir: coreDir,
      splitting: true,
      outExtension: { '.js': CORE_EXTENSION },
      chunkNames: 'chunks/[name]-[hash]',
      external: (job.externalPackages ?? []).flatMap((p) => [p, `${p}/*`]),
      plugins: [trimPlugin(), libxml2WasmPlugin(`${CORE_PACKAGE}/${LIBXML2_WASM_FILE}`, (wasm) => (libxml2Wasm = wasm))],
    });
    if (libxml2Wasm !== undefined) writeFileSync(join(coreDir, LIBXML2_WASM_FILE), libxml2Wasm);
  }
  // No "exports" map: every module is reachable by its path, as the functions import them.
  writeFileSync(
    join(coreDir, 'package.json'),
    `${JSON.stringify({ name: CORE_PACKAGE, version: job.version, private: true, type: 'module' }, null, 2)}\n`,
  );
  for (const pkg of job.runtimeFiles ?? []) {
    if (pkg.when !== undefined && installedPackageDir(pkg.when) === undefined) continue;
    const from = installedPackageDir(pkg.package);
    if (from === undefined) throw new Error(`Package ${pkg.package} is not installed; the core layer needs it.`);
    for (const file of pkg.files) {
      const target = join(job.outDir, 'nodejs', 'node_modules', pkg.package, file);
      mkdirSync(dirname(target), { recursive: true });
      cpSync(join(from, file), target, { recursive: true, dereference: true });
    }
  }
  if (job.schemaSourceDir !== undefined) {
    const target = join(job.outDir, LAYER_SCHEMA_DIR);
    cpSync(resolve(job.schemaSourceDir), target, { recursive: true, dereference: true });
    makeWritable(target);
  }
}

/** Copies keep the source's modes; a read-only source would give an asset CDK cannot move or clean up. */
function makeWritable(path: string): void {
  const st = statSync(path);
  chmodSync(path, st.mode | 0o200 | (st.isDirectory() ? 0o500 : 0o400));
  if (st.isDirectory()) for (const name of readdirSync(path)) makeWritable(join(path, name));
}

/** Runs a job. */
export async function runBuildJob(job: BuildJob): Promise<void> {
  if (job.kind === 'function') await buildFunction(job);
  else await buildLayer(job);
}
