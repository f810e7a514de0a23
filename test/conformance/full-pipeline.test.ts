/**
 * The whole XML validation path (lib/validate-xml.ts: safe parse, format
 * detection, syntax rules, business rules, XSD) against the official verdicts
 * of every file of the shared corpus: identical fatal sets (every official id,
 * BR and CII alike), identical official warning sets, the same CII D16B XSD
 * verdict, and ZUGFeRD 1.0 documents answered as not EN 16931 CII.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NotEn16931CiiError } from '../../lib/cii/detect.js';
import { readCiiXml, validateCiiXml } from '../../lib/validate-xml.js';
import { requireShared } from '../shared-path.js';
import { loadVerdicts } from './corpus.js';

const OUR_IDS = /^(VAT-CHECKSUM|FR-SIREN-CHECKSUM|FR-SIRET-CHECKSUM|FR-SIRET-BUYER|FX-PROFILE-XSD)$/;

describe('full validation pipeline vs the official validator, whole corpus', () => {
  it('agrees on every file', () => {
    const verdicts = loadVerdicts();
    // The BR-FR verdicts of the same files (France_RFE v1.4.0.02); the pipeline runs both rule sets (rules: 'fr').
    const frVerdicts = JSON.parse(readFileSync(requireShared('conformance', 'expected-fr.json'), 'utf8')) as Record<string, { fr_fatal?: string[]; fr_sch_error?: string }>;
    // The XSDs the service ships (schemas/), not the shared copy: the verdicts prove the shipped files.
    const schemaDir = resolve(import.meta.dirname, '..', '..', 'schemas');
    const diffs: string[] = [];
    let compared = 0;
    let notCii = 0;
    for (const [file, verdict] of Object.entries(verdicts)) {
      const bytes = readFileSync(requireShared('conformance', file));
      let result;
      try {
        result = validateCiiXml(bytes, { schemaDir, rules: 'fr' });
      } catch (err) {
        if (err instanceof NotEn16931CiiError) {
          notCii++;
          expect(err.format, file).toMatch(/ZUGFeRD 1\.0/);
          continue;
        }
        throw err;
      }
      compared++;
      const allFatal = [...new Set(result.errors.map((f) => f.rule))].sort();
      const fatal = allFatal.filter((r) => !r.startsWith('BR-FR-'));
      const frFatal = allFatal.filter((r) => r.startsWith('BR-FR-'));
      const fr = frVerdicts[file];
      expect(fr, `${file} has a BR-FR verdict`).toBeDefined();
      if (fr?.fr_sch_error === undefined && frFatal.join() !== [...(fr?.fr_fatal ?? [])].sort().join()) diffs.push(`${file}: BR-FR ours [${frFatal}] official [${fr?.fr_fatal}]`);
      expect(result.ruleSets).toEqual(['EN 16931 CII 1.3.16', 'BR-FR 1.4.0.02']);
      const warn = [...new Set(result.warnings.map((f) => f.rule).filter((r) => !OUR_IDS.test(r)))].sort();
      const expFatal = [...new Set(verdict.fatal)].sort();
      const expWarn = [...new Set(verdict.warning)].sort();
      if (fatal.join() !== expFatal.join()) diffs.push(`${file}: fatal ours [${fatal}] official [${expFatal}]`);
      if (warn.join() !== expWarn.join()) diffs.push(`${file}: warning ours [${warn}] official [${expWarn}]`);
      if ((verdict.xsd === 'ok') !== (result.xsd.valid === true)) diffs.push(`${file}: xsd ours ${result.xsd.valid} official ${String(verdict.xsd)}`);
      expect(result.valid, file).toBe(allFatal.length === 0 && expFatal.length === 0 && verdict.xsd === 'ok');
    }
    console.log(`full pipeline: ${compared} CII files compared, ${notCii} ZUGFeRD 1.0 files answered as not EN 16931 CII, ${diffs.length} differences`);
    expect(diffs).toEqual([]);
    expect(compared).toBeGreaterThan(400);
  });

  it('readCiiXml (data only, as v1 reads a Factur-X PDF) gives the model validateCiiXml gives, and refuses the same files', () => {
    let compared = 0;
    for (const file of Object.keys(loadVerdicts())) {
      const bytes = readFileSync(requireShared('conformance', file));
      let expected: string | undefined;
      try {
        expected = JSON.stringify(validateCiiXml(bytes).invoice);
      } catch (err) {
        if (!(err instanceof NotEn16931CiiError)) throw err;
      }
      if (expected === undefined) {
        expect(() => readCiiXml(bytes), file).toThrow(NotEn16931CiiError);
        continue;
      }
      expect(JSON.stringify(readCiiXml(bytes)), file).toBe(expected);
      compared++;
    }
    expect(compared).toBeGreaterThan(400);
  });
});
