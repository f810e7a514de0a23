/**
 * Rule definitions and findings.
 *
 * A rule is an official EN 16931 id (or, for our own checks, an id that cannot
 * be mistaken for an official one), a severity, the business terms it touches,
 * and a pure check over the semantic model. Findings are values: validation
 * returns them and never throws because of them.
 */
import type { Invoice } from '../model/invoice.js';

/** Severity as the official artefacts flag it. */
export type Severity = 'fatal' | 'warning';

/** One finding of a rule on one place of the invoice. */
export interface Finding {
  /** Rule id, e.g. `BR-CO-10` (official) or `VAT-CHECKSUM` (ours). */
  rule: string;
  severity: Severity;
  /** Our message, naming the business terms. */
  message: string;
  /** Location in the semantic model, e.g. `lines[2].netAmount`, `seller.vatId`, `totals`. */
  path: string;
  /** For invoices read from XML: XPath-like location of the element, e.g. `/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID`. */
  location?: string;
}

/** What a check calls to report a failure; `path` defaults to the rule's first term's natural place. */
export type Report = (failure: { path: string; message?: string }) => void;

/** A rule definition. */
export interface RuleDefinition {
  id: string;
  severity: Severity;
  /** Business terms (BT/BG ids) the rule speaks of. */
  terms: string[];
  /** Default message, naming the terms. */
  message: string;
  /** True for EN 16931 rules of the CEN artefacts; false for our non-official checks. */
  official: boolean;
  /** Pure check over the model; calls `report` once per failing place. */
  check: (inv: Invoice, report: Report) => void;
}

/** Declares a rule (identity helper for type inference). `official` defaults to true. */
export function defineRule(rule: Omit<RuleDefinition, 'official'> & { official?: boolean }): RuleDefinition {
  return { official: true, ...rule };
}
