import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/facturx.js';
import { requireShared } from '../shared-path.js';

const valid = () => requireShared('conformance', 'cii', 'valid', 'cen__CII_example1.xml');
const invalid = () => requireShared('conformance', 'cii', 'invalid', 'official', 'BR-CO-17__test1.xml');

function run(args: string[]) {
  const lines: string[] = [];
  const status = main(args, (l) => lines.push(l));
  return { status, rows: lines.map((l) => JSON.parse(l)) };
}

describe('facturx validate', () => {
  it('prints one JSON line per file and exits 0 when all are valid', () => {
    const { status, rows } = run(['validate', '--schemas', requireShared('schemas'), valid()]);
    expect(status).toBe(0);
    expect(rows).toHaveLength(1);
    expect(rows[0].valid).toBe(true);
    expect(rows[0].profile).toBe('EN 16931');
    expect(rows[0].xsd.ran).toBe(true);
  });

  it('validates UBL invoices and credit notes too, by their root element (issue 23)', () => {
    const fixtures = resolve(import.meta.dirname, '..', 'fixtures', 'ubl');
    // The fixtures' seller is French: --rules en16931 leaves out the BR-FR rules auto would add (see below).
    const { status, rows } = run(['validate', '--rules', 'en16931', resolve(fixtures, 'minimal-invoice.xml'), resolve(fixtures, 'minimal-credit-note.xml')]);
    expect(status).toBe(0);
    expect(rows.map((r) => [r.syntax, r.valid, r.ruleSet])).toEqual([
      ['UBL-Invoice', true, 'EN 16931 UBL 1.3.16'],
      ['UBL-CreditNote', true, 'EN 16931 UBL 1.3.16'],
    ]);
    expect(rows[0].xsd.reports[0].schema).toBe('UBL 2.1 Invoice');
    // Under auto, a French seller's UBL invoice gets the BR-FR rules of the UBL binding (issue 23, point 6).
    const auto = run(['validate', resolve(fixtures, 'minimal-invoice.xml')]);
    expect(auto.rows[0].ruleSets).toEqual(['EN 16931 UBL 1.3.16', 'BR-FR 1.4.0.02']);
    expect(auto.rows[0].errors.map((e: { rule: string }) => e.rule)).toContain('BR-FR-08_BT-23');
  });

  it('exits 1 when one file is invalid, naming the official rule ids', () => {
    const { status, rows } = run(['validate', '--quiet', valid(), invalid()]);
    expect(status).toBe(1);
    expect(rows.map((r) => r.valid)).toEqual([true, false]);
    expect(rows[1].errors).toContain('BR-S-08');
  });

  it('runs the French BR-FR rules with --rules fr, as the official FR validator does on this file, and none with en16931', () => {
    const expectedFr = JSON.parse(readFileSync(requireShared('conformance', 'expected-fr.json'), 'utf8')) as Record<string, { fr_fatal: string[] }>;
    const fr = run(['validate', '--quiet', '--rules', 'fr', valid()]);
    expect(fr.status).toBe(1);
    expect([...fr.rows[0].errors].sort()).toEqual([...expectedFr['cii/valid/cen__CII_example1.xml']!.fr_fatal].sort());
    expect(run(['validate', '--quiet', '--rules', 'en16931', valid()]).status).toBe(0);
    expect(run(['validate', '--rules', 'french', valid()]).status).toBe(2);
  });

  it('reports unreadable and non-XML files in their line, and usage errors with status 2', () => {
    const { status, rows } = run(['validate', '/nonexistent.xml', resolve(import.meta.dirname, 'facturx.test.ts')]);
    expect(status).toBe(1);
    expect(rows[0].error.code).toBe('ENOENT');
    expect(rows[1].error.code).toBe('XML_SYNTAX');
    expect(run(['validate']).status).toBe(2);
    expect(run(['frobnicate']).status).toBe(2);
  });

  it('runs as the package bin', () => {
    const out = execFileSync(process.execPath, ['--throw-deprecation', resolve(import.meta.dirname, '..', '..', 'bin', 'facturx.mjs'), 'validate', '--quiet', valid()], { encoding: 'utf8' });
    expect(JSON.parse(out.trim()).valid).toBe(true);
  });
});
