import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { XRECHNUNG_CII_RULES, XRECHNUNG_UBL_RULES } from '../../lib/rules/xrechnung/index.js';
import { requireShared } from '../shared-path.js';

interface OfficialAssert {
  id: string;
  flag: string;
  syntax: 'CII' | 'UBL';
  statement: string;
}

const official = (JSON.parse(readFileSync(requireShared('conformance', 'xrechnung', 'rules-xrechnung-3.0.2.json'), 'utf8')) as { rules: OfficialAssert[] }).rules;

describe('XRechnung rule registry', () => {
  it.each([
    ['CII', XRECHNUNG_CII_RULES, 71],
    ['UBL', XRECHNUNG_UBL_RULES, 76],
  ] as const)('implements every official %s assert once, with its official flag', (syntax, ours, count) => {
    const theirs = official.filter((r) => r.syntax === syntax);
    expect(theirs).toHaveLength(count);
    const key = (r: { id: string; flag: string }) => `${r.id} ${r.flag}`;
    expect(ours.map(key).sort()).toEqual(theirs.map(key).sort());
    expect(new Set(ours.map((r) => r.id)).size).toBe(ours.length);
  });

  it('gives every assert an English message of its own naming a business term', () => {
    const statements = new Set(official.map((r) => r.statement));
    const bad = [...XRECHNUNG_CII_RULES, ...XRECHNUNG_UBL_RULES].filter(
      (r) => statements.has(r.message) || r.message.length < 30 || (r.id !== 'PEPPOL-EN16931-R008' && (!/\((?:[^)]*)(BT|BG)-/.test(r.message) || r.terms.length === 0)),
    );
    expect(bad.map((r) => r.id)).toEqual([]);
  });
});
