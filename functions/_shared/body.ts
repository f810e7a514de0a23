/**
 * Body checks at the boundary: a valibot-backed parser from lib/input turns
 * the JSON body into typed input or a 400 with field paths.
 */
import { InputError, type FieldIssue } from '../../lib/errors.js';

/** A parser as lib/input exports them. */
export type BodyParser<T> = (body: unknown) => { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

/** Parses `body` or throws a 400 `BAD_REQUEST` listing every problem with its path. */
export function parseBody<T>(parser: BodyParser<T>, body: unknown): T {
  const result = parser(body);
  if (result.ok) return result.value;
  const n = result.issues.length;
  throw new InputError(`The request body has ${n} problem${n === 1 ? '' : 's'}.`, result.issues);
}
