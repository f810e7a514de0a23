/**
 * Which rule sets run on an invoice (`rules` in the API, `--rules` in the CLI):
 * - `auto` (default): EN 16931, plus the French BR-FR rules when the seller's
 *   country (BT-40) is FR;
 * - `fr`: EN 16931 and BR-FR, whatever the seller's country;
 * - `en16931`: EN 16931 only (the opt-out of the French rules).
 */
import { RULE_SET_VERSION } from './engine.js';
import { BR_FR_RULE_SET } from './br-fr/index.js';

/** The values of `rules`. */
export const RULE_SELECTIONS = ['auto', 'en16931', 'fr'] as const;
/** One value of `rules`. */
export type RuleSelection = (typeof RULE_SELECTIONS)[number];

/** True when `value` is a valid `rules` value. */
export function isRuleSelection(value: unknown): value is RuleSelection {
  return typeof value === 'string' && (RULE_SELECTIONS as readonly string[]).includes(value);
}

/** Whether the BR-FR rules run, given the selection and the seller's country code (BT-40) as written. */
export function runsBrFr(selection: RuleSelection | undefined, sellerCountry: string | undefined): boolean {
  if (selection === 'fr') return true;
  if (selection === 'en16931') return false;
  return sellerCountry?.trim() === 'FR';
}

/** The labels of the rule sets that ran, as answers list them (`ruleSets`). */
export function ruleSetsRun(brFr: boolean): string[] {
  return brFr ? [RULE_SET_VERSION, BR_FR_RULE_SET] : [RULE_SET_VERSION];
}
