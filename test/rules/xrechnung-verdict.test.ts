/**
 * The KoSIT verdict under the XRechnung configuration (`rules: xrechnung`):
 * for every CII file of the XRechnung corpus (test suite, unit instances and
 * variants, mutants), our `valid`, scenario and error ids (CEN and XRechnung,
 * after the scenario's levels) equal the official `xr_valid`, `xr_scenario`
 * and `xr_errors`. (The UBL half needs the CEN UBL validation.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateCiiXml } from '../../lib/validate-xml.js';
import { XR_NO_SCENARIO } from '../../lib/rules/xrechnung/scenario.js';
import { requireShared } from '../shared-path.js';
import { diffIds, loadCiusVerdicts } from './cius-corpus.js';

const SCHEMAS = new URL('../../schemas', import.meta.url).pathname;

describe('XRechnung verdict (KoSIT scenarios) on the CII files of the XRechnung corpus', () => {
  it('equals xr_valid, xr_scenario and xr_errors on every file', () => {
    const files = Object.entries(loadCiusVerdicts('xrechnung')).filter(([, v]) => v.syntax === 'CII');
    const differences: string[] = [];
    let valid = 0;
    for (const [file, verdict] of files) {
      const r = validateCiiXml(readFileSync(requireShared('conformance', 'xrechnung', file)), { schemaDir: SCHEMAS, rules: 'xrechnung' });
      if (r.valid) valid++;
      const problems: string[] = [];
      if (r.valid !== verdict.xr_valid) problems.push(`valid ${r.valid}, official ${verdict.xr_valid}`);
      if ((r.xrechnungScenario ?? null) !== (verdict.xr_scenario ?? null)) problems.push(`scenario ${r.xrechnungScenario}, official ${verdict.xr_scenario}`);
      const ids = [...new Set(r.errors.map((f) => f.rule))].filter((id) => id !== XR_NO_SCENARIO);
      // xr_errors is null when the official CEN XSLT stopped (sch_error): the verdict (invalid) is still compared.
      if (verdict.xr_errors) {
        const d = diffIds(ids, verdict.xr_errors);
        if (d !== undefined) problems.push(d);
      }
      if (problems.length > 0) differences.push(`${file}: ${problems.join(' | ')}`);
    }
    console.info(`XRechnung verdict, CII: ${files.length - differences.length}/${files.length} identical (${valid} valid)`);
    expect(files.length).toBeGreaterThan(400);
    expect(valid).toBeGreaterThan(20);
    expect(differences).toEqual([]);
  });
});
