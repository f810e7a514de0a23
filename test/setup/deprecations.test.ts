/**
 * The setup file every test file runs with (./deprecations.ts) fails a test on
 * a deprecation raised by our code: a deprecated call, and a file handle left
 * to the garbage collector (DEP0137). Checked by running a fixture file that
 * does both with it, in a separate vitest.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

it('fails the test that raised a deprecation, and the file that left a file handle to the garbage collector', () => {
  const run = spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', join(root, 'test', 'setup', 'fixtures', 'vitest.config.ts')], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    timeout: 120_000,
  });
  const out = run.stdout + run.stderr;
  expect(run.status, out).toBe(1);
  expect(out).toMatch(/deprecation warning\(s\) raised by our code:\s*DEP_FX_FIXTURE/);
  expect(out).toMatch(/deprecation warning\(s\) raised by our code:\s*DEP0137/);
  expect(out).toMatch(/FAIL .*calls a deprecated function of ours/);
}, 150_000);
