/**
 * The code lists of the EN 16931 code-list rules (lib/rules/codelists/) are
 * exactly what the official CEN artefacts of release 1.3.16, the ones the
 * official validator runs (../shared/official-validator/artefacts/en16931),
 * accept, and the UBL-CR table is what it forbids: the generators, run in check mode, rebuild every module from the
 * CII and UBL code-list schematron and compare it with the committed file.
 * (They were once generated from an older copy of the CII file, which let
 * BGN through and refused XCG.)
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireShared } from '../shared-path.js';

const root = resolve(import.meta.dirname, '..', '..');

function check(script: string): string {
  requireShared('official-validator', 'artefacts', 'en16931');
  return execFileSync(process.execPath, ['--import', 'tsx', resolve(root, 'scripts', script), '--check'], { cwd: root, encoding: 'utf8' });
}

describe('code lists', () => {
  it('are what the official CII code-list schematron accepts', () => {
    expect(check('gen-codelists.ts')).toContain('up to date with the official artefact');
  }, 60_000);
  it('are what the official UBL code-list schematron accepts', () => {
    expect(check('gen-codelists-ubl.ts')).toContain('up to date with the official artefact');
  }, 60_000);
  it('the UBL-CR table is what the official UBL schematron forbids', () => {
    expect(check('gen-ubl-syntax.ts')).toContain('up to date with the official artefact');
  }, 60_000);
});
