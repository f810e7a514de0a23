/**
 * Where the shared conformance corpus and schemas live. Tests read them from
 * `SHARED_DIR` (default: `../shared` beside the repository) and never copy them.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const SHARED_DIR = resolve(process.env.SHARED_DIR ?? resolve(import.meta.dirname, '..', '..', 'shared'));

/** Throws a clear error when the shared folder is missing, so a test cannot pass vacuously. */
export function requireShared(...parts: string[]): string {
  const path = resolve(SHARED_DIR, ...parts);
  if (!existsSync(path)) {
    throw new Error(`Shared test data not found at ${path}. Set SHARED_DIR to the folder holding conformance/ and schemas/.`);
  }
  return path;
}
