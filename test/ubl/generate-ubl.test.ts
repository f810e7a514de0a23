/**
 * The JSON path writing UBL (lib/generate.ts): the rule set is named as the
 * UBL validation names it, and the French rules of the UBL binding judge the
 * UBL written once they are plugged into lib/ubl/br-fr-hook.ts (until then
 * the CII BR-FR rules judge the CII form of the same model).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CiiElement } from '../../lib/cii/reader/tree.js';
import { checkInvoiceInput, generateInvoiceXml, UBL_RULE_SET_VERSION } from '../../lib/generate.js';
import { parseInvoiceInput, type InvoiceInput } from '../../lib/input/schema.js';
import { brFrOnUbl } from '../../lib/ubl/br-fr-hook.js';
import { UBL_RULE_SET_VERSION as VALIDATION_LABEL } from '../../lib/ubl/validate-ubl.js';

const french = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'fixtures', 'french', 'invoices.json'), 'utf8')) as Record<string, unknown>;

function input(body: unknown): InvoiceInput {
  const r = parseInvoiceInput(body);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

afterEach(() => {
  delete brFrOnUbl.check;
  delete brFrOnUbl.ruleSet;
});

describe('writing UBL from JSON', () => {
  it('names the EN 16931 rule set as the UBL validation does', () => {
    expect(UBL_RULE_SET_VERSION).toBe(VALIDATION_LABEL);
  });

  it('runs the French UBL rules on the UBL written when they are plugged in, and says so in ruleSets', () => {
    const body = input(Object.values(french)[0]);
    expect(generateInvoiceXml(body, { syntax: 'ubl' }).validation.ruleSets).toEqual([UBL_RULE_SET_VERSION, 'BR-FR 1.4.0.02']);
    const seen: string[] = [];
    brFrOnUbl.ruleSet = 'BR-FR UBL (stub)';
    brFrOnUbl.check = (root: CiiElement) => {
      seen.push(root.name);
      return [{ rule: 'BR-FR-STUB', severity: 'fatal', message: 'stub', path: '' }];
    };
    const verdict = checkInvoiceInput(body, { syntax: 'ubl' });
    expect(seen).toEqual(['ubl:Invoice']);
    expect(verdict.ruleSets).toEqual([UBL_RULE_SET_VERSION, 'BR-FR UBL (stub)']);
    expect(verdict.errors.map((e) => e.rule)).toEqual(['BR-FR-STUB']);
    // CII keeps its own rules.
    expect(checkInvoiceInput(body, { syntax: 'cii' }).valid).toBe(true);
  });
});
