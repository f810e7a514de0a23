/**
 * Agreement with the official CEN validator (EN 16931 CII artefacts, release
 * 1.3.16) on the business rules, over the whole shared conformance corpus.
 *
 * For every document of expected.json whose root is rsm:CrossIndustryInvoice
 * (ZUGFeRD 1.0 CrossIndustryDocument roots are not EN 16931: skipped and
 * counted), we parse it with lib/xml/parse.ts, read it with readCii, run
 * validateInvoice and compare the set of official rule ids not starting with
 * CII- that we report as fatal with the official fatal set: they must be
 * equal for every file. Warnings are compared the same way and the agreement
 * printed. A difference we are convinced is a defect of the official artefact
 * is listed, with its reason, in known-differences.json, never special-cased
 * in code.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCii } from '../../lib/cii/reader/read.js';
import { validateInvoice } from '../../lib/rules/index.js';
import { businessIds, CII_ROOT, loadCatalogueIds, loadVerdicts, readCorpusTree } from './corpus.js';

interface KnownDifference {
  file: string;
  rule: string;
  kind: 'extra' | 'missing';
  severity: 'fatal' | 'warning';
  reason: string;
}

const known = (JSON.parse(readFileSync(new URL('./known-differences.json', import.meta.url), 'utf8')) as { differences: KnownDifference[] }).differences;
const verdicts = loadVerdicts();
const catalogue = loadCatalogueIds();

/** Differences between our ids and the official ones that known-differences.json does not explain. */
function diff(file: string, severity: 'fatal' | 'warning', ours: string[], official: string[], explained: KnownDifference[]): string[] {
  const out: string[] = [];
  const isKnown = (rule: string, kind: 'extra' | 'missing'): boolean => {
    const k = known.find((d) => d.file === file && d.rule === rule && d.kind === kind && d.severity === severity);
    if (k !== undefined) explained.push(k);
    return k !== undefined;
  };
  for (const id of ours) if (!official.includes(id) && !isKnown(id, 'extra')) out.push(`+${id}`);
  for (const id of official) if (!ours.includes(id) && !isKnown(id, 'missing')) out.push(`-${id}`);
  return out;
}

describe('EN 16931 business rules against the official verdicts of the conformance corpus', () => {
  it('reports exactly the official fatal business-rule ids (not CII-*) for every CII document', () => {
    const fatalDifferences: string[] = [];
    const warningDifferences: string[] = [];
    const explained: KnownDifference[] = [];
    let compared = 0;
    let skipped = 0;
    let fatalMatches = 0;
    let warningMatches = 0;
    for (const [file, verdict] of Object.entries(verdicts)) {
      const root = readCorpusTree(file);
      if (root.name !== CII_ROOT) {
        skipped++;
        continue;
      }
      compared++;
      const report = validateInvoice(readCii(root).invoice);
      // Only official ids: our extra checks (FR-SIRET-BUYER, VAT-CHECKSUM, ...) are not in the catalogue.
      const ours = (findings: Array<{ rule: string }>): string[] => businessIds(findings.map((f) => f.rule).filter((id) => catalogue.has(id)));
      const fatal = diff(file, 'fatal', ours(report.errors), businessIds(verdict.fatal), explained);
      const warning = diff(file, 'warning', ours(report.warnings), businessIds(verdict.warning), explained);
      if (fatal.length === 0) fatalMatches++;
      else fatalDifferences.push(`${file}: ${fatal.join(' ')}`);
      if (warning.length === 0) warningMatches++;
      else warningDifferences.push(`${file}: ${warning.join(' ')}`);
    }
    console.info(
      [
        `Business rules vs official CEN 1.3.16 on ${compared} CII documents (${skipped} ZUGFeRD 1.0 documents skipped):`,
        `  fatal sets equal: ${fatalMatches}/${compared}; warning sets equal: ${warningMatches}/${compared}`,
        `  known differences (official artefact defects) applied: ${explained.length}`,
        ...explained.map((k) => `    ${k.file} ${k.kind} ${k.rule}: ${k.reason}`),
        ...fatalDifferences.map((d) => `  FATAL ${d}`),
        ...warningDifferences.map((d) => `  WARNING ${d}`),
      ].join('\n'),
    );
    expect(compared + skipped).toBe(Object.keys(verdicts).length);
    expect(compared).toBeGreaterThan(300);
    expect(fatalDifferences).toEqual([]);
    expect(warningDifferences).toEqual([]);
  });

  it('lists only known differences that still occur, each with a reason', () => {
    for (const k of known) {
      expect(k.reason.trim().length, `${k.file} ${k.rule}`).toBeGreaterThan(20);
      const verdict = verdicts[k.file];
      expect(verdict, k.file).toBeDefined();
      const official = businessIds(k.severity === 'fatal' ? verdict!.fatal : verdict!.warning);
      expect(official.includes(k.rule), `${k.file} ${k.rule}`).toBe(k.kind === 'missing');
    }
  });
});
