/**
 * A French invoice at the input's line limit (10,000 lines) is written and
 * checked with the BR-FR rules: the XML written from it can pass the 6 MB cap
 * on incoming XML, which must not apply to our own XML re-read for BR-FR.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFacturXml } from '../../lib/generate.js';
import { MAX_LINES } from '../../lib/input/limits.js';
import { parseInvoiceInput } from '../../lib/input/schema.js';

const invoices = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'french', 'invoices.json'), 'utf8')) as Record<string, { items: unknown[] }>;

describe('a French invoice with the most lines the input takes', () => {
  it('gives XML over 6 MB, checked by BR-FR, with no finding', () => {
    const base = invoices['services-S1']!;
    const line = base.items[0] as Record<string, unknown>;
    const items = Array.from({ length: MAX_LINES }, (_, i) => ({ ...line, description: `${String(line.description)} — line ${i + 1} of a long subscription invoice` }));
    const parsed = parseInvoiceInput({ ...base, items });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues.slice(0, 3)));
    const { xml, validation } = generateFacturXml(parsed.value);
    expect(Buffer.byteLength(xml)).toBeGreaterThan(6 * 1024 * 1024);
    expect(validation.ruleSets).toContain('BR-FR 1.4.0.02');
    expect(validation.errors).toEqual([]);
  }, 120_000);
});
