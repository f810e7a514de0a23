/**
 * What "present" means for a text term, project-wide: a string with at least
 * one non-white-space character. An empty or blank string is absent, as the
 * official CII artefacts test most terms with `normalize-space(x) != ''`.
 */

const NON_SPACE = /\S/;

/** True when `value` is a string holding something other than white space (`\S` is exactly what `trim` keeps; no allocation). */
export function isPresent(value: string | null | undefined): value is string {
  return typeof value === 'string' && NON_SPACE.test(value);
}

/** The trimmed text of a present string, `undefined` when absent or blank. */
export function textOf(value: string | null | undefined): string | undefined {
  return isPresent(value) ? value.trim() : undefined;
}
