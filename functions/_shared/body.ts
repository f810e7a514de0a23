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

/**
 * The XML of a `{"xml": "..."}` body, or undefined when the body is something else.
 * @throws InputError when `xml` is present but not a non-empty string.
 */
export function xmlField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('xml' in body)) return undefined;
  const xml = (body as { xml: unknown }).xml;
  if (typeof xml !== 'string' || xml.trim() === '') {
    throw new InputError('The body has 1 problem.', [{ path: 'xml', message: 'must be a non-empty string holding a CII XML invoice' }]);
  }
  return xml;
}
