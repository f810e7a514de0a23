/**
 * The registry checks every rule family's test file makes against the
 * official CEN catalogue (rules-en16931-cii-1.3.16.json): the family's ids,
 * implemented plus documented as not implemented, are exactly the
 * catalogue's; severities are the official flags; every rule is marked
 * official and its message names its business terms.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runRules } from '../../lib/rules/engine.js';
import type { RuleDefinition } from '../../lib/rules/types.js';
import { validInvoice } from '../fixtures/model.js';
import { requireShared } from '../shared-path.js';

/** The official rules: id and flag (fatal / warning). */
export function officialRules(): Array<{ id: string; flag: string }> {
  const catalogue = JSON.parse(readFileSync(requireShared('conformance', 'rules-en16931-cii-1.3.16.json'), 'utf8')) as { rules: Array<{ id: string; flag: string }> };
  return catalogue.rules;
}

/** What one family's registry is checked against. */
export interface FamilyRegistry {
  /** The family's official ids, e.g. /^BR-CO-\d+$/. */
  ids: RegExp;
  rules: readonly RuleDefinition[];
  notImplemented: ReadonlyArray<{ id: string; reason: string }>;
  /** How many ids the catalogue holds for the family: exactly, or at least. */
  count: number | { atLeast: number };
  /** Folder under lib/rules holding one file per implemented rule, named by its id. */
  folder?: string;
  /** The message names every term of the rule (default: at least one). */
  everyTermNamed?: boolean;
  /** The index lists the rules in numeric id order. */
  inIdOrder?: boolean;
}

const num = (id: string): number => Number(id.slice(id.lastIndexOf('-') + 1));

/** Describes the registry checks of one family. */
export function describeFamilyRegistry(family: string, r: FamilyRegistry): void {
  describe(`${family} registry`, () => {
    const official = officialRules().filter((o) => r.ids.test(o.id));

    it(`implemented plus not-implemented ids equal the catalogue ${family} ids exactly`, () => {
      const ours = [...r.rules.map((x) => x.id), ...r.notImplemented.map((n) => n.id)].sort();
      expect(new Set(ours).size).toBe(ours.length);
      expect(ours).toEqual(official.map((o) => o.id).sort());
      if (typeof r.count === 'number') expect(official.length).toBe(r.count);
      else expect(official.length).toBeGreaterThanOrEqual(r.count.atLeast);
    });

    it('not-implemented entries give a reason and have no rule', () => {
      for (const entry of r.notImplemented) {
        expect(entry.reason.length, entry.id).toBeGreaterThan(40);
        expect(r.rules.some((x) => x.id === entry.id), entry.id).toBe(false);
      }
    });

    it('severities are the official flags; rules are official and their messages name their terms', () => {
      const flags = new Map(official.map((o) => [o.id, o.flag]));
      for (const rule of r.rules) {
        expect(rule.severity, rule.id).toBe(flags.get(rule.id));
        expect(rule.official, rule.id).toBe(true);
        expect(rule.terms.length, rule.id).toBeGreaterThan(0);
        if (r.everyTermNamed === true) for (const term of rule.terms) expect(rule.message, `${rule.id} names ${term}`).toContain(term);
        else expect(rule.terms.some((t) => rule.message.includes(t)), rule.id).toBe(true);
      }
    });

    if (r.inIdOrder === true) {
      it('the index is in id order', () => {
        const order = r.rules.map((x) => num(x.id));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      });
    }

    const folder = r.folder;
    if (folder !== undefined) {
      it('there is exactly one file per implemented rule, named by its id', () => {
        const dir = resolve(import.meta.dirname, '..', '..', 'lib', 'rules', folder);
        const files = readdirSync(dir)
          .filter((f) => /^BR-.*\.ts$/.test(f))
          .map((f) => f.replace(/\.ts$/, ''))
          .sort();
        expect(files).toEqual(r.rules.map((x) => x.id).sort());
      });
    }
  });
}

/**
 * For the families whose cases are a record of rule id -> cases with the
 * findings each expects: every rule has a passing and a failing case, and
 * the base invoice passes every rule.
 */
export function describeCaseCoverage(
  family: string,
  rules: readonly RuleDefinition[],
  cases: Readonly<Record<string, ReadonlyArray<{ expect: readonly string[] }>>>,
): void {
  describe(`${family} rules: cases`, () => {
    it('every rule has at least one passing and one failing case', () => {
      for (const rule of rules) {
        const own = cases[rule.id] ?? [];
        expect(own.some((c) => c.expect.length === 0), `${rule.id} passing case`).toBe(true);
        expect(own.some((c) => c.expect.length > 0), `${rule.id} failing case`).toBe(true);
      }
    });

    it('validInvoice() produces no finding', () => {
      const report = runRules(validInvoice(), rules);
      expect([...report.errors, ...report.warnings]).toEqual([]);
    });
  });
}
