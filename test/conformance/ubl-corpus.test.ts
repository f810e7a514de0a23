/**
 * Agreement with the official CEN validator (EN 16931 UBL artefacts, release
 * 1.3.16, and the OASIS UBL 2.1 XSD) over every file of the shared UBL corpus
 * (../shared/conformance/ubl: the CEN examples and test files, the Peppol
 * examples, real-world samples, mutants and the CEN and Peppol unit-test
 * fragments), and over the EN 16931 part of the XRechnung corpus (test suite,
 * unit instances and mutants, UBL and CII).
 *
 * For each file we validate it as the service does (lib/validate-xml.ts, the
 * repository's schemas/) and compare, with the official verdict of
 * expected.json: our fatal set and our warning set of official ids (every
 * CEN id: BR, BR-CO, BR-DEC, the VAT categories, BR-CL, UBL-CR/SR/DT or
 * CII-SR/DT), and our XSD verdict (valid or not); and every finding of ours
 * carries its location in the document. They must be equal for every
 * file; the unit-test fragments are compared the same way (every CEN rule's
 * verdict equals the official one; their Peppol fields are another family's).
 * Files on which the official XSLT itself stopped (`sch_error`) have no
 * verdict to compare: they are counted, and must stay few.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateInvoiceXml } from '../../lib/validate-xml.js';
import { requireShared } from '../shared-path.js';

interface Verdict {
  syntax: 'CII' | 'UBL-Invoice' | 'UBL-CreditNote';
  xsd: string | unknown;
  fatal: string[] | null;
  warning: string[] | null;
  sch_error?: string;
}

/** Our non-official ids, left out of the comparison. */
const OURS = /^(VAT-CHECKSUM|FR-SIREN-CHECKSUM|FR-SIRET-CHECKSUM|FR-SIRET-BUYER|FX-PROFILE-XSD)$/;
const SCHEMAS = resolve(import.meta.dirname, '..', '..', 'schemas');

const sorted = (ids: Iterable<string>): string[] => [...new Set(ids)].sort();

/** Compares every file of a corpus folder with its expected.json; returns the differences and counts. */
function compareCorpus(folder: string): { compared: number; aborted: number; bySyntax: Record<string, number>; differences: string[] } {
  const root = requireShared('conformance', folder);
  const expected = JSON.parse(readFileSync(resolve(root, 'expected.json'), 'utf8')) as Record<string, Verdict>;
  const differences: string[] = [];
  const bySyntax: Record<string, number> = {};
  let compared = 0;
  let aborted = 0;
  for (const [file, v] of Object.entries(expected)) {
    if (v.fatal === null || v.sch_error !== undefined) {
      aborted++;
      continue;
    }
    compared++;
    bySyntax[v.syntax] = (bySyntax[v.syntax] ?? 0) + 1;
    const r = validateInvoiceXml(readFileSync(resolve(root, file)), { schemaDir: SCHEMAS, rules: 'en16931' });
    const fatal = sorted(r.errors.map((f) => f.rule));
    const warning = sorted(r.warnings.map((f) => f.rule).filter((id) => !OURS.test(id)));
    const d: string[] = [];
    if (r.syntax !== v.syntax) d.push(`syntax ${r.syntax} (official ${v.syntax})`);
    for (const id of fatal) if (!v.fatal.includes(id)) d.push(`+${id}`);
    for (const id of v.fatal) if (!fatal.includes(id)) d.push(`-${id}`);
    for (const id of warning) if (!v.warning!.includes(id)) d.push(`+warning ${id}`);
    for (const id of v.warning!) if (!warning.includes(id)) d.push(`-warning ${id}`);
    if (r.xsd.valid !== (v.xsd === 'ok')) d.push(`xsd ours ${String(r.xsd.valid)}, official ${v.xsd === 'ok' ? 'ok' : 'invalid'}`);
    // Every finding points at the XML it concerns (an XPath from the root, like CII's).
    const rootPath = r.syntax === 'CII' ? '/rsm:CrossIndustryInvoice' : r.syntax === 'UBL-Invoice' ? '/ubl:Invoice' : '/cn:CreditNote';
    for (const f of [...r.errors, ...r.warnings]) if (f.location === undefined || !f.location.startsWith(rootPath)) d.push(`${f.rule} without location (${String(f.location)})`);
    if (d.length > 0) differences.push(`${file}: ${d.join(' ')}`);
  }
  return { compared, aborted, bySyntax, differences };
}

describe('UBL: our verdicts equal the official CEN 1.3.16 verdicts', () => {
  it('on every file of conformance/ubl (valid, invalid, mutants, CEN and Peppol unit tests): fatal set, warning set, XSD', () => {
    const { compared, aborted, bySyntax, differences } = compareCorpus('ubl');
    console.info(`UBL corpus: ${compared} files compared (${JSON.stringify(bySyntax)}), ${aborted} official aborts, ${differences.length} differences`);
    expect(compared).toBeGreaterThan(1400);
    expect(bySyntax['UBL-CreditNote']).toBeGreaterThan(200);
    expect(differences).toEqual([]);
  });

  it('on every file of conformance/xrechnung (test suite, unit instances and their variants, mutants; UBL and CII): the CEN verdicts', () => {
    const { compared, aborted, bySyntax, differences } = compareCorpus('xrechnung');
    console.info(`XRechnung corpus, EN 16931 part: ${compared} files compared (${JSON.stringify(bySyntax)}), ${aborted} official aborts, ${differences.length} differences`);
    expect(compared).toBeGreaterThan(1100);
    expect(bySyntax.CII).toBeGreaterThan(300);
    expect(aborted).toBeLessThan(20);
    expect(differences).toEqual([]);
  });
});
