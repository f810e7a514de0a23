/**
 * A clone of the repository alone (no ../shared beside it, no SCHEMA_DIR)
 * validates XML with the XSDs (issue 14, point 1). The clone is of the
 * committed HEAD, so a schema left uncommitted fails this test.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireShared } from '../shared-path.js';

const REPO = resolve(import.meta.dirname, '..', '..');
let root: string;
let clone: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'fx-bare-clone-'));
  clone = join(root, 'repo');
  const head = execFileSync('git', ['-C', REPO, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  execFileSync('git', ['clone', '--quiet', '--no-checkout', REPO, clone]);
  execFileSync('git', ['-C', clone, 'checkout', '--quiet', '--detach', head]);
  // Dependencies as `npm ci` would install them; nothing else from the working copy.
  symlinkSync(resolve(REPO, 'node_modules'), join(clone, 'node_modules'), 'dir');
}, 60_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.SCHEMA_DIR;
  delete env.SHARED_DIR;
  return env;
}

describe('a bare clone', () => {
  it('has no shared folder beside it', () => {
    expect(existsSync(join(root, 'shared'))).toBe(false);
    expect(existsSync(join(clone, 'schemas', 'README.md'))).toBe(true);
  });

  it('validates an XML invoice with the CII D16B and Factur-X XSDs through the CLI (xsd.ran: true)', () => {
    const xml = join(root, 'invoice.xml');
    copyFileSync(requireShared('conformance', 'cii', 'valid', 'cen__CII_example1.xml'), xml);
    const r = spawnSync(process.execPath, ['bin/facturx.mjs', 'validate', xml], { cwd: clone, env: childEnv(), encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const row = JSON.parse(r.stdout.trim());
    expect(row.xsd.ran).toBe(true);
    expect(row.xsd.valid).toBe(true);
    expect(row.xsd.reports.map((x: { schema: string }) => x.schema)).toEqual(['CII D16B', 'Factur-X 1.09 EN16931']);
  }, 90_000);

  it('gives the server configuration the clone\'s own schemas/', () => {
    const script = "import('./functions/_shared/config.ts').then(({ config }) => process.stdout.write(String(config.schemaDir)))";
    const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: clone, env: childEnv(), encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(join(clone, 'schemas'));
  }, 90_000);
});
