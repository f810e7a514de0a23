/**
 * The UBL syntax rules (UBL-CR, UBL-SR, UBL-DT) in step with the official CEN
 * UBL catalogue of release 1.3.16: every rule implemented (or listed as not,
 * with its reason), none twice, none unknown, each with its official flag.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UBL_SYNTAX_CONTEXTS, UBL_SYNTAX_NOT_IMPLEMENTED, UBL_SYNTAX_RULE_IDS, UBL_SYNTAX_RULES } from '../../lib/rules/ubl-syntax/index.js';
import { requireShared } from '../shared-path.js';

interface CatalogueRule {
  id: string;
  flag: 'fatal' | 'warning';
  context: string;
}

const catalogue = (
  JSON.parse(readFileSync(requireShared('conformance', 'ubl', 'rules-en16931-ubl-1.3.16.json'), 'utf8')) as { rules: CatalogueRule[] }
).rules.filter((r) => r.id.startsWith('UBL-'));

describe('UBL syntax rule registry', () => {
  it('lists every UBL-CR / UBL-SR / UBL-DT rule of release 1.3.16 as implemented or explicitly not implemented', () => {
    expect(catalogue.filter((r) => r.id.startsWith('UBL-CR'))).toHaveLength(678);
    expect(catalogue.filter((r) => r.id.startsWith('UBL-SR'))).toHaveLength(54);
    expect(catalogue.filter((r) => r.id.startsWith('UBL-DT'))).toHaveLength(24);
    const accounted = new Set([...UBL_SYNTAX_RULE_IDS, ...UBL_SYNTAX_NOT_IMPLEMENTED.map((r) => r.id)]);
    expect(catalogue.map((r) => r.id).filter((id) => !accounted.has(id))).toEqual([]);
  });

  it('implements no rule twice and no rule the catalogue does not know', () => {
    const known = new Set(catalogue.map((r) => r.id));
    expect(UBL_SYNTAX_RULE_IDS.filter((id) => !known.has(id))).toEqual([]);
    expect(UBL_SYNTAX_RULE_IDS.filter((id, i) => UBL_SYNTAX_RULE_IDS.indexOf(id) !== i)).toEqual([]);
  });

  it('gives every rule its official severity and context', () => {
    const official = new Map(catalogue.map((r) => [r.id, r]));
    expect(UBL_SYNTAX_RULES.filter((r) => official.get(r.id)?.flag !== r.severity).map((r) => `${r.id}: ${r.severity}`)).toEqual([]);
    const normalize = (s: string): string => s.replace(/\s+/g, '');
    expect(UBL_SYNTAX_RULES.filter((r) => normalize(official.get(r.id)!.context) !== normalize(r.context)).map((r) => `${r.id}: ${r.context}`)).toEqual([]);
  });

  it('gives every rule a message of its own', () => {
    expect(UBL_SYNTAX_RULES.filter((r) => r.message.trim().length < 20).map((r) => r.id)).toEqual([]);
  });

  it('keeps the official context order: the allowance context before the charge one, the root context in its place', () => {
    const order = UBL_SYNTAX_CONTEXTS.map((c) => c.xpath);
    expect(order.indexOf('cac:AllowanceCharge[cbc:ChargeIndicator = false()]')).toBe(order.indexOf('cac:AllowanceCharge[cbc:ChargeIndicator = true()]') - 1);
    expect(order[0]).toBe('//cac:PostalAddress | //cac:Address');
    expect(order.at(-1)).toBe('cac:TaxSubtotal');
    expect(new Set(order).size).toBe(order.length);
  });
});
