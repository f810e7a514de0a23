/**
 * Cold-start figures: synthesizes the stack (real esbuild bundling), then for
 * every function reports its bundle size and the time to import it in a fresh
 * Node process (median of 9, taken round-robin over the functions) with the
 * core layer mounted at /opt, and the layer's own size. Targets: <= 1.5 MB
 * per function bundle, <= 150 ms import.
 *
 *   npx tsx infra/measure-bundles.ts            # prints the table
 *   import { measureBundles, formatBundleTable } from '../infra/measure-bundles.js'   # npm run bench
 *
 * The import time includes the core modules the bundle loads from the layer
 * and the function's NODE_OPTIONS, measured without a resolve hook (the
 * bundle is staged to import the layer folder directly), with the local Node
 * (Lambda runs Node 22 on arm64: the figure is indicative, not Lambda's
 * INIT duration, which adds the runtime's own start).
 */
import { App } from 'aws-cdk-lib';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiFunction } from './api-function.js';
import { runInFreshNode, stageForDirectImport } from './bundling/emulate.js';
import { resolveDeployConfig, type DeployConfig } from './config.js';
import type { RouteLike } from './route-settings.js';
import { FacturXStack } from './stack.js';

/** The budgets of a function bundle. */
export const BUNDLE_BUDGET = Object.freeze({ bytes: 1.5 * 1024 * 1024, importMs: 150 });

/** One measured bundle. */
export interface BundleMeasure {
  /** Route name, `authorizer`, or `core-layer`. */
  name: string;
  kind: 'function' | 'layer';
  /** Code bytes: every .mjs of the asset (a function's index.mjs and its lazy chunks; the layer's core). */
  codeBytes: number;
  /** Every file of the asset (source maps, schemas included). */
  totalBytes: number;
  /** Median import time in ms (functions only). */
  importMs?: number;
  /** Every import time measured, in ms. */
  samples?: number[];
  /** Within BUNDLE_BUDGET (functions only). */
  withinBudget?: boolean;
}

/** Options of {@link measureBundles}. */
export interface MeasureOptions {
  /** Fresh processes per function; default 9. */
  runs?: number;
  /** Routes; default functions/routes.ts. */
  routes?: readonly RouteLike[];
  /** Configuration; default from the environment with region eu-west-3. */
  config?: DeployConfig;
  /** Keep the synthesized output (its path is returned); default false. */
  keepOutput?: boolean;
}

/** What {@link measureBundles} returns. */
export interface BundleReport {
  measures: BundleMeasure[];
  /** The cloud assembly folder, when kept. */
  outdir?: string;
}

function sizeOf(path: string, filter: (file: string) => boolean = () => true): number {
  const st = statSync(path);
  if (!st.isDirectory()) return filter(path) ? st.size : 0;
  return readdirSync(path).reduce((n, name) => n + sizeOf(join(path, name), filter), 0);
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** Synthesizes the stack and measures every bundle. */
export async function measureBundles(options: MeasureOptions = {}): Promise<BundleReport> {
  const runs = options.runs ?? 9;
  const outdir = mkdtempSync(join(tmpdir(), 'facturx-measure-'));
  try {
    const app = new App({ outdir });
    const config = options.config ?? resolveDeployConfig(() => undefined, { ...process.env, CDK_REGION: 'eu-west-3' });
    const stack = new FacturXStack(app, 'FacturXMeasure', {
      env: { region: config.region, account: '123456789012' },
      config,
      ...(options.routes === undefined ? {} : { routes: options.routes }),
    });
    app.synth();

    const layerDir = stack.coreLayer.assetDir;
    if (layerDir === undefined) throw new Error('The core layer was not bundled.');
    const measures: BundleMeasure[] = [];
    const entries: Array<[string, ApiFunction]> = [...stack.functions];
    if (stack.authorizerFunction !== undefined) entries.push(['authorizer', stack.authorizerFunction]);
    const targets = entries.map(([name, fn]) => {
      const dir = fn.bundleDir;
      if (dir === undefined) throw new Error(`Function ${name} was not bundled.`);
      return { name, fn, dir, staged: stageForDirectImport(join(dir, 'index.mjs'), fn.usesCoreLayer ? layerDir : undefined), samples: [] as number[] };
    });
    try {
      // Round-robin: each round imports every function once, so a slow spell of the machine falls on all of them alike.
      for (let i = 0; i < runs; i++) {
        for (const t of targets) {
          t.samples.push(runInFreshNode({ bundleFile: t.staged.bundleFile, ...(t.fn.usesCoreLayer ? { layerDir } : {}), environment: { ...t.fn.runtimeEnvironment }, hook: false }).importMs);
        }
      }
    } finally {
      for (const t of targets) t.staged.cleanup();
    }
    for (const { name, dir, samples } of targets) {
      const codeBytes = sizeOf(dir, (f) => f.endsWith('.mjs'));
      const importMs = median(samples);
      measures.push({
        name,
        kind: 'function',
        codeBytes,
        totalBytes: sizeOf(dir),
        importMs,
        samples,
        withinBudget: codeBytes <= BUNDLE_BUDGET.bytes && importMs <= BUNDLE_BUDGET.importMs,
      });
    }
    measures.push({ name: 'core-layer', kind: 'layer', codeBytes: sizeOf(join(layerDir, 'nodejs'), (f) => f.endsWith('.mjs')), totalBytes: sizeOf(layerDir) });
    return { measures, ...(options.keepOutput ? { outdir } : {}) };
  } finally {
    if (!options.keepOutput) rmSync(outdir, { recursive: true, force: true });
  }
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

/** The report as a Markdown table. */
export function formatBundleTable(report: BundleReport): string {
  const rows = report.measures.map((m) =>
    m.kind === 'layer'
      ? `| ${m.name} | ${kb(m.codeBytes)} | ${kb(m.totalBytes)} | (loaded by the functions) | |`
      : `| ${m.name} | ${kb(m.codeBytes)} | ${kb(m.totalBytes)} | ${(m.importMs ?? 0).toFixed(1)} ms (${(m.samples ?? []).map((s) => s.toFixed(0)).join(', ')}) | ${m.withinBudget ? 'ok' : 'OVER'} |`,
  );
  return [
    `| bundle | code | with maps | import, median of ${report.measures.find((m) => m.samples)?.samples?.length ?? 0} | budget (${kb(BUNDLE_BUDGET.bytes)}, ${BUNDLE_BUDGET.importMs} ms) |`,
    '|---|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = await measureBundles();
  process.stdout.write(`${formatBundleTable(report)}\n`);
}
