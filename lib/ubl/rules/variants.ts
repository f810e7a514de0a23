/**
 * The UBL binding's variants of EN 16931 rules whose official UBL test
 * (EN16931-UBL-model.sch, CEN artefacts 1.3.16) differs from the CII one the
 * shared definition follows: same id, severity (BR-51 apart, a warning in
 * the UBL artefact), terms and message, another evaluation, each citing the
 * official test (./core.ts, ./totals.ts, ./vat.ts). Also the rules the UBL
 * artefact has and the CII one lacks (BR-AF-08/09, BR-AG-08/09).
 */
import type { RuleDefinition } from '../../rules/types.js';
import { CORE_VARIANTS } from './core.js';
import { UBL_ONLY_IDS } from './define.js';
import { TOTALS_VARIANTS } from './totals.js';
import { UBL_ONLY_VAT_RULES, VAT_VARIANTS } from './vat.js';

/** Variants by rule id. */
export const UBL_VARIANTS: ReadonlyMap<string, RuleDefinition> = new Map([...CORE_VARIANTS, ...TOTALS_VARIANTS, ...VAT_VARIANTS].map((r) => [r.id, r]));

/** The rules of the UBL artefact that the CII one lacks, evaluated on UBL documents. */
export const UBL_ONLY_RULES: readonly RuleDefinition[] = [
  UBL_ONLY_VAT_RULES.taxableAtRate('L'),
  UBL_ONLY_VAT_RULES.taxAmountRule('L'),
  UBL_ONLY_VAT_RULES.taxableAtRate('M'),
  UBL_ONLY_VAT_RULES.taxAmountRule('M'),
];

if (UBL_ONLY_RULES.some((r) => !UBL_ONLY_IDS.has(r.id))) throw new Error('UBL-only rule ids out of step');
