/**
 * Where the shared core (lib/) lives in the Lambda layer, and how a lib source
 * file is named there. The function bundles and the layer build both use these,
 * so an import rewritten in a function always names a file the layer has.
 */
import { isAbsolute, relative, sep } from 'node:path';

/** Package name of the core inside the layer. */
export const CORE_PACKAGE = '@facturx/core';

/** The core package folder, relative to the layer root. */
export const LAYER_CORE_DIR = `nodejs/node_modules/${CORE_PACKAGE}`;

/** The XSD schemas folder, relative to the layer root. */
export const LAYER_SCHEMA_DIR = 'schemas';

/** Where Lambda extracts layers. */
export const LAYER_MOUNT = '/opt';

/**
 * The import specifier prefix functions use for the core: an absolute path
 * under /opt. Absolute file imports resolve in ES modules without relying on
 * NODE_PATH (which Node ignores for `import`), so nothing depends on how the
 * runtime looks up bare names in layers.
 */
export const CORE_IMPORT_BASE = `${LAYER_MOUNT}/${LAYER_CORE_DIR}`;

/** SCHEMA_DIR as the functions see it. */
export const RUNTIME_SCHEMA_DIR = `${LAYER_MOUNT}/${LAYER_SCHEMA_DIR}`;

/** Extension of every module of the core (ESM whatever the package.json says). */
export const CORE_EXTENSION = '.mjs';

/**
 * The module name of a lib source file inside the core package, e.g.
 * `/repo/lib/input/schema.js` or `.ts` -> `input/schema.mjs`. Undefined when
 * the file is not under `libDir`.
 */
export function coreModuleName(libDir: string, file: string): string | undefined {
  const rel = relative(libDir, file);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/').replace(/\.(?:[cm]?js|[cm]?ts)$/, '') + CORE_EXTENSION;
}

/** True for lib files that are not part of the runtime core (tests, declarations, fixtures). */
export function isCoreSource(relPath: string): boolean {
  const p = relPath.split(sep).join('/');
  if (!/\.ts$/.test(p) || /\.d\.ts$/.test(p)) return false;
  if (/\.(test|spec|bench)\.ts$/.test(p)) return false;
  return !/(^|\/)(__tests__|__fixtures__|fixtures|test)\//.test(p);
}
