/**
 * The verdicts of the validation entry point (lib/validate-xml.ts) under the
 * rule sets beside EN 16931, against the official ones, on every file of the
 * shared XRechnung and UBL corpora:
 * - `rules: xrechnung`: the KoSIT verdict (scenario by BT-24, XSD, CEN and
 *   XRechnung rules after the scenario's levels): our `valid`, scenario and
 *   error ids equal `xr_valid`, `xr_scenario` and `xr_errors`;
 * - `rules: peppol` (UBL): a Peppol validator's verdict (XSD ok, no CEN and no
 *   Peppol fatal): our `valid` and error ids equal it and `fatal` + `peppol_fatal`.
 * Where the official CEN XSLT stopped (`sch_error`: xr_errors and fatal null)
 * only the verdict is compared: invalid, as the XSD fails too on those files.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateInvoiceXml } from '../../lib/validate-xml.js';
import { XR_NO_SCENARIO } from '../../lib/rules/xrechnung/scenario.js';
import { requireShared } from '../shared-path.js';
import { diffIds, loadCiusVerdicts } from './cius-corpus.js';

const SCHEMAS = new URL('../../schemas', import.meta.url).pathname;
const validate = (folder: string, file: string, rules: 'xrechnung' | 'peppol') => validateInvoiceXml(readFileSync(requireShared('conformance', folder, file)), { schemaDir: SCHEMAS, rules });
const errorIds = (r: ReturnType<typeof validateInvoiceXml>) => [...new Set(r.errors.map((f) => f.rule))].filter((id) => id !== XR_NO_SCENARIO);

describe('XRechnung verdict (KoSIT scenarios) through the validation entry point', () => {
  it.each(['xrechnung', 'ubl'] as const)('equals xr_valid, xr_scenario and xr_errors on every file of %s/ (CII and UBL)', (folder) => {
    const files = Object.entries(loadCiusVerdicts(folder));
    const differences: string[] = [];
    let valid = 0;
    for (const [file, verdict] of files) {
      const r = validate(folder, file, 'xrechnung');
      if (r.valid) valid++;
      const problems: string[] = [];
      if (r.valid !== verdict.xr_valid) problems.push(`valid ${r.valid}, official ${verdict.xr_valid}`);
      if ((r.xrechnungScenario ?? null) !== (verdict.xr_scenario ?? null)) problems.push(`scenario ${r.xrechnungScenario}, official ${verdict.xr_scenario}`);
      if (verdict.xr_errors) {
        const d = diffIds(errorIds(r), verdict.xr_errors);
        if (d !== undefined) problems.push(d);
      }
      if (problems.length > 0) differences.push(`${file}: ${problems.join(' | ')}`);
    }
    console.info(`XRechnung verdict on ${folder}/: ${files.length - differences.length}/${files.length} identical (${valid} valid)`);
    expect(files.length).toBeGreaterThan(1000);
    expect(valid).toBeGreaterThan(folder === 'xrechnung' ? 300 : 0);
    expect(differences).toEqual([]);
  });
});

describe('Peppol verdict through the validation entry point', () => {
  it.each(['ubl', 'xrechnung'] as const)('equals the official Peppol verdict and fatal ids on every UBL file of %s/', (folder) => {
    const files = Object.entries(loadCiusVerdicts(folder)).filter(([, v]) => v.syntax !== 'CII');
    const differences: string[] = [];
    let valid = 0;
    for (const [file, verdict] of files) {
      const r = validate(folder, file, 'peppol');
      if (r.valid) valid++;
      const official = verdict.xsd === 'ok' && verdict.fatal !== null && verdict.fatal.length === 0 && (verdict.peppol_fatal ?? []).length === 0;
      const problems: string[] = [];
      if (r.valid !== official) problems.push(`valid ${r.valid}, official ${official}`);
      if (verdict.fatal !== null) {
        const d = diffIds(errorIds(r), [...new Set([...verdict.fatal, ...(verdict.peppol_fatal ?? [])])]);
        if (d !== undefined) problems.push(d);
      }
      if (problems.length > 0) differences.push(`${file}: ${problems.join(' | ')}`);
    }
    console.info(`Peppol verdict on ${folder}/: ${files.length - differences.length}/${files.length} identical (${valid} valid)`);
    expect(files.length).toBeGreaterThan(700);
    if (folder === 'ubl') expect(valid).toBeGreaterThan(10);
    expect(differences).toEqual([]);
  });
});
