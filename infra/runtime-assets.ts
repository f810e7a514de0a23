/**
 * The files the deployed service needs at run time, checked before the core
 * layer is built: `cdk synth` must fail with a clear message rather than
 * build a layer that silently answers `xsd.ran: false` (issue 14).
 *
 *  - the XSD schemas: every root file the validator loads (lib/validate-xml.ts
 *    XSD_ROOT_FILES) and, transitively, every schema they import or include;
 *  - the package files the core opens at run time (core-layer.ts
 *    LAYER_RUNTIME_FILES), except the optional ones (`when`);
 *  - the package files a function reads beside its bundle (route-settings.ts
 *    `runtimeFiles`: the API page's Swagger UI), checked by api-function.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { XSD_ROOT_FILES } from '../lib/validate-xml.js';
import { installedPackageDir } from './bundling/build.js';

/** A runtime file is missing: the message lists every one and says where they come from. */
export class MissingRuntimeAssetError extends Error {
  readonly code = 'MISSING_RUNTIME_ASSET';
  constructor(
    readonly missing: readonly string[],
    what = 'the core layer',
  ) {
    super(
      `Cannot build ${what}: ${missing.length} runtime file(s) missing:\n` +
        missing.map((m) => `  - ${m}`).join('\n') +
        '\nThe XSDs live in the repository under schemas/ (see schemas/README.md; context schemaDir / SCHEMA_SOURCE_DIR points elsewhere); packages come from `npm ci`.',
    );
    this.name = 'MissingRuntimeAssetError';
  }
}

const SCHEMA_LOCATION = /<(?:[A-Za-z_][\w.-]*:)?(?:import|include|redefine)\b[^>]*?\bschemaLocation\s*=\s*["']([^"']+)["']/g;

/**
 * Every schema file (relative to `schemaDir`, posix separators) the validator
 * may read: the roots and what they import, followed transitively. Missing
 * files are returned apart; a schemaLocation that leaves `schemaDir` counts
 * as missing (lib/xml/xsd.ts never serves files outside the schema's folder).
 */
export function schemaClosure(schemaDir: string, roots: readonly string[] = XSD_ROOT_FILES): { files: string[]; missing: string[] } {
  const files = new Set<string>();
  const missing = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file) || missing.has(file)) continue;
    const abs = join(schemaDir, ...file.split('/'));
    if (file.startsWith('../') || !existsSync(abs)) {
      missing.add(file);
      continue;
    }
    files.add(file);
    for (const m of readFileSync(abs, 'utf8').matchAll(SCHEMA_LOCATION)) {
      queue.push(posix.normalize(posix.join(posix.dirname(file), m[1]!)));
    }
  }
  return { files: [...files].sort(), missing: [...missing].sort() };
}

/** A package and the files of it the layer ships (core-layer.ts LAYER_RUNTIME_FILES). */
export interface RuntimePackageFiles {
  package: string;
  files: readonly string[];
  /** Optional: shipped only when this package is installed. */
  when?: string;
}

/** The missing runtime files, as readable lines (empty when all are there). */
export function findMissingRuntimeAssets(schemaDir: string, packages: readonly RuntimePackageFiles[], repoRoot: string): string[] {
  const missing: string[] = [];
  if (!existsSync(schemaDir)) missing.push(`schema folder ${schemaDir}`);
  else for (const f of schemaClosure(schemaDir).missing) missing.push(`XSD ${join(relative(repoRoot, schemaDir) || '.', f)}`);
  return [...missing, ...findMissingPackageFiles(packages)];
}

/** The missing files of installed packages (optional ones, `when`, skipped), as readable lines. */
export function findMissingPackageFiles(packages: readonly RuntimePackageFiles[]): string[] {
  const missing: string[] = [];
  for (const pkg of packages) {
    if (pkg.when !== undefined) continue;
    const dir = installedPackageDir(pkg.package);
    if (dir === undefined) {
      missing.push(`package ${pkg.package} (not installed)`);
      continue;
    }
    for (const f of pkg.files) if (f !== '.' && !existsSync(join(dir, f))) missing.push(`${pkg.package}/${f}`);
  }
  return missing;
}

/** Throws {@link MissingRuntimeAssetError} unless every listed package file is present (the files a function ships beside its bundle). */
export function assertPackageFiles(packages: readonly RuntimePackageFiles[], what: string): void {
  const missing = findMissingPackageFiles(packages);
  if (missing.length > 0) throw new MissingRuntimeAssetError(missing, what);
}

/** Throws {@link MissingRuntimeAssetError} unless every runtime file is present. */
export function assertRuntimeAssets(schemaDir: string, packages: readonly RuntimePackageFiles[], repoRoot: string): void {
  const missing = findMissingRuntimeAssets(schemaDir, packages, repoRoot);
  if (missing.length > 0) throw new MissingRuntimeAssetError(missing);
}

