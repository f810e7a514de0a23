import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BR_FR_NEVER_FIRING, BR_FR_PATTERNS, BR_FR_RULES } from '../../lib/rules/br-fr/index.js';
import { requireShared } from '../shared-path.js';

interface OfficialAssert {
  id: string;
  flag: string;
  pattern: string;
  message: string;
}

const official = (JSON.parse(readFileSync(requireShared('conformance', 'fr', 'rules-br-fr-1.4.0.02.json'), 'utf8')) as { rules: OfficialAssert[] }).rules;

describe('BR-FR rule registry', () => {
  it('implements the 171 official asserts, each once, in the official order and pattern, all fatal', () => {
    expect(official).toHaveLength(171);
    expect(BR_FR_RULES.map((r) => r.id)).toEqual(official.map((r) => r.id));
    expect(BR_FR_RULES.map((r) => r.pattern)).toEqual(official.map((r) => r.pattern));
    expect(new Set(BR_FR_RULES.map((r) => r.id)).size).toBe(171);
    expect(official.every((r) => r.flag === 'fatal')).toBe(true);
    expect(new Set(BR_FR_PATTERNS.map((p) => p.id)).size).toBe(BR_FR_PATTERNS.length);
  });

  it('gives every assert an English message of its own naming a business term', () => {
    const officialMessages = new Map(official.map((r) => [r.id, r.message]));
    const bad = BR_FR_RULES.filter((r) => r.message === officialMessages.get(r.id) || r.message.length < 30 || !/\((?:[^)]*)(BT|BG|EXT-FR-FE)-/.test(r.message) || r.terms.length === 0);
    expect(bad.map((r) => r.id)).toEqual([]);
  });

  it('lists the asserts that cannot fire among the implemented ones, each with a reason', () => {
    const ids = new Set(BR_FR_RULES.map((r) => r.id));
    expect(BR_FR_NEVER_FIRING.filter((r) => !ids.has(r.id) || r.reason.length < 20)).toEqual([]);
  });
});
