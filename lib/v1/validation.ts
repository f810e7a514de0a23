/**
 * The v1 validation object: the union of the two v1 descriptions
 * (DECISIONS.md): `valid` and `isValid` (same value), `score`, `errors`,
 * `warnings`, `summary`.
 */

/** The findings a verdict carries (rule id and message at least). */
interface Verdict {
  valid: boolean;
  errors: ReadonlyArray<{ rule: string; message: string }>;
  warnings: ReadonlyArray<{ rule: string; message: string }>;
  summary: string;
}

/** The v1 validation object. */
export interface V1Validation<F> {
  valid: boolean;
  isValid: boolean;
  /** 0-100, see {@link validationScore}. */
  score: number;
  errors: F[];
  warnings: F[];
  summary: string;
}

/**
 * The EN 16931 rules that require the mandatory business terms every invoice
 * has: BR-01..BR-16 (BT-1, BT-2, BT-3, BT-5, BT-24, the parties' names,
 * addresses and countries, the totals BT-106/109/112/115, one line) and
 * BR-21..BR-26 (each line's identifier, quantity and unit, net amount, item
 * name, net price). The share of them an invoice passes is its completeness.
 */
export const MANDATORY_TERM_RULES: ReadonlySet<string> = new Set([
  ...Array.from({ length: 16 }, (_, i) => `BR-${String(i + 1).padStart(2, '0')}`),
  ...Array.from({ length: 6 }, (_, i) => `BR-${21 + i}`),
]);

/**
 * The score (0-100) shown by v1: how close an invoice is to being accepted,
 * partial data included (issue 12).
 * - A valid invoice scores 100 minus 2 per distinct warning rule, never below 50.
 * - An invalid one scores 49 x completeness x 0.8 for each distinct fatal rule
 *   beyond the first x 0.96 per distinct warning rule, rounded down, where
 *   completeness is the share of the 22 {@link MANDATORY_TERM_RULES} the
 *   invoice passes (an invoice missing 4 of them: 18/22).
 * So `score >= 50` exactly when the invoice is valid, one fatal rule alone
 * scores 49, a problem fixed never lowers the score, and many missing terms
 * still tell invoices apart: without the buyer name 46, without the buyer
 * (BR-07, BR-10, BR-11) 27, with nothing but an invoice number 5.
 */
export function validationScore(v: Verdict): number {
  const errorRules = new Set(v.errors.map((e) => e.rule));
  const warningRules = new Set(v.warnings.map((w) => w.rule)).size;
  if (v.valid) return Math.max(50, 100 - 2 * warningRules);
  const missingTerms = [...errorRules].filter((rule) => MANDATORY_TERM_RULES.has(rule)).length;
  const completeness = 1 - missingTerms / MANDATORY_TERM_RULES.size;
  const score = 49 * completeness * 0.8 ** Math.max(0, errorRules.size - 1) * 0.96 ** warningRules;
  // The epsilon keeps exact products (49 x 0.8 = 39.2, 49 x 0.96 = 47.04) from rounding down a unit through binary floats.
  return Math.max(0, Math.min(49, Math.floor(score + 1e-9)));
}

/** Builds the v1 validation object from a verdict. */
export function toV1Validation<F extends { rule: string; message: string }>(v: Verdict & { errors: readonly F[]; warnings: readonly F[] }): V1Validation<F> {
  return { valid: v.valid, isValid: v.valid, score: validationScore(v), errors: [...v.errors], warnings: [...v.warnings], summary: v.summary };
}
