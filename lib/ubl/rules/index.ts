/**
 * The EN 16931 rules as they run on a UBL document: the one catalogue of
 * lib/rules (same ids, severities, terms and messages), with, for the rules
 * whose official UBL test evaluates differently from the CII one, the UBL
 * binding's variant in its place (./variants.ts), and the code lists
 * decided on the document itself (lib/rules/br-cl/ubl-document.ts).
 */
import { ALL_RULES, type RuleDefinition } from '../../rules/index.js';
import { UBL_DOCUMENT_CODE_RULES } from '../../rules/br-cl/ubl-document.js';
import { UBL_ONLY_RULES, UBL_VARIANTS } from './variants.js';

/**
 * Every rule run over the model of a UBL document, in catalogue order: the
 * shared definition or the UBL variant of its id, then the rules only the
 * UBL artefact has.
 */
export const UBL_MODEL_RULES: readonly RuleDefinition[] = [
  ...ALL_RULES.filter((r) => !UBL_DOCUMENT_CODE_RULES.has(r.id)).map((r) => UBL_VARIANTS.get(r.id) ?? r),
  ...UBL_ONLY_RULES,
];

/** The ids whose UBL evaluation is a variant of the shared definition. */
export const UBL_VARIANT_IDS: ReadonlySet<string> = new Set(UBL_VARIANTS.keys());
