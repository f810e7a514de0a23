/**
 * esbuild plugin for function bundles: every import that resolves into lib/
 * becomes an external import of the same module in the core layer
 * (`../lib/generate.js` -> `/opt/nodejs/node_modules/@facturx/core/generate.mjs`).
 * The handlers keep their relative imports (functions/** is unchanged); only
 * the bundle is rewired, so the core is loaded once, from the layer, and the
 * function bundle holds the edge code only.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { coreModuleName, CORE_IMPORT_BASE } from './core-paths.js';

/** Options of {@link coreExternalPlugin}. */
export interface CoreExternalOptions {
  /** Absolute path of lib/. */
  libDir: string;
  /** Specifier prefix of the core modules; default /opt/nodejs/node_modules/@facturx/core. */
  importBase?: string;
  /** Called with the absolute source file of every core module imported. */
  onCoreImport?: (sourceFile: string) => void;
}

/** The source file a NodeNext import names (`x.js` is written for `x.ts`). */
export function sourceFileOf(abs: string): string | undefined {
  const candidates = [abs, abs.replace(/\.js$/, '.ts'), abs.replace(/\.mjs$/, '.mts'), `${abs}.ts`, resolve(abs, 'index.ts')];
  return candidates.find((c) => statSync(c, { throwIfNoEntry: false })?.isFile() === true);
}

/** Marks lib/ external and rewrites its imports to the core layer. */
export function coreExternalPlugin(options: CoreExternalOptions): Plugin {
  const base = options.importBase ?? CORE_IMPORT_BASE;
  return {
    name: 'facturx-core-external',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const abs = resolve(args.resolveDir, args.path);
        if (coreModuleName(options.libDir, abs) === undefined) return undefined;
        const source = sourceFileOf(abs);
        if (source === undefined) {
          return { errors: [{ text: `Core module not found: ${args.path} (from ${args.importer})` }] };
        }
        // Data files (JSON, ...) imported from lib/ stay bundled; only code modules move to the layer.
        if (!/\.[cm]?[jt]s$/.test(source)) return undefined;
        const name = coreModuleName(options.libDir, source);
        if (name === undefined) return undefined;
        options.onCoreImport?.(source);
        return { path: `${base}/${name}`, external: true };
      });
    },
  };
}
