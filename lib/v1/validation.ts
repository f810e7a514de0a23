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
 * The score (0-100) shown by v1: how close an invoice is to being accepted.
 * A valid invoice scores 100 minus 2 per distinct warning rule, never below 50.
 * An invalid one scores 49 minus 10 per distinct fatal rule beyond the first
 * and 2 per distinct warning rule, never below 0. So `score >= 50` exactly when
 * the invoice is valid, and fewer distinct problems always score higher.
 */
export function validationScore(v: Verdict): number {
  const errorRules = new Set(v.errors.map((e) => e.rule)).size;
  const warningRules = new Set(v.warnings.map((w) => w.rule)).size;
  if (v.valid) return Math.max(50, 100 - 2 * warningRules);
  return Math.max(0, 49 - 10 * Math.max(0, errorRules - 1) - 2 * warningRules);
}

/** Builds the v1 validation object from a verdict. */
export function toV1Validation<F extends { rule: string; message: string }>(v: Verdict & { errors: readonly F[]; warnings: readonly F[] }): V1Validation<F> {
  return { valid: v.valid, isValid: v.valid, score: validationScore(v), errors: [...v.errors], warnings: [...v.warnings], summary: v.summary };
}
