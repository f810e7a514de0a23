/**
 * Invoices as new users send them (test/fixtures/scenarios): every valid shape
 * gives XML valid against the CII D16B and Factur-X EN 16931 XSDs with no fatal
 * finding; every invoice that breaks EN 16931 gives 422 with the official rule id.
 * These are EN 16931 shapes, sent with `"rules": "en16931"`: the French reform's
 * rules on French invoices are proved in ./french-invoices.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/v2-xml.js';
import { loadXsdValidator } from '../../lib/xml/xsd.js';
import { context, loadEvent } from '../handlers/load-event.js';
import { requireShared } from '../shared-path.js';

const dir = resolve(import.meta.dirname, '..', 'fixtures', 'scenarios');
const ciiXsd = loadXsdValidator(requireShared('schemas', 'cii-d16b-uncoupled', 'CII', 'uncefact', 'data', 'standard', 'CrossIndustryInvoice_100pD16B.xsd'));
const fxXsd = loadXsdValidator(requireShared('schemas', 'facturx-1.09', 'en16931', 'Factur-X_EN16931.xsd'));

async function post(file: string) {
  const event = loadEvent('v2-xml/valid.json');
  event.body = JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>), rules: 'en16931' });
  const res = await handler(event, context);
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('valid invoices of many shapes', () => {
  for (const name of readdirSync(resolve(dir, 'valid'))) {
    it(name, async () => {
      const { status, body } = await post(resolve(dir, 'valid', name));
      expect(body.error).toBeUndefined();
      expect(status).toBe(200);
      expect(body.data.validation.errors).toEqual([]);
      expect(ciiXsd.validate(body.data.xml).errors).toEqual([]);
      expect(fxXsd.validate(body.data.xml).errors).toEqual([]);
    });
  }
});

describe('invoices that break EN 16931', () => {
  const expected = JSON.parse(readFileSync(resolve(dir, 'invalid', 'expected-rules.json'), 'utf8')) as Record<string, string[]>;
  it('has an expectation for every fixture', () => {
    const files = readdirSync(resolve(dir, 'invalid')).filter((f) => f !== 'expected-rules.json');
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });
  for (const [name, rules] of Object.entries(expected)) {
    it(`${name} -> ${rules.join(', ')}`, async () => {
      const { status, body } = await post(resolve(dir, 'invalid', name));
      expect(status).toBe(422);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.data).toBeUndefined();
      expect(body.error.details.map((d: { rule: string }) => d.rule)).toEqual(expect.arrayContaining(rules));
    });
  }
});
