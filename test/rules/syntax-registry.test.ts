import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CII_SYNTAX_NOT_IMPLEMENTED, CII_SYNTAX_RULE_IDS, CII_SYNTAX_RULES, SYNTAX_CONTEXTS } from '../../lib/rules/syntax/index.js';
import { requireShared } from '../shared-path.js';

interface CatalogueRule {
  id: string;
  flag: 'fatal' | 'warning';
  statement: string;
}

const catalogue = (
  JSON.parse(readFileSync(requireShared('conformance', 'rules-en16931-cii-1.3.16.json'), 'utf8')) as { rules: CatalogueRule[] }
).rules.filter((r) => r.id.startsWith('CII-'));

describe('CII syntax rule registry', () => {
  it('lists every CII-SR / CII-DT rule of release 1.3.16 as implemented or explicitly not implemented', () => {
    expect(catalogue.filter((r) => r.flag === 'fatal')).toHaveLength(112);
    expect(catalogue.filter((r) => r.flag === 'warning')).toHaveLength(471);
    const accounted = new Set([...CII_SYNTAX_RULE_IDS, ...CII_SYNTAX_NOT_IMPLEMENTED.map((r) => r.id)]);
    const missing = catalogue.map((r) => r.id).filter((id) => !accounted.has(id));
    expect(missing).toEqual([]);
  });

  it('implements no rule twice and no rule the catalogue does not know', () => {
    const known = new Set(catalogue.map((r) => r.id));
    expect(CII_SYNTAX_RULE_IDS.filter((id) => !known.has(id))).toEqual([]);
    expect(CII_SYNTAX_RULE_IDS.filter((id, i) => CII_SYNTAX_RULE_IDS.indexOf(id) !== i)).toEqual([]);
    expect(CII_SYNTAX_NOT_IMPLEMENTED.filter((r) => CII_SYNTAX_RULE_IDS.includes(r.id))).toEqual([]);
  });

  it('gives every rule its official severity', () => {
    const flags = new Map(catalogue.map((r) => [r.id, r.flag]));
    const wrong = CII_SYNTAX_RULES.filter((r) => flags.get(r.id) !== r.severity).map((r) => `${r.id}: ${r.severity}`);
    expect(wrong).toEqual([]);
  });

  it('gives every rule a message of its own and every not-implemented rule a reason', () => {
    expect(CII_SYNTAX_RULES.filter((r) => r.message.trim().length < 20).map((r) => r.id)).toEqual([]);
    expect(CII_SYNTAX_NOT_IMPLEMENTED.filter((r) => r.reason.trim() === '')).toEqual([]);
  });

  it('keeps the official context order: a named context before the generic ones that would claim its elements', () => {
    const order = SYNTAX_CONTEXTS.map((c) => c.name);
    const before = (a: string, b: string) => expect(order.indexOf(a), `${a} before ${b}`).toBeLessThan(order.indexOf(b));
    before('IDTypeNoAttributes', 'IDType');
    before('TypeCodeType', 'NoAttributesTypeCodeType');
    expect(order.at(-1)).toBe('DateTimeString');
    expect(new Set(order).size).toBe(order.length);
  });
});
