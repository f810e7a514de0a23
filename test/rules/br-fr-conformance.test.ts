/**
 * Agreement with the official BR-FR validator (France_RFE v1.4.0.02, compiled
 * XSLT run by Saxon): for every file of the French cases (valid, invalid,
 * extended) and of the main corpus, the set of BR-FR fatal ids we report equals
 * the official `fr_fatal`.
 */
import { describe, expect, it } from 'vitest';
import { diffIds, loadFrCases, loadMainFrVerdicts, ourFrFatal } from './br-fr-corpus.js';

describe('BR-FR rules against the official verdicts', () => {
  it('report exactly the official BR-FR fatal ids on every French case (valid, invalid, extended)', () => {
    const cases = Object.entries(loadFrCases());
    const differences: string[] = [];
    let failing = 0;
    for (const [file, verdict] of cases) {
      const ours = ourFrFatal('fr', file);
      if (ours.length > 0) failing++;
      const d = diffIds(ours, [...(verdict.fr_fatal ?? [])].sort());
      if (d !== undefined) differences.push(`${file}: ${d}`);
    }
    console.info(`BR-FR French cases: ${cases.length - differences.length}/${cases.length} identical (${failing} with BR-FR findings)`);
    expect(cases.length).toBeGreaterThanOrEqual(140);
    expect(failing).toBeGreaterThan(100);
    expect(differences).toEqual([]);
  });

  it('report exactly the official BR-FR fatal ids on every CII file of the main corpus', () => {
    const verdicts = Object.entries(loadMainFrVerdicts());
    const differences: string[] = [];
    const aborted: string[] = [];
    for (const [file, verdict] of verdicts) {
      // The official XSLT aborts on this file (two due dates passed where one string is expected): no verdict to compare.
      if (verdict.fr_sch_error !== undefined) {
        aborted.push(file);
        continue;
      }
      const d = diffIds(ourFrFatal(file), [...(verdict.fr_fatal ?? [])].sort());
      if (d !== undefined) differences.push(`${file}: ${d}`);
    }
    console.info(`BR-FR main corpus: ${verdicts.length - aborted.length - differences.length}/${verdicts.length - aborted.length} identical (${aborted.length} without official verdict)`);
    expect(aborted).toEqual(['pdf/ZUGFeRDv2__correct__intarsys__EXTENDED__zugferd_2p0_EXTENDED_Fremdwaehrung.xml']);
    expect(verdicts.length).toBeGreaterThan(400);
    expect(differences).toEqual([]);
  });
});
