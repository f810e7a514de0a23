/**
 * The EN 16931 rules of the UBL binding in step with the official CEN UBL
 * catalogue (release 1.3.16, 979 asserts): every business rule id (BR, BR-CO,
 * BR-DEC, the VAT categories, BR-CL) is run on a UBL document (the shared
 * definition, its UBL variant, or a rule only the UBL artefact has), decided
 * on the document (the code lists), or listed as not implemented with its
 * reason; the UBL syntax ids are in ./ubl-syntax-registry.test.ts. A variant
 * keeps the catalogue entry of its id (terms, message; severity but where the
 * UBL artefact flags it otherwise).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { notImplemented as brCoNotImplemented } from '../../lib/rules/br-co/not-implemented.js';
import { OFFICIAL_RULES } from '../../lib/rules/index.js';
import { UBL_DOCUMENT_CODE_RULES } from '../../lib/rules/br-cl/ubl-document.js';
import { UBL_MODEL_RULES, UBL_VARIANT_IDS } from '../../lib/ubl/rules/index.js';
import { UBL_ONLY_RULES } from '../../lib/ubl/rules/variants.js';
import { requireShared } from '../shared-path.js';

interface CatalogueRule {
  id: string;
  flag: 'fatal' | 'warning';
}

const catalogue = (
  JSON.parse(readFileSync(requireShared('conformance', 'ubl', 'rules-en16931-ubl-1.3.16.json'), 'utf8')) as { rules: CatalogueRule[] }
).rules.filter((r) => !r.id.startsWith('UBL-'));
const flags = new Map(catalogue.map((r) => [r.id, r.flag]));
const shared = new Map(OFFICIAL_RULES.map((r) => [r.id, r]));

describe('EN 16931 rule registry of the UBL binding', () => {
  it('accounts for every business rule of the UBL catalogue: run on the model, decided on the document, or not implemented with a reason', () => {
    expect(new Set(catalogue.map((r) => r.id)).size).toBe(223);
    const run = new Set(UBL_MODEL_RULES.map((r) => r.id));
    const notImplemented = new Map(brCoNotImplemented.map((r) => [r.id, r.reason]));
    const unaccounted = [...flags.keys()].filter((id) => !run.has(id) && !UBL_DOCUMENT_CODE_RULES.has(id) && !notImplemented.has(id));
    expect(unaccounted).toEqual([]);
    for (const [id, reason] of notImplemented) {
      expect(flags.has(id), id).toBe(true);
      expect(reason.length, id).toBeGreaterThan(40);
    }
  });

  it('runs each official rule once, with its official UBL flag', () => {
    const official = UBL_MODEL_RULES.filter((r) => r.official);
    expect(official.map((r) => r.id).filter((id, i, all) => all.indexOf(id) !== i)).toEqual([]);
    expect(official.filter((r) => !flags.has(r.id)).map((r) => r.id)).toEqual([]);
    expect(official.filter((r) => flags.get(r.id) !== r.severity).map((r) => `${r.id} ${r.severity}`)).toEqual([]);
  });

  it('keeps the catalogue entry of each id in a variant: the shared terms and message', () => {
    for (const id of UBL_VARIANT_IDS) {
      const variant = UBL_MODEL_RULES.find((r) => r.id === id)!;
      const base = shared.get(id)!;
      expect(variant.terms, id).toEqual(base.terms);
      expect(variant.message, id).toBe(base.message);
      expect(variant.check, id).not.toBe(base.check);
    }
  });

  it('has the rules the UBL artefact adds (BR-AF-08/09, BR-AG-08/09) only for UBL: the CII catalogue lacks them', () => {
    expect(UBL_ONLY_RULES.map((r) => r.id).sort()).toEqual(['BR-AF-08', 'BR-AF-09', 'BR-AG-08', 'BR-AG-09']);
    for (const r of UBL_ONLY_RULES) expect(shared.has(r.id), r.id).toBe(false);
  });

  it('shares the definition of every rule whose official UBL test agrees with the CII one on the model', () => {
    const sharedIds = UBL_MODEL_RULES.filter((r) => r.official && !UBL_VARIANT_IDS.has(r.id)).map((r) => r.id);
    // Presence of the header terms, parties and totals, the line terms, the document references: one definition for both syntaxes.
    for (const id of ['BR-01', 'BR-02', 'BR-05', 'BR-06', 'BR-08', 'BR-16', 'BR-21', 'BR-25', 'BR-52']) expect(sharedIds, id).toContain(id);
  });
});
