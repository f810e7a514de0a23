/**
 * The repository carries its runtime (issue 14, point 1): the XSDs the
 * validator loads are in schemas/, exactly those and unmodified, and the
 * synth-time check refuses a schema tree with a file missing.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { XSD_ROOT_FILES } from '../../lib/validate-xml.js';
import { LAYER_RUNTIME_FILES } from '../../infra/core-layer.js';
import { REPO_ROOT } from '../../infra/config.js';
import { assertRuntimeAssets, findMissingRuntimeAssets, MissingRuntimeAssetError, schemaClosure } from '../../infra/runtime-assets.js';
import { requireShared } from '../shared-path.js';

const SCHEMAS = resolve(REPO_ROOT, 'schemas');

function xsdFilesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => relative(dir, join(dir, f)).split('\\').join('/'))
    .filter((f) => f.endsWith('.xsd'))
    .sort();
}

const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

describe('schemas/ in the repository', () => {
  it('holds every schema the validator loads and imports, and nothing else', () => {
    const { files, missing } = schemaClosure(SCHEMAS);
    expect(missing).toEqual([]);
    // The CII D16B root, the five Factur-X 1.09 profiles and the UBL 2.1 Invoice and CreditNote, each with their imported modules.
    expect(XSD_ROOT_FILES).toHaveLength(8);
    expect(files).toEqual(expect.arrayContaining([...XSD_ROOT_FILES]));
    expect(xsdFilesUnder(SCHEMAS)).toEqual(files);
  });

  it('keeps the files byte for byte as published (the UN/CEFACT and OASIS notices)', () => {
    for (const f of xsdFilesUnder(SCHEMAS)) {
      // The UBL 2.1 schemas are the ones the official validator runs (its artefacts folder); the others are in shared/schemas.
      const published = f.startsWith('ubl-2.1/') ? requireShared('official-validator', 'artefacts', f) : requireShared('schemas', f);
      expect(readFileSync(join(SCHEMAS, f)).equals(readFileSync(published)), f).toBe(true);
    }
  });

  it('documents version and licence of each folder', () => {
    const readme = readFileSync(join(SCHEMAS, 'README.md'), 'utf8');
    for (const needle of ['cii-d16b-uncoupled', '100.D16B', 'facturx-1.09', 'Factur-X 1.09', 'ubl-2.1', 'UBL 2.1 OS', 'OASIS', 'Licence']) expect(readme).toContain(needle);
  });
});

describe('synth-time runtime asset check', () => {
  it('passes on the repository as it is', () => {
    expect(findMissingRuntimeAssets(SCHEMAS, LAYER_RUNTIME_FILES, REPO_ROOT)).toEqual([]);
  });

  it('names an imported schema that is missing, and a missing package file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fx-schemas-'));
    temps.push(dir);
    cpSync(SCHEMAS, dir, { recursive: true });
    const imported = 'facturx-1.09/basic/Factur-X_1.09_BASIC_urn_un_unece_uncefact_data_standard_QualifiedDataType_100.xsd';
    rmSync(join(dir, imported));
    const packages = [{ package: 'dejavu-fonts-ttf', files: ['ttf/DejaVuSans.ttf', 'ttf/NoSuchFont.ttf'] }];
    let error: unknown;
    try {
      assertRuntimeAssets(dir, packages, REPO_ROOT);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(MissingRuntimeAssetError);
    const missing = (error as MissingRuntimeAssetError).missing;
    expect(missing).toHaveLength(2);
    expect(missing[0]).toMatch(/^XSD .*Factur-X_1\.09_BASIC_urn_un_unece_uncefact_data_standard_QualifiedDataType_100\.xsd$/);
    expect(missing[1]).toBe('dejavu-fonts-ttf/ttf/NoSuchFont.ttf');
    expect((error as Error).message).toContain('schemas/README.md');
  });

  it('ignores optional packages that are not installed', () => {
    expect(findMissingRuntimeAssets(SCHEMAS, [{ package: 'no-such-package-x', files: ['.'], when: 'no-such-package-x' }], REPO_ROOT)).toEqual([]);
    expect(findMissingRuntimeAssets(SCHEMAS, [{ package: 'no-such-package-x', files: ['.'] }], REPO_ROOT)).toEqual(['package no-such-package-x (not installed)']);
  });
});
