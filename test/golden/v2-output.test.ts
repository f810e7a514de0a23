/**
 * Byte-for-byte guard of the v2 output: the SHA-256 of everything
 * generateInvoiceXml answers (the XML, the profile, the verdict, what UBL could
 * not carry, or the refusal with its details) for every JSON input fixture and a
 * fixed-seed sample of random valid inputs, in both syntaxes, under the input's
 * own rules and under `rules: en16931`. Speed work must not change a byte of
 * it. The hashes were recorded before that work (test/golden/v2-output.json);
 * a deliberate change of output re-records them with GOLDEN_UPDATE=1 and says
 * why in its commit.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateInvoiceXml } from '../../lib/generate.js';
import { ServiceError } from '../../lib/errors.js';
import { parsePartialInvoiceInput } from '../../lib/input/partial.js';
import { validInvoiceInput } from '../fixtures/input/arbitrary-input.js';

const root = resolve(import.meta.dirname, '..', '..');
const hashesPath = resolve(import.meta.dirname, 'v2-output.json');
const SEED = 2026_11_28;

function json(path: string): unknown {
  return JSON.parse(readFileSync(resolve(root, path), 'utf8'));
}

/** Every JSON invoice input the fixtures hold, by a stable name. */
function fixtureInputs(): [string, Record<string, unknown>][] {
  const inputs: [string, Record<string, unknown>][] = [
    ['examples/invoice', json('functions/_shared/examples/invoice.json') as Record<string, unknown>],
    ['input/full', json('test/fixtures/input/full.json') as Record<string, unknown>],
    ['input/minimal', json('test/fixtures/input/minimal.json') as Record<string, unknown>],
  ];
  for (const file of ['test/fixtures/french/invoices.json', 'test/fixtures/markets/peppol.json', 'test/fixtures/markets/xrechnung.json']) {
    for (const [name, body] of Object.entries(json(file) as Record<string, Record<string, unknown>>)) inputs.push([`${file.split('/').slice(-2).join('/')}#${name}`, body]);
  }
  const example = inputs[0]![1];
  const rates = [20, 10, 5.5, 2.1];
  const items = Array.from({ length: 1000 }, (_, i) => ({
    description: `Article n°${i + 1} « qualité supérieure »`,
    quantity: (i % 7) + 1,
    unitPrice: `${(i * 37) % 500}.${String((i * 13) % 100).padStart(2, '0')}`,
    vatRate: rates[i % rates.length],
    reference: `REF-${i + 1}`,
  }));
  inputs.push(['bench/1000-lines', { ...example, items }]);
  fc.sample(validInvoiceInput, { seed: SEED, numRuns: 120 }).forEach((body, i) => inputs.push([`random/${i}`, body]));
  return inputs;
}

/** What one call answers, as a stable string. */
function answer(body: Record<string, unknown>, options: { syntax: 'cii' | 'ubl'; rules?: 'en16931' }): string {
  const parsed = parsePartialInvoiceInput(structuredClone(body));
  if (!parsed.ok) return `input-refused ${JSON.stringify(parsed.issues)}`;
  try {
    const r = generateInvoiceXml(parsed.value, options);
    return JSON.stringify({ xml: r.xml, profile: r.profile, validation: r.validation, syntax: r.syntax, documentType: r.documentType, unmapped: r.unmapped });
  } catch (err) {
    if (err instanceof ServiceError) return `refused ${err.code} ${JSON.stringify({ message: err.message, details: err.details })}`;
    throw err;
  }
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('v2 output, byte for byte', () => {
  it('answers exactly as recorded for every fixture and the fixed random sample, CII and UBL, own rules and EN 16931 only', () => {
    const got: Record<string, string> = {};
    for (const [name, body] of fixtureInputs()) {
      for (const syntax of ['cii', 'ubl'] as const) {
        got[`${name} ${syntax}`] = sha(answer(body, { syntax }));
        got[`${name} ${syntax} en16931`] = sha(answer(body, { syntax, rules: 'en16931' }));
      }
    }
    if (process.env.GOLDEN_UPDATE) writeFileSync(hashesPath, `${JSON.stringify(got, null, 1)}\n`);
    const recorded = JSON.parse(readFileSync(hashesPath, 'utf8')) as Record<string, string>;
    expect(Object.keys(got).length).toBeGreaterThan(500);
    const changed = Object.keys({ ...recorded, ...got }).filter((k) => recorded[k] !== got[k]);
    expect(changed).toEqual([]);
  }, 120_000);
});
