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
import { readFileSync } from 'node:fs';
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

/**
 * The Peppol BIS Billing code lists (lib/rules/peppol/codelists.ts) are the
 * `tokenize('...')` variables of the official compiled Peppol XSLT the
 * official validator runs (release 3.0.21), token for token.
 */
describe('Peppol code lists', () => {
  const variables: Record<string, string> = {
    PEPPOL_MIME_CODES: 'MIMECODE',
    PEPPOL_UNCL5189: 'UNCL5189',
    PEPPOL_UNCL7161: 'UNCL7161',
    PEPPOL_UNCL2005: 'UNCL2005',
    PEPPOL_ISO4217: 'ISO4217',
    PEPPOL_EAS: 'eaid',
  };
  it.each(Object.entries(variables))('%s is the variable $%s of PEPPOL-EN16931-UBL.xslt', async (ours, variable) => {
    const xslt = readFileSync(requireShared('official-validator', 'artefacts', 'peppol', 'xslt', 'PEPPOL-EN16931-UBL.xslt'), 'utf8');
    const m = new RegExp(`<xsl:variable name="${variable}" select="tokenize\\('([^']*)'`).exec(xslt);
    expect(m, `variable ${variable} in the XSLT`).not.toBeNull();
    const official = m![1]!.trim().split(/\s+/).sort();
    const lists = (await import('../../lib/rules/peppol/codelists.js')) as unknown as Record<string, ReadonlySet<string>>;
    expect([...lists[ours]!].sort()).toEqual(official);
  });
});
