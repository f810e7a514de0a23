/**
 * Runs rule definitions over an invoice and sorts the findings into errors
 * (fatal) and warnings. Never throws because of a finding.
 */
import type { Invoice } from '../model/invoice.js';
import type { Finding, Report, RuleDefinition } from './types.js';

/** The official rule-set release our EN 16931 rules follow. */
export const RULE_SET_VERSION = 'EN 16931 CII 1.3.16';

/** The outcome of validating one invoice. */
export interface ValidationReport {
  /** True when no fatal finding was made. */
  valid: boolean;
  /** Fatal findings (blocking). */
  errors: Finding[];
  /** Warnings (non-blocking). */
  warnings: Finding[];
  /** Which rule set ran, e.g. `EN 16931 CII 1.3.16`. */
  ruleSet: string;
}

/** One {@link memoInRun} function's values and the run they belong to. */
interface MemoValues {
  run: Run | undefined;
  readonly byKey: Map<unknown, unknown>;
}

/** A run of {@link runRules}: its invoice and the memo values it filled, released when it ends. */
interface Run {
  readonly inv: Invoice;
  readonly filled: MemoValues[];
}

/** The run in progress. */
let current: Run | undefined;

/**
 * Wraps a function of the invoice (and of a key: a category, a kind) whose
 * value several rules derive alike, e.g. the VAT places of lib/rules/vat:
 * during a run of {@link runRules} it is computed once per invoice and key
 * and shared by every rule that asks; outside a run, or for another invoice,
 * it is computed at each call. Rules only read the model, so the value cannot
 * go stale within a run; callers must not modify it. The values are dropped
 * when the run ends, so nothing of an invoice outlives its validation.
 */
export function memoInRun<T>(fn: (inv: Invoice) => T): (inv: Invoice) => T;
export function memoInRun<K extends string, T>(fn: (inv: Invoice, key: K) => T): (inv: Invoice, key: K) => T;
export function memoInRun<K extends string, T>(fn: (inv: Invoice, key?: K) => T): (inv: Invoice, key?: K) => T {
  // This function's values, for the run that last asked for one (no table of functions per run to look it up in);
  // a run nested in another (none today) makes the outer one compute its values again, never reuse the inner's.
  const memo: MemoValues = { run: undefined, byKey: new Map() };
  return (inv, key) => {
    const run = current;
    if (run === undefined || run.inv !== inv) return fn(inv, key);
    if (memo.run !== run) {
      memo.byKey.clear();
      memo.run = run;
      run.filled.push(memo);
    }
    const byKey = memo.byKey;
    let value = byKey.get(key) as T | undefined;
    if (value === undefined && !byKey.has(key)) {
      value = fn(inv, key);
      byKey.set(key, value);
    }
    return value as T;
  };
}

/** Runs `rules` over `inv`; a rule whose check throws is reported as an internal error, not swallowed. */
export function runRules(inv: Invoice, rules: readonly RuleDefinition[]): ValidationReport {
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  const outer = current;
  const run: Run = { inv, filled: [] };
  current = run;
  // One reporter for the whole run, pointed at the rule being checked (checks report synchronously): no closure per rule.
  let rule: RuleDefinition | undefined;
  let sink = errors;
  const report: Report = ({ path, message }) => {
    const r = rule!;
    sink.push({ rule: r.id, severity: r.severity, message: message ?? r.message, path });
  };
  try {
    for (let i = 0; i < rules.length; i++) {
      rule = rules[i]!;
      sink = rule.severity === 'fatal' ? errors : warnings;
      rule.check(inv, report);
    }
  } finally {
    current = outer;
    for (const memo of run.filled) {
      if (memo.run === run) {
        memo.run = undefined;
        memo.byKey.clear();
      }
    }
  }
  return { valid: errors.length === 0, errors, warnings, ruleSet: RULE_SET_VERSION };
}
