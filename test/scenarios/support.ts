/**
 * What the scenario tests of JSON-written invoices share: the parsed input of
 * a request body, the findings of a refusal (the 422's details), and a body
 * with some fields removed.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvoiceValidationError } from '../../lib/errors.js';
import { parsePartialInvoiceInput, type PartialInvoiceInput } from '../../lib/input/partial.js';

/** A 422's finding, as the tests read it. */
export interface RefusalDetail {
  rule: string;
  path: string;
  message: string;
}

/** The request bodies of a fixture file (test/fixtures/<name>), by case name. */
export function bodies(name: string): Record<string, Record<string, unknown>> {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'fixtures', name), 'utf8')) as Record<string, Record<string, unknown>>;
}

/** The handlers' (lenient) parse of a request body; throws on malformed input. */
export function input(body: unknown): PartialInvoiceInput {
  const r = parsePartialInvoiceInput(body);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

/** The findings of the refusal `write` ends in; throws when it writes (a 422 was expected). */
export function refusal(write: () => unknown): RefusalDetail[] {
  try {
    write();
  } catch (err) {
    if (err instanceof InvoiceValidationError) return err.details as RefusalDetail[];
    throw err;
  }
  throw new Error('expected a 422');
}

/** A copy of `body` without the fields at the dotted `paths` (e.g. `seller.contact`). */
export function without(body: Record<string, unknown>, ...paths: string[]): Record<string, unknown> {
  const copy = structuredClone(body);
  for (const p of paths) {
    const keys = p.split('.');
    let o = copy;
    for (const k of keys.slice(0, -1)) o = o[k] as Record<string, unknown>;
    delete o[keys.at(-1)!];
  }
  return copy;
}
