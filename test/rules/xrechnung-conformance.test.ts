/**
 * Agreement with the official XRechnung 3.0.2 rule file (KoSIT schematron
 * 2.5.0 with the merged Peppol rules, compiled XSLT run by Saxon): on every
 * file of the XRechnung corpus (test suite, unit instances and their
 * variants, mutants; CII and UBL) and of the UBL corpus, the XRechnung ids we
 * report by flag equal the official `xr_fatal`, `xr_warning` and
 * `xr_information` (these rules fire on any document, whatever its BT-24).
 */
import { describe, expect, it } from 'vitest';
import { checkXRechnungCii, checkXRechnungUbl } from '../../lib/rules/xrechnung/index.js';
import { corpusTree, diffIds, idsOf, loadCiusVerdicts, type CiusVerdict } from './cius-corpus.js';

function compare(folder: 'xrechnung' | 'ubl', entries: Array<[string, CiusVerdict]>): { differences: string[]; withFindings: number } {
  const differences: string[] = [];
  let withFindings = 0;
  for (const [file, verdict] of entries) {
    const tree = corpusTree(folder, file);
    const findings = verdict.syntax === 'CII' ? checkXRechnungCii(tree) : checkXRechnungUbl(tree);
    if (findings.some((f) => f.severity === 'fatal')) withFindings++;
    const d = [
      diffIds(idsOf(findings, 'fatal'), verdict.xr_fatal ?? []),
      diffIds(idsOf(findings, 'warning'), verdict.xr_warning ?? []),
      diffIds(idsOf(findings, 'information'), verdict.xr_information ?? []),
    ].filter((x) => x !== undefined);
    if (d.length > 0) differences.push(`${file}: ${d.join(' | ')}`);
  }
  return { differences, withFindings };
}

describe('XRechnung rules against the official verdicts', () => {
  const xr = Object.entries(loadCiusVerdicts('xrechnung'));

  it('report exactly the official XRechnung ids on every CII file of the XRechnung corpus', () => {
    const cii = xr.filter(([, v]) => v.syntax === 'CII');
    const { differences, withFindings } = compare('xrechnung', cii);
    console.info(`XRechnung CII: ${cii.length - differences.length}/${cii.length} identical (${withFindings} with fatal findings)`);
    expect(cii.length).toBeGreaterThanOrEqual(400);
    expect(withFindings).toBeGreaterThan(150);
    expect(differences).toEqual([]);
  });

  it('report exactly the official XRechnung ids on every UBL file of the XRechnung corpus', () => {
    const ubl = xr.filter(([, v]) => v.syntax !== 'CII');
    const { differences, withFindings } = compare('xrechnung', ubl);
    console.info(`XRechnung UBL: ${ubl.length - differences.length}/${ubl.length} identical (${withFindings} with fatal findings)`);
    expect(ubl.length).toBeGreaterThanOrEqual(750);
    expect(withFindings).toBeGreaterThan(250);
    expect(differences).toEqual([]);
  });

  it('report exactly the official XRechnung ids on every file of the UBL corpus', () => {
    const ubl = Object.entries(loadCiusVerdicts('ubl'));
    const { differences, withFindings } = compare('ubl', ubl);
    console.info(`XRechnung on the UBL corpus: ${ubl.length - differences.length}/${ubl.length} identical (${withFindings} with fatal findings)`);
    expect(ubl.length).toBeGreaterThanOrEqual(1400);
    expect(withFindings).toBeGreaterThan(500);
    expect(differences).toEqual([]);
  });
});
