/**
 * The whole official catalogue (rules-en16931-cii-1.3.16.json, 806 ids) is
 * accounted for: every id is either implemented (business rules over the
 * model, syntax rules over the document) or listed as not implemented with a
 * reason, never both, and severities match the official flags.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXTRA_RULES, OFFICIAL_RULES } from '../../lib/rules/index.js';
import { notImplemented as brNot } from '../../lib/rules/br/index.js';
import { notImplemented as brCoNot } from '../../lib/rules/br-co/index.js';
import { notImplemented as brDecNot } from '../../lib/rules/br-dec/index.js';
import { notImplemented as brClNot } from '../../lib/rules/br-cl/index.js';
import { notImplemented as vatNot } from '../../lib/rules/vat/index.js';
import { CII_SYNTAX_NOT_IMPLEMENTED, CII_SYNTAX_RULES } from '../../lib/rules/syntax/index.js';
import { requireShared } from '../shared-path.js';

const catalogue = (JSON.parse(readFileSync(requireShared('conformance', 'rules-en16931-cii-1.3.16.json'), 'utf8')) as { rules: { id: string; flag: string }[] }).rules;

describe('rule registry vs the official catalogue', () => {
  const implemented = [...OFFICIAL_RULES.map((r) => ({ id: r.id, severity: r.severity })), ...CII_SYNTAX_RULES.map((r) => ({ id: r.id, severity: r.severity }))];
  const notImpl = [...brNot, ...brCoNot, ...brDecNot, ...brClNot, ...vatNot, ...CII_SYNTAX_NOT_IMPLEMENTED];

  it('accounts for every catalogue id exactly once', () => {
    const ids = [...implemented.map((r) => r.id), ...notImpl.map((r) => r.id)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(catalogue.map((r) => r.id).sort());
    for (const n of notImpl) expect(n.reason.length, n.id).toBeGreaterThan(20);
  });

  it('uses the official severities', () => {
    const flags = new Map(catalogue.map((r) => [r.id, r.flag]));
    for (const r of implemented) expect(r.severity, r.id).toBe(flags.get(r.id));
  });

  it('gives our own checks ids that cannot be mistaken for official ones', () => {
    const official = new Set(catalogue.map((r) => r.id));
    for (const r of EXTRA_RULES) {
      expect(official.has(r.id), r.id).toBe(false);
      expect(r.id).not.toMatch(/^(BR|CII)-/);
      expect(r.official).toBe(false);
      expect(r.severity).toBe('warning');
    }
  });
});
