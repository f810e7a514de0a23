/**
 * The documentation lists every limit of lib/limits.ts with its value: the
 * Limits table of docs/OPERATIONS.md all of them, lib/pdf/README.md the PDF ones. A limit
 * added or changed without its documentation fails here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESOURCE_LIMITS, type ResourceLimit } from '../../lib/limits.js';

const root = resolve(import.meta.dirname, '..', '..');
const readme = readFileSync(resolve(root, 'docs', 'OPERATIONS.md'), 'utf8');
const pdfReadme = readFileSync(resolve(root, 'lib', 'pdf', 'README.md'), 'utf8');

/** The value as the tables write it: 50 MiB, 200:1, 40,000,000, or the entry's own size. */
function written(l: ResourceLimit): string {
  if (l.max === undefined) return "the entry's declared size";
  if (l.unit === 'bytes') return `${l.max / (1024 * 1024)} MiB`;
  if (l.unit === 'ratio') return `${l.max}:1`;
  return l.max.toLocaleString('en-US');
}

describe('limits documentation', () => {
  it.each(RESOURCE_LIMITS.map((l) => [l.id, l] as const))('docs/OPERATIONS.md lists %s with its value', (id, l) => {
    expect(readme).toContain(`| \`${id}\` | ${written(l)} |`);
  });

  it.each(RESOURCE_LIMITS.filter((l) => l.id.startsWith('pdf-')).map((l) => [l.id, l] as const))('lib/pdf/README.md lists %s with its value', (id, l) => {
    expect(pdfReadme).toContain(`| \`${id}\` | ${written(l)} |`);
  });

  it('has no limit twice and every byte limit in whole MiB', () => {
    expect(new Set(RESOURCE_LIMITS.map((l) => l.id)).size).toBe(RESOURCE_LIMITS.length);
    for (const l of RESOURCE_LIMITS) if (l.unit === 'bytes' && l.max !== undefined) expect(l.max % (1024 * 1024), l.id).toBe(0);
  });
});
