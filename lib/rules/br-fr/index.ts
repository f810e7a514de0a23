/**
 * The French e-invoicing rules BR-FR for CII invoices: FNFE-MPE France_RFE
 * v1.4.0.02, `BR-FR-Flux2-Schematron-CII.sch` (XP Z12-012 V1.4, the "FATAL"
 * file French platforms apply from 1 September 2026). All 171 asserts, with
 * their official ids, every one fatal; our English messages.
 *
 * Like the CII-SR syntax rules (lib/rules/syntax/), they speak of the XML
 * document, not of the semantic model: they run over the element tree of
 * lib/cii/reader/tree.ts with the XSLT value semantics of the official file
 * (see ./xpath.ts) and report the location of the element they check.
 */
import type { CiiElement, ElementIndex, IndexPlan } from '../../cii/reader/tree.js';
import type { Finding } from '../types.js';
import BR_FR_01_02 from './BR-FR-01-02.js';
import BR_FR_03 from './BR-FR-03.js';
import BR_FR_04 from './BR-FR-04.js';
import { BR_FR_05, BR_FR_06 } from './BR-FR-05-06.js';
import BR_FR_08 from './BR-FR-08.js';
import BR_FR_09 from './BR-FR-09.js';
import { BR_FR_10, BR_FR_11, BR_FR_12, BR_FR_13 } from './BR-FR-10-13.js';
import { BR_FR_15, BR_FR_16 } from './BR-FR-15-16.js';
import { BR_FR_17, BR_FR_18 } from './BR-FR-17-18.js';
import { BR_FR_20, BR_FR_21, BR_FR_22, BR_FR_31 } from './BR-FR-20-22.js';
import { BR_FR_23, BR_FR_24, BR_FR_25, BR_FR_26 } from './BR-FR-23-26.js';
import { BR_FR_27, BR_FR_28, BR_FR_29, BR_FR_30 } from './BR-FR-27-30.js';
import BR_FR_32 from './BR-FR-32.js';
import { BR_FR_CO_03, BR_FR_CO_04, BR_FR_CO_05, BR_FR_CO_07, BR_FR_CO_08, BR_FR_CO_09, BR_FR_CO_10, BR_FR_CO_12, BR_FR_CO_14, BR_FR_CO_15 } from './BR-FR-CO.js';
import { BR_FR_DEC_01, BR_FR_DEC_02, BR_FR_DEC_03, BR_FR_DEC_04 } from './BR-FR-DEC.js';
import {
  BR_FR_BD_02, BR_FR_BD_13, BR_FR_BD_14, BR_FR_MV_01, BR_FR_MV_02, BR_FR_MV_03, BR_FR_MV_05, BR_FR_MV_06, BR_FR_MV_07,
  BR_FR_MV_08, BR_FR_MV_09, BR_FR_MV_10, BR_FR_MV_11, BR_FR_MV_12, BR_FR_MV_13, BR_FR_MV_14,
} from './BR-FR-MV-BD.js';
import { indexPlan } from './document.js';
import { compilePatterns, runBrFrPatterns } from './engine.js';
import type { BrFrPattern } from './types.js';

export type { BrFrAssert, BrFrPattern, BrFrRule } from './types.js';
export { FR_BILLING_FRAMEWORKS } from './BR-FR-08.js';
export { FR_VAT_RATES } from './BR-FR-15-16.js';
export { FR_BAR_VALUES } from './BR-FR-20-22.js';

/** The rule-set label answers carry when the BR-FR rules ran. */
export const BR_FR_RULE_SET = 'BR-FR 1.4.0.02';

/** Every pattern, in the official file's order. */
export const BR_FR_PATTERNS: readonly BrFrPattern[] = [
  BR_FR_01_02, BR_FR_03, BR_FR_04, BR_FR_05, BR_FR_06, BR_FR_08, BR_FR_09, BR_FR_10, BR_FR_11, BR_FR_12, BR_FR_13,
  BR_FR_15, BR_FR_16, BR_FR_17, BR_FR_18, BR_FR_20, BR_FR_21, BR_FR_22, BR_FR_23, BR_FR_24, BR_FR_25, BR_FR_26,
  BR_FR_27, BR_FR_28, BR_FR_29, BR_FR_30, BR_FR_31, BR_FR_32,
  BR_FR_CO_03, BR_FR_CO_04, BR_FR_CO_05, BR_FR_CO_07, BR_FR_CO_08, BR_FR_CO_09, BR_FR_CO_10, BR_FR_CO_12, BR_FR_CO_14, BR_FR_CO_15,
  BR_FR_DEC_01, BR_FR_DEC_02, BR_FR_DEC_03, BR_FR_DEC_04,
  BR_FR_MV_01, BR_FR_MV_02, BR_FR_BD_02, BR_FR_MV_03, BR_FR_MV_05, BR_FR_MV_06, BR_FR_MV_07, BR_FR_MV_08, BR_FR_MV_09,
  BR_FR_MV_10, BR_FR_MV_11, BR_FR_MV_12, BR_FR_MV_13, BR_FR_BD_13, BR_FR_MV_14, BR_FR_BD_14,
];

compilePatterns(BR_FR_PATTERNS);

/**
 * What BR-FR selects in a document: the elements at its contexts' paths and
 * the names of its `//` contexts. A writer that builds the tree records them
 * as it creates the elements (writeCiiTree's `plan`) and hands them to
 * {@link checkBrFr}, which then does not walk the tree to find them.
 */
export const BR_FR_INDEX_PLAN: IndexPlan = indexPlan();

/** One BR-FR assert as published: official id, our message, the terms, and its pattern. */
export interface BrFrRuleInfo {
  id: string;
  severity: 'fatal';
  message: string;
  terms: readonly string[];
  pattern: string;
}

/** Every BR-FR assert we implement, in the official order. */
export const BR_FR_RULES: readonly BrFrRuleInfo[] = BR_FR_PATTERNS.flatMap((p) =>
  p.rules.flatMap((r) => r.asserts.map((a) => ({ id: a.id, severity: 'fatal' as const, message: a.message, terms: a.terms, pattern: p.id }))),
);

/**
 * Asserts that are implemented as written but cannot fire, with the reason
 * (the official validator cannot raise them either).
 */
export const BR_FR_NEVER_FIRING: readonly { id: string; reason: string }[] = [
  { id: 'BR-FR-DEC-01_BT-111', reason: 'Its context repeats that of BR-FR-DEC-01_BT-110 in the same pattern: the first rule claims every TaxTotalAmount, so the VAT total in accounting currency is reported as BT-110.' },
  { id: 'BR-FR-30_BT-128', reason: 'Counts ram:AdditionalReferencedDocument children of a line, which the CII D16B schema does not have; the count is always 0 on a schema-valid line.' },
  { id: 'BR-FR-30_AFL', reason: 'Its context (a line-level ram:AdditionalReferencedDocument child of the line item) does not exist in the CII D16B schema.' },
  { id: 'BR-FR-30_AVV', reason: 'As BR-FR-30_AFL: its context does not exist in the CII D16B schema.' },
];

/**
 * Checks a CII document (as an element tree, see `toElementTree`) against the
 * BR-FR rules. Every finding is fatal, with the official id, our message and
 * the location of the checked element. Never throws because of a finding.
 * `index`: what the tree's builder recorded for {@link BR_FR_INDEX_PLAN}, if
 * anything (else the elements are found by walking the tree).
 */
export function checkBrFr(root: CiiElement, index?: ElementIndex): Finding[] {
  return runBrFrPatterns(BR_FR_PATTERNS, root, index);
}
