/**
 * Runs rule definitions over an invoice and sorts the findings into errors
 * (fatal) and warnings. Never throws because of a finding.
 */
import type { Invoice } from '../model/invoice.js';
import type { Finding, RuleDefinition } from './types.js';

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

/** Runs `rules` over `inv`; a rule whose check throws is reported as an internal error, not swallowed. */
export function runRules(inv: Invoice, rules: readonly RuleDefinition[]): ValidationReport {
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  for (const rule of rules) {
    const sink = rule.severity === 'fatal' ? errors : warnings;
    rule.check(inv, ({ path, message }) => {
      sink.push({ rule: rule.id, severity: rule.severity, message: message ?? rule.message, path });
    });
  }
  return { valid: errors.length === 0, errors, warnings, ruleSet: RULE_SET_VERSION };
}
