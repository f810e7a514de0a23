/**
 * `redocly lint` with Redocly's recommended rules on the OpenAPI document: 0 errors, 0 warnings. Redocly CLI is a
 * dev dependency (one bundled package, 15 MB, no dependencies of its own); it runs offline here (telemetry and the
 * update check off), in a temporary folder so that no configuration file changes the rule set.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../functions/_shared/openapi.js';

const CLI = resolve(import.meta.dirname, '..', '..', 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'fx-redocly-'));

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  version: string;
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
}

/** Lints `document` with the recommended rules; the JSON report. */
function lint(document: unknown, name: string): LintReport {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(document, null, 2));
  const run = spawnSync(process.execPath, [CLI, 'lint', file, '--extends=recommended', '--format=json'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly printed no report (exit ${run.status}):\n${run.stderr}`);
  return JSON.parse(run.stdout.slice(start)) as LintReport;
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('redocly lint --extends=recommended', () => {
  it('finds no error and no warning in the OpenAPI document', () => {
    const report = lint(buildOpenApi(), 'openapi.json');
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('reports the problems of a document that breaks the recommended rules (the check can fail)', () => {
    const broken = {
      openapi: '3.1.0',
      info: { title: 'broken', version: '1' },
      paths: { '/x': { get: { responses: { '200': { description: 'ok' } } } } },
    };
    const report = lint(broken, 'broken.json');
    const rules = new Set(report.problems.map((p) => p.ruleId));
    expect(report.totals.errors).toBeGreaterThan(0);
    for (const rule of ['security-defined', 'info-license', 'operation-4xx-response', 'operation-operationId']) expect(rules.has(rule), rule).toBe(true);
  });
});
