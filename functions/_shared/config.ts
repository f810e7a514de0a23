/**
 * Environment configuration, read once at cold start and validated.
 *  - SCHEMA_DIR: folder with `cii-d16b-uncoupled/` and `facturx-1.09/` (XSD
 *    validation of incoming XML). Default: `schemas/` beside the bundle when it
 *    exists (the Lambda packaging puts them there), else `../shared/schemas`
 *    beside the repository (local development). When none exists, XSD
 *    validation is skipped and every report says so.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function firstExisting(candidates: readonly string[]): string | undefined {
  return candidates.find((c) => existsSync(resolve(c, 'cii-d16b-uncoupled')));
}

function defaultSchemaDir(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  return firstExisting([
    resolve(here, 'schemas'),
    resolve(process.cwd(), 'schemas'),
    resolve(here, '..', '..', '..', 'shared', 'schemas'),
    resolve(process.cwd(), '..', 'shared', 'schemas'),
  ]);
}

/** The configuration every handler shares. */
export const config = Object.freeze({
  schemaDir: process.env.SCHEMA_DIR ? resolve(process.env.SCHEMA_DIR) : defaultSchemaDir(),
});
