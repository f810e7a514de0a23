/**
 * The EN 16931 CII syntax binding rules (CII-SR-nnn and CII-DT-nnn; EN 16931-3-3)
 * with the semantics of the CEN validation artefacts release 1.3.16
 * (`cii/schematron/abstract|CII/EN16931-CII-syntax.sch`): 112 fatal rules and
 * 471 warnings on which elements, attributes and cardinalities of the
 * UN/CEFACT CII D16B schema an EN 16931 invoice may use.
 *
 * Unlike the BR rules (lib/rules/br*), these speak of the XML, not of the
 * semantic model: they run over the element tree of lib/cii/reader/tree.ts and
 * report XPath-like locations.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import type { Finding, Severity } from '../types.js';
import { SYNTAX_CONTEXTS } from './contexts.js';
import { compileSyntaxRules, runSyntaxRules } from './engine.js';

export { SYNTAX_CONTEXTS } from './contexts.js';
export type { SyntaxCheck, SyntaxContext } from './types.js';

/** One syntax rule as published: official id and severity, our message, and the official context it runs in. */
export interface SyntaxRuleInfo {
  id: string;
  severity: Severity;
  message: string;
  /** Official context parameter name, e.g. `ApplicableHeaderTradeAgreement`. */
  context: string;
}

/** Every CII-SR / CII-DT rule we implement, in official pattern order. */
export const CII_SYNTAX_RULES: readonly SyntaxRuleInfo[] = SYNTAX_CONTEXTS.flatMap((ctx) =>
  ctx.checks.map((c) => ({ id: c.id, severity: c.severity, message: c.message, context: ctx.name })),
);

/** Ids of every CII-SR / CII-DT rule we implement (the catalogue's spelling, e.g. `CII-SR-04`). */
export const CII_SYNTAX_RULE_IDS: readonly string[] = CII_SYNTAX_RULES.map((r) => r.id);

/**
 * CII syntax rules of release 1.3.16 we do not implement, with the reason.
 * Empty: every rule is implemented. Some can never fire, exactly as in the
 * official artefacts: CII-DT-010..012 (their context is claimed by the earlier
 * `//ram:TypeCode` rule) and CII-SR-471
 * (`ram:RateApplicablePercent` is not a child of an allowance or charge).
 */
export const CII_SYNTAX_NOT_IMPLEMENTED: readonly { id: string; reason: string }[] = [];

const COMPILED = compileSyntaxRules(SYNTAX_CONTEXTS);

/**
 * Checks a CII document (as an element tree, see `toElementTree`) against the
 * EN 16931 CII syntax rules. Findings carry the official rule id and severity,
 * our message, and the XPath-like location of the offending element (with
 * `/@attr` for a forbidden attribute). Never throws because of a finding.
 */
export function checkCiiSyntax(root: CiiElement): Finding[] {
  return runSyntaxRules(COMPILED, root);
}
