/**
 * The table-driven rule tests shared by the BR-nn, BR-CO and BR-DEC test
 * files: each rule gets passing and failing minimal variations of
 * validInvoice(), and the assertions are on rule id and path only.
 */
import { describe, expect, it } from 'vitest';
import type { Invoice, InvoiceLine, VatBreakdown } from '../../lib/model/invoice.js';
import { runRules } from '../../lib/rules/engine.js';
import type { RuleDefinition } from '../../lib/rules/types.js';
import { validInvoice } from '../fixtures/model.js';

/** A change to the base invoice. */
export type Mutation = (inv: Invoice) => void;

/** One rule's rows: passing changes, and failing changes with the paths they must be reported at. */
export interface RuleCases {
  id: string;
  pass: Array<[string, Mutation]>;
  fail: Array<[string, Mutation, string[]]>;
}

/** The findings (rule and path) of one rule of `rules` on the base invoice changed by `mutate`. */
export function findingsOf(rules: readonly RuleDefinition[], id: string, mutate: Mutation): Array<{ rule: string; path: string }> {
  const rule = rules.find((r) => r.id === id);
  if (rule === undefined) throw new Error(`rule ${id} is not in this index`);
  const inv = validInvoice();
  mutate(inv);
  const report = runRules(inv, [rule]);
  return [...report.errors, ...report.warnings].map((f) => ({ rule: f.rule, path: f.path }));
}

/** Line `i` of an invoice (throws when absent, so a table row cannot silently test nothing). */
export function line(inv: Invoice, i = 0): InvoiceLine {
  const found = inv.lines[i];
  if (found === undefined) throw new Error(`no line ${i}`);
  return found;
}

/** VAT breakdown `i` of an invoice (throws when absent). */
export function breakdown(inv: Invoice, i = 0): VatBreakdown {
  const found = inv.vatBreakdown[i];
  if (found === undefined) throw new Error(`no VAT breakdown ${i}`);
  return found;
}

/** Removes a property, even one the type says is required (a term missing from a document read from outside). */
export function unset<T extends object>(obj: T, key: keyof T): void {
  Reflect.deleteProperty(obj, key);
}

/** The shared describe block: base invoice clean, one row per rule, each row's passing and failing cases. */
export function describeRuleTable(family: string, rules: readonly RuleDefinition[], cases: readonly RuleCases[]): void {
  describe(`${family} rules`, () => {
    it(`the base invoice passes every ${family} rule`, () => {
      const report = runRules(validInvoice(), rules);
      expect([...report.errors, ...report.warnings]).toEqual([]);
    });

    it('every implemented rule has a case row, and every row names an implemented rule', () => {
      expect(cases.map((c) => c.id).sort()).toEqual(rules.map((r) => r.id).sort());
    });

    describe.each(cases)('$id', ({ id, pass, fail }) => {
      it('reports nothing on the base invoice', () => {
        expect(findingsOf(rules, id, () => {})).toEqual([]);
      });
      it.each(pass.length > 0 ? pass : [['(base only)', () => {}] as [string, Mutation]])('passes: %s', (_name, mutate) => {
        expect(findingsOf(rules, id, mutate)).toEqual([]);
      });
      it.each(fail)('fails: %s', (_name, mutate, paths) => {
        expect(findingsOf(rules, id, mutate)).toEqual(paths.map((path) => ({ rule: id, path })));
      });
    });
  });
}
