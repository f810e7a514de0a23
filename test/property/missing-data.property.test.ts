/**
 * Property (issue 12, missing data): take any invoice fixture of the
 * repository, remove any set of its mandatory terms (missing key, null or
 * blank), and the partial invoice is judged, never crashes: the lenient parse
 * reads it, every rule selection (auto, en16931, fr, so BR-FR runs on partial
 * models too) gives a verdict, the rule of each removed term is among the
 * errors, and XML comes out only for a valid invoice (otherwise a 422 with the
 * same ids as the verdict).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvoiceValidationError } from '../../lib/errors.js';
import { checkInvoiceInput, generateFacturXml } from '../../lib/generate.js';
import { parsePartialInvoiceInput } from '../../lib/input/partial.js';
import { loadInputFixture } from '../fixtures/input/load.js';

type Body = Record<string, any>;

const fixtureFile = (...parts: string[]) => JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'fixtures', ...parts), 'utf8')) as Record<string, Body>;
const fixtures: Array<[string, Body]> = [
  ['input/minimal', loadInputFixture('minimal') as Body],
  ['input/full', loadInputFixture('full') as Body],
  ...Object.entries(fixtureFile('terms', 'invoices.json')).map(([n, b]) => [`terms/${n}`, b] as [string, Body]),
  ...Object.entries(fixtureFile('french', 'invoices.json')).map(([n, b]) => [`french/${n}`, b] as [string, Body]),
];

/** A removable term: where it is in the body, and the rule that must then report it (when one always must). */
interface Removal {
  path: string;
  remove: (b: Body) => void;
  rule?: string;
}

function removals(body: Body): Removal[] {
  const out: Removal[] = [
    { path: 'invoiceNumber', remove: (b) => delete b.invoiceNumber, rule: 'BR-02' },
    { path: 'invoiceDate', remove: (b) => (b.invoiceDate = null), rule: 'BR-03' },
    { path: 'seller', remove: (b) => delete b.seller, rule: 'BR-06' },
    { path: 'seller.name', remove: (b) => b.seller && (b.seller.name = ' '), rule: 'BR-06' },
    { path: 'seller.address', remove: (b) => b.seller && delete b.seller.address },
    { path: 'buyer', remove: (b) => (b.buyer = null), rule: 'BR-07' },
    { path: 'buyer.name', remove: (b) => b.buyer && delete b.buyer.name, rule: 'BR-07' },
    { path: 'buyer.address', remove: (b) => b.buyer && (b.buyer.address = '') },
    { path: 'items', remove: (b) => delete b.items, rule: 'BR-16' },
  ];
  (body.items as Body[]).forEach((_, i) => {
    const item = (b: Body) => (Array.isArray(b.items) ? (b.items[i] as Body | undefined) : undefined);
    out.push(
      { path: `items[${i}].description`, remove: (b) => { const it = item(b); if (it) delete it.description; }, rule: 'BR-25' },
      { path: `items[${i}].quantity`, remove: (b) => { const it = item(b); if (it) it.quantity = null; }, rule: 'BR-22' },
      { path: `items[${i}].unitPrice`, remove: (b) => { const it = item(b); if (it) delete it.unitPrice; }, rule: 'BR-26' },
      { path: `items[${i}].vatRate`, remove: (b) => { const it = item(b); if (it) it.vatRate = '  '; } },
    );
  });
  return out;
}

const ids = (findings: ReadonlyArray<{ rule: string }>) => [...new Set(findings.map((f) => f.rule))].sort();

describe('partial invoices are judged, never crash (property)', () => {
  it('any set of mandatory terms removed from any fixture: a verdict with their rule ids under every rule selection, XML only when valid', () => {
    const cases = fc.constantFrom(...fixtures).chain(([name, body]) => {
      const all = removals(body);
      return fc.tuple(fc.constant(name), fc.constant(body), fc.subarray(all, { minLength: 1 }));
    });
    fc.assert(
      fc.property(cases, ([name, fixture, chosen]) => {
        const body = structuredClone(fixture);
        for (const r of chosen) r.remove(body);
        // Removed after its container: the container's rule alone can apply (no line, no line rule).
        const gone = (r: Removal) => chosen.some((c) => c !== r && (r.path.startsWith(`${c.path}.`) || (c.path === 'items' && r.path.startsWith('items['))));
        const parsed = parsePartialInvoiceInput(body);
        expect(parsed.ok, `${name} ${JSON.stringify(parsed.ok ? [] : parsed.issues)}`).toBe(true);
        if (!parsed.ok) return;
        for (const rules of ['auto', 'en16931', 'fr'] as const) {
          const verdict = checkInvoiceInput(parsed.value, { rules });
          for (const r of chosen) if (r.rule !== undefined && !gone(r)) expect(ids(verdict.errors), `${name} ${r.path} ${rules}`).toContain(r.rule);
          let xml: string | undefined;
          try {
            xml = generateFacturXml(parsed.value, { rules }).xml;
          } catch (err) {
            expect(err, `${name} ${rules}`).toBeInstanceOf(InvoiceValidationError);
            expect(ids((err as InvoiceValidationError).details as Array<{ rule: string }>)).toEqual(ids(verdict.errors));
          }
          expect(xml !== undefined, `${name} ${rules}`).toBe(verdict.valid);
        }
      }),
      { numRuns: 150 },
    );
  });
});
