/**
 * Small builders that keep the syntax rule tables compact: a rule row is an
 * official number and a path; the builders add the id, severity and message.
 */
import type { Severity } from '../types.js';
import type { CustomCheck, PathCheck, SyntaxCheck, SyntaxFailure, DocumentFacts } from './types.js';
import type { CiiElement } from '../../cii/reader/tree.js';

/** Official id of syntax rule CII-SR-`n` (three digits, as in the catalogue). */
export function sr(n: number): string {
  return `CII-SR-${String(n).padStart(3, '0')}`;
}

/** Official id of datatype rule CII-DT-`n` (three digits). */
export function dt(n: number): string {
  return `CII-DT-${String(n).padStart(3, '0')}`;
}

/**
 * Canonical form of a table path: steps without a prefix are `ram:` names,
 * `udt:`/`qdt:`/`rsm:` steps and a final `@attr` are kept as written.
 */
export function canonicalPath(path: string): string {
  return path
    .split('/')
    .map((step) => (step.startsWith('@') || step.includes(':') ? step : `ram:${step}`))
    .join('/');
}

/** One "should not be present" rule (`not(path)`) under an explicit id. */
export function absentAs(id: string, severity: Severity, path: string): PathCheck {
  const p = canonicalPath(path);
  return { id, severity, kind: 'absent', path: p, message: `${p} should not be present: it is not part of the EN 16931 CII binding.` };
}

/** Rows `[number, path]` of "should not be present" rules (`not(path)`) of one family and severity. */
export function absent(family: 'SR' | 'DT', severity: Severity, rows: ReadonlyArray<readonly [number, string]>): PathCheck[] {
  return rows.map(([n, path]) => absentAs(family === 'SR' ? sr(n) : dt(n), severity, path));
}

/** A `count(path) <= bound` rule. */
export function atMost(id: string, severity: Severity, path: string, bound: number, message: string): PathCheck {
  return { id, severity, kind: 'max', path: canonicalPath(path), bound, message };
}

/** A `count(path) = bound` rule. */
export function exactly(id: string, severity: Severity, path: string, bound: number, message: string): PathCheck {
  return { id, severity, kind: 'exactly', path: canonicalPath(path), bound, message };
}

/** An irregular rule: `test` returns the failure or undefined. */
export function custom(
  id: string,
  severity: Severity,
  xpath: string,
  message: string,
  test: (context: CiiElement, facts: DocumentFacts) => SyntaxFailure | undefined,
): CustomCheck {
  return { id, severity, kind: 'custom', xpath, message, test };
}

/** Flattens rule groups into one list, keeping their order. */
export function rules(...groups: ReadonlyArray<SyntaxCheck | readonly SyntaxCheck[]>): SyntaxCheck[] {
  return groups.flatMap((g) => (Array.isArray(g) ? (g as SyntaxCheck[]) : [g as SyntaxCheck]));
}
