/**
 * The rule registry: every rule we run, in a stable order, and the entry point
 * `validateInvoice` (EN 16931 business rules over the semantic model).
 */
import type { Invoice } from '../model/invoice.js';
import { rules as brRules } from './br/index.js';
import { rules as brCoRules } from './br-co/index.js';
import { rules as brDecRules } from './br-dec/index.js';
import { rules as vatRules } from './vat/index.js';
import { rules as brClRules } from './br-cl/index.js';
import { rules as extraRules } from './extra/index.js';
import { runRules, type ValidationReport } from './engine.js';
import { DOCUMENT_CODE_RULES } from './br-cl/document.js';
import type { RuleDefinition } from './types.js';

export { RULE_SET_VERSION, type ValidationReport } from './engine.js';
export type { Finding, RuleDefinition, Severity } from './types.js';

/** Official EN 16931 rules (CEN artefacts 1.3.16), by family. */
export const OFFICIAL_RULES: readonly RuleDefinition[] = [...brRules, ...brCoRules, ...brDecRules, ...vatRules, ...brClRules];

/** Our non-official checks (warnings with ids that cannot be mistaken for official ones). */
export const EXTRA_RULES: readonly RuleDefinition[] = extraRules;

/** Every rule, official first. */
export const ALL_RULES: readonly RuleDefinition[] = [...OFFICIAL_RULES, ...EXTRA_RULES];

/** Validates an invoice against the EN 16931 business rules and our extra checks. */
export function validateInvoice(inv: Invoice): ValidationReport {
  return runRules(inv, ALL_RULES);
}

/** The rules run over the model of a CII document: every rule but the code lists, which are checked on the document itself (br-cl/document.ts). */
const DOCUMENT_MODEL_RULES: readonly RuleDefinition[] = ALL_RULES.filter((r) => !DOCUMENT_CODE_RULES.has(r.id));

/**
 * Validates the model read from a CII document with the rules of
 * `ids` (default: every rule but the code lists, see DOCUMENT_MODEL_RULES);
 * lib/cii/reader/validate-cii.ts adds the code-list findings of the document.
 */
export function validateDocumentInvoice(inv: Invoice, ids?: ReadonlySet<string>): ValidationReport {
  return runRules(inv, ids === undefined ? DOCUMENT_MODEL_RULES : DOCUMENT_MODEL_RULES.filter((r) => ids.has(r.id)));
}
